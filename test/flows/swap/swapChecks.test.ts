/**
 * The rules a swap's built transactions pass before the wallet sees them (`swapChecks.ts`, issue 28): the
 * swap from the account on the quoted network with the right value; the approval on the sold token for the
 * swap's contract, re-written to exactly the amount in; and the simulated balance changes against the quote.
 */
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { encodeFunctionData, erc20Abi, maxUint256 } from "viem"
import { describe, expect, it } from "vitest"
import {
  checkApproval,
  checkSimulation,
  checkSwapTransaction
} from "../../../src/layers/flows/swap/swapChecks"
import type { Simulation } from "../../../src/layers/requests/simulation"
import type { ConvertTransaction } from "../../../src/schemas/Convert"
import type { SwapQuote, SwapToken } from "../../../src/services/Swap"
import { ALICE, BOB } from "../../kit/accounts"
import { SBX_ADDRESS, SUSD_ADDRESS } from "../../kit/networks"
import { CHAIN, ETH, ROUTER_ADDRESS, SBX, SUSD, USER } from "./swapWorld"

const sender = { chainId: CHAIN, address: ALICE }
const token = (caip: string, symbol: string, decimals: number): SwapToken => ({
  caip,
  native: caip === ETH,
  name: symbol,
  symbol,
  decimals,
  balance: 10n ** 24n,
  price: 1,
  logoUri: undefined
})
const eth = token(ETH, "ETH", 18)
const sUsd = token(SUSD, "sUSD", 6)
const sbx = token(SBX, "SBX", 18)
const quoteOf = (from: SwapToken, to: SwapToken): SwapQuote => ({
  from,
  to,
  fromAmount: 50_000_000n,
  toAmount: 1_000n,
  minimumReceived: 990n,
  rate: "1",
  gasPrice: 1n
})
const tokenSale = quoteOf(sUsd, sbx)
const etherSale = quoteOf(eth, sbx)

const built = (overrides: Partial<ConvertTransaction> = {}): ConvertTransaction => ({
  from: USER,
  to: `${CHAIN}:${ROUTER_ADDRESS}`,
  data: "0x7ff36ab5",
  value: "0",
  eip155: { gas: "150000", gasPrice: "1" },
  ...overrides
})
const approveData = (spender: `0x${string}`, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] })
const builtApproval = (overrides: Partial<ConvertTransaction> = {}) =>
  built({ to: SUSD, data: approveData(ROUTER_ADDRESS, maxUint256), ...overrides })

const refusal = <A>(result: Result.Result<A, string>) =>
  Result.isFailure(result) ? result.failure : "passed"

describe("checkSwapTransaction", () => {
  it("a token sale from the account with no value: the wallet's transaction, the API's data and gas", () => {
    expect(Result.getOrThrow(checkSwapTransaction(built(), sender, tokenSale))).toEqual({
      from: ALICE,
      to: ROUTER_ADDRESS,
      data: "0x7ff36ab5",
      value: "0x0",
      gas: "0x249f0"
    })
  })

  it("a native sale carries exactly the amount in", () => {
    const swap = checkSwapTransaction(built({ value: "50000000" }), sender, etherSale)
    expect(Result.getOrThrow(swap).value).toBe("0x2faf080")
    for (const value of ["0", "49999999", "50000001"])
      expect(refusal(checkSwapTransaction(built({ value }), sender, etherSale))).toBe("unsafe-swap")
  })

  it("is refused from another account or network, to the account itself, or with value on a token sale", () => {
    const refused = [
      built({ from: `${CHAIN}:${BOB}` }),
      built({ from: `eip155:1:${ALICE}` }),
      built({ to: `eip155:1:${ROUTER_ADDRESS}` }),
      built({ to: `${CHAIN}:${ALICE.toLowerCase()}` }),
      built({ to: `${CHAIN}:0x1234` }),
      built({ value: "1" })
    ]
    for (const swap of refused)
      expect(refusal(checkSwapTransaction(swap, sender, tokenSale))).toBe("unsafe-swap")
  })

  it("reads addresses whatever their case", () => {
    const swap = built({ from: `${CHAIN}:${ALICE.toLowerCase()}` })
    expect(refusal(checkSwapTransaction(swap, sender, tokenSale))).toBe("passed")
  })
})

describe("checkApproval", () => {
  const swap = Result.getOrThrow(checkSwapTransaction(built(), sender, tokenSale))

  it("the API's approval for the swap's contract is sent as exactly what the visitor chose: the amount in by default", () => {
    expect(Result.getOrThrow(checkApproval(builtApproval(), swap, sender, tokenSale, "exact"))).toEqual({
      from: ALICE,
      to: SUSD_ADDRESS,
      data: approveData(ROUTER_ADDRESS, 50_000_000n),
      value: "0x0",
      gas: "0x249f0"
    })
    // An API that builds a bounded approval gets the unlimited one only when the visitor chose it.
    const bounded = builtApproval({ data: approveData(ROUTER_ADDRESS, 1n) })
    expect(Result.getOrThrow(checkApproval(bounded, swap, sender, tokenSale, "unlimited")).data).toBe(
      approveData(ROUTER_ADDRESS, maxUint256)
    )
    expect(Result.getOrThrow(checkApproval(bounded, swap, sender, tokenSale, "exact")).data).toBe(
      approveData(ROUTER_ADDRESS, 50_000_000n)
    )
  })

  it("is refused for another spender, another token, with value, from another account, or as another call", () => {
    const refused = [
      builtApproval({ data: approveData(BOB, maxUint256) }),
      builtApproval({ data: approveData(BOB, 50_000_000n) }),
      builtApproval({ to: SBX }),
      builtApproval({ to: `eip155:1:${SUSD_ADDRESS}` }),
      builtApproval({ value: "1" }),
      builtApproval({ from: `${CHAIN}:${BOB}` }),
      builtApproval({
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [ROUTER_ADDRESS, 1n] })
      }),
      // approve with bytes after its arguments: not the plain call it claims to be.
      builtApproval({ data: `${approveData(ROUTER_ADDRESS, 1n)}00` }),
      builtApproval({ data: "0x095ea7b3" })
    ]
    for (const approval of refused)
      for (const choice of ["exact", "unlimited"] as const)
        expect(refusal(checkApproval(approval, swap, sender, tokenSale, choice))).toBe("unsafe-approval")
  })

  it("a native sale needs none: any approval is refused", () => {
    expect(refusal(checkApproval(builtApproval(), swap, sender, etherSale, "exact"))).toBe("unsafe-approval")
  })
})

describe("checkSimulation", () => {
  const sUsdKey = SUSD_ADDRESS.toLowerCase() as `0x${string}`
  const sbxKey = SBX_ADDRESS.toLowerCase() as `0x${string}`
  const simulated = (changes: ReadonlyArray<{ token: "native" | `0x${string}`; delta: bigint }>) =>
    Option.some<Simulation>({ _tag: "Simulated", changes })

  it("exactly the amount in out and at least the minimum in: the changes, named", () => {
    const changes = checkSimulation(
      simulated([
        { token: sUsdKey, delta: -50_000_000n },
        { token: sbxKey, delta: 990n }
      ]),
      tokenSale
    )
    expect(Result.getOrThrow(changes)).toEqual([
      { token: sUsdKey, delta: -50_000_000n, symbol: "sUSD", decimals: 6 },
      { token: sbxKey, delta: 990n, symbol: "SBX", decimals: 18 }
    ])
  })

  it("a native sale's coin is `native`", () => {
    const changes = checkSimulation(
      simulated([
        { token: "native", delta: -50_000_000n },
        { token: sbxKey, delta: 1_000n }
      ]),
      etherSale
    )
    expect(Result.getOrThrow(changes)[0]).toEqual({
      token: "native",
      delta: -50_000_000n,
      symbol: "ETH",
      decimals: 18
    })
  })

  it("anything else moving, more or less going out, or nothing coming in: unsafe-swap", () => {
    const cases = [
      // The value went to someone else: nothing bought.
      [{ token: "native", delta: -50_000_000n }],
      [
        { token: sUsdKey, delta: -50_000_001n },
        { token: sbxKey, delta: 1_000n }
      ],
      [
        { token: sUsdKey, delta: -49_999_999n },
        { token: sbxKey, delta: 1_000n }
      ],
      [
        { token: sUsdKey, delta: -50_000_000n },
        { token: sbxKey, delta: 1_000n },
        { token: "native", delta: -1n }
      ],
      [{ token: sbxKey, delta: 1_000n }],
      []
    ] as const
    for (const changes of cases)
      expect(refusal(checkSimulation(simulated(changes), tokenSale)), JSON.stringify(changes, String)).toBe(
        "unsafe-swap"
      )
  })

  it("less than the minimum: below-minimum; a revert: would-revert; no simulation: unverified", () => {
    const short = simulated([
      { token: sUsdKey, delta: -50_000_000n },
      { token: sbxKey, delta: 989n }
    ])
    expect(refusal(checkSimulation(short, tokenSale))).toBe("below-minimum")
    expect(refusal(checkSimulation(Option.some({ _tag: "Reverted" }), tokenSale))).toBe("would-revert")
    expect(refusal(checkSimulation(Option.none(), tokenSale))).toBe("unverified")
  })
})
