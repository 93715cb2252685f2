/**
 * The account stage, loaded by way of the connect stage: a bundler then keeps what both use in the
 * connect chunk (already there whenever the account chunk loads) instead of splitting it into small
 * shared chunks, and connecting fetches one more chunk, not a dozen.
 */
export const accountStage = () => import("./connectStage").then((stage) => stage.accountStage())

/** The parts the Connect view starts (embedded wallet, WalletConnect), loaded by way of the connect stage. */
export const connectStage = () => import("./connectStage")
