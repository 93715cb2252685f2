// npm run gallery:shots: a PNG of every gallery scenario in both themes at 360, 768 and 1280 px, for
// reviewers to put beside the peers' views. Needs no running demo: builds the gallery (sandbox/gallery),
// serves it on a free loopback port with the sandbox's static server, and drives Debian's chromium.
// Writes gallery-shots/<view>-<state>-<theme>-<width>.png (ignored by git) and prints where.
// `--no-build` reuses the last build; `--only <view>` shoots one family.
import { mkdir, rm } from "node:fs/promises"
import { join } from "node:path"
import { listScenarios, openScenario, resize, shotName, THEMES, VIEWPORTS } from "../sandbox/gallery/walk.mjs"
import { galleryDist } from "../sandbox/host/serve.mjs"
import { serveStatic } from "../sandbox/host/staticServer.mjs"
import { launchChromium } from "./chromium.mjs"
import { buildGallery, repoRoot } from "./vite.mjs"

const args = process.argv.slice(2)
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined
const outDir = join(repoRoot, "gallery-shots")

if (!args.includes("--no-build")) {
  console.error("Building the gallery…")
  await buildGallery()
}
const server = await serveStatic(galleryDist)
const browser = await launchChromium()
try {
  const page = await browser.newPage()
  const scenarios = (await listScenarios(page, server.url)).filter(
    (scenario) => only === undefined || scenario.view === only
  )
  if (only === undefined) await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  let written = 0
  for (const viewport of VIEWPORTS) {
    await resize(page, viewport)
    for (const scenario of scenarios) {
      for (const theme of THEMES) {
        await openScenario(page, server.url, scenario, theme)
        await page.screenshot({ path: join(outDir, shotName(scenario, theme, viewport.width)) })
        written++
      }
    }
  }
  console.log(`${written} screenshots of ${scenarios.length} scenarios in ${outDir}`)
} finally {
  await browser.close()
  await server.close()
}
