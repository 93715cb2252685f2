/**
 * "Get a wallet" (`walletsToGet.ts`): featured then recommended, each once, none already on the page,
 * with only the download links the catalogue's link rules kept, and none without a link.
 */
import { describe, expect, it } from "vitest"
import { walletsToGet } from "../../src/layers/wallets/walletsToGet"
import type { CatalogWallet } from "../../src/services/WalletCatalog"
import { catalogWallet } from "../kit/wallets"

const wallet = (id: string, links: Partial<CatalogWallet> = {}): CatalogWallet =>
  catalogWallet(id, {
    name: `Wallet ${id}`,
    imageUrl: `https://images.test/wallet/${id}`,
    homepage: `https://${id}.example`,
    ...links
  })

describe("walletsToGet", () => {
  it("featured first, then recommended, each once, with App Store, Google Play and homepage in that order", () => {
    const a = wallet("a", {
      appStore: "https://apps.apple.com/app/a/id1",
      playStore: "https://play.google.com/store/apps/details?id=a"
    })
    const got = walletsToGet({ featured: [wallet("b"), a], recommended: [a, wallet("c")] })
    expect(got.map((w) => w.id)).toEqual(["b", "a", "c"])
    expect(got[1]).toEqual({
      id: "a",
      name: "Wallet a",
      imageUrl: "https://images.test/wallet/a",
      downloads: [
        { kind: "appStore", url: "https://apps.apple.com/app/a/id1" },
        { kind: "playStore", url: "https://play.google.com/store/apps/details?id=a" },
        { kind: "homepage", url: "https://a.example" }
      ]
    })
  })

  it("leaves out a wallet already on the page, and one the link rules left no link for", () => {
    const got = walletsToGet({
      featured: [wallet("installed", { installed: true })],
      recommended: [wallet("bare", { homepage: undefined }), wallet("ok")]
    })
    expect(got.map((w) => w.id)).toEqual(["ok"])
  })

  it("nothing featured or recommended: nothing to list", () => {
    expect(walletsToGet({ featured: [], recommended: [] })).toEqual([])
  })
})
