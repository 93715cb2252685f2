import type { Locator, Page } from "playwright-core"
import { formatUnits } from "viem"
import { afterEach, beforeEach, describe, expect, inject } from "vitest"
import { DEFAULT_PROJECT_ID, PRICES, SANDBOX_WALLET_RDNS } from "../../sandbox/api/api.mjs"
import type { ActiveFault, FaultRule } from "../../sandbox/api/faults.mjs"
import { HANDLER_LINKS, REDIRECT_ORIGIN } from "../../sandbox/api/hostile.mjs"
import type { RecordedRequest } from "../../sandbox/api/recording.mjs"
import { chooseWalletConnect, type ExpectedConsoleError, test } from "./browser"
import { nativeBalanceOn, tokenBalanceOn } from "./chain"

/**
 * The modal against the sandbox provider API (sandbox/api) in real chromium: the Account view's tabs with
 * what anvil holds, the All Wallets catalogue (infinite scroll, debounced search), the modal under every
 * fault switch, and the request counts behind the balance cache. Requests are counted in the sandbox's own
 * log (`/__sandbox/requests`), keeping only the page's (its origin): the test's own look-ups from Node
 * send none. Timings are taken inside the page with `performance.now()`.
 */

const demoUrl = inject("demoUrl")
const apiUrl = inject("apiUrl")
const sandbox = inject("sandbox")
const demoOrigin = new URL(demoUrl).origin
const chainA = sandbox.chains[0]!
const caipA = `eip155:${chainA.chainId}`
const account0 = sandbox.accounts[0]!

// ---------------------------------------------------------------------------------------------------------
// The sandbox API, from Node
// ---------------------------------------------------------------------------------------------------------

async function control<A>(path: string, init?: RequestInit): Promise<A> {
  const response = await fetch(`${apiUrl}/__sandbox/${path}`, init)
  if (!response.ok) throw new Error(`/__sandbox/${path}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as A
}

const setFaults = async (rules: FaultRule | ReadonlyArray<FaultRule>) => {
  const { faults } = await control<{ faults: ReadonlyArray<ActiveFault> }>("faults", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(rules)
  })
  expect(faults.length, `fault rules accepted: ${JSON.stringify(faults)}`).toBeGreaterThan(0)
}

/** The requests the page made (the log holds the Node look-ups too, without an Origin). */
const pageRequests = async (): Promise<ReadonlyArray<RecordedRequest>> =>
  (await control<{ requests: ReadonlyArray<RecordedRequest> }>("requests")).requests.filter(
    (request) => request.origin === demoOrigin
  )

/** A provider API answer as the modal would get it, but from Node. */
async function api<A>(path: string, params: Record<string, string> = {}): Promise<A> {
  const url = new URL(path, apiUrl)
  url.searchParams.set("projectId", DEFAULT_PROJECT_ID)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`)
  return (await response.json()) as A
}

interface HistoryTransfer {
  readonly fungible_info?: { readonly symbol?: string }
  readonly nft_info?: {
    readonly name?: string
    readonly content?: { readonly preview?: { readonly url: string } }
  }
  readonly direction: "in" | "out" | "self"
  readonly quantity: { readonly numeric: string }
}
interface HistoryEntry {
  readonly id: string
  readonly metadata: { readonly operationType: string; readonly hash: string; readonly minedAt: string }
  readonly transfers: ReadonlyArray<HistoryTransfer>
}

/** Every page of the account's history on chain A, as the API pages it. */
async function historyPages(address: string): Promise<ReadonlyArray<ReadonlyArray<HistoryEntry>>> {
  const pages: Array<ReadonlyArray<HistoryEntry>> = []
  let cursor: string | null = null
  do {
    const page: { data: ReadonlyArray<HistoryEntry>; next: string | null } = await api(
      `/v1/account/${address}/history`,
      cursor === null ? { chainId: caipA } : { chainId: caipA, cursor }
    )
    pages.push(page.data)
    cursor = page.next
  } while (cursor !== null && pages.length < 20)
  return pages
}

/** The whole wallet listing, in the API's order. */
async function walletListing(): Promise<ReadonlyArray<{ readonly id: string; readonly name: string }>> {
  const all: Array<{ id: string; name: string }> = []
  for (let page = 1; ; page++) {
    const answer: { count: number; data: ReadonlyArray<{ id: string; name: string }> } = await api(
      "/getWallets",
      { page: String(page), entries: "100" }
    )
    all.push(...answer.data)
    if (answer.data.length === 0 || all.length >= answer.count) return all
  }
}

// ---------------------------------------------------------------------------------------------------------
// anvil, from Node
// ---------------------------------------------------------------------------------------------------------

const nativeBalance = (address: string) => nativeBalanceOn(chainA.rpcUrl, address)
const tokenBalance = (token: `0x${string}`, address: string) => tokenBalanceOn(chainA.rpcUrl, token, address)

// ---------------------------------------------------------------------------------------------------------
// As the modal formats (SPEC.md §9: en-US; 3 decimals in the Account tabs)
// ---------------------------------------------------------------------------------------------------------

const amount3 = new Intl.NumberFormat("en-US", { minimumFractionDigits: 3, maximumFractionDigits: 3 })
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" })
const monthName = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" })

/** "October", or "October 2025" when not the current year (SPEC.md §2). */
const monthLabel = (iso: string) => {
  const date = new Date(iso)
  const name = monthName.format(date)
  return date.getUTCFullYear() === new Date().getUTCFullYear() ? name : `${name} ${date.getUTCFullYear()}`
}

/** An activity row's amount: + for what came in, − for what went out, 3 decimals, the symbol or NFT. */
const activityAmount = (entry: HistoryEntry) => {
  const transfer = entry.transfers[0]
  if (transfer === undefined) return ""
  const sign =
    entry.metadata.operationType === "receive" || transfer.direction === "in"
      ? "+"
      : transfer.direction === "out"
        ? "-"
        : ""
  const symbol = transfer.fungible_info?.symbol ?? (transfer.nft_info === undefined ? "" : "NFT")
  return `${sign}${amount3.format(Number(transfer.quantity.numeric))}${symbol === "" ? "" : ` ${symbol}`}`
}

interface MonthShown {
  readonly label: string
  readonly amounts: ReadonlyArray<string>
}

/** Consecutive entries of one month together, newest month first, as the API orders them. */
const byMonth = (entries: ReadonlyArray<HistoryEntry>): ReadonlyArray<MonthShown> => {
  const months: Array<{ label: string; amounts: Array<string> }> = []
  for (const entry of entries) {
    const label = monthLabel(entry.metadata.minedAt)
    const month = months.find((m) => m.label === label)
    if (month === undefined) months.push({ label, amounts: [activityAmount(entry)] })
    else month.amounts.push(activityAmount(entry))
  }
  return months
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

const probe = (page: Page) =>
  page.evaluate(() => {
    const p = window.__probe
    if (p === undefined) throw new Error("the probe is not installed")
    return { ...p, unhandled: [...p.unhandled] }
  })

type WalletMode = "manual" | "auto-approve"

async function visit(page: Page, mode: WalletMode = "manual", query = "") {
  page.setDefaultTimeout(10_000)
  await page.context().addInitScript(installProbe)
  await page.goto(`${demoUrl}?wallet=${mode}${query}`)
}

const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Connects the auto-approving Sandbox Wallet; resolves to the Account dialog once it shows the address. */
async function connect(page: Page): Promise<Locator> {
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
async function openAllWallets(page: Page): Promise<Locator> {
  await visit(page, "manual", "&solanaWallet=none&bitcoinWallet=none")
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: "All Wallets" })
    .click()
  return page.getByRole("dialog", { name: "All Wallets" })
}

const tab = (account: Locator, name: "Tokens" | "NFTs" | "Activity") => account.getByRole("tab", { name })

async function openTab(account: Locator, name: "Tokens" | "NFTs" | "Activity") {
  await tab(account, name).click()
  await expect.poll(() => tab(account, name).getAttribute("aria-selected")).toBe("true")
  return account.getByRole("tabpanel")
}

/** The months the Activity panel shows: each `<h3>` and the amounts listed under it. */
const monthsShown = (panel: Locator): Promise<ReadonlyArray<MonthShown>> =>
  panel.getByRole("region").evaluateAll((sections) =>
    sections.map((section) => ({
      label: section.querySelector("h3")?.textContent ?? "",
      amounts: [...section.querySelectorAll("li")].map(
        (item) => item.querySelector(".value")?.textContent ?? ""
      )
    }))
  )

const balanceRequests = async () =>
  (await pageRequests()).filter((request) => /^\/v1\/account\/[^/]+\/balance$/.test(request.path))

// ---------------------------------------------------------------------------------------------------------

beforeEach(async () => {
  await control("reset", { method: "POST" })
})

afterEach(async () => {
  // Never leave a fault switch on for the next test (or file), whatever happened.
  await control("faults", { method: "DELETE" })
})

describe("the Account view's tabs, from the sandbox API and anvil", () => {
  test("Tokens: native ETH, sUSD (6 decimals) and SBX (18 decimals) with the amounts anvil reports", async ({
    page
  }) => {
    const account = await connect(page)
    expect(await tab(account, "Tokens").getAttribute("aria-selected")).toBe("true")

    const tokensA = sandbox.tokens.filter((token) => token.chainId === chainA.chainId)
    expect(tokensA.map((token) => [token.symbol, token.decimals])).toEqual([
      ["sUSD", 6],
      ["SBX", 18]
    ])
    const held = [
      { name: "Ether", symbol: "ETH", decimals: 18, balance: await nativeBalance(account0) },
      ...(await Promise.all(
        tokensA.map(async (token) => ({ ...token, balance: await tokenBalance(token.address, account0) }))
      ))
    ]
    const expected = held.map((token) => {
      const numeric = Number(formatUnits(token.balance, token.decimals))
      return {
        name: token.name,
        amount: `${amount3.format(numeric)} ${token.symbol}`,
        value: usd.format(numeric * (PRICES[token.symbol] ?? 0))
      }
    })
    // Something to see: every balance is positive.
    for (const token of held) expect(token.balance, token.symbol).toBeGreaterThan(0n)

    const list = account.getByRole("list", { name: "Tokens" })
    await list.waitFor()
    const items = list.getByRole("listitem")
    expect(await items.count()).toBe(expected.length)
    for (const token of expected) {
      const item = items.filter({ hasText: token.name })
      expect(await item.count(), `one row for ${token.name}`).toBe(1)
      await item.getByText(token.amount, { exact: true }).waitFor()
      await item.getByText(token.value, { exact: true }).waitFor()
    }
    console.log(`tokens shown: ${expected.map((t) => `${t.name} ${t.amount} ${t.value}`).join("; ")}`)
  })

  test("Activity: the seeded transfers by month, newest first; Load more brings the older page", async ({
    page
  }) => {
    const pages = await historyPages(account0)
    const all = pages.flat()
    // The seeded chain transfers that involve account #0 are all in the API's history.
    const seeded = sandbox.history.filter(
      (transfer) =>
        transfer.chainId === chainA.chainId &&
        (transfer.from.toLowerCase() === account0.toLowerCase() ||
          transfer.to.toLowerCase() === account0.toLowerCase())
    )
    expect(seeded.length).toBeGreaterThan(0)
    const hashes = new Set(all.map((entry) => entry.metadata.hash.toLowerCase()))
    for (const transfer of seeded) expect(hashes.has(transfer.hash.toLowerCase()), transfer.hash).toBe(true)
    expect(pages.length, "more than one page, so Load more has something to load").toBeGreaterThan(1)

    const account = await connect(page)
    const panel = await openTab(account, "Activity")
    const loadMore = panel.getByRole("button", { name: "Load more" })
    await loadMore.waitFor()

    const firstPage = byMonth(pages[0]!)
    expect(await monthsShown(panel)).toEqual(firstPage)
    // The labels are compared whole: the current year's months carry no year, earlier ones do.
    console.log(`page 1: ${firstPage.map((m) => `${m.label} (${m.amounts.length})`).join(", ")}`)

    let shown = pages[0]!.length
    for (const next of pages.slice(1)) {
      await loadMore.click()
      shown += next.length
      await expect.poll(() => panel.getByRole("listitem").count()).toBe(shown)
    }
    const everything = byMonth(all)
    await expect.poll(() => monthsShown(panel)).toEqual(everything)
    expect(await loadMore.count(), "no Load more after the last page").toBe(0)
    console.log(`after Load more: ${everything.map((m) => `${m.label} (${m.amounts.length})`).join(", ")}`)
  })

  test("NFTs: the fixture collectibles the account received, with their previews loaded", async ({
    page
  }) => {
    const received = (await historyPages(account0))
      .flat()
      .flatMap((entry) => entry.transfers)
      .filter((transfer) => transfer.nft_info !== undefined && transfer.direction !== "out")
      .map((transfer) => ({
        name: transfer.nft_info?.name ?? "",
        preview: transfer.nft_info?.content?.preview?.url ?? ""
      }))
    expect(received.length).toBeGreaterThan(0)

    const account = await connect(page)
    const panel = await openTab(account, "NFTs")
    const list = panel.getByRole("list", { name: "NFTs" })
    await list.waitFor()
    const names = await list.getByRole("listitem").allTextContents()
    // Soft: a missing collectible is reported, and the previews of those shown are still checked.
    expect
      .soft(
        [...names].sort(),
        "every collectible the account received (its whole history, not only the latest page)"
      )
      .toEqual(received.map((nft) => nft.name).sort())

    for (const nft of received.filter((nft) => names.includes(nft.name))) {
      const item = list.getByRole("listitem").filter({ hasText: nft.name })
      // Previews load lazily: bring each into view, as a visitor scrolling the tab would.
      await item.scrollIntoViewIfNeeded()
      const image = item.locator("img")
      expect(await image.getAttribute("src")).toBe(nft.preview)
      await expect
        .poll(
          () =>
            image.evaluate(
              (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth
            ),
          { message: `${nft.name}: preview loaded` }
        )
        .toBeGreaterThan(0)
    }
  })
})

describe("an API that puts sentences where data belongs (issue 12, item 3)", () => {
  test("a listing whose count is a phishing sentence: All Wallets says the catalogue's words, never the sentence", async ({
    page
  }) => {
    await setFaults({ hostile: "sentences", paths: "^/getWallets" })
    const dialog = await openAllWallets(page)
    await dialog.getByText("Network request failed. Try again later.").waitFor()
    await dialog.getByRole("button", { name: "Try again" }).waitFor()
    const shown = (await dialog.textContent()) ?? ""
    expect(shown).not.toContain("compromised")
    expect(shown).not.toContain("evil.example")
  })

  test("an identity whose name is a phishing sentence: the Account view shows the address, not the sentence", async ({
    page
  }) => {
    await setFaults({ hostile: "sentences", paths: "^/v1/identity/" })
    const account = await connect(page)
    await expect.poll(() => account.locator(".address").textContent()).toBe(truncate(account0))
    const shown = (await account.textContent()) ?? ""
    expect(shown).not.toContain("compromised")
    expect(shown).not.toContain("evil.example")
  })
})

test("token symbols with a right-to-left override reach Tokens and Activity without it; $1e308 stays short (issue 12, item 6)", async ({
  page
}) => {
  await setFaults({ hostile: "bidi", paths: "^/v1/account/" })
  const account = await connect(page)
  // Tokens: symbols and their icons' initials without the override, and values of $1e308 kept short.
  const tokens = await openTab(account, "Tokens")
  await tokens.getByRole("listitem").first().waitFor({ timeout: 20_000 })
  const tokenRows = await tokens.getByRole("listitem").allTextContents()
  for (const text of tokenRows) {
    expect(text, "a Tokens row").not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/)
    expect(text, "a Tokens row").not.toMatch(/[\d,]{20}/)
  }
  const shown = (await account.textContent()) ?? ""
  expect(shown, "the Account view").not.toMatch(/[\d,]{20}/)
  const activity = await openTab(account, "Activity")
  await activity.getByRole("region").first().waitFor({ timeout: 20_000 })
  const rows = await activity.getByRole("listitem").allTextContents()
  expect(rows.length, "Activity rows").toBeGreaterThan(0)
  for (const text of rows)
    expect(text, "an Activity row").not.toMatch(/[\u200b-\u200f\u202a-\u202e\u2066-\u2069]/)
  // "\u202eHTE" reads "ETH" where the override is obeyed; stripped of it, it reads what was sent.
  expect(
    rows.some((text) => text.includes(" HTE")),
    rows.join(" | ")
  ).toBe(true)
})

describe("a provider API that redirects", () => {
  // Chromium names the refused redirect's target when it logs the failed fetch; nothing was sent there.
  test.scoped({
    expectedConsoleErrors: [
      { text: /^Failed to load resource: net::ERR_FAILED$/, urlPrefix: `${REDIRECT_ORIGIN}/` }
    ]
  })

  test("elsewhere is not followed: the redirect's target is never asked (issue 12, item 8)", async ({
    page
  }) => {
    const followed: Array<string> = []
    await page.context().route(`${REDIRECT_ORIGIN}/**`, (route) => {
      followed.push(route.request().url())
      return route.fulfill({ status: 200, contentType: "application/json", body: "{}" })
    })
    await setFaults({ hostile: "redirect", paths: "^/getWallets" })
    const dialog = await openAllWallets(page)
    await dialog.getByRole("button", { name: "Try again" }).waitFor()
    expect(await pageRequests(), "the page asked the API").not.toEqual([])
    expect(followed, "requests to the redirect's target").toEqual([])
  })
})

describe("a listing whose wallets link to OS and application protocol handlers (issue 12, item 4)", () => {
  const handlerSchemes = HANDLER_LINKS.map((link) => link.slice(0, link.indexOf(":")))
  const schemeOf = (href: string) => href.slice(0, Math.max(0, href.indexOf(":")))
  /** The links of the open dialog, as the page would follow them. */
  const linksIn = (dialog: Locator) =>
    dialog.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))

  test("a chosen wallet is never offered through ms-msdt:, search-ms:, vscode: or itms-services:", async ({
    page
  }) => {
    await setFaults({ hostile: "handler-links", paths: "^/getWallets" })
    const { data } = await api<{
      data: ReadonlyArray<{ name: string; rdns: string | null; desktop_link: string }>
    }>("/getWallets", { page: "1", entries: "8" })
    // One listed wallet per handler scheme (as its desktop link, the first a desktop page tries), leaving
    // out the installed Sandbox Wallet, which connects without WalletConnect.
    const chosen = handlerSchemes.map((scheme) =>
      data.find((wallet) => wallet.rdns !== SANDBOX_WALLET_RDNS && schemeOf(wallet.desktop_link) === scheme)
    )
    const wallets = chosen.filter((wallet) => wallet !== undefined)
    expect(wallets.length, "a wallet for each scheme").toBe(handlerSchemes.length)
    const allWallets = await openAllWallets(page)
    const grid = allWallets.getByRole("list", { name: "All wallets" })
    for (const wallet of wallets) {
      await grid.getByRole("button", { name: wallet.name, exact: true }).first().click()
      const view = page.getByRole("dialog", { name: "WalletConnect" })
      await view.getByRole("img", { name: `QR code: Scan with ${wallet.name}` }).waitFor()
      const links = await linksIn(view)
      for (const href of links)
        expect(handlerSchemes, `${wallet.name} offers ${href}`).not.toContain(schemeOf(href))
      const open = view.getByRole("link", { name: `Open ${wallet.name}` })
      if ((await open.count()) > 0) expect(await open.getAttribute("href")).toMatch(/^https:\/\//)
      await page.getByRole("button", { name: "Back" }).click()
      await grid.waitFor()
    }
  })

  test("on a touch device, the wallets offered to open are none of them", async ({ browser }) => {
    await setFaults({ hostile: "handler-links", paths: "^/getWallets" })
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 }
    })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.goto(demoUrl)
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), "a coarse pointer").toBe(
        true
      )
      const view = await chooseWalletConnect(page)
      await view.getByRole("button", { name: "Copy link" }).waitFor()
      // Wallets with an https page of their own are still offered, through it.
      const offered = view.getByRole("list", { name: "Open a wallet" }).getByRole("link")
      await expect.poll(() => offered.count()).toBeGreaterThan(0)
      const links = await linksIn(view)
      for (const href of links) expect(handlerSchemes, `offered ${href}`).not.toContain(schemeOf(href))
    } finally {
      await context.close()
    }
  })
})

test("All Wallets over a listing that repeats its page and claims a million wallets: a handful of requests in 10 s, not a storm", async ({
  page
}) => {
  await setFaults({ hostile: "repeat-pages", paths: "^/getWallets" })
  const dialog = await openAllWallets(page)
  const grid = dialog.getByRole("list", { name: "All wallets" })
  await grid.getByRole("listitem").first().waitFor()
  // Scroll to the end of what is shown, then leave the view open: no visitor action for 10 s.
  await grid.hover()
  for (let step = 0; step < 10; step++) await page.mouse.wheel(0, 2000)
  await page.waitForTimeout(10_000)
  const listingRequests = (await pageRequests()).filter(
    (request) => request.path === "/getWallets" && request.query.search === undefined
  )
  console.log(`/getWallets requests in 10 s over a lying listing: ${listingRequests.length}`)
  // The recommended 4 and page 1 on open, then page 2, which added nothing: paging stops.
  expect(listingRequests.length, "listing requests").toBeLessThanOrEqual(5)
})

test("All Wallets: past 120 wallets by scrolling, each page requested once; a search typed key by key lists the matches", async ({
  page
}) => {
  const listing = await walletListing()
  expect(listing.length).toBeGreaterThan(600)

  const dialog = await openAllWallets(page)
  const grid = dialog.getByRole("list", { name: "All wallets" })
  await grid.getByRole("listitem").first().waitFor()
  const scroller = await dialog.locator(".wallet-scroll").elementHandle()
  if (scroller === null) throw new Error("no scroll box around the wallet grid")

  // The installed Sandbox Wallet leads and the listing follows in its order, each wallet once, so the n-th
  // tile is the listing's n-th wallet.
  const tile = (n: number) => grid.locator(`li[aria-posinset="${n}"]`)
  const inView = (n: number) =>
    scroller.evaluate((box, position) => {
      const item = box.querySelector(`li[aria-posinset="${position}"]`)
      if (item === null) return false
      const outer = box.getBoundingClientRect()
      const inner = item.getBoundingClientRect()
      return inner.top >= outer.top && inner.bottom <= outer.bottom
    }, n)
  const metrics = () =>
    scroller.evaluate((box) => ({
      scrollTop: box.scrollTop,
      clientHeight: box.clientHeight,
      setsize: Number(box.querySelector("li")?.getAttribute("aria-setsize") ?? 0)
    }))

  // Wheel down over the grid until the row of wallets 121–124 is entirely in view. Each step waits until
  // the box has scrolled or, at the bottom, until the next page has grown the list.
  const target = 124
  await grid.hover()
  for (let step = 0; !(await inView(target)); step++) {
    if (step > 80)
      throw new Error(
        `wallet ${target} not in view after ${step} wheel steps: ${JSON.stringify(await metrics())}`
      )
    const before = await metrics()
    await page.mouse.wheel(0, Math.floor(before.clientHeight / 2))
    await page.waitForFunction(
      ({ box, previous }) =>
        box.scrollTop > previous.scrollTop ||
        Number(box.querySelector("li")?.getAttribute("aria-setsize") ?? 0) > previous.setsize,
      { box: scroller, previous: before }
    )
  }
  for (let n = 121; n <= target; n++) {
    expect(await tile(n).getByRole("button").textContent(), `wallet ${n}`).toContain(listing[n - 1]!.name)
  }
  const { setsize } = await metrics()
  expect(setsize, "more pages loaded than the first").toBeGreaterThanOrEqual(target)

  const listingRequests = (await pageRequests()).filter(
    (request) => request.path === "/getWallets" && request.query.search === undefined
  )
  const pagesAsked = listingRequests.filter((r) => r.query.entries === "40").map((r) => Number(r.query.page))
  expect(
    [...pagesAsked].sort((a, b) => a - b),
    "each page of 40 asked once, in sequence"
  ).toEqual(Array.from({ length: pagesAsked.length }, (_, i) => i + 1))
  expect(pagesAsked.length).toBeGreaterThanOrEqual(3)
  expect(listingRequests.filter((r) => r.query.entries === "4").length, "the recommended 4, asked once").toBe(
    1
  )
  console.log(`scrolled to wallet ${target} of ${setsize} loaded; pages asked: ${pagesAsked.join(", ")}`)

  // Search for wallet 121, typed key by key. When the search runs (300 ms after the last keystroke) is the
  // unit tests' to check, on the test clock (test/wallets/WalletCatalogSearch.test.ts): here a keystroke
  // the machine delays may let a search run before the next one.
  const query = listing[120]!.name
  const search = dialog.getByRole("searchbox", { name: "Search wallets" })
  await search.pressSequentially(query, { delay: 40 })
  const found = dialog.getByRole("list", { name: "Search results" }).getByRole("listitem")
  const matches = (texts: ReadonlyArray<string>) =>
    texts.length > 0 && texts.every((text) => text.toLowerCase().includes(query.toLowerCase()))
  await expect
    .poll(async () => matches(await found.allTextContents()), {
      message: `results that all match "${query}"`
    })
    .toBe(true)
  const searches = (await pageRequests())
    .filter((request) => request.path === "/getWallets" && request.query.search !== undefined)
    .map((request) => request.query.search)
  expect(searches.at(-1), "the last search request is for the whole query").toBe(query)
  expect(searches.length, "not a search per keystroke").toBeLessThan(query.length)
})

describe("with the sandbox API failing", () => {
  // chromium logs every failed request of the page as a console error, handled or not: expected here,
  // for the sandbox API's URLs only.
  const apiFailures: ReadonlyArray<ExpectedConsoleError> = [
    {
      text: /^Failed to load resource: the server responded with a status of (403|429|500|503)\b/,
      urlPrefix: `${apiUrl}/`
    }
  ]
  test.scoped({ expectedConsoleErrors: apiFailures })

  const NETWORK_FAILED = "Network request failed. Try again later."
  const faults: ReadonlyArray<{ readonly rule: FaultRule; readonly message: string }> = [
    { rule: { status: 403 }, message: "Invalid App Configuration" },
    { rule: { status: 429 }, message: NETWORK_FAILED },
    { rule: { status: 500 }, message: NETWORK_FAILED },
    { rule: { status: 503 }, message: "Service temporarily unavailable" },
    { rule: { malformed: true }, message: NETWORK_FAILED },
    // Longer than the modal's 10 s per attempt: within this test the catalogue is still loading.
    { rule: { delayMs: 15_000 }, message: "Loading…" }
  ]

  for (const { rule, message } of faults) {
    test(`${JSON.stringify(rule)}: the modal opens in under 1 s, lists the installed wallet and says "${message}"; nothing throws`, async ({
      page,
      problems
    }) => {
      await setFaults(rule)
      await visit(page, "auto-approve")

      await page.getByRole("button", { name: "Connect Wallet" }).click()
      const connectDialog = page.getByRole("dialog", { name: "Connect Wallet" })
      await connectDialog.waitFor()
      await page.waitForFunction(() => window.__probe?.dialogShownAt !== undefined)
      const { connectClickAt, dialogShownAt } = await probe(page)
      const openMs = dialogShownAt! - connectClickAt!
      console.log(`${JSON.stringify(rule)}: dialog visible ${openMs.toFixed(1)} ms after the click`)
      expect(openMs).toBeLessThan(1000)
      await connectDialog
        .getByRole("list", { name: "Wallets" })
        .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
        .waitFor()

      await connectDialog.getByRole("button", { name: "All Wallets" }).click()
      const dialog = page.getByRole("dialog", { name: "All Wallets" })
      const status = dialog.getByRole("status")
      // 429 and 5xx are retried three times (1 s, 2 s, 4 s) before the failure shows.
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(message)
      // The installed wallet is listed whatever the catalogue says.
      const installed = dialog
        .getByRole("list", { name: "All wallets" })
        .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
      await installed.waitFor()

      if (rule.delayMs === undefined) {
        // The failure is final: no spinner left, and a way to try again.
        expect(await dialog.getByText("Loading…").count()).toBe(0)
        expect(await dialog.getByRole("progressbar").count()).toBe(0)
        await dialog.getByRole("button", { name: "Try again" }).waitFor()
      } else {
        // Still loading, and the installed wallet works: choosing it connects.
        await installed.click()
        await page
          .getByRole("dialog", { name: "Account" })
          .getByText(truncate(account0), { exact: true })
          .waitFor()
      }
      if (rule.status === 403) {
        await page.getByRole("alert").filter({ hasText: "Invalid App Configuration" }).first().waitFor()
      }

      const seen = await probe(page)
      expect(seen.unhandled, "unhandled rejections").toEqual([])
      expect(problems.pageErrors, "page errors").toEqual([])
      expect(problems.consoleErrors, "console errors other than the API's failed requests").toEqual([])
      if (problems.expectedConsoleErrors.length > 0) {
        console.log(
          `${JSON.stringify(rule)}: ${problems.expectedConsoleErrors.length} failed-request console errors (expected)`
        )
      }
    })
  }
})

describe("request counting (the balance cache)", () => {
  test("the Tokens tab opened again within 30 s reads the cache: one balance request", async ({ page }) => {
    const account = await connect(page)
    const tokens = account.getByRole("list", { name: "Tokens" })
    await tokens.waitFor()
    expect(await balanceRequests()).toHaveLength(1)
    const first = (await balanceRequests())[0]!
    expect(first.query.chainId).toBe(caipA)

    // Away and back, twice, and the modal closed and opened again: every Tokens tab mounts anew.
    for (const other of ["Activity", "NFTs"] as const) {
      await openTab(account, other)
      await tokens.waitFor({ state: "detached" })
      await openTab(account, "Tokens")
      await tokens.waitFor()
    }
    await page.keyboard.press("Escape")
    await account.waitFor({ state: "hidden" })
    await page.getByRole("button", { name: truncate(account0) }).click()
    await page.getByRole("dialog", { name: "Account" }).getByRole("list", { name: "Tokens" }).waitFor()

    const requests = await balanceRequests()
    expect(requests.length, "balance requests").toBe(1)
    expect(Date.now() - first.at, "all within the 30 s cache").toBeLessThan(30_000)
  })

  test("components asking while the balance request is in flight share it: one request", async ({ page }) => {
    // A slow balance API keeps the first request in flight while other Tokens tabs mount and ask.
    await setFaults({ delayMs: 3_000, paths: "^/v1/account/[^/]+/balance$" })
    const account = await connect(page)
    const loading = account.getByText("Loading tokens…")
    await loading.waitFor()
    const firstAsked = Date.now()
    for (const other of ["NFTs", "Activity"] as const) {
      await openTab(account, other)
      await openTab(account, "Tokens")
      await loading.waitFor()
    }
    await page.keyboard.press("Escape")
    await account.waitFor({ state: "hidden" })
    await page.getByRole("button", { name: truncate(account0) }).click()
    const reopened = page.getByRole("dialog", { name: "Account" })
    await reopened.getByText("Loading tokens…").waitFor()
    // Every one of them asked before the first answer came back (the log records a request when answered).
    expect((await balanceRequests()).length, "answered so far").toBe(0)
    console.log(
      `4 Tokens tabs (3 remounts) asked within ${Date.now() - firstAsked} ms of the first, all still waiting`
    )

    await reopened.getByRole("list", { name: "Tokens" }).waitFor()
    expect((await balanceRequests()).length, "balance requests").toBe(1)
  })
})
