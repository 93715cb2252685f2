import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { CaipNetwork } from "../schemas/Network"
import type { CaipNetworkId, ChainNamespace } from "../schemas/Primitives"

/** A configured network, or one the wallet or storage named that the host did not configure. */
export type ActiveNetwork =
  | { readonly _tag: "Known"; readonly network: CaipNetwork }
  | {
      readonly _tag: "Unknown"
      readonly caipNetworkId: CaipNetworkId
      readonly chainNamespace: ChainNamespace
      readonly name: "Unknown Network"
    }

export interface NetworksState {
  readonly activeNamespace: ChainNamespace
  readonly active: Readonly<Partial<Record<ChainNamespace, ActiveNetwork>>>
}

export interface NetworksShape {
  /** The host's networks, in its order. */
  readonly networks: ReadonlyArray<CaipNetwork>
  readonly state: SubscriptionRef.SubscriptionRef<NetworksState>
  readonly find: (caipNetworkId: string) => Option.Option<CaipNetwork>
  /** Makes a network active in its namespace and remembers it; an unconfigured id becomes Unknown. */
  readonly setActive: (caipNetworkId: CaipNetworkId) => Effect.Effect<ActiveNetwork>
  readonly setActiveNamespace: (namespace: ChainNamespace) => Effect.Effect<void>
}

/**
 * The configured CAIP networks and the active one per namespace, persisted (SPEC.md §4).
 *
 * @since 0.1.0
 * @category tags
 */
export class Networks extends Context.Service<Networks, NetworksShape>()("@airlock/Networks") {}
