import { describe, expect, it } from "vitest"
import { catalogCount, countTag } from "../../src/react/modal/views/wallets/walletCount"
import type { CatalogState, CatalogWallet } from "../../src/services/WalletCatalog"
import { EMPTY_CATALOG } from "../../src/testing/catalogStates"

const wallet = (id: string) => ({ id, name: id }) as CatalogWallet

const state = (overrides: Partial<CatalogState>): CatalogState => ({
  ...EMPTY_CATALOG,
  loaded: true,
  ...overrides
})

describe("All Wallets' count", () => {
  it("is unknown until the listing's first load is in", () => {
    expect(catalogCount(state({ loaded: false, count: 300 }))).toBeUndefined()
  })

  it("adds the pages not loaded yet to the wallets listed outside the pages", () => {
    const recommended = [wallet("a"), wallet("b")]
    const page = [wallet("c"), wallet("d"), wallet("e")]
    expect(
      catalogCount(state({ recommended, wallets: page, list: [...recommended, ...page], count: 120 }))
    ).toBe(122)
  })

  it("never counts fewer than the wallets listed", () => {
    const list = [wallet("a"), wallet("b"), wallet("c")]
    expect(catalogCount(state({ installed: list, list, count: 0 }))).toBe(3)
  })

  it("reads exact under ten, then rounded down to tens with a plus; nothing for none", () => {
    expect(countTag(undefined)).toBeUndefined()
    expect(countTag(0)).toBeUndefined()
    expect(countTag(7)).toBe("7")
    expect(countTag(10)).toBe("10+")
    expect(countTag(437)).toBe("430+")
  })
})
