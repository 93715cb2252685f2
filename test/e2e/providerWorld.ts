/**
 * The modal against the sandbox provider API (sandbox/api) in real chromium, shared by the provider-*.e2e.ts
 * files: the sandbox API's controls and answers from Node, a page probe, and the steps to the Account view
 * and All Wallets. Requests are counted in the sandbox's own log (`/__sandbox/requests`), keeping only the
 * page's (its origin): the test's own look-ups from Node send none. Timings are taken inside the page with
 * `performance.now()`. Before each test the sandbox API is reset; after it, every fault switch is off.
 */
import type { Locator, Page } from "playwright-core"
import { afterEach, beforeEach, expect, inject } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import type { ActiveFault, FaultRule } from "../../sandbox/api/faults.mjs"
import type { RecordedRequest } from "../../sandbox/api/recording.mjs"

export const demoUrl = inject("demoUrl")
export const apiUrl = inject("apiUrl")
export const sandbox = inject("sandbox")
const demoOrigin = new URL(demoUrl).origin
export const chainA = sandbox.chains[0]!
export const caipA = `eip155:${chainA.chainId}`
export const account0 = sandbox.accounts[0]!

// ---------------------------------------------------------------------------------------------------------
// The sandbox API, from Node
// ---------------------------------------------------------------------------------------------------------

async function control<A>(path: string, init?: RequestInit): Promise<A> {
  const response = await fetch(`${apiUrl}/__sandbox/${path}`, init)
  if (!response.ok) throw new Error(`/__sandbox/${path}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as A
}

export const setFaults = async (rules: FaultRule | ReadonlyArray<FaultRule>) => {
  const { faults } = await control<{ faults: ReadonlyArray<ActiveFault> }>("faults", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rules)
  })
  expect(faults.length, `fault rules accepted: ${JSON.stringify(faults)}`).toBeGreaterThan(0)
}

/** The requests the page made (the log holds the Node look-ups too, without an Origin). */
export const pageRequests = async (): Promise<ReadonlyArray<RecordedRequest>> =>
  (await control<{ requests: ReadonlyArray<RecordedRequest> }>("requests")).requests.filter(
    (request) => request.origin === demoOrigin
  )

/** A provider API answer as the modal would get it, but from Node. */
export async function api<A>(path: string, params: Record<string, string> = {}): Promise<A> {
  const url = new URL(path, apiUrl)
  url.searchParams.set("projectId", DEFAULT_PROJECT_ID)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as A
}

// ---------------------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------------------

/** What the probe (installed before the page's scripts) has seen. */
interface Probe {
  /** Reasons of `unhandledrejection` events. */
  readonly unhandled: Array<string>
  /** `performance.now()` of the last click on the page's Connect Wallet button. */
  connectClickAt: number | undefined
  /** When, after that click, the modal's "Connect Wallet" dialog was first in the DOM and visible. */
  dialogShownAt: number | undefined
}

declare global {
  interface Window {
    readonly __probe?: Probe
  }
}

function installProbe() {
  const probe: Probe = {
    unhandled: [],
    connectClickAt: undefined,
    dialogShownAt: undefined
  }
  Object.defineProperty(window, "__probe", { value: probe })
  window.addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason
    probe.unhandled.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason))
  })
  // Capturing on the document: this runs before React's handler on the button opens the modal.
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest("button") : null
      if (button?.textContent?.trim() !== "Connect Wallet") return
      probe.connectClickAt = performance.now()
      probe.dialogShownAt = undefined
      const root = document.querySelector("airlock-modal")?.shadowRoot
      if (root == null) return
      const shown = () => {
        for (const dialog of root.querySelectorAll('[role="dialog"]')) {
          const title = root.getElementById(dialog.getAttribute("aria-labelledby") ?? "")
          const box = dialog.getBoundingClientRect()
          if (
            title?.textContent === "Connect Wallet" &&
            dialog.checkVisibility({ visibilityProperty: true }) &&
            box.width > 0 &&
            box.height > 0
          ) {
            probe.dialogShownAt = performance.now()
            return true
          }
        }
        return false
      }
      if (shown()) return
      const observer = new MutationObserver(() => {
        if (shown()) observer.disconnect()
      })
      observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
    },
    true
  )
}

export const probe = (page: Page) =>
  page.evaluate(() => {
    const p = window.__probe
    if (p === undefined) throw new Error("the probe is not installed")
    return { ...p, unhandled: [...p.unhandled] }
  })

type WalletMode = "manual" | "auto-approve"

export async function visit(page: Page, mode: WalletMode = "manual", query = "") {
  page.setDefaultTimeout(10_000)
  await page.context().addInitScript(installProbe)
  await page.goto(`${demoUrl}?wallet=${mode}${query}`)
}

export const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Connects the auto-approving Sandbox Wallet; resolves to the Account dialog once it shows the address. */
export async function connect(page: Page): Promise<Locator> {
  await visit(page, "auto-approve")
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .click()
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByText(truncate(account0), { exact: true }).waitFor()
  return account
}

/** Visits the demo, opens the modal and goes to All Wallets; resolves to its dialog. */
/** All Wallets with one installed wallet, the Sandbox Wallet, which the listing has too. */
export async function openAllWallets(page: Page): Promise<Locator> {
  await visit(page, "manual", "&solanaWallet=none&bitcoinWallet=none")
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: "All Wallets" })
    .click()
  return page.getByRole("dialog", { name: "All Wallets" })
}

export const tab = (account: Locator, name: "Tokens" | "NFTs" | "Activity") =>
  account.getByRole("tab", { name })

export async function openTab(account: Locator, name: "Tokens" | "NFTs" | "Activity") {
  await tab(account, name).click()
  await expect.poll(() => tab(account, name).getAttribute("aria-selected")).toBe("true")
  return account.getByRole("tabpanel")
}

// ---------------------------------------------------------------------------------------------------------
// Around every test of the files that import this
// ---------------------------------------------------------------------------------------------------------

beforeEach(async () => {
  await control("reset", { method: "POST" })
})

afterEach(async () => {
  // Never leave a fault switch on for the next test (or file), whatever happened.
  await control("faults", { method: "DELETE" })
})
