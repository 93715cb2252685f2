/**
 * A previewed transaction's simulated balance changes, for ApproveTransaction, Send and Swap: one line per
 * token (the view words `-12.5 sUSD`, `+0.01 ETH`), or why there are none. Symbols were read from the
 * chain and cleaned (`decodeSymbol`); amounts keep 4 decimals (`formatToken`, in the view's locale); a
 * token whose symbol or decimals could not be read shows in base units of its address.
 */
import type { PreviewSimulation } from "../../services/RpcRouter"
import type { SimulationLine } from "./requestValues"
import { type ApproveWords, simulationLineText } from "./requestWords"

export type { SimulationLine } from "./requestValues"

export interface NativeCoin {
  readonly symbol: string
  readonly decimals: number
}

export const simulationChanges = (
  simulation: PreviewSimulation,
  native: NativeCoin
): ReadonlyArray<SimulationLine> => {
  switch (simulation._tag) {
    case "Simulating":
    case "NotSimulated":
    case "Reverted":
      return [{ _tag: simulation._tag }]
    case "Simulated":
      if (simulation.changes.length === 0) return [{ _tag: "NoChange" }]
      return simulation.changes.map(({ token, delta, symbol, decimals }): SimulationLine => {
        if (token === "native")
          return { _tag: "Change", delta, decimals: native.decimals, symbol: native.symbol }
        return symbol === undefined || decimals === undefined
          ? { _tag: "Units", delta, token }
          : { _tag: "Change", delta, decimals, symbol }
      })
  }
}

/**
 * The simulation's lines in words: English unless a view passes its `approve` messages and locale (Send
 * and Swap call it without them until they word it from their catalog).
 */
export const simulationLines = (
  simulation: PreviewSimulation,
  native: NativeCoin,
  words: ApproveWords,
  locale: string
): ReadonlyArray<string> =>
  simulationChanges(simulation, native).map((line) => simulationLineText(words, line, locale))
