/**
 * A gallery scenario: one view of the modal in one state, on the mock world of `world.ts`. Scenarios are
 * data, one file per view family under `scenarios/`; the page, the screenshots script and the browser test
 * all read the same list (`scenarios/index.ts`).
 */
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { ConnectionState } from "../../src/services/Connection"
import type { WalletConnector } from "../../src/services/Connectors"
import type { CatalogWallet } from "../../src/services/WalletCatalog"
import { ACCOUNT, galleryChain, iconFor } from "./fixtures"
import type { World } from "./world"

export interface Scenario {
  /** The view family, as the page's `?view=` names it (e.g. `Account`). */
  readonly family: string
  /** The state, as `?state=` names it (e.g. `tokens40`): letters and digits. */
  readonly state: string
  /** What a reviewer sees in it, for the index page. */
  readonly title: string
  /** Options over the gallery's (one network, analytics off), e.g. features or legal links. */
  readonly options?: Partial<ModalOptionsInput>
  readonly world: World
  /** A field (by its label) the page types into before `select`, e.g. a code the world then refuses. */
  readonly fill?: { readonly label: string; readonly value: string }
  /** A tab or button (by its text) the page clicks before it is looked at, e.g. the Activity tab. */
  readonly select?: string
}

/** The family's scenarios, each named by its state. */
export const family = (
  name: string,
  states: Record<string, Omit<Scenario, "family" | "state">>
): ReadonlyArray<Scenario> =>
  Object.entries(states).map(([state, scenario]) => ({ family: name, state, ...scenario }))

/** The options every scenario starts from: the gallery's network, no analytics, no calls to make. */
export const baseOptions: ModalOptionsInput = {
  projectId: "gallery",
  networks: [galleryChain],
  enableReconnect: false,
  walletConnectVerify: false,
  metadata: {
    name: "Airlock Gallery",
    description: "Every view of the modal",
    url: "https://gallery.invalid",
    icons: []
  }
}

/** A wallet found on the page (EIP-6963), which answers nothing: the gallery never connects. */
export const pageWallet = (name: string, more: Partial<WalletConnector> = {}): WalletConnector => {
  const rdns = `dev.gallery.${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}`
  return {
    id: `eip6963:${rdns}`,
    key: rdns,
    type: "ANNOUNCED",
    chain: "eip155",
    name,
    icon: iconFor(name),
    rdns,
    provider: { request: () => new Promise<never>(() => {}) },
    suspicious: false,
    uuid: rdns,
    ...more
  }
}

/** A wallet of the listing known by its name, with an icon. */
export const listedWallet = (name: string, more: Partial<CatalogWallet> = {}): CatalogWallet => ({
  id: `listing-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
  name,
  imageUrl: iconFor(name),
  rdns: undefined,
  mobileLink: undefined,
  desktopLink: undefined,
  webappLink: undefined,
  homepage: "https://wallet.gallery.invalid/",
  appStore: undefined,
  playStore: undefined,
  registeredSchemes: [],
  installed: false,
  connectorId: undefined,
  custom: false,
  ...more
})

/** The Sandbox Wallet, connected. */
export const connectedWallet = pageWallet("Sandbox Wallet")

/** `address` connected on eip155 through the Sandbox Wallet. */
export const connectedAs = (address: string = ACCOUNT): ConnectionState => ({
  namespaces: {
    eip155: {
      status: "connected",
      connector: connectedWallet,
      address,
      allAccounts: [address],
      accountType: "eoa"
    }
  },
  attempt: undefined
})
