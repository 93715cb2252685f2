import type { Modal, ModalProvider } from "../Modal"
import {
  accountWithout,
  closedState,
  idlePairing,
  noConnectOptions,
  noNetwork,
  noThemeVariables,
  nothing
} from "../modalDefaults"
import { CreateModalOnServerError } from "../modalErrors"

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
  getState: () => closedState,
  subscribeState: unsubscribe,
  getThemeMode: () => "light",
  setThemeMode: refuse,
  getThemeVariables: () => noThemeVariables,
  setThemeVariables: refuse,
  subscribeTheme: unsubscribe,
  getLocale: () => "en",
  setLocale: refuse,
  subscribeLocale: unsubscribe,
  getAccount: (namespace = "eip155") => accountWithout(namespace),
  subscribeAccount: unsubscribe,
  getNetwork: () => noNetwork,
  subscribeNetwork: unsubscribe,
  getWalletInfo: none,
  subscribeWalletInfo: unsubscribe,
  switchNetwork: refuse,
  disconnect: done,
  setLegalConsent: done,
  fetchBalance: refuse,
  request: refuse,
  pay: refuse,
  grantPermissions: refuse,
  getProvider: () => noProvider,
  getWallets: () => nothing,
  subscribeWallets: unsubscribe,
  connect: refuse,
  connectWalletConnect: refuse,
  cancelConnect: done,
  getWalletConnect: () => idlePairing,
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
