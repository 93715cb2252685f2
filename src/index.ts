/**
 * Airlock: a wallet-connection modal for dapps.
 *
 * @since 0.1.0
 */
export {
  AsyncHostLayerError,
  CreateModalOnServerError,
  createModal,
  ModalLoadError,
  preloadModal
} from "./createModal"
export * from "./errors"
export type { AirlockServices } from "./layers/runtime/AirlockLive"
export type {
  AccountAction,
  AccountSnapshot,
  AirlockPlatform,
  ConnectOptions,
  ConnectWalletRow,
  CreateModalSettings,
  Modal,
  ModalProvider,
  ModalProviderEvent,
  ModalState,
  NetworkSnapshot,
  ProviderRpcError,
  WalletConnectSnapshot,
  WalletInfo,
  WalletOption
} from "./Modal"
export { LOCALES, type LocaleTag } from "./messages/locales"
export * from "./presentation"
export * from "./schemas/index"
export type { GrantedPermissions, PermissionItem, PermissionsRequest } from "./schemas/PermissionsRequest"
export { View } from "./schemas/View"
export { LegalConsent, type LegalConsentState } from "./services/LegalConsent"
export { Locale, type LocaleState } from "./services/Locale"
export { ModalConfig } from "./services/ModalConfig"
export type { ModalEvent } from "./services/ModalEvents"
export { ModalRouter, type RouterState } from "./services/ModalRouter"
export { type Notice, Notifications } from "./services/Notifications"
export type { PayRequest, PayResult } from "./services/Pay"
export { Storage } from "./services/Storage"
export { Theme, type ThemeState } from "./services/Theme"
export type { TrackedStatus, TrackedTransaction } from "./services/TransactionWatcher"
