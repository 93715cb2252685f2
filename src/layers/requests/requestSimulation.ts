/**
 * The simulation a previewed transaction shows: `eth_simulateV1` through the chain's ranked fallback, then
 * the symbol and decimals of each token it moves or calls (a transfer or an approval moves nothing of the
 * sender's yet its amount is in the token's units), all within 2 s (the preview never waits longer; a
 * network that does not answer in time reads "not simulated").
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { FallbackTransport } from "../../services/FallbackTransport"
import type { PreviewSimulation, TokenDenomination } from "../../services/RpcRouter"
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
/** ERC-20 `transfer`, `approve`, `transferFrom` and EIP-2612 `permit`: calls whose amount is the token's. */
const TOKEN_CALL = /^0x(a9059cbb|095ea7b3|23b872dd|d505accf)/i
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

const NOT_SIMULATED: PreviewSimulation = { _tag: "NotSimulated" }

/** The contracts the transactions call with a token call, lower case, in order. */
const calledTokens = (transactions: ReadonlyArray<SimulatedTransaction>): ReadonlyArray<`0x${string}`> =>
  transactions.flatMap(({ to, data }) =>
    to !== undefined && ADDRESS.test(to) && data !== undefined && TOKEN_CALL.test(data)
      ? [to.toLowerCase() as `0x${string}`]
      : []
  )

export const simulateTransactions = (
  fallback: FallbackTransport["Service"],
  network: CaipNetworkId,
  sender: string,
  transactions: ReadonlyArray<SimulatedTransaction>
): Effect.Effect<PreviewSimulation> => {
  const call = (to: string, data: string) =>
    fallback.request(network, { method: "eth_call", params: [{ to, data }, "latest"] }).pipe(Effect.option)
  const denominationOf = (token: `0x${string}`) =>
    Effect.map(
      Effect.all([call(token, SYMBOL_CALL), call(token, DECIMALS_CALL)], { concurrency: 2 }),
      ([symbol, decimals]) => ({
        token,
        symbol: decodeSymbol(Option.getOrUndefined(symbol)),
        decimals: decodeDecimals(Option.getOrUndefined(decimals))
      })
    )
  const request = simulationRequest(transactions)
  return Effect.gen(function* () {
    const answer = yield* fallback.request(network, { method: request.method, params: [...request.params] })
    const simulation = simulatedChanges(answer, sender)
    if (Option.isNone(simulation)) return NOT_SIMULATED
    if (simulation.value._tag === "Reverted") return simulation.value
    const moved = simulation.value.changes.flatMap(({ token }) => (token === "native" ? [] : [token]))
    const wanted = [...new Set([...moved, ...calledTokens(transactions)])].slice(0, MAX_READ_TOKENS)
    const read = yield* Effect.forEach(wanted, denominationOf, { concurrency: MAX_READ_TOKENS })
    const known = new Map(read.map((entry) => [entry.token, entry]))
    const changes = simulation.value.changes.map(({ token, delta }) => {
      const entry = token === "native" ? undefined : known.get(token)
      return { token, delta, symbol: entry?.symbol, decimals: entry?.decimals }
    })
    const tokens = read.flatMap(
      ({ token, symbol, decimals }): ReadonlyArray<TokenDenomination> =>
        symbol === undefined || decimals === undefined ? [] : [{ token, symbol, decimals }]
    )
    return { _tag: "Simulated", changes, tokens } as const
  }).pipe(
    Effect.timeoutOption(SIMULATION_TIMEOUT),
    Effect.map(Option.getOrElse(() => NOT_SIMULATED)),
    Effect.catch(() => Effect.succeed(NOT_SIMULATED))
  )
}
