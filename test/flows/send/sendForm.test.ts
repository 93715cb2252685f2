import fc from "fast-check"
import { decodeFunctionData, erc20Abi, parseUnits } from "viem"
import { describe, expect, it } from "vitest"
import {
  checkAmount,
  checkReceiver,
  feeProblem,
  reserveProblem,
  sendableTokens,
  sendTransaction,
  toBaseUnits
} from "../../../src/layers/flows/send/sendForm"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { SendableToken } from "../../../src/services/Send"
import { BOB as receiver } from "../../kit/accounts"
import { SUSD_ADDRESS, USDC_MINT } from "../../kit/networks"

const native: SendableToken = {
  key: "native",
  name: "Ether",
  symbol: "ETH",
  decimals: 18,
  balance: parseUnits("1", 18),
  price: 3000
}
const usd: SendableToken = {
  key: SUSD_ADDRESS,
  name: "Sandbox USD",
  symbol: "sUSD",
  decimals: 6,
  balance: parseUnits("100", 6),
  price: 1
}

const balance = (overrides: Partial<TokenBalance>): TokenBalance =>
  ({
    name: "Sandbox USD",
    symbol: "sUSD",
    chainId: "eip155:31337",
    value: 1,
    price: 1,
    quantity: { decimals: "6", numeric: "11082.5" },
    iconUrl: undefined,
    ...overrides
  }) as TokenBalance

describe("the Send form's rules", () => {
  it("amounts: decimal strings within the token's decimals and the balance", () => {
    expect(checkAmount("12.5", usd)).toEqual({ ok: true, amount: 12_500_000n })
    expect(checkAmount(" ", usd)).toEqual({ ok: false, problem: "empty" })
    expect(checkAmount("1e3", usd)).toEqual({ ok: false, problem: "format" })
    expect(checkAmount("-1", usd)).toEqual({ ok: false, problem: "format" })
    expect(checkAmount("0.0000001", usd)).toEqual({ ok: false, problem: "decimals" })
    expect(checkAmount("0", usd)).toEqual({ ok: false, problem: "zero" })
    expect(checkAmount("100.000001", usd)).toEqual({ ok: false, problem: "over-balance" })
    expect(checkAmount("100", usd)).toEqual({ ok: true, amount: 100_000_000n })
    expect(checkAmount("1", native)).toEqual({ ok: true, amount: parseUnits("1", 18) })
  })

  it("the fee: from what is left of the native coin, or from the native balance when a token is sent", () => {
    expect(feeProblem(native, parseUnits("0.5", 18), parseUnits("0.5", 18), native)).toBeUndefined()
    expect(feeProblem(native, parseUnits("0.5", 18), parseUnits("0.5", 18) + 1n, native)).toBe(
      "over-balance-with-fee"
    )
    expect(feeProblem(usd, 1n, parseUnits("1", 18), native)).toBeUndefined()
    expect(feeProblem(usd, 1n, parseUnits("1", 18) + 1n, native)).toBe("no-fee-balance")
    expect(feeProblem(usd, 1n, 1n, undefined)).toBe("no-fee-balance")
  })

  it("toBaseUnits agrees with viem's parseUnits wherever it answers", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 24 }),
        (raw, decimals) => {
          const text = `${raw / 10n ** BigInt(decimals)}${decimals === 0 ? "" : `.${(raw % 10n ** BigInt(decimals)).toString().padStart(decimals, "0")}`}`
          expect(toBaseUnits(text, decimals)).toBe(parseUnits(text, decimals))
        }
      ),
      { numRuns: 500 }
    )
  })

  it("receivers: 40 hex characters, and a valid checksum when mixed case", () => {
    expect(checkReceiver(receiver)).toEqual({ ok: true, address: receiver })
    expect(checkReceiver(receiver.toLowerCase())).toEqual({ ok: true, address: receiver })
    expect(checkReceiver(receiver.replace("C5", "c5"))).toEqual({ ok: false, problem: "checksum" })
    expect(checkReceiver("0x1234")).toEqual({ ok: false, problem: "format" })
    expect(checkReceiver("")).toEqual({ ok: false, problem: "empty" })
  })

  it("the account's tokens on the chain: native first, CAIP-10 contracts read, dust beyond the decimals dropped", () => {
    const tokens = sendableTokens(
      [
        balance({ address: `eip155:31337:${usd.key.toLowerCase()}` }),
        balance({
          name: "Ether",
          symbol: "ETH",
          address: undefined,
          quantity: { decimals: "18", numeric: "2.5" }
        }),
        balance({ chainId: "eip155:1", address: usd.key }),
        balance({ address: "eip155:31337:0xnot-an-address" }),
        balance({ address: usd.key, quantity: { decimals: "6", numeric: "1.1234567" } })
      ],
      "eip155:31337"
    )
    expect(tokens.map((t) => [t.key, t.balance])).toEqual([
      ["native", parseUnits("2.5", 18)],
      [usd.key, parseUnits("11082.5", 6)],
      [usd.key, 1_123_456n]
    ])
  })

  it("reserve: what the send leaves is nothing or at least the reserve, never in between", () => {
    const sol: SendableToken = { ...native, symbol: "SOL", decimals: 9, balance: 1_000_000n }
    expect(reserveProblem(sol, 1_000_000n, 890_880n)).toBeUndefined()
    expect(reserveProblem(sol, 109_120n, 890_880n)).toBeUndefined()
    expect(reserveProblem(sol, 109_121n, 890_880n)).toBe("below-reserve")
    expect(reserveProblem(sol, 999_999n, 890_880n)).toBe("below-reserve")
    expect(reserveProblem(undefined, 5_000n, 890_880n)).toBeUndefined()
  })

  it("on Solana: SOL first, SPL mints by CAIP-10 id or plain (case kept), anything else dropped", () => {
    const cluster = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const mint = USDC_MINT
    const tokens = sendableTokens(
      [
        balance({
          chainId: cluster,
          address: `${cluster}:${mint}`,
          quantity: { decimals: "6", numeric: "3.5" }
        }),
        balance({ chainId: cluster, address: mint, quantity: { decimals: "6", numeric: "1" } }),
        balance({
          chainId: cluster,
          name: "Solana",
          symbol: "SOL",
          address: undefined,
          quantity: { decimals: "9", numeric: "0.000000001" }
        }),
        // An EVM contract, or no base58 at all, is no mint.
        balance({ chainId: cluster, address: usd.key }),
        balance({ chainId: cluster, address: `${cluster}:0OIl` })
      ],
      cluster
    )
    expect(tokens.map((t) => [t.key, t.balance])).toEqual([
      ["native", 1n],
      [mint, 3_500_000n],
      [mint, 1_000_000n]
    ])
  })

  it("transactions: a native transfer, or the token's transfer to the receiver", () => {
    expect(sendTransaction("0xfrom", native, receiver, 10n)).toEqual({
      from: "0xfrom",
      to: receiver,
      value: "0xa"
    })
    const token = sendTransaction("0xfrom", usd, receiver, 12_500_000n)
    expect(token.to).toBe(usd.key)
    expect(decodeFunctionData({ abi: erc20Abi, data: token.data! })).toMatchObject({
      functionName: "transfer",
      args: [receiver, 12_500_000n]
    })
  })
})
