/**
 * What showing the Connect view and connecting need of the lazy layer code, in one module so that a
 * bundler makes one chunk of it: the wallet catalog (its listings' rules, the explorer API, the origin
 * check). The modal's idle prefetch loads it with the Connect view's own code; each part
 * below picks its module out of it. The account's parts are one step further (`accountStage`), loaded from
 * here so that what both use stays in this chunk.
 */
export * as originGuard from "../provider/OriginGuard.lazy"
export * as providerApi from "../provider/ProviderApi.lazy"
export * as catalogListings from "../wallets/catalogListings"

/** The account's parts, the next stage: prefetched while the visitor picks a wallet. */
export const accountStage = () => import("./accountStage")

/**
 * The embedded wallet's parts (the email code, social logins, the frame) and WalletConnect's pairing, which
 * the Connect view starts:
 * loaded by way of this stage, so that what they share with it (email rules, API fields, the frame's
 * errors) is in this chunk, not in small shared ones.
 */
export const emailLogin = () => import("../embedded/EmailLogin.lazy")
export const authConnector = () => import("../embedded/AuthConnector.lazy")
export const embeddedWalletBridge = () => import("../embedded/EmbeddedWalletBridge.lazy")

/** WalletConnect's pairing (its SDK stays a chunk of its own): its wallet-link rules are in this chunk. */
export const walletConnect = () => import("../walletconnect/WalletConnect.lazy")

/** The request path, used once connected: its HTTP (`HttpFetch`, `fetchExchange`) is in this chunk. */
export const rpcRouter = () => import("../requests/RpcRouter.lazy")
