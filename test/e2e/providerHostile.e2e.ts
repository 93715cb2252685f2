// Hostile provider API answers: sentences as data, bidi overrides, redirects, handler links, lying pages.
import type { Locator } from "playwright-core"
import { describe, expect } from "vitest"
import { SANDBOX_WALLET_RDNS } from "../../sandbox/api/api.mjs"
import { HANDLER_LINKS, REDIRECT_ORIGIN } from "../../sandbox/api/hostile.mjs"
import { chooseWalletConnect, test } from "./browser"
import {
  account0,
  api,
  connect,
  demoUrl,
  openAllWallets,
  openTab,
  pageRequests,
  setFaults,
  truncate
} from "./providerWorld"

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
