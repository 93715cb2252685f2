/**
 * What showing a connected account needs of the lazy layer code, in one module so that a bundler makes one
 * chunk of it: the account's loads and the services they ask (balances over the chains' RPC, activity,
 * names), and the Blockchain API. Loaded through `connectStage` (see there); each part picks its module.
 */
export * as accountData from "../account/AccountData.lazy"
export * as balanceService from "../account/BalanceService.lazy"
export * as historyService from "../account/HistoryService.lazy"
export * as identityService from "../account/IdentityService.lazy"
export * as blockchainApi from "../provider/BlockchainApi.lazy"
export * as fallbackTransport from "../rpc/FallbackTransport.lazy"

/** What a connected account opens next loads by way of this stage: what it shares with it is here already. */
export const send = () => import("../flows/send/Send.lazy")
export const swap = () => import("../flows/swap/Swap.lazy")
export const onramp = () => import("../flows/onramp/Onramp.lazy")
export const names = () => import("../flows/names/Names.lazy")
export const pay = () => import("../flows/pay/Pay.lazy")
export const smartSessions = () => import("../sessions/SmartSessions.lazy")
