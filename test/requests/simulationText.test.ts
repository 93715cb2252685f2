import { describe, expect, it } from "vitest"
import { decodeDecimals, decodeSymbol, transactionsOf } from "../../src/layers/requests/simulation"
import { simulationChanges, simulationLines } from "../../src/layers/requests/simulationText"
import { approveWords } from "../../src/messages/compiled/en/approve"

const native = { symbol: "ETH", decimals: 18 }
const token = "0x3333333333333333333333333333333333333333"
const word = (value: bigint) => value.toString(16).padStart(64, "0")
const abiString = (text: string) => {
  const hex = Buffer.from(text, "utf8").toString("hex")
  return `0x${word(32n)}${word(BigInt(hex.length / 2))}${hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, "0")}`
}

describe("simulationChanges", () => {
  it("reads each change in its token's units (the native coin's for the native coin), or why there is none", () => {
    expect(
      simulationChanges(
        {
          _tag: "Simulated",
          changes: [
            { token, delta: -12_500_000n, symbol: "sUSD", decimals: 6 },
            { token: "native", delta: 10n ** 16n, symbol: undefined, decimals: undefined },
            { token, delta: -5n, symbol: undefined, decimals: 6 }
          ]
        },
        native
      )
    ).toEqual([
      { _tag: "Change", delta: -12_500_000n, decimals: 6, symbol: "sUSD" },
      { _tag: "Change", delta: 10n ** 16n, decimals: 18, symbol: "ETH" },
      { _tag: "Units", delta: -5n, token }
    ])
    expect(simulationChanges({ _tag: "Simulated", changes: [] }, native)).toEqual([{ _tag: "NoChange" }])
    expect(simulationChanges({ _tag: "Reverted" }, native)).toEqual([{ _tag: "Reverted" }])
  })
})

describe("simulationLines", () => {
  it("says each change with its sign, symbol and decimals, or why there is none (here in English)", () => {
    expect(
      simulationLines(
        {
          _tag: "Simulated",
          changes: [
            { token, delta: -12_500_000n, symbol: "sUSD", decimals: 6 },
            { token: "native", delta: 10n ** 16n, symbol: undefined, decimals: undefined },
            { token, delta: -5n, symbol: undefined, decimals: 6 }
          ]
        },
        native,
        approveWords,
        "en-US"
      )
    ).toEqual(["-12.5 sUSD", "+0.01 ETH", `-5 units of ${token}`])
    expect(simulationLines({ _tag: "Simulated", changes: [] }, native, approveWords, "en-US")).toEqual([
      "No change"
    ])
    expect(simulationLines({ _tag: "Reverted" }, native, approveWords, "en-US")).toEqual([
      "The transaction would fail"
    ])
    expect(simulationLines({ _tag: "NotSimulated" }, native, approveWords, "en-US")).toEqual([
      "Not simulated: the network did not answer"
    ])
    expect(simulationLines({ _tag: "Simulating" }, native, approveWords, "en-US")).toEqual(["Simulating…"])
  })
})

describe("a token's symbol and decimals as the chain answers them", () => {
  it("reads ABI strings and bytes32 symbols, refusing controls, direction marks and oversize text", () => {
    expect(decodeSymbol(abiString("sUSD"))).toBe("sUSD")
    expect(decodeSymbol(`0x${Buffer.from("MKR").toString("hex").padEnd(64, "0")}`)).toBe("MKR")
    expect(decodeSymbol(abiString("US\u202eDT"))).toBeUndefined()
    expect(decodeSymbol(abiString("A".repeat(17)))).toBeUndefined()
    expect(decodeSymbol(abiString(" sUSD"))).toBeUndefined()
    expect(decodeSymbol("0x")).toBeUndefined()
    expect(decodeSymbol(42)).toBeUndefined()
    expect(decodeSymbol(`0x${word(64n)}${word(4n)}${word(0n)}`)).toBeUndefined()
  })

  it("reads decimals up to 255 only", () => {
    expect(decodeDecimals(`0x${word(6n)}`)).toBe(6)
    expect(decodeDecimals(`0x${word(256n)}`)).toBeUndefined()
    expect(decodeDecimals("0x06")).toBeUndefined()
  })
})

describe("transactionsOf", () => {
  const me = "0x1111111111111111111111111111111111111111"
  it("reads a transaction or a batch, and nothing from a signature or an oversize batch", () => {
    expect(
      transactionsOf("eth_sendTransaction", [{ to: token, value: "0x1", data: "0xab", gas: "0x5208" }], me)
    ).toEqual([{ from: me, to: token, value: "0x1", data: "0xab", gas: "0x5208" }])
    const calls = [
      { to: token, data: "0x01" },
      { to: me, value: "0x2" }
    ]
    expect(transactionsOf("wallet_sendCalls", [{ version: "2.0.0", calls }], me)).toEqual([
      { from: me, to: token, value: undefined, data: "0x01", gas: undefined },
      { from: me, to: me, value: "0x2", data: undefined, gas: undefined }
    ])
    expect(transactionsOf("personal_sign", ["0x68", me], me)).toBeUndefined()
    expect(
      transactionsOf("wallet_sendCalls", [{ calls: Array.from({ length: 11 }, () => calls[0]) }], me)
    ).toBeUndefined()
    expect(transactionsOf("eth_sendTransaction", "nonsense", me)).toBeUndefined()
  })
})
