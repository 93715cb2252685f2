/**
 * What showing a connected account needs of the lazy layer code, in one module so that a bundler makes one
 * chunk of it: the account's loads and the services they ask (balances over the chains' RPC, activity,
 * names), the Blockchain API, and following a sent transaction to its end. Loaded through `connectStage`
 * (see there); each part picks its module.
 */
export * as accountData from "../account/AccountData.lazy"
export * as balanceService from "../account/BalanceService.lazy"
export * as historyService from "../account/HistoryService.lazy"
export * as identityService from "../account/IdentityService.lazy"
export * as blockchainApi from "../provider/BlockchainApi.lazy"
export * as transactionWatcher from "../requests/TransactionWatcher.lazy"
export * as fallbackTransport from "../rpc/FallbackTransport.lazy"

/**
 * What a connected account opens next, and what the Connect view starts besides a browser wallet, loads by
 * way of this stage (prefetched while the Connect view is open): what it shares with it is here already.
 */
export const send = () => import("../flows/send/Send.lazy")
export const swap = () => import("../flows/swap/Swap.lazy")
export const onramp = () => import("../flows/onramp/Onramp.lazy")
export const names = () => import("../flows/names/Names.lazy")
export const pay = () => import("../flows/pay/Pay.lazy")
export const smartSessions = () => import("../sessions/SmartSessions.lazy")
export const signIn = () => import("../signin/SignIn.lazy")
export const authConnector = () => import("../embedded/AuthConnector.lazy")
export const rpcRouter = () => import("../requests/RpcRouter.lazy")
