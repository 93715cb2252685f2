import * as Option from "effect/Option"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  NATIVE_TRANSFER_ADDRESS,
  simulatedChanges,
  transactionsOf
} from "../../src/layers/requests/simulation"

const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const me = "0x1111111111111111111111111111111111111111"
const you = "0x2222222222222222222222222222222222222222"
const token = "0x3333333333333333333333333333333333333333"
const topic = (address: string) => `0x${address.slice(2).padStart(64, "0")}`
const amount = (value: bigint) => `0x${value.toString(16).padStart(64, "0")}`
const transfer = (contract: string, from: string, to: string, value: bigint) => ({
  address: contract,
  topics: [TRANSFER, topic(from), topic(to)],
  data: amount(value)
})
const answer = (status: string, logs: ReadonlyArray<unknown>) => [{ calls: [{ status, logs }] }]

describe("simulatedChanges", () => {
  it("nets the sender's token and native transfers, leaves out NFTs and others' transfers", () => {
    const nft = { address: token, topics: [TRANSFER, topic(me), topic(you), topic("0x01")], data: "0x" }
    const logs = [
      transfer(token, me, you, 5n),
      transfer(NATIVE_TRANSFER_ADDRESS, me, you, 7n),
      transfer(token, you, me, 2n),
      transfer(token, you, "0x4444444444444444444444444444444444444444", 100n),
      nft
    ]
    expect(simulatedChanges(answer("0x1", logs), me)).toEqual(
      Option.some({
        _tag: "Simulated",
        changes: [
          { token, delta: -3n },
          { token: "native", delta: -7n }
        ]
      })
    )
    expect(simulatedChanges(answer("0x0", logs), me)).toEqual(
      Option.some({ _tag: "Reverted", call: 0, reason: undefined })
    )
  })

  it("names a batch's first failing call and its Error(string) reason; an unreadable reason is left out", () => {
    const text = Buffer.from("Pool: slippage").toString("hex")
    const reason = `0x08c379a0${amount(32n).slice(2)}${amount(14n).slice(2)}${text.padEnd(64, "0")}`
    const batch = (returnData: string) => [
      {
        calls: [
          { status: "0x1", logs: [] },
          { status: "0x0", logs: [], returnData },
          { status: "0x0", logs: [] }
        ]
      }
    ]
    expect(simulatedChanges(batch(reason), me)).toEqual(
      Option.some({ _tag: "Reverted", call: 1, reason: "Pool: slippage" })
    )
    const control = Buffer.from("a\u202eb").toString("hex")
    const hostile = `0x08c379a0${amount(32n).slice(2)}${amount(5n).slice(2)}${control.padEnd(64, "0")}`
    expect(simulatedChanges(batch(hostile), me)).toEqual(
      Option.some({ _tag: "Reverted", call: 1, reason: undefined })
    )
    expect(simulatedChanges(batch("0x"), me)).toEqual(
      Option.some({ _tag: "Reverted", call: 1, reason: undefined })
    )
  })

  it("never throws on what a node may answer, and reads nothing from answers of the wrong shape", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(() => simulatedChanges(value, me)).not.toThrow()
      }),
      { numRuns: 1000 }
    )
    expect(simulatedChanges(null, me)).toEqual(Option.none())
    expect(simulatedChanges([{ calls: [] }], me)).toEqual(Option.none())
    const flood = Array.from({ length: 600 }, () => transfer(token, me, you, 1n))
    expect(simulatedChanges(answer("0x1", flood), me)).toEqual(Option.none())
  })
})

describe("transactionsOf", () => {
  it("simulates the connected account sending, whatever `from` the dapp wrote", () => {
    const foreign = "0x9999999999999999999999999999999999999999"
    expect(
      transactionsOf("eth_sendTransaction", [{ from: foreign, to: you, value: "0x1", gas: "0x5208" }], me)
    ).toEqual([{ from: me, to: you, value: "0x1", data: undefined, gas: "0x5208" }])
    expect(
      transactionsOf("wallet_sendCalls", [{ from: foreign, calls: [{ to: token, data: "0x01" }] }], me)
    ).toEqual([{ from: me, to: token, value: undefined, data: "0x01", gas: undefined }])
  })
})
