/**
 * React bindings: the provider, hooks and components a host renders.
 *
 * @since 0.1.0
 */

export type {
  AccountAction,
  AccountSnapshot,
  ConnectOptions,
  ConnectWalletRow,
  ModalProvider,
  ModalProviderEvent,
  NetworkSnapshot,
  ProviderRpcError,
  WalletInfo,
  WalletOption
} from "../Modal"
export type { GrantedPermissions, PermissionsRequest } from "../schemas/PermissionsRequest"
export type { ModalEvent } from "../services/ModalEvents"
export type { PayRequest, PayResult } from "../services/Pay"
export type { TrackedTransaction } from "../services/TransactionWatcher"
export { AirlockProvider } from "./AirlockProvider"
export { ConnectButton, type ConnectButtonProps } from "./ConnectButton"
export { useAirlock } from "./useAirlock"
export { useAirlockAccount } from "./useAirlockAccount"
export { useAirlockAccountActions } from "./useAirlockAccountActions"
export { type BalanceResult, useAirlockBalance } from "./useAirlockBalance"
export { useAirlockConnectOptions } from "./useAirlockConnectOptions"
export { useAirlockEip1193Provider } from "./useAirlockEip1193Provider"
export { useAirlockEvents } from "./useAirlockEvents"
export { useAirlockLegalConsent } from "./useAirlockLegalConsent"
export { type AirlockLocale, useAirlockLocale } from "./useAirlockLocale"
export { type AirlockNetwork, useAirlockNetwork } from "./useAirlockNetwork"
export { useAirlockState } from "./useAirlockState"
export { type AirlockTheme, useAirlockTheme } from "./useAirlockTheme"
export { useAirlockTransactions } from "./useAirlockTransactions"
export { type AirlockWalletConnect, useAirlockWalletConnect } from "./useAirlockWalletConnect"
export { useAirlockWallets } from "./useAirlockWallets"
export { type CallsStatusAnswer, type CallsStatusState, useCallsStatus } from "./useCallsStatus"
export { useDisconnect } from "./useDisconnect"
export { type PayStatus, usePay } from "./usePay"
export {
  type BatchCall,
  type SendCallsRequest,
  type SendCallsStatus,
  useSendCalls
} from "./useSendCalls"
export { useSmartSessions } from "./useSmartSessions"
export { useWalletInfo } from "./useWalletInfo"
