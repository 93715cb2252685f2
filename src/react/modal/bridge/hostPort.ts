import { walletOptionOf } from "../../../layers/wallets/connectOptions"
import type {
  AccountAction,
  AccountSnapshot,
  ConnectOptions,
  ModalState,
  NetworkSnapshot,
  WalletConnectSnapshot,
  WalletInfo,
  WalletOption
} from "../../../Modal"
import type { ChainNamespace } from "../../../schemas/Primitives"
import type { LocaleTag } from "../../../services/Locale"
import type { ThemeState } from "../../../services/Theme"
import type { TrackedTransaction } from "../../../services/TransactionWatcher"
import type { ModalController, ModalEvent } from "./controller"
import { accountSnapshot, networkSnapshot, walletInfoOf } from "./snapshots"
import { arrayEqual, combineStores, mapStore, type Store, shallowEqual } from "./store"

/** A getter and a subscription, as the `Modal` handle and the host hooks read them. */
export interface HostValue<A> {
  readonly get: () => A
  readonly subscribe: (listener: (value: A) => void) => () => void
}

/** The host's view of the modal: the same ports the views read, projected once into host snapshots. */
export interface HostPort {
  readonly state: HostValue<ModalState>
  readonly theme: HostValue<ThemeState>
  readonly locale: HostValue<LocaleTag>
  readonly account: (namespace?: ChainNamespace) => HostValue<AccountSnapshot>
  readonly network: HostValue<NetworkSnapshot>
  readonly walletInfo: HostValue<WalletInfo | undefined>
  readonly wallets: HostValue<ReadonlyArray<WalletOption>>
  readonly event: HostValue<ModalEvent | undefined>
  readonly transactions: HostValue<ReadonlyArray<TrackedTransaction>>
  readonly pairing: HostValue<WalletConnectSnapshot>
  readonly accountActions: HostValue<ReadonlyArray<AccountAction>>
  readonly connectOptions: HostValue<ConnectOptions>
}

const sameItems = arrayEqual<object>(shallowEqual)

const sameAccount = (a: AccountSnapshot, b: AccountSnapshot) =>
  a.status === b.status &&
  a.address === b.address &&
  a.caipAddress === b.caipAddress &&
  sameItems(a.allAccounts, b.allAccounts)

/** A store as a host value, frozen at its last value once the modal is disposed. */
const expose = <A>(store: Store<A>, isDisposed: () => boolean): HostValue<A> => {
  let last = store.get()
  const get = () => {
    if (!isDisposed()) last = store.get()
    return last
  }
  return { get, subscribe: (listener) => store.subscribe(() => listener(get())) }
}

export const makeHostPort = (controller: ModalController, isDisposed: () => boolean): HostPort => {
  const accounts = new Map<ChainNamespace | "active", HostValue<AccountSnapshot>>()
  const connectionAndNetworks = combineStores(controller.connection, controller.networks)
  return {
    state: expose(
      mapStore(controller.router, (s): ModalState => ({ open: s.open, view: s.view }), shallowEqual),
      isDisposed
    ),
    theme: expose(controller.theme, isDisposed),
    locale: expose(
      mapStore(controller.locale, (s) => s.tag, Object.is),
      isDisposed
    ),
    account: (namespace) => {
      const key = namespace ?? "active"
      let account = accounts.get(key)
      if (account === undefined) {
        account = expose(
          mapStore(connectionAndNetworks, ([c, n]) => accountSnapshot(c, n, namespace), sameAccount),
          isDisposed
        )
        accounts.set(key, account)
      }
      return account
    },
    network: expose(mapStore(controller.networks, networkSnapshot, shallowEqual), isDisposed),
    walletInfo: expose(
      mapStore(
        connectionAndNetworks,
        ([c, n]) => walletInfoOf(c, n.activeNamespace),
        (a, b) => a === b || (a !== undefined && b !== undefined && shallowEqual(a, b))
      ),
      isDisposed
    ),
    wallets: expose(
      mapStore(controller.connectors, (all) => all.map(walletOptionOf), sameItems),
      isDisposed
    ),
    event: expose(controller.events, isDisposed),
    transactions: expose(controller.transactions, isDisposed),
    pairing: expose(
      mapStore(
        controller.walletConnect.pairing,
        (p): WalletConnectSnapshot =>
          p._tag === "Ready"
            ? { status: "ready", uri: p.uri, expiresAt: p.expiresAt }
            : { status: p._tag === "Idle" ? "idle" : "preparing", uri: undefined, expiresAt: undefined },
        shallowEqual
      ),
      isDisposed
    ),
    accountActions: expose(controller.accountActions, isDisposed),
    connectOptions: expose(controller.connectOptions, isDisposed)
  }
}
