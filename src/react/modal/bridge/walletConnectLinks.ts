import { isTouchDevice } from "../../../layers/platform/device"
import {
  type ChosenWallet,
  chosenWallet,
  type PhoneWalletLink,
  phoneWalletLinks
} from "../../../layers/walletconnect/walletLinks"
import type { PairingState } from "../../../services/WalletConnect"
import type { ModalController } from "./controller"
import { arrayEqual, combineStores, mapStore, type Store } from "./store"

/**
 * The WalletConnect views' links for the pairing URI, in the device's deep-link order: made from the
 * controller's stores the first time one of those views shows (their chunk brings this module), so the
 * first paint does not carry them.
 */
export interface WalletConnectLinks {
  /** The wallet picked in All Wallets (the route's `walletId`), with its Open and Get links. */
  readonly chosen: Store<ChosenWallet | undefined>
  /** The listing's wallets a phone opens with the URI, for the basic view. */
  readonly phoneLinks: Store<ReadonlyArray<PhoneWalletLink>>
}

const sameChosen = (a: ChosenWallet | undefined, b: ChosenWallet | undefined): boolean =>
  a === b || (a?.wallet === b?.wallet && a?.open?.href === b?.open?.href)

const samePhoneLinks = arrayEqual<PhoneWalletLink>((a, b) => a.wallet === b.wallet && a.href === b.href)

const readyUri = (pairing: PairingState) => (pairing._tag === "Ready" ? pairing.uri : undefined)

const made = new WeakMap<ModalController, WalletConnectLinks>()

const make = ({ router, catalog, walletConnect }: ModalController): WalletConnectLinks => ({
  chosen: mapStore(
    combineStores(combineStores(router, walletConnect.pairing), combineStores(catalog.state, catalog.search)),
    ([[route, pairing], [listing, search]]) =>
      chosenWallet(
        route.data?.walletId,
        [...listing.list, ...search.results],
        readyUri(pairing),
        isTouchDevice()
      ),
    sameChosen
  ),
  phoneLinks: mapStore(
    combineStores(catalog.state, walletConnect.pairing),
    ([listing, pairing]) => phoneWalletLinks(listing.list, readyUri(pairing)),
    samePhoneLinks
  )
})

/** The links of `controller`'s modal: one set of stores per modal, shared by its views. */
export const walletConnectLinksOf = (controller: ModalController): WalletConnectLinks => {
  let links = made.get(controller)
  if (links === undefined) {
    links = make(controller)
    made.set(controller, links)
  }
  return links
}
