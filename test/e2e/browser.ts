import { createRequire } from "node:module"
import type { Browser, BrowserContextOptions, Page } from "playwright-core"
import { test as base, expect } from "vitest"
import { launchChromium } from "../../scripts/chromium.mjs"

/** Everything the page reported that a test should never see. */
export interface BrowserProblems {
  readonly pageErrors: Array<string>
  readonly consoleErrors: Array<string>
  /** Console errors a test declared expected (see {@link ExpectedConsoleError}): kept for the record only. */
  readonly expectedConsoleErrors: Array<string>
}

/**
 * A console error a test expects and that must not fail it: chromium logs `Failed to load resource: …` for
 * every failed request, whoever handles the failure. Both must match: the text, and the URL the console
 * reports it at (for a failed resource, the resource's own URL) starting with `urlPrefix`.
 */
export interface ExpectedConsoleError {
  readonly text: RegExp
  readonly urlPrefix: string
}

/** Helpers installed in every page before its scripts run; they see through open shadow roots. */
export interface E2eHelpers {
  /** The focused element, following open shadow roots down. */
  readonly deepActiveElement: () => Element | null
  /** Whether `node` is `ancestor` or inside it, crossing shadow-root boundaries upwards. */
  readonly containsDeep: (ancestor: Node, node: Node | null) => boolean
  /** The first element matching `selector` in the document or in any open shadow root. */
  readonly queryDeep: (selector: string) => Element | null
  /** A short description of an element for failure messages, e.g. `button#close "Close"`. */
  readonly describe: (element: Element | null) => string
}

declare global {
  interface Window {
    readonly __e2e: E2eHelpers
  }
}

function installHelpers() {
  const deepActiveElement = () => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    return active
  }
  const containsDeep = (ancestor: Node, node: Node | null) => {
    let current = node
    while (current !== null) {
      if (ancestor.contains(current)) return true
      const root = current.getRootNode()
      current = root instanceof ShadowRoot ? root.host : null
    }
    return false
  }
  const queryDeep = (selector: string): Element | null => {
    const search = (root: Document | ShadowRoot): Element | null => {
      const found = root.querySelector(selector)
      if (found) return found
      for (const element of root.querySelectorAll("*")) {
        if (element.shadowRoot) {
          const inner = search(element.shadowRoot)
          if (inner) return inner
        }
      }
      return null
    }
    return search(document)
  }
  const describe = (element: Element | null) => {
    if (element === null) return "nothing"
    const id = element.id ? `#${element.id}` : ""
    const role = element.getAttribute("role") ? `[role=${element.getAttribute("role")}]` : ""
    const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? ""
    const root = element.getRootNode()
    const where = root instanceof ShadowRoot ? ` in <${root.host.localName}>'s shadow root` : ""
    return `${element.localName}${id}${role} "${label}"${where}`
  }
  Object.defineProperty(window, "__e2e", { value: { deepActiveElement, containsDeep, queryDeep, describe } })
  // Strict-CSP and Trusted Types violations become console errors, which fail the test.
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`)
  })
}

interface Fixtures {
  /** Options for each test's fresh browser context (override with `test.scoped`). */
  contextOptions: BrowserContextOptions
  /**
   * Console errors that do not fail the test; none unless a test file says so with `test.scoped`, for the
   * tests that need it only (never here, for every test).
   */
  expectedConsoleErrors: ReadonlyArray<ExpectedConsoleError>
  /** A page in a fresh context, with the e2e helpers installed; fails the test on page or console errors. */
  page: Page
  problems: BrowserProblems
}

/** One chromium per test file, one fresh context per test; both always closed. */
export const test = base.extend<Fixtures & { browser: Browser }>({
  browser: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await launchChromium()
      try {
        await use(browser)
      } finally {
        await browser.close()
      }
    },
    { scope: "file" }
  ],
  contextOptions: {},
  expectedConsoleErrors: [],
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  problems: async ({}, use) => {
    await use({ pageErrors: [], consoleErrors: [], expectedConsoleErrors: [] })
  },
  page: async ({ browser, contextOptions, expectedConsoleErrors, problems }, use) => {
    const context = await browser.newContext(contextOptions)
    try {
      await context.addInitScript(installHelpers)
      const page = await context.newPage()
      page.on("pageerror", (error) => problems.pageErrors.push(error.stack ?? error.message))
      page.on("console", (message) => {
        if (message.type() === "error") {
          const { url, lineNumber } = message.location()
          const text = message.text()
          const expected = expectedConsoleErrors.some(
            (allowed) => text.search(allowed.text) >= 0 && url.startsWith(allowed.urlPrefix)
          )
          const entry = `${text}${url ? ` (${url}:${lineNumber})` : ""}`
          if (expected) problems.expectedConsoleErrors.push(entry)
          else problems.consoleErrors.push(entry)
        }
      })
      await use(page)
    } finally {
      await context.close()
    }
    const reported = [
      ...problems.pageErrors.map((error) => `pageerror: ${error}`),
      ...problems.consoleErrors.map((error) => `console.error: ${error}`)
    ]
    if (reported.length > 0) throw new Error(`The page reported errors:\n${reported.join("\n")}`)
  }
})

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")

/** A serious or critical axe-core violation, flattened for printing. */
export interface AxeFinding {
  readonly id: string
  readonly impact: string
  readonly help: string
  readonly targets: ReadonlyArray<string>
}

/**
 * Runs axe-core with the element matched by `hostSelector` as context and returns the serious and critical
 * violations (and prints every violation found). The page's context must bypass CSP, because the axe
 * script is injected inline.
 */
export async function axeViolations(page: Page, hostSelector: string): Promise<ReadonlyArray<AxeFinding>> {
  // Once per page load: the widths a test looks at one page in share it.
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath })
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe
    const host = document.querySelector(selector)
    if (host === null) throw new Error(`axe: no element matches ${selector}`)
    const results = await axe.run(host, { resultTypes: ["violations"] })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map(
        (node) => `${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\s+/g, " ") ?? ""}`
      )
    }))
  }, hostSelector)
  for (const finding of violations) {
    console.log(`axe ${finding.impact}: ${finding.id}: ${finding.help}\n  ${finding.targets.join("\n  ")}`)
  }
  return violations.filter((finding) => finding.impact === "serious" || finding.impact === "critical")
}

/** Opens the modal on Connect and chooses WalletConnect; returns its view. */
export async function chooseWalletConnect(page: Page) {
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^WalletConnect/ })
    .click()
  return page.getByRole("dialog", { name: "WalletConnect" })
}

/** Chooses WalletConnect and copies the pairing link shown with the QR code (needs clipboard permissions). */
export async function copyPairingLink(page: Page) {
  const view = await chooseWalletConnect(page)
  await view.getByRole("img", { name: "QR code: Scan with your wallet" }).waitFor()
  await view.getByRole("button", { name: "Copy link" }).click()
  await page.locator("airlock-modal").getByText("Link copied").waitFor()
  return page.evaluate(() => navigator.clipboard.readText())
}

/**
 * Opens the demo at `demoUrl` and copies its WalletConnect pairing link; the page's steps may take 20 s
 * from then on (the relay's round trips).
 */
export async function copyDemoPairingLink(page: Page, demoUrl: string) {
  page.setDefaultTimeout(20_000)
  await page.goto(demoUrl)
  return copyPairingLink(page)
}

/** Has the wallet page pair with `uri`; the session proposal it then holds. */
export async function proposalOf(walletPage: Page, uri: string) {
  await walletPage.evaluate((link) => window.__sandboxWcWallet!.pair(link), uri)
  await walletPage.waitForFunction(() => window.__sandboxWcWallet!.proposals().length === 1)
  const [proposal] = await walletPage.evaluate(() => window.__sandboxWcWallet!.proposals())
  return proposal
}

/** The text of the demo page's element of `testId`. */
export const testIdText = (page: Page, testId: string) => page.getByTestId(testId).textContent()

/**
 * The Sandbox WalletConnect Wallet's page at `url`, in its own context, once its wallet is ready. `close`
 * fails the test on any page or console error the wallet page had.
 */
export async function openWalletConnectWallet(browser: Browser, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  page.setDefaultTimeout(20_000)
  const problems: Array<string> = []
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`))
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`)
  })
  await page.goto(url)
  await page.waitForFunction(() => window.__sandboxWcWallet !== undefined)
  await page.evaluate(() => window.__sandboxWcWallet!.ready)
  return {
    page,
    close: async () => {
      await context.close()
      expect(problems, "errors on the wallet page").toEqual([])
    }
  }
}

/**
 * Opens the demo at `demoUrl` with `query` (e.g. `wallet=auto-approve&signin`), opens the modal and
 * chooses the Sandbox Wallet in its list; what follows depends on the wallet's mode.
 */
export async function chooseSandboxWallet(page: Page, demoUrl: string, query: string) {
  await page.goto(`${demoUrl}?${query}`)
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await pickSandboxWallet(page)
}

/** In the open modal, chooses "Sandbox Wallet" in its wallet list. */
export async function pickSandboxWallet(page: Page) {
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .click()
}

/** Closes the modal if it shows (Escape), so that nothing of it is left for the page's next step. */
export async function closeModal(page: Page) {
  const dialog = page.getByRole("dialog")
  if ((await dialog.count()) === 0) return
  await page.keyboard.press("Escape")
  await dialog.waitFor({ state: "detached" })
}
