/**
 * Every live layer and service tag, for hosts that swap one service or reuse ours.
 *
 * @since 0.1.0
 */

export { AccountData } from "../services/AccountData"
export { Analytics } from "../services/Analytics"
export { BalanceService } from "../services/BalanceService"
export { BlockchainApi } from "../services/BlockchainApi"
export { Connection } from "../services/Connection"
export { Connectors } from "../services/Connectors"
export { FallbackTransport, RankingConfig } from "../services/FallbackTransport"
export { HistoryService } from "../services/HistoryService"
export { IdentityService } from "../services/IdentityService"
export { ModalConfig } from "../services/ModalConfig"
export { ModalEvents } from "../services/ModalEvents"
export { ModalFlow } from "../services/ModalFlow"
export { ModalRouter } from "../services/ModalRouter"
export { Networks } from "../services/Networks"
export { Notifications } from "../services/Notifications"
export { OriginGuard } from "../services/OriginGuard"
export { ProviderApi } from "../services/ProviderApi"
export { RpcRouter } from "../services/RpcRouter"
export { Siwx } from "../services/Siwx"
export { Storage } from "../services/Storage"
export { Theme } from "../services/Theme"
export { TransactionWatcher } from "../services/TransactionWatcher"
export { WalletCatalog } from "../services/WalletCatalog"
export { WalletConnect } from "../services/WalletConnect"
export { WalletConnectClient } from "../services/WalletConnectClient"
export { AccountDataLive, makeAccountData } from "./account/AccountDataLive"
export { makeBalanceService } from "./account/BalanceService.lazy"
export { BalanceServiceLive } from "./account/BalanceServiceLive"
export { makeHistoryService } from "./account/HistoryService.lazy"
export { HistoryServiceLive } from "./account/HistoryServiceLive"
export { makeIdentityService } from "./account/IdentityService.lazy"
export { IdentityServiceLive } from "./account/IdentityServiceLive"
export { ConnectionLive, makeConnection } from "./connection/ConnectionLive"
export { ModalFlowLive, makeModalFlow } from "./flow/ModalFlowLive"
export { LocaleCatalogs, LocaleLive, makeLocale } from "./locale/LocaleLive"
export { ModalEventsLive, makeModalEvents } from "./modal/ModalEventsLive"
export { ModalRouterLive, makeModalRouter } from "./modal/ModalRouterLive"
export { makeNotifications, NotificationsLive } from "./modal/NotificationsLive"
export { makeTheme, ThemeLive } from "./modal/ThemeLive"
export { makeNetworks, NetworksLive } from "./networks/NetworksLive"
export { BrowserHttpLive } from "./platform/BrowserHttpLive"
export {
  makeSafeKeyValueStore,
  SafeKeyValueStoreLive,
  type StorageArea
} from "./platform/SafeKeyValueStoreLive"
export { makeStorage, StorageLive } from "./platform/StorageLive"
export { AnalyticsLive, makeAnalytics } from "./provider/AnalyticsLive"
export { makeBlockchainApi } from "./provider/BlockchainApi.lazy"
export { BlockchainApiLive } from "./provider/BlockchainApiLive"
export { isOriginAllowed, makeOriginGuard } from "./provider/OriginGuard.lazy"
export { OriginGuardLive } from "./provider/OriginGuardLive"
export { makeProviderApi, ProviderApiLive } from "./provider/ProviderApiLive"
export { makeRpcRouter, RpcRouterLive } from "./requests/RpcRouterLive"
export { makeTransactionWatcher, TransactionWatcherLive } from "./requests/TransactionWatcherLive"
export { toEip1193Request } from "./rpc/eip1193Request"
export { FallbackTransportLive, makeFallbackTransport } from "./rpc/FallbackTransportLive"
export { makeHttpRpcTransport } from "./rpc/httpRpcTransport"
export { makeRankedFallback } from "./rpc/rankedFallback"
export { rpcUrlsFor } from "./rpc/rpcUrls"
export { toViemTransport } from "./rpc/viemTransport"
export {
  AirlockLive,
  type AirlockPlatform,
  type AirlockServices,
  makeAirlockLayer
} from "./runtime/AirlockLive"
export { SiwxLive } from "./signin/SiwxLive"
export { makeWalletConnectClient, WalletConnectClientLive } from "./walletconnect/WalletConnectClientLive"
export { makeWalletConnect, WalletConnectLive } from "./walletconnect/WalletConnectLive"
export { ConnectorsLive, makeConnectors } from "./wallets/ConnectorsLive"
export { makeWalletCatalog, WalletCatalogLive } from "./wallets/WalletCatalogLive"
