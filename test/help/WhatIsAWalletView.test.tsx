// @vitest-environment happy-dom
/**
 * The help view for a visitor without a wallet: what a wallet is, then the recommended wallets with their
 * download links, each opening in a new tab cut off from the page; while the listing loads it says so.
 */
import { afterEach, describe, expect, it } from "vitest"
import { WhatIsAWalletView } from "../../src/react/modal/views/help/WhatIsAWalletView"
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

const shown = (state: CatalogState) =>
  mountWith(fakeController({ catalog: state }).controller, <WhatIsAWalletView />)

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
})
