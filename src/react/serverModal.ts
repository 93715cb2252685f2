import { CreateModalOnServerError } from "../createModal"
import type {
  AccountSnapshot,
  ConnectOptions,
  Modal,
  ModalProvider,
  ModalState,
  NetworkSnapshot,
  WalletConnectSnapshot
} from "../Modal"
import type { ChainNamespace } from "../schemas/Primitives"

const closed: ModalState = { open: false, view: "Connect" }
const noNetwork: NetworkSnapshot = {
  namespace: "eip155",
  caipNetwork: undefined,
  caipNetworkId: undefined,
  chainId: undefined,
  name: undefined,
  supported: false
}
const idle: WalletConnectSnapshot = { status: "idle", uri: undefined, expiresAt: undefined }
const nothing: ReadonlyArray<never> = []
const noConnectOptions: ConnectOptions = {
  methods: nothing,
  wallets: nothing,
  allWallets: false,
  walletsCollapsed: false
}
const noVariables = {}
// One snapshot per namespace: React compares server snapshots by identity.
const accounts = new Map<ChainNamespace, AccountSnapshot>()
const disconnected = (namespace: ChainNamespace = "eip155"): AccountSnapshot => {
  let account = accounts.get(namespace)
  if (account === undefined) {
    account = {
      namespace,
      status: "disconnected",
      isConnected: false,
      address: undefined,
      caipAddress: undefined,
      allAccounts: nothing
    }
    accounts.set(namespace, account)
  }
  return account
}

const unsubscribe = () => () => {}
/** No chain to serve on a server: every request is EIP-1193's 4900. */
const noProvider: ModalProvider = {
  request: () => Promise.reject(Object.assign(new CreateModalOnServerError(), { code: 4900 })),
  on: () => noProvider,
  removeListener: () => noProvider
}
const none = () => undefined
const done = () => Promise.resolve()
const refuse = () => Promise.reject(new CreateModalOnServerError())

/**
 * What the hooks read where no modal can exist (a server render), and what the browser's hydrating render
 * reads too, so both draw the same disconnected, closed modal: the live state follows right after.
 */
export const serverModal: Modal = {
  open: refuse,
  close: () => Promise.resolve(true),
  isOpen: () => false,
  getState: () => closed,
  subscribeState: unsubscribe,
  getThemeMode: () => "light",
  setThemeMode: refuse,
  getThemeVariables: () => noVariables,
  setThemeVariables: refuse,
  subscribeTheme: unsubscribe,
  getLocale: () => "en",
  setLocale: refuse,
  subscribeLocale: unsubscribe,
  getAccount: disconnected,
  subscribeAccount: unsubscribe,
  getNetwork: () => noNetwork,
  subscribeNetwork: unsubscribe,
  getWalletInfo: none,
  subscribeWalletInfo: unsubscribe,
  switchNetwork: refuse,
  disconnect: done,
  fetchBalance: refuse,
  request: refuse,
  getProvider: () => noProvider,
  getWallets: () => nothing,
  subscribeWallets: unsubscribe,
  connect: refuse,
  connectWalletConnect: refuse,
  cancelConnect: done,
  getWalletConnect: () => idle,
  subscribeWalletConnect: unsubscribe,
  getAccountActions: () => nothing,
  subscribeAccountActions: unsubscribe,
  getConnectOptions: () => noConnectOptions,
  subscribeConnectOptions: unsubscribe,
  getEvent: none,
  subscribeEvents: unsubscribe,
  getTransactions: () => nothing,
  subscribeTransactions: unsubscribe,
  element: undefined,
  dispose: done
}
