import * as Arr from "effect/Array"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  type RankedFallback,
  RankingConfig,
  type RankingOptions,
  type Sample,
  type TransportScore
} from "../../services/FallbackTransport"
import type { RpcError, RpcRequest, RpcTransportShape } from "../../services/RpcTransport"

/**
 * Transports ranked by stability and latency, as viem's `fallback({ rank: true })`. Each chain's fallback
 * is built over them by `chainFallbacks.ts`, in the chunk a chain's first use loads.
 */

// ---------------------------------------------------------------------------------------------------------
// Scoring (pure)
// ---------------------------------------------------------------------------------------------------------

/** One transport's pings over the window, oldest first. */
export interface TransportSamples {
  readonly name: string
  readonly samples: ReadonlyArray<Sample>
}

const clamp01 = (value: number): number => (Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value)))

/** A negative or non-finite latency (a clock step, a bad sample) counts as 0 rather than poisoning the mean. */
const cleanLatency = (latency: number): number => (Number.isFinite(latency) && latency > 0 ? latency : 0)

const cleanWeight = (weight: number): number => (Number.isFinite(weight) && weight > 0 ? weight : 0)

/**
 * viem's ranking score, per transport: `latencyScore = 1 − mean / max` (max over every sample of every
 * transport), `stability` = success ratio, `score = latencyWeight·latencyScore + stabilityWeight·stability`,
 * and 0 when nothing succeeded. Unlike viem it never yields NaN: when every latency is 0 (always so under
 * TestClock) the latency score is 1. Weights are divided by their sum so the score stays in [0, 1]
 * (with the default 0.7 + 0.3 this changes nothing). A transport without samples scores 0.
 */
export const scoreTransports = (
  transports: ReadonlyArray<TransportSamples>,
  config: Pick<RankingOptions, "stabilityWeight" | "latencyWeight">
): Array<TransportScore> => {
  let maxLatency = 0
  for (const { samples } of transports) {
    for (const sample of samples) maxLatency = Math.max(maxLatency, cleanLatency(sample.latency))
  }
  const rawLatencyWeight = cleanWeight(config.latencyWeight)
  const rawStabilityWeight = cleanWeight(config.stabilityWeight)
  // Huge weights would overflow the sum to Infinity (and the score to NaN): scale them down first.
  const scale = Number.isFinite(rawLatencyWeight + rawStabilityWeight)
    ? 1
    : Math.max(rawLatencyWeight, rawStabilityWeight)
  const latencyWeight = rawLatencyWeight / scale
  const stabilityWeight = rawStabilityWeight / scale
  const totalWeight = latencyWeight + stabilityWeight
  return transports.map(({ name, samples }) => {
    const count = samples.length
    if (count === 0) return { name, score: 0, stability: 0, latency: 0, samples: 0 }
    let latency = 0
    let successes = 0
    for (const sample of samples) {
      // Divided before summing: the mean never exceeds the largest sample, so it cannot overflow.
      latency += cleanLatency(sample.latency) / count
      if (sample.success) successes += 1
    }
    const stability = successes / count
    const latencyScore = maxLatency > 0 ? clamp01(1 - latency / maxLatency) : 1
    const weighted =
      totalWeight > 0 ? (latencyWeight * latencyScore + stabilityWeight * stability) / totalWeight : 0
    return { name, score: stability === 0 ? 0 : clamp01(weighted), stability, latency, samples: count }
  })
}

/** Highest score first; equal scores keep their configured order. */
export const rankTransports = <A extends { readonly score: number }>(scored: ReadonlyArray<A>): Array<A> =>
  scored
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.score - a.item.score || a.index - b.index)
    .map(({ item }) => item)

/** EIP-1193 4001, EIP-1474 −32003, WalletConnect 7000 and CAIP 5000: asking another node changes nothing. */
const RETHROW_CODES: ReadonlySet<number> = new Set([4001, -32003, 7000, 5000])

/**
 * Errors the next transport would only repeat (a rejection, a revert): rethrown at once, as viem does.
 */
export const shouldRethrow = (error: RpcError): boolean =>
  error._tag === "RpcResponseError" &&
  (RETHROW_CODES.has(error.code) || /execution reverted/i.test(error.message))

// ---------------------------------------------------------------------------------------------------------
// One chain's ranked fallback
// ---------------------------------------------------------------------------------------------------------

const withOverrides = (
  base: RankingOptions,
  overrides: Partial<RankingOptions> | undefined
): RankingOptions => ({
  stabilityWeight: overrides?.stabilityWeight ?? base.stabilityWeight,
  latencyWeight: overrides?.latencyWeight ?? base.latencyWeight,
  sampleCount: overrides?.sampleCount ?? base.sampleCount,
  interval: overrides?.interval ?? base.interval,
  pingTimeout: overrides?.pingTimeout ?? base.pingTimeout,
  ping: overrides?.ping ?? base.ping,
  namespacePings: overrides?.namespacePings ?? base.namespacePings
})

const tryInOrder = (
  transports: Arr.NonEmptyReadonlyArray<RpcTransportShape>,
  request: RpcRequest
): Effect.Effect<unknown, RpcError> => {
  const [first, ...rest] = transports
  return first
    .request(request)
    .pipe(
      Effect.catch((error) =>
        Arr.isReadonlyArrayNonEmpty(rest) && !shouldRethrow(error)
          ? tryInOrder(rest, request)
          : Effect.fail(error)
      )
    )
}

const ping = (transport: RpcTransportShape, options: RankingOptions): Effect.Effect<Sample> =>
  Effect.gen(function* () {
    const start = yield* Clock.currentTimeMillis
    const exit = yield* transport.request(options.ping).pipe(Effect.timeout(options.pingTimeout), Effect.exit)
    const end = yield* Clock.currentTimeMillis
    return { latency: end - start, success: Exit.isSuccess(exit) }
  })

/**
 * Several transports for one chain, in the style of viem's `fallback({ rank: true })`. Requests try the
 * transports in ranked order and move on after a failure, except for {@link shouldRethrow} errors and the
 * last transport's. With more than one transport, a fiber in the scope pings all of them every `interval`
 * (the first round at once), keeps the last `sampleCount` rounds and re-ranks; it stops with the scope.
 * `config` overrides the `RankingConfig` in context.
 *
 * @since 0.1.0
 * @category constructors
 */
export const makeRankedFallback = (
  transports: Arr.NonEmptyReadonlyArray<RpcTransportShape>,
  config?: Partial<RankingOptions>
): Effect.Effect<RankedFallback, never, Scope.Scope> =>
  Effect.gen(function* () {
    const options = withOverrides(yield* RankingConfig, config)
    const sampleCount = Number.isFinite(options.sampleCount)
      ? Math.max(1, Math.floor(options.sampleCount))
      : 1
    const unranked = scoreTransports(
      transports.map((transport) => ({ name: transport.name, samples: [] })),
      options
    )
    const ranking = yield* SubscriptionRef.make<ReadonlyArray<TransportScore>>(unranked)
    const order = yield* Ref.make(transports)

    const request = (req: RpcRequest): Effect.Effect<unknown, RpcError> =>
      Effect.flatMap(Ref.get(order), (current) => tryInOrder(current, req))

    if (transports.length > 1) {
      const window = yield* Ref.make(Arr.map(transports, (): ReadonlyArray<Sample> => []))
      const round = Effect.gen(function* () {
        const samples = yield* Effect.forEach(transports, (transport) => ping(transport, options), {
          concurrency: "unbounded"
        })
        const kept = yield* Ref.updateAndGet(window, (previous) =>
          Arr.zipWith(previous, samples, (history, sample) => [...history, sample].slice(-sampleCount))
        )
        const scores = scoreTransports(
          Arr.zipWith(transports, kept, (transport, history) => ({ name: transport.name, samples: history })),
          options
        )
        const ranked = rankTransports(
          Arr.zipWith(transports, scores, (transport, entry) => ({ transport, entry, score: entry.score }))
        )
        const reordered = ranked.map(({ transport }) => transport)
        if (Arr.isReadonlyArrayNonEmpty(reordered)) yield* Ref.set(order, reordered)
        yield* SubscriptionRef.set(
          ranking,
          ranked.map(({ entry }) => entry)
        )
      })
      // `fixed` keeps the cadence when a round waits for a ping timeout.
      yield* round.pipe(Effect.repeat(Schedule.fixed(options.interval)), Effect.forkScoped)
    }

    return { request, ranking }
  })
