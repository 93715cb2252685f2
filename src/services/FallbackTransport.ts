import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { RpcError, RpcRequest, RpcTransportError } from "./RpcTransport"

/** No RPC of this network is configured: asking again cannot change that. */
export class ChainNotConfiguredError extends Data.TaggedError("ChainNotConfiguredError")<{
  readonly chainId?: string | number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Chain not configured."
}

/**
 * How transports are ranked (SPEC.md §7, the same numbers as viem's `fallback({ rank: true })`).
 *
 * @since 0.1.0
 * @category models
 */
export interface RankingOptions {
  readonly stabilityWeight: number
  readonly latencyWeight: number
  /** Ping rounds kept in the sliding window. */
  readonly sampleCount: number
  /** Time between the starts of two ping rounds. */
  readonly interval: Duration.Duration
  /** A ping slower than this counts as a failure with this latency. */
  readonly pingTimeout: Duration.Duration
  /** The ping of a chain whose namespace has none in `namespacePings` (EVM: `net_listening`). */
  readonly ping: RpcRequest
  /** Pings by chain namespace, for nodes that lack `ping`'s method. */
  readonly namespacePings: Readonly<Record<string, RpcRequest>>
}

/**
 * The ranking settings, with SPEC.md §7's defaults: stability 0.7, latency 0.3, 10 samples, a round every
 * 4000 ms, 1000 ms ping timeout, pinging with `net_listening`, except Solana nodes: they have no
 * `net_listening`, so they are pinged with `getHealth` (a healthy node answers "ok", an unhealthy one an
 * error).
 *
 * @since 0.1.0
 * @category tags
 */
export const RankingConfig = Context.Reference<RankingOptions>("@airlock/RankingConfig", {
  defaultValue: () => ({
    stabilityWeight: 0.7,
    latencyWeight: 0.3,
    sampleCount: 10,
    interval: Duration.millis(4000),
    pingTimeout: Duration.millis(1000),
    ping: { method: "net_listening" },
    namespacePings: { solana: { method: "getHealth" } }
  })
})

/**
 * One ping: how long it took (ms, by `Clock`) and whether it succeeded.
 *
 * @since 0.1.0
 * @category models
 */
export interface Sample {
  readonly latency: number
  readonly success: boolean
}

/**
 * A transport's standing over the current window.
 *
 * @since 0.1.0
 * @category models
 */
export interface TransportScore {
  readonly name: string
  /** In [0, 1]; 0 when no ping in the window succeeded. */
  readonly score: number
  /** Ratio of successful pings, in [0, 1]. */
  readonly stability: number
  /** Mean ping latency in ms. */
  readonly latency: number
  /** Pings in the window. */
  readonly samples: number
}

/**
 * Several transports for one chain, tried in ranked order.
 *
 * @since 0.1.0
 * @category models
 */
export interface RankedFallback {
  readonly request: (request: RpcRequest) => Effect.Effect<unknown, RpcError>
  /** Highest score first; the order `request` tries them in. */
  readonly ranking: SubscriptionRef.SubscriptionRef<ReadonlyArray<TransportScore>>
}

/**
 * @since 0.1.0
 * @category models
 */
export interface FallbackTransportShape {
  /** Sends a read request to a configured chain through its ranked transports. */
  readonly request: (
    network: CaipNetworkId,
    request: RpcRequest
  ) => Effect.Effect<unknown, RpcError | ChainNotConfiguredError>
  /**
   * The chain's live ranking (starts its transports if none was used yet; fails with `RpcTransportError`
   * when their code could not be loaded).
   */
  readonly ranking: (
    network: CaipNetworkId
  ) => Effect.Effect<
    SubscriptionRef.SubscriptionRef<ReadonlyArray<TransportScore>>,
    ChainNotConfiguredError | RpcTransportError
  >
}

/**
 * Chain RPC (JSON-RPC 2.0: EVM and Solana) for every configured network: custom URLs, then the provider's
 * RPC when `BlockchainApi`'s supported chains list the network, then the chain's own, ranked by stability
 * and latency (SPEC.md §7, FACTS §1.6).
 *
 * @since 0.1.0
 * @category tags
 */
export class FallbackTransport extends Context.Service<FallbackTransport, FallbackTransportShape>()(
  "@airlock/FallbackTransport"
) {}
