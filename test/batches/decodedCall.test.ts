/**
 * Issue 34: a batch's call to a contract whose ABI the dapp gave reads as its function and arguments; an
 * ABI that does not decode is refused before anything is shown; a call no function matches stays raw.
 */
import * as Result from "effect/Result"
import { encodeFunctionData, parseAbi } from "viem"
import { describe, expect, it } from "vitest"
import { decodedCall } from "../../src/react/modal/views/batches/BatchReview"
import { ContractAbi, functionsOf } from "../../src/schemas/ContractAbi"
import { decodeUnknownResult } from "../../src/schemas/decode"

const abi = parseAbi([
  "function swapExactTokensForTokens(address tokenIn, uint256 amountIn, uint256 minOut, address to, uint256 deadline) returns (uint256)",
  "event Swap(address indexed sender, uint256 amountIn)"
])
const decode = decodeUnknownResult(ContractAbi, "abi option")
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3"

describe("decodedCall", () => {
  it("names the function and each argument", () => {
    const functions = functionsOf(Result.getOrThrow(decode(abi)))
    const data = encodeFunctionData({
      abi,
      functionName: "swapExactTokensForTokens",
      args: [token, 100_000_000n, 95n, token, 1_700_000_000n]
    })
    expect(decodedCall(functions, data)).toBe(
      `swapExactTokensForTokens(tokenIn: ${token}, amountIn: 100000000, minOut: 95, to: ${token}, deadline: 1700000000)`
    )
    // An approval is no function of this ABI: the review shows it otherwise.
    expect(decodedCall(functions, "0x095ea7b3")).toBeUndefined()
    expect(decodedCall(functions, undefined)).toBeUndefined()
  })

  it("refuses an ABI that is not one (a hostile page's), and bounds its size", () => {
    expect(Result.isFailure(decode([{ type: "function", name: "x()", inputs: [] }]))).toBe(true)
    expect(
      Result.isFailure(decode([{ type: "function", name: "f", inputs: [{ type: "uint256; drop" }] }]))
    ).toBe(true)
    expect(Result.isFailure(decode(Array.from({ length: 300 }, () => ({ type: "event" }))))).toBe(true)
    expect(Result.isFailure(decode("not an abi"))).toBe(true)
  })
})
