// The Account view's tabs (Tokens, Activity, NFTs) against the sandbox provider API, with what anvil holds.
import type { Locator } from "playwright-core"
import { formatUnits } from "viem"
import { describe, expect } from "vitest"
import { PRICES } from "../../sandbox/api/api.mjs"
import { test } from "./browser"
import { nativeBalanceOn, tokenBalanceOn } from "./chain"
import { account0, api, caipA, chainA, connect, openTab, sandbox, tab } from "./providerWorld"

// ---------------------------------------------------------------------------------------------------------
// The account's history, from the sandbox API
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------

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
