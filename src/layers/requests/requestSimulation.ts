/**
 * The simulation a previewed transaction shows: `eth_simulateV1` through the chain's ranked fallback, then
 * the symbol and decimals of each token it moves, all within 2 s (the preview never waits longer; a
 * network that does not answer in time reads "not simulated").
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { PreviewChange, PreviewSimulation } from "../../services/RpcRouter"
import {
  DECIMALS_CALL,
  decodeDecimals,
  decodeSymbol,
  type SimulatedTransaction,
  SYMBOL_CALL,
  simulatedChanges,
  simulationRequest
} from "./simulation"

const SIMULATION_TIMEOUT = "2 seconds"
/** Tokens whose symbol and decimals are read; the rest show in base units. */
const MAX_READ_TOKENS = 8

const NOT_SIMULATED: PreviewSimulation = { _tag: "NotSimulated" }

export const simulateTransactions = (
  fallback: FallbackTransport["Service"],
  network: CaipNetworkId,
  sender: string,
  transactions: ReadonlyArray<SimulatedTransaction>
): Effect.Effect<PreviewSimulation> => {
  const call = (to: string, data: string) =>
    fallback.request(network, { method: "eth_call", params: [{ to, data }, "latest"] }).pipe(Effect.option)
  const request = simulationRequest(transactions)
  return Effect.gen(function* () {
    const answer = yield* fallback.request(network, { method: request.method, params: [...request.params] })
    const simulation = simulatedChanges(answer, sender)
    if (Option.isNone(simulation)) return NOT_SIMULATED
    if (simulation.value._tag === "Reverted") return simulation.value
    const changes = yield* Effect.forEach(
      simulation.value.changes,
      ({ token, delta }, index): Effect.Effect<PreviewChange> =>
        token === "native" || index >= MAX_READ_TOKENS
          ? Effect.succeed({ token, delta, symbol: undefined, decimals: undefined })
          : Effect.map(
              Effect.all([call(token, SYMBOL_CALL), call(token, DECIMALS_CALL)], { concurrency: 2 }),
              ([symbol, decimals]) => ({
                token,
                delta,
                symbol: decodeSymbol(Option.getOrUndefined(symbol)),
                decimals: decodeDecimals(Option.getOrUndefined(decimals))
              })
            ),
      { concurrency: MAX_READ_TOKENS }
    )
    return { _tag: "Simulated", changes } as const
  }).pipe(
    Effect.timeoutOption(SIMULATION_TIMEOUT),
    Effect.map(Option.getOrElse(() => NOT_SIMULATED)),
    Effect.catch(() => Effect.succeed(NOT_SIMULATED))
  )
}
