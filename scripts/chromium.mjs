// Debian's chromium as every browser-driving script and test launches it (the e2e, sandbox and gallery
// tests, `npm run bench`, `npm run gallery:shots`): browsers are never downloaded.
import { chromium } from "playwright-core"

/** The executable: Debian's, unless AIRLOCK_CHROMIUM names another. */
export const chromiumPath = process.env.AIRLOCK_CHROMIUM ?? "/usr/bin/chromium"

/** Headless, and quiet: no sandbox (containers), no GPU, no QUIC, no first-run, update or sync traffic. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

/** A fresh chromium with {@link chromiumPath} and {@link chromiumArgs}; the caller closes it. */
export const launchChromium = () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
