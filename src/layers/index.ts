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
export { Storage } from "../services/Storage"
export { Theme } from "../services/Theme"
export { TransactionWatcher } from "../services/TransactionWatcher"
export { WalletCatalog } from "../services/WalletCatalog"
export { WalletConnect } from "../services/WalletConnect"
export { WalletConnectClient } from "../services/WalletConnectClient"
export {
  AirlockLive,
  type AirlockPlatform,
  type AirlockServices,
  BrowserHttpLive,
  makeAirlockLayer
} from "./AirlockLive"
export { AccountDataLive, makeAccountData } from "./AccountDataLive"
export { AnalyticsLive, makeAnalytics } from "./AnalyticsLive"
export { BalanceServiceLive, makeBalanceService } from "./BalanceServiceLive"
export { BlockchainApiLive, makeBlockchainApi } from "./BlockchainApiLive"
export { ConnectionLive, makeConnection } from "./ConnectionLive"
export { ConnectorsLive, makeConnectors } from "./ConnectorsLive"
export { toEip1193Request } from "./eip1193Request"
export {
  FallbackTransportLive,
  makeFallbackTransport,
  makeRankedFallback,
  rpcUrlsFor
} from "./FallbackTransportLive"
export { HistoryServiceLive, makeHistoryService } from "./HistoryServiceLive"
export { makeHttpRpcTransport } from "./HttpRpcTransport"
export { IdentityServiceLive, makeIdentityService } from "./IdentityServiceLive"
export { ModalEventsLive, makeModalEvents } from "./ModalEventsLive"
export { ModalFlowLive, makeModalFlow } from "./ModalFlowLive"
export { ModalRouterLive, makeModalRouter } from "./ModalRouterLive"
export { makeNetworks, NetworksLive } from "./NetworksLive"
export { makeNotifications, NotificationsLive } from "./NotificationsLive"
export { isOriginAllowed, makeOriginGuard, OriginGuardLive } from "./OriginGuardLive"
export { makeProviderApi, ProviderApiLive } from "./ProviderApiLive"
export { makeRpcRouter, RpcRouterLive } from "./RpcRouterLive"
export { makeSafeKeyValueStore, SafeKeyValueStoreLive, type StorageArea } from "./SafeKeyValueStoreLive"
export { makeStorage, StorageLive } from "./StorageLive"
export { makeTheme, ThemeLive } from "./ThemeLive"
export { makeTransactionWatcher, TransactionWatcherLive } from "./TransactionWatcherLive"
export { toViemTransport } from "./viemTransport"
export { makeWalletCatalog, WalletCatalogLive } from "./WalletCatalogLive"
export { makeWalletConnectClient, WalletConnectClientLive } from "./WalletConnectClientLive"
export { makeWalletConnect, WalletConnectLive } from "./WalletConnectLive"
