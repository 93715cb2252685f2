/**
 * The modal's interface up to a connected account, in one module so that a bundler makes one chunk of it:
 * the dialog, the Connect view and its stylesheet, and the lazy layer code that showing the wallets needs
 * (`layers/runtime/connectStage`, which the services also load on their own: one chunk, shared). Out of the first paint: `modalStage` fetches it when
 * the page is idle, or sooner when a visitor comes near a connect button or the modal opens.
 */
export * as layerStage from "../../../layers/runtime/connectStage"
// Used by views this chunk loads (login, account, WalletConnect): kept here, where they are already loaded,
// instead of in small shared chunks of their own.
export * as actionIcons from "../ui/actionIcons"
export * as failure from "./failure"
export { ModalApp } from "./ModalApp"
export { modalCss } from "./styles"
