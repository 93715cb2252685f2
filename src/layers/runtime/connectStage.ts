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
 * The embedded wallet's parts that the Connect view starts (the email code, the frame) and WalletConnect's
 * pairing: loaded by way of this stage, so that what they share with it (email rules, API fields, the
 * frame's errors) is in this chunk, not in small shared ones. The embedded wallet's connector and its
 * social logins come by way of the account stage, which the open Connect view has prefetched.
 */
export const emailLogin = () => import("../embedded/EmailLogin.lazy")
export const embeddedWalletBridge = () => import("../embedded/EmbeddedWalletBridge.lazy")

/** WalletConnect's pairing (its SDK stays a chunk of its own): its wallet-link rules are in this chunk. */
export const walletConnect = () => import("../walletconnect/WalletConnect.lazy")
