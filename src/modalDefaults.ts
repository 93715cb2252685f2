/**
 * The values of a modal that has none yet: closed, disconnected, nothing found. What the hooks read on a
 * server (`react/serverModal.ts`) and what the handle answers until the modal's code is here
 * (`createModal.ts`). Constants, since React compares snapshots by identity.
 */
import type {
  AccountSnapshot,
  ConnectOptions,
  ModalState,
  NetworkSnapshot,
  WalletConnectSnapshot
} from "./Modal"
import type { ChainNamespace } from "./schemas/Primitives"
import type { ConnectionStatus } from "./schemas/StorageKeys"
import type { LocaleState } from "./services/Locale"

export const closedState: ModalState = { open: false, view: "Connect" }
export const noNetwork: NetworkSnapshot = {
  namespace: "eip155",
  caipNetwork: undefined,
  caipNetworkId: undefined,
  chainId: undefined,
  name: undefined,
  supported: false
}
export const idlePairing: WalletConnectSnapshot = { status: "idle", uri: undefined, expiresAt: undefined }
export const nothing: ReadonlyArray<never> = []
export const noConnectOptions: ConnectOptions = {
  methods: nothing,
  wallets: nothing,
  allWallets: false,
  walletsCollapsed: false,
  legal: { required: false, accepted: false }
}
export const noThemeVariables = {}
/** English, the words the code carries: no catalog to load. */
export const englishLocale: LocaleState = { tag: "en", dir: "ltr", catalog: undefined, ready: true }

const accounts = new Map<string, AccountSnapshot>()

/** A namespace's account with no address: disconnected, or connecting while a stored one comes back. */
export const accountWithout = (
  namespace: ChainNamespace,
  status: Extract<ConnectionStatus, "disconnected" | "connecting"> = "disconnected"
): AccountSnapshot => {
  const key = `${namespace} ${status}`
  let account = accounts.get(key)
  if (account === undefined) {
    account = {
      namespace,
      status,
      isConnected: false,
      address: undefined,
      caipAddress: undefined,
      allAccounts: nothing
    }
    accounts.set(key, account)
  }
  return account
}
