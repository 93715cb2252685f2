import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as KeyValueStore from "@effect/platform/KeyValueStore"
import * as Layer from "effect/Layer"
import type { BalanceService } from "../services/BalanceService"
import type { Connection } from "../services/Connection"
import type { Connectors } from "../services/Connectors"
import type { FallbackTransport } from "../services/FallbackTransport"
import type { ModalConfig } from "../services/ModalConfig"
import type { ConnectedAccount, ModalRouter } from "../services/ModalRouter"
import type { Networks } from "../services/Networks"
import type { Notifications } from "../services/Notifications"
import type { Storage } from "../services/Storage"
import type { Theme } from "../services/Theme"
import { BalanceServiceLive } from "./BalanceServiceLive"
import { ConnectedAccountLive, ConnectionLive } from "./ConnectionLive"
import { ConnectorsLive } from "./ConnectorsLive"
import { FallbackTransportLive } from "./FallbackTransportLive"
import { ModalRouterLive } from "./ModalRouterLive"
import { NetworksLive } from "./NetworksLive"
import { NotificationsLive } from "./NotificationsLive"
import { SafeKeyValueStoreLive } from "./SafeKeyValueStoreLive"
import { StorageLive } from "./StorageLive"
import { ThemeLive } from "./ThemeLive"

/** What a host's override layer may build on: the validated options and the platform services. */
export type AirlockPlatform = ModalConfig | KeyValueStore.KeyValueStore | HttpClient.HttpClient

/** Every service the modal runs on. */
export type AirlockServices =
  | AirlockPlatform
  | Storage
  | Notifications
  | Theme
  | ModalRouter
  | FallbackTransport
  | Networks
  | Connectors
  | BalanceService
  | Connection
  | ConnectedAccount

/**
 * The live services, with `overrides` replacing any of them. Services come in tiers, each built against
 * the tiers below merged with the overrides, so a service a host swaps is the one every other service
 * uses, not only the one the UI sees. A layer value is built once however often it is provided.
 */
export const makeAirlockLayer = <ROut, E>(
  overrides: Layer.Layer<ROut, E, AirlockPlatform>
): Layer.Layer<Exclude<AirlockServices, ModalConfig> | ROut, E, ModalConfig> => {
  const platform = Layer.merge(SafeKeyValueStoreLive, FetchHttpClient.layer)
  const host = Layer.provide(overrides, platform)
  const core = Layer.mergeAll(
    StorageLive,
    NotificationsLive,
    ThemeLive,
    ModalRouterLive,
    FallbackTransportLive
  ).pipe(Layer.provide(Layer.merge(platform, host)))
  const below1 = Layer.mergeAll(platform, core, host)
  const chain = Layer.mergeAll(NetworksLive, ConnectorsLive, BalanceServiceLive).pipe(Layer.provide(below1))
  const below2 = Layer.mergeAll(below1, chain, host)
  const connection = ConnectionLive.pipe(Layer.provide(below2))
  const below3 = Layer.mergeAll(below2, connection, host)
  const account = ConnectedAccountLive.pipe(Layer.provide(below3))
  return Layer.mergeAll(below3, account, host)
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
