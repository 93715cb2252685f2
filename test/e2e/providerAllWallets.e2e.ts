// All Wallets against the sandbox API's catalogue: infinite scroll, each page asked once, a debounced search.
import { expect } from "vitest"
import { test } from "./browser"
import { api, openAllWallets, pageRequests } from "./providerWorld"

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
