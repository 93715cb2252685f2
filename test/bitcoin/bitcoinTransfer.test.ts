import * as Result from "effect/Result"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { estimateVsize, previewTransaction, unsignedTxid } from "../../src/layers/requests/bitcoinPsbt"
import { DUST, decodeAddress } from "../../src/layers/requests/bitcoinScripts"
import { buildTransfer, feeRateOf } from "../../src/layers/requests/bitcoinTransfer"
import { ALICE_BTC, CAROL_BTC, paymentScript, regtest, txidOf, utxo } from "./bitcoinWorld"

const from = ALICE_BTC.payment.address
const recipient = CAROL_BTC.payment.address
const build = (amount: bigint, utxos: ReadonlyArray<ReturnType<typeof utxo>>, feeRate = 2, to = recipient) =>
  buildTransfer({ network: regtest, from, recipient: to, amount, utxos, feeRate })

const failureOf = (result: ReturnType<typeof build>) =>
  Result.isFailure(result) ? result.failure.failure : undefined

describe("feeRateOf", () => {
  it("takes the 6-block target, else the nearest slower one, never below 1 sat/vB", () => {
    expect(feeRateOf({ "1": 20, "6": 7.5, "144": 2 })).toBe(7.5)
    expect(feeRateOf({ "2": 20, "10": 4 })).toBe(4)
    expect(feeRateOf({ "2": 20, "3": 9 })).toBe(9)
    expect(feeRateOf({ "6": 0.2 })).toBe(1)
    expect(feeRateOf({})).toBe(1)
  })
})

describe("buildTransfer", () => {
  it("pays the amount, returns the change to the payment address, and the fee is rate × vsize", () => {
    const built = build(100_000n, [utxo(1, 30_000), utxo(2, 500_000), utxo(3, 80_000)])
    if (Result.isFailure(built)) throw built.failure
    const { tx, fee, change, vsize } = built.success
    // Largest first: one coin is enough.
    expect(built.success.inputs.map((u) => u.txid)).toEqual([txidOf(2)])
    expect(vsize).toBe(estimateVsize(["p2wpkh"], [paymentScript(CAROL_BTC), paymentScript(ALICE_BTC)]))
    expect(fee).toBe(BigInt(Math.ceil(2 * vsize)))
    expect(change).toBe(500_000n - 100_000n - fee)
    expect(tx.outputsLength).toBe(2)
    expect(tx.getOutput(0).amount).toBe(100_000n)
    expect(tx.getInput(0).witnessUtxo?.amount).toBe(500_000n)
    const preview = previewTransaction({
      tx,
      network: regtest,
      mine: new Set([from]),
      signInputs: [{ index: 0 }],
      broadcast: true,
      prevouts: [tx.getInput(0).witnessUtxo]
    })
    expect(preview.fee).toBe(fee)
    expect(preview.leaves).toBe(100_000n + fee)
    expect(preview.outputs.map((o) => o._tag)).toEqual(["Recipient", "Change"])
    expect(preview.txid).toBe(unsignedTxid(tx))
  })

  it("takes more coins until the amount and fee are covered", () => {
    const built = build(120_000n, [utxo(1, 50_000), utxo(2, 60_000), utxo(3, 40_000)])
    if (Result.isFailure(built)) throw built.failure
    expect(built.success.inputs.map((u) => u.value)).toEqual([60_000, 50_000, 40_000])
  })

  it("leaves change that would be dust to the fee", () => {
    const fee1 = BigInt(Math.ceil(2 * estimateVsize(["p2wpkh"], [paymentScript(CAROL_BTC)])))
    const built = build(100_000n, [utxo(1, Number(100_000n + fee1 + 200n))])
    if (Result.isFailure(built)) throw built.failure
    expect(built.success.change).toBe(0n)
    expect(built.success.tx.outputsLength).toBe(1)
    expect(built.success.fee).toBe(fee1 + 200n)
  })

  it("refuses dust, another network's address, and funds short of the amount and fee", () => {
    expect(failureOf(build(293n, [utxo(1, 10_000)]))).toEqual({ _tag: "BelowDust", dust: 294n })
    expect(
      failureOf(build(1000n, [utxo(1, 10_000)], 1, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))
    ).toEqual({
      _tag: "InvalidRecipient",
      address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    })
    const short = failureOf(build(100_000n, [utxo(1, 60_000), utxo(2, 40_000)]))
    expect(short?._tag).toBe("InsufficientFunds")
    if (short?._tag === "InsufficientFunds") {
      expect(short.available).toBe(100_000n)
      expect(short.needed).toBe(100_000n + short.fee)
      expect(short.fee > 0n).toBe(true)
    }
    expect(failureOf(build(1000n, []))?._tag).toBe("InsufficientFunds")
  })

  it("builds the same transaction from the same coins, in any order", () => {
    const coins = [utxo(1, 50_000), utxo(2, 50_000), utxo(3, 50_000, 1)]
    const a = build(70_000n, coins)
    const b = build(70_000n, [...coins].reverse())
    if (Result.isFailure(a) || Result.isFailure(b)) throw new Error("both build")
    expect(a.success.psbt).toBe(b.success.psbt)
  })

  it("property: spends only the payer's coins, pays the amount exactly, fee ≥ rate × vsize, no dust change", () => {
    const coin = fc.record({
      n: fc.integer({ min: 1, max: 255 }),
      vout: fc.integer({ min: 0, max: 3 }),
      value: fc.integer({ min: 1, max: 5_000_000 })
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(coin, { maxLength: 12, selector: (c) => `${c.n}:${c.vout}` }),
        fc.bigInt({ min: 294n, max: 20_000_000n }),
        fc.double({ min: 1, max: 60, noNaN: true }),
        (coins, amount, rate) => {
          const utxos = coins.map((c) => utxo(c.n, c.value, c.vout))
          const built = build(amount, utxos, rate)
          if (Result.isFailure(built)) {
            expect(built.failure.failure._tag).toBe("InsufficientFunds")
            return
          }
          const { tx, fee, change } = built.success
          const spent = new Set(utxos.map((u) => `${u.txid}:${u.vout}`))
          let totalIn = 0n
          const inputs: Array<"p2wpkh"> = []
          for (let i = 0; i < tx.inputsLength; i++) {
            const input = tx.getInput(i)
            const id = Array.from(input.txid ?? [], (b) => b.toString(16).padStart(2, "0")).join("")
            expect(spent.has(`${id}:${input.index}`)).toBe(true)
            expect(input.witnessUtxo?.script).toEqual(paymentScript(ALICE_BTC))
            totalIn += input.witnessUtxo?.amount ?? 0n
            inputs.push("p2wpkh")
          }
          expect(tx.getOutput(0).amount).toBe(amount)
          expect(tx.getOutput(0).script).toEqual(decodeAddress(recipient, regtest)?.script)
          const scripts = Array.from(
            { length: tx.outputsLength },
            (_, i) => tx.getOutput(i).script ?? new Uint8Array()
          )
          expect(fee).toBe(totalIn - amount - change)
          expect(Number(fee)).toBeGreaterThanOrEqual(rate * estimateVsize(inputs, scripts))
          if (change > 0n) expect(change >= DUST.p2wpkh).toBe(true)
          expect(tx.outputsLength).toBe(change > 0n ? 2 : 1)
        }
      )
    )
  })
})
