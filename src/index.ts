/**
 * Airlock: a wallet-connection modal for dapps.
 *
 * @since 0.1.0
 */
export {
  AsyncHostLayerError,
  CreateModalOnServerError,
  type CreateModalSettings,
  createModal,
  type Modal,
  type ModalState,
  type WalletConnectSnapshot
} from "./createModal"
export * from "./errors"
export type { AccountSnapshot, NetworkSnapshot, WalletInfo, WalletOption } from "./internal/snapshots"
export type { AirlockPlatform, AirlockServices } from "./layers/AirlockLive"
export * from "./presentation"
export * from "./schemas/index"
export { View } from "./schemas/View"
export { ModalConfig } from "./services/ModalConfig"
export type { ModalEvent } from "./services/ModalEvents"
export { ModalRouter, type RouterState } from "./services/ModalRouter"
export { type Notice, Notifications } from "./services/Notifications"
export { Storage } from "./services/Storage"
export { Theme, type ThemeState } from "./services/Theme"
export type { TrackedStatus, TrackedTransaction } from "./services/TransactionWatcher"
