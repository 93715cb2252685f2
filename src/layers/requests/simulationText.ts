/**
 * A previewed transaction's simulated balance changes in words, for ApproveTransaction: one line per token
 * (`-12.5 sUSD`, `+0.01 ETH`), or why there are none. Symbols were read from the chain and cleaned
 * (`decodeSymbol`); amounts keep 4 decimals (`formatToken`); a token whose symbol or decimals could not be
 * read shows in base units of its address.
 */
import type { PreviewSimulation } from "../../services/RpcRouter"
import { formatToken } from "../format/format"

export interface NativeCoin {
  readonly symbol: string
  readonly decimals: number
}

export const simulationLines = (simulation: PreviewSimulation, native: NativeCoin): ReadonlyArray<string> => {
  switch (simulation._tag) {
    case "Simulating":
      return ["Simulating…"]
    case "NotSimulated":
      return ["Not simulated: the network did not answer"]
    case "Reverted":
      return ["The transaction would fail"]
    case "Simulated":
      if (simulation.changes.length === 0) return ["No change"]
      return simulation.changes.map(({ token, delta, symbol, decimals }) => {
        const sign = delta > 0n ? "+" : ""
        if (token === "native") return `${sign}${formatToken(delta, native.decimals)} ${native.symbol}`
        return symbol === undefined || decimals === undefined
          ? `${sign}${delta} units of ${token}`
          : `${sign}${formatToken(delta, decimals)} ${symbol}`
      })
  }
}
