// @vitest-environment happy-dom
/**
 * The help view for a visitor without a wallet: what a wallet is, then the recommended wallets with their
 * download links, each opening in a new tab cut off from the page; while the listing loads it says so.
 */
import { afterEach, describe, expect, it } from "vitest"
import type { Catalog } from "../../src/messages/compiled/catalog"
import { catalog as de } from "../../src/messages/compiled/de"
import { WhatIsAWalletView } from "../../src/react/modal/views/help/WhatIsAWalletView"
import type { LocaleState } from "../../src/services/Locale"
import type { CatalogState, CatalogWallet } from "../../src/services/WalletCatalog"
import { EMPTY_CATALOG } from "../../src/testing/catalogStates"
import { fakeController, mountWith, unmountViews } from "../kit/react"
import { catalogWallet } from "../kit/wallets"

afterEach(unmountViews)

const listed = catalogWallet("w1", {
  name: "Wallet One",
  homepage: "https://one.example",
  appStore: "https://apps.apple.com/app/one/id1"
})

const catalog = (
  status: CatalogState["status"],
  recommended: ReadonlyArray<CatalogWallet>
): CatalogState => ({
  ...EMPTY_CATALOG,
  recommended,
  list: recommended,
  count: recommended.length,
  page: 1,
  loaded: status._tag === "Idle",
  status
})

/** The modal's locale as a store: English (no catalog) unless one is given. */
const localeStore = (
  catalog: Catalog | undefined
): { readonly get: () => LocaleState; readonly subscribe: () => () => void } => {
  const state: LocaleState = { tag: catalog === undefined ? "en" : "de", dir: "ltr", catalog, ready: true }
  return { get: () => state, subscribe: () => () => undefined }
}

const shown = (state: CatalogState, catalog?: Catalog) =>
  mountWith(
    { ...fakeController({ catalog: state }).controller, locale: localeStore(catalog) },
    <WhatIsAWalletView />
  )

describe("WhatIsAWallet", () => {
  it("says what a wallet is, and lists the recommended wallets with their links, opened in a new tab", () => {
    const view = shown(catalog({ _tag: "Idle" }, [listed]))
    expect(view.querySelectorAll(".help-points li")).toHaveLength(3)
    const wallets = view.querySelector('[aria-label="Recommended wallets"]')
    expect(wallets?.textContent).toContain("Wallet One")
    const links = [...view.querySelectorAll("a")].map((a) => ({
      name: a.getAttribute("aria-label"),
      href: a.getAttribute("href"),
      target: a.getAttribute("target"),
      rel: a.getAttribute("rel")
    }))
    expect(links).toEqual([
      {
        name: "Wallet One on App Store",
        href: "https://apps.apple.com/app/one/id1",
        target: "_blank",
        rel: "noopener noreferrer"
      },
      {
        name: "Wallet One on Website",
        href: "https://one.example",
        target: "_blank",
        rel: "noopener noreferrer"
      }
    ])
  })

  it("while the listing loads: says so, and lists nothing", () => {
    const view = shown(catalog({ _tag: "Loading" }, []))
    expect(view.querySelector('[role="status"]')?.textContent).toBe("Loading wallets…")
    expect(view.querySelectorAll("a")).toHaveLength(0)
  })

  it("speaks the visitor's language: German words, the wallet's name and the store brands as they are", () => {
    const view = shown(catalog({ _tag: "Idle" }, [listed]), de)
    expect(view.querySelector(".help-heading")?.textContent).toBe("Wallet besorgen")
    expect(view.querySelector('[aria-label="Empfohlene Wallets"]')?.textContent).toContain("Wallet One")
    const links = [...view.querySelectorAll("a")].map((a) => [a.getAttribute("aria-label"), a.textContent])
    expect(links).toEqual([
      ["Wallet One: App Store", "App Store"],
      ["Wallet One: Website", "Website"]
    ])
    expect(view.textContent).not.toContain("Get a wallet")
  })
})
