import { assert, describe, it } from "@effect/vitest"
import {
  chosenWallet,
  openLinkOf,
  PHONE_WALLETS_SHOWN,
  phoneWalletLinks,
  storeLinksOf
} from "../../src/layers/walletconnect/walletLinks"
import type { CatalogWallet } from "../../src/services/WalletCatalog"

const URI = "wc:abc@2?relay-protocol=irn&symKey=00"
const ENCODED = encodeURIComponent(URI)

const wallet = (id: string, more: Partial<CatalogWallet> = {}): CatalogWallet => ({
  id,
  name: id,
  imageUrl: undefined,
  rdns: undefined,
  mobileLink: "rainbow://",
  desktopLink: "https://desktop.example/app/",
  webappLink: "https://web.example/",
  homepage: "https://rainbow.example",
  appStore: "https://apps.example/rainbow",
  playStore: "javascript:alert(1)",
  registeredSchemes: ["rainbow"],
  installed: false,
  connectorId: undefined,
  custom: false,
  ...more
})

describe("the WalletConnect views' links", () => {
  it("opens the native link first on a touch device, the desktop one first elsewhere", () => {
    assert.deepStrictEqual(openLinkOf(wallet("rainbow"), URI, true), {
      href: `rainbow://wc?uri=${ENCODED}`,
      base: "rainbow://"
    })
    assert.deepStrictEqual(openLinkOf(wallet("rainbow"), URI, false), {
      href: `https://desktop.example/app/wc?uri=${ENCODED}`,
      base: "https://desktop.example/app/"
    })
  })

  it("falls back along the order past a link the builder refuses, and offers none when all are refused", () => {
    const noDesktop = wallet("rainbow", { desktopLink: "javascript:alert(1)" })
    assert.strictEqual(openLinkOf(noDesktop, URI, false)?.base, "https://web.example/")
    const onlyNative = wallet("rainbow", { desktopLink: undefined, webappLink: undefined })
    assert.strictEqual(openLinkOf(onlyNative, URI, false)?.base, "rainbow://")
    // A native scheme the wallet did not register is never opened.
    const unregistered = wallet("rainbow", {
      desktopLink: undefined,
      webappLink: undefined,
      registeredSchemes: []
    })
    assert.isUndefined(openLinkOf(unregistered, URI, true))
  })

  it("lists where to get a wallet, https pages only", () => {
    assert.deepStrictEqual(storeLinksOf(wallet("rainbow")), [
      { kind: "homepage", href: "https://rainbow.example/" },
      { kind: "appStore", href: "https://apps.example/rainbow" }
    ])
  })

  it("the chosen wallet is the one the route names, with its Open link once a URI is ready", () => {
    const shown = [wallet("zerion"), wallet("rainbow")]
    assert.isUndefined(chosenWallet(undefined, shown, URI, false))
    assert.isUndefined(chosenWallet("gone", shown, URI, false))
    const chosen = chosenWallet("rainbow", shown, URI, true)
    assert.strictEqual(chosen?.wallet, shown[1])
    assert.strictEqual(chosen?.open?.href, `rainbow://wc?uri=${ENCODED}`)
    assert.strictEqual(chosen?.getLinks.length, 2)
    assert.isUndefined(chosenWallet("rainbow", shown, undefined, true)?.open)
  })

  it("the basic view lists the listing's wallets not on the page that a phone opens, at most 8, in order", () => {
    const list = [
      wallet("installed", { installed: true }),
      wallet("no-link", { mobileLink: undefined, desktopLink: undefined, webappLink: undefined }),
      ...Array.from({ length: 10 }, (_, n) => wallet(`w${n}`))
    ]
    const links = phoneWalletLinks(list, URI)
    assert.strictEqual(links.length, PHONE_WALLETS_SHOWN)
    assert.deepStrictEqual(
      links.map((link) => link.wallet.id),
      ["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7"]
    )
    assert.strictEqual(links[0]?.href, `rainbow://wc?uri=${ENCODED}`)
    assert.deepStrictEqual(phoneWalletLinks(list, undefined), [])
  })
})
