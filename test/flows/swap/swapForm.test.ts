import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  getAmountOut,
  minimumReceived as poolMinimumReceived,
  quoteSwap
} from "../../../sandbox/chain/poolMath.mjs"
import {
  checkSwap,
  minimumReceived,
  NATIVE_TOKEN_ADDRESS,
  probeAmount,
  rateOf,
  SWAP_NETWORKS,
  slippageBps,
  swapFeeProblem,
  swapTokens
} from "../../../src/layers/flows/swap/swapForm"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { ConvertToken } from "../../../src/schemas/Convert"
import type { SwapToken } from "../../../src/services/Swap"

const CHAIN = "eip155:31337"
const SUSD = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
const SBX = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"

const listed: ReadonlyArray<ConvertToken> = [
  { name: "Sandbox Token", symbol: "SBX", address: `${CHAIN}:${SBX}`, decimals: 18 },
  { name: "Sandbox USD", symbol: "sUSD", address: `${CHAIN}:${SUSD}`, decimals: 6 },
  { name: "Ether", symbol: "ETH", address: `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`, decimals: 18 },
  { name: "Elsewhere", symbol: "ELS", address: `eip155:1:${SUSD}`, decimals: 6 }
]

const balance = (symbol: string, numeric: string, decimals: number, address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  ...(address === undefined ? {} : { address: `${CHAIN}:${address}` }),
  value: 0,
  price: symbol === "ETH" ? 3000 : 1,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: undefined
})

describe("swapTokens", () => {
  const tokens = swapTokens(listed, [balance("ETH", "2", 18), balance("sUSD", "100.5", 6, SUSD)], CHAIN)

  it("lists the chain's swappable tokens, native first, then the held ones, each with its balance", () => {
    expect(tokens.map((token) => [token.symbol, token.balance, token.native])).toEqual([
      ["ETH", 2n * 10n ** 18n, true],
      ["sUSD", 100_500_000n, false],
      ["SBX", 0n, false]
    ])
  })

  it("drops another chain's tokens and duplicates", () => {
    const twice = swapTokens([...listed, listed[0] as ConvertToken], [], CHAIN)
    expect(twice.map((token) => token.symbol)).toEqual(["ETH", "SBX", "sUSD"])
  })
})

describe("checkSwap", () => {
  const tokens = swapTokens(listed, [balance("sUSD", "100", 6, SUSD)], CHAIN)
  const sUSD = `${CHAIN}:${SUSD}`
  const sbx = `${CHAIN}:${SBX}`

  it("names what keeps the form from a quote", () => {
    for (const [form, problem] of [
      [{ from: sUSD, to: undefined, amount: "1" }, "no-target"],
      [{ from: sUSD, to: sUSD, amount: "1" }, "same-token"],
      [{ from: sUSD, to: sbx, amount: "100.0000001" }, "decimals"],
      [{ from: sUSD, to: sbx, amount: "101" }, "over-balance"]
    ] as const)
      expect(checkSwap(form, tokens), problem).toEqual({ ok: false, problem })
  })

  it("gives the amount in base units", () => {
    const checked = checkSwap({ from: sUSD, to: sbx, amount: "12.5" }, tokens)
    expect(checked.ok && checked.amount).toBe(12_500_000n)
  })
})

describe("the fee", () => {
  const eth: SwapToken = {
    caip: `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`,
    native: true,
    name: "Ether",
    symbol: "ETH",
    decimals: 18,
    balance: 10n,
    price: 3000,
    logoUri: undefined
  }
  it("comes out of the native coin's balance: with the amount when it is swapped, alone otherwise", () => {
    expect(swapFeeProblem(eth, 8n, 2n, 10n)).toBeUndefined()
    expect(swapFeeProblem(eth, 9n, 2n, 10n)).toBe("over-balance-with-fee")
    const token = { ...eth, native: false, balance: 100n }
    expect(swapFeeProblem(token, 100n, 2n, 2n)).toBeUndefined()
    expect(swapFeeProblem(token, 100n, 3n, 2n)).toBe("no-fee-balance")
  })
})

describe("slippage", () => {
  it("reads percentages from 0.01 to 50 with at most two decimals", () => {
    expect(slippageBps("1")).toBe(100)
    expect(slippageBps("0.5")).toBe(50)
    expect(slippageBps("0.01")).toBe(1)
    expect(slippageBps("50")).toBe(5000)
    for (const bad of ["0", "0.001", "51", "-1", "abc", "", "1e2", "1.234"])
      expect(slippageBps(bad)).toBeUndefined()
  })
})

describe("the figures a quote shows", () => {
  it("rate: how many of the target one whole input buys", () => {
    expect(rateOf(100_000_000n, 6, 398_000_000_000_000_000_000n, 18)).toBe("3.98")
    expect(rateOf(0n, 6, 1n, 18)).toBe("0")
  })

  it("a refused amount is probed with one whole token, or a thousandth of it when that was refused", () => {
    expect(probeAmount(1n, 18)).toBe(10n ** 18n)
    expect(probeAmount(10n ** 30n, 6)).toBe(10n ** 6n)
    expect(probeAmount(10n ** 6n, 6)).toBe(1000n)
    expect(probeAmount(100n, 2)).toBe(1n)
  })

  it("lists SPEC §9's 12 swap networks", () => {
    expect(SWAP_NETWORKS).toHaveLength(12)
    expect(new Set(SWAP_NETWORKS).size).toBe(12)
  })

  it("the minimum received agrees with the pool's, for 1 000 generated quotes against generated reserves", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 1, max: 5000 }),
        (amountIn, reserveIn, reserveOut, bps) => {
          const quote = quoteSwap({ amountIn, reserveIn, reserveOut, slippageBps: bps })
          const amountOut = getAmountOut(amountIn, reserveIn, reserveOut)
          expect(quote.amountOut).toBe(amountOut)
          // What the modal shows as the least received is the pool's own minOut for the quote.
          expect(minimumReceived(amountOut, bps)).toBe(poolMinimumReceived(amountOut, bps))
          expect(minimumReceived(amountOut, bps)).toBe(quote.minimumReceived)
          expect(minimumReceived(amountOut, bps) <= amountOut).toBe(true)
        }
      ),
      { numRuns: 1000 }
    )
  })
})
