/**
 * Every live layer and service tag, for hosts that swap one service or reuse ours.
 *
 * @since 0.1.0
 */

export { BalanceService } from "../services/BalanceService"
export { Connection } from "../services/Connection"
export { Connectors } from "../services/Connectors"
export { FallbackTransport, RankingConfig } from "../services/FallbackTransport"
export { ModalConfig } from "../services/ModalConfig"
export { ConnectedAccount, ModalRouter } from "../services/ModalRouter"
export { Networks } from "../services/Networks"
export { Notifications } from "../services/Notifications"
export { Storage } from "../services/Storage"
export { Theme } from "../services/Theme"
export { AirlockLive, type AirlockPlatform, type AirlockServices, makeAirlockLayer } from "./AirlockLive"
export { BalanceServiceLive, makeBalanceService } from "./BalanceServiceLive"
export { ConnectedAccountLive, ConnectionLive, makeConnection } from "./ConnectionLive"
export { ConnectorsLive, makeConnectors } from "./ConnectorsLive"
export { toEip1193Request } from "./eip1193Request"
export {
  FallbackTransportLive,
  makeFallbackTransport,
  makeRankedFallback,
  rpcUrlsFor
} from "./FallbackTransportLive"
export { makeHttpRpcTransport } from "./HttpRpcTransport"
export { ModalRouterLive, makeModalRouter } from "./ModalRouterLive"
export { makeNetworks, NetworksLive } from "./NetworksLive"
export { makeNotifications, NotificationsLive } from "./NotificationsLive"
export { makeSafeKeyValueStore, SafeKeyValueStoreLive, type StorageArea } from "./SafeKeyValueStoreLive"
export { makeStorage, StorageLive } from "./StorageLive"
export { makeTheme, ThemeLive } from "./ThemeLive"
export { toViemTransport } from "./viemTransport"
