import * as Layer from "effect/Layer"
import type { AirlockPlatform } from "../../Modal"
import type { AccountData } from "../../services/AccountData"
import type { Analytics } from "../../services/Analytics"
import type { AuthConnector } from "../../services/AuthConnector"
import type { BalanceService } from "../../services/BalanceService"
import type { BlockchainApi } from "../../services/BlockchainApi"
import type { Connection } from "../../services/Connection"
import type { Connectors } from "../../services/Connectors"
import type { EmailLogin } from "../../services/EmailLogin"
import type { EmbeddedWalletBridge } from "../../services/EmbeddedWalletBridge"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { HistoryService } from "../../services/HistoryService"
import type { IdentityService } from "../../services/IdentityService"
import type { LegalConsent } from "../../services/LegalConsent"
import type { Locale } from "../../services/Locale"
import type { ModalConfig } from "../../services/ModalConfig"
import type { ModalEvents } from "../../services/ModalEvents"
import type { ModalFlow } from "../../services/ModalFlow"
import type { ModalRouter } from "../../services/ModalRouter"
import type { Names } from "../../services/Names"
import type { Networks } from "../../services/Networks"
import type { Notifications } from "../../services/Notifications"
import type { Onramp } from "../../services/Onramp"
import type { OriginGuard } from "../../services/OriginGuard"
import type { Pay } from "../../services/Pay"
import type { ProviderApi } from "../../services/ProviderApi"
import type { RpcRouter } from "../../services/RpcRouter"
import type { Send } from "../../services/Send"
import type { SignIn } from "../../services/SignIn"
import type { Siwx } from "../../services/Siwx"
import type { SmartSessions } from "../../services/SmartSessions"
import type { Storage } from "../../services/Storage"
import type { Swap } from "../../services/Swap"
import type { Theme } from "../../services/Theme"
import type { TransactionWatcher } from "../../services/TransactionWatcher"
import type { WalletCatalog } from "../../services/WalletCatalog"
import type { WalletConnect } from "../../services/WalletConnect"
import type { WalletConnectClient } from "../../services/WalletConnectClient"
import { AccountDataLive } from "../account/AccountDataLive"
import { BalanceServiceLive } from "../account/BalanceServiceLive"
import { HistoryServiceLive } from "../account/HistoryServiceLive"
import { IdentityServiceLive } from "../account/IdentityServiceLive"
import { ConnectionLive } from "../connection/ConnectionLive"
import { AuthConnectorLive } from "../embedded/AuthConnectorLive"
import { EmailLoginLive } from "../embedded/EmailLoginLive"
import { EmbeddedWalletBridgeLive } from "../embedded/EmbeddedWalletBridgeLive"
import { ModalFlowLive } from "../flow/ModalFlowLive"
import { NamesLive } from "../flows/names/NamesLive"
import { OnrampLive } from "../flows/onramp/OnrampLive"
import { PayLive } from "../flows/pay/PayLive"
import { SendLive } from "../flows/send/SendLive"
import { SwapLive } from "../flows/swap/SwapLive"
import { LegalConsentLive } from "../legal/LegalConsentLive"
import { LocaleLive } from "../locale/LocaleLive"
import { ModalEventsLive } from "../modal/ModalEventsLive"
import { ModalRouterLive } from "../modal/ModalRouterLive"
import { NotificationsLive } from "../modal/NotificationsLive"
import { ThemeLive } from "../modal/ThemeLive"
import { NetworksLive } from "../networks/NetworksLive"
import { SafeKeyValueStoreLive } from "../platform/SafeKeyValueStoreLive"
import { StorageLive } from "../platform/StorageLive"
import { AnalyticsLive } from "../provider/AnalyticsLive"
import { BlockchainApiLive } from "../provider/BlockchainApiLive"
import { OriginGuardLive } from "../provider/OriginGuardLive"
import { ProviderApiLive } from "../provider/ProviderApiLive"
import { RpcRouterLive } from "../requests/RpcRouterLive"
import { TransactionWatcherLive } from "../requests/TransactionWatcherLive"
import { FallbackTransportLive } from "../rpc/FallbackTransportLive"
import { SmartSessionsLive } from "../sessions/SmartSessionsLive"
import { SignInLive } from "../signin/SignInLive"
import { SiwxLive } from "../signin/SiwxLive"
import { WalletConnectClientLive } from "../walletconnect/WalletConnectClientLive"
import { WalletConnectLive } from "../walletconnect/WalletConnectLive"
import { ConnectorsLive } from "../wallets/ConnectorsLive"
import { WalletCatalogLive } from "../wallets/WalletCatalogLive"

export type { AirlockPlatform } from "../../Modal"

/** Every service the modal runs on. */
export type AirlockServices =
  | AirlockPlatform
  | Storage
  | LegalConsent
  | Notifications
  | Theme
  | Locale
  | ModalRouter
  | ModalEvents
  | FallbackTransport
  | ProviderApi
  | BlockchainApi
  | Networks
  | Connectors
  | BalanceService
  | HistoryService
  | IdentityService
  | AccountData
  | Analytics
  | OriginGuard
  | Siwx
  | SignIn
  | Send
  | Swap
  | Onramp
  | Names
  | Pay
  | SmartSessions
  | Connection
  | WalletCatalog
  | WalletConnectClient
  | WalletConnect
  | EmbeddedWalletBridge
  | EmailLogin
  | AuthConnector
  | TransactionWatcher
  | RpcRouter
  | ModalFlow

/**
 * The live services, with `overrides` replacing any of them. Services come in tiers, each built against
 * the tiers below merged with the overrides, so a service a host swaps is the one every other service
 * uses, not only the one the UI sees. A layer value is built once however often it is provided.
 */
export const makeAirlockLayer = <ROut, E>(
  overrides: Layer.Layer<ROut, E, AirlockPlatform>
): Layer.Layer<Exclude<AirlockServices, ModalConfig> | ROut, E, ModalConfig> => {
  const platform = SafeKeyValueStoreLive
  const host = Layer.provide(overrides, platform)
  const on = <A, E1, R, B, E2>(tier: Layer.Layer<A, E1, R>, below: Layer.Layer<B, E2, ModalConfig>) =>
    Layer.mergeAll(below, Layer.provide(tier, below), host)

  // Notifications words an error in the modal's language: Locale (which needs only ModalConfig) is below it.
  const language = on(LocaleLive, Layer.merge(platform, host))
  const core = on(
    Layer.mergeAll(
      StorageLive,
      NotificationsLive,
      ThemeLive,
      ModalRouterLive,
      ModalEventsLive,
      ProviderApiLive,
      BlockchainApiLive
    ),
    language
  )
  // FallbackTransport asks BlockchainApi which chains the provider's RPC serves: a tier above it, so a
  // host's BlockchainApi is the one asked.
  // LegalConsent remembers the visitor's agreement in Storage, a tier below.
  const rpc = on(Layer.merge(FallbackTransportLive, LegalConsentLive), core)
  const chain = on(
    Layer.mergeAll(
      NetworksLive,
      ConnectorsLive,
      BalanceServiceLive,
      HistoryServiceLive,
      IdentityServiceLive,
      AnalyticsLive,
      OriginGuardLive,
      TransactionWatcherLive,
      SiwxLive,
      // It reports WalletConnect Verify's verdict through Notifications, a tier below.
      WalletConnectClientLive
    ),
    rpc
  )
  const frame = on(EmbeddedWalletBridgeLive, chain)
  const login = on(EmailLoginLive, frame)
  const sessions = on(Layer.merge(WalletConnectLive, AuthConnectorLive), login)
  const wallets = on(Layer.merge(ConnectionLive, WalletCatalogLive), sessions)
  const requests = on(RpcRouterLive, wallets)
  const account = on(Layer.merge(AccountDataLive, SignInLive), requests)
  const send = on(
    Layer.mergeAll(SendLive, SwapLive, OnrampLive, NamesLive, PayLive, SmartSessionsLive),
    account
  )
  return on(ModalFlowLive, send)
}

/**
 * Every live service; needs only `ModalConfig`.
 *
 * @since 0.1.0
 * @category layers
 */
export const AirlockLive: Layer.Layer<
  Exclude<AirlockServices, ModalConfig>,
  never,
  ModalConfig
> = makeAirlockLayer(Layer.empty)
