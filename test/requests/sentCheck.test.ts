import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import {
  chainIdOf,
  decodeTransactionResponse,
  mismatchedFields,
  sentRequestOf
} from "../../src/layers/requests/sentCheck"
import { ALICE, BOB } from "../kit/accounts"

const HASH = `0x${"12".repeat(32)}`

describe("sentRequestOf", () => {
  it("reads what a send asks for, from the connected account; absent value and data are 0 and 0x", () => {
    expect(sentRequestOf([{ from: ALICE, to: BOB, value: "0x10", data: "0xAB" }], ALICE)).toEqual(
      Result.succeed({ from: ALICE, to: BOB, value: 16n, data: "0xab" })
    )
    expect(sentRequestOf([{ to: BOB, input: "0x01" }], ALICE)).toEqual(
      Result.succeed({ from: ALICE, to: BOB, value: 0n, data: "0x01" })
    )
    expect(sentRequestOf([{ data: "0x6000" }], ALICE)).toEqual(
      Result.succeed({ from: ALICE, to: null, value: 0n, data: "0x6000" })
    )
  })

  it("refuses what cannot be checked: an unreadable receiver, value or data, or data and input that differ", () => {
    for (const params of [
      undefined,
      [],
      [{ to: "0x01" }],
      [{ to: BOB, value: "100" }],
      [{ to: BOB, value: `0x${"f".repeat(65)}` }],
      [{ to: BOB, data: "ab" }],
      [{ to: BOB, data: "0x01", input: "0x02" }]
    ])
      expect(Result.isFailure(sentRequestOf(params, ALICE))).toBe(true)
  })
})

describe("mismatchedFields", () => {
  const sent = { from: ALICE, to: BOB, value: 5n, data: "0xab" }
  const onChain = {
    hash: HASH,
    from: ALICE.toLowerCase(),
    to: BOB.toLowerCase(),
    value: "0x5",
    input: "0xAB"
  }
  it("none for the transaction sent, in any case, with or without a stated chain", () => {
    expect(mismatchedFields(sent, 31337n, onChain)).toEqual([])
    expect(mismatchedFields(sent, 31337n, { ...onChain, chainId: "0x7a69" })).toEqual([])
  })
  it("each field that differs", () => {
    expect(
      mismatchedFields(sent, 31337n, {
        hash: HASH,
        from: BOB,
        to: ALICE,
        value: "0x6",
        input: "0x",
        chainId: "0x1"
      })
    ).toEqual(["from", "to", "value", "data", "chain"])
    expect(mismatchedFields(sent, 31337n, { ...onChain, to: null })).toEqual(["to"])
    expect(mismatchedFields({ ...sent, to: null }, 31337n, { ...onChain, to: undefined })).toEqual([])
  })
})

describe("decodeTransactionResponse and chainIdOf", () => {
  it("decodes a node's answer, null, and refuses malformed or oversized ones", () => {
    expect(decodeTransactionResponse(null)).toEqual(Result.succeed(null))
    const answer = { hash: HASH, from: ALICE, to: null, value: "0x0", input: "0x", nonce: "0x1" }
    expect(Result.isSuccess(decodeTransactionResponse(answer))).toBe(true)
    expect(Result.isFailure(decodeTransactionResponse({ ...answer, from: "0x01" }))).toBe(true)
    expect(
      Result.isFailure(decodeTransactionResponse({ ...answer, input: `0x${"00".repeat(200_000)}` }))
    ).toBe(true)
    expect(Result.isFailure(decodeTransactionResponse("0xabc"))).toBe(true)
  })
  it("reads an eip155 network's chain", () => {
    expect(chainIdOf("eip155:31337")).toBe(31337n)
    expect(chainIdOf("solana:localnet")).toBeUndefined()
  })
})
