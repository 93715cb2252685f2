/**
 * The sandbox Bitcoin wallets' signing rules (sandbox/wallets/bitcoinSigning) in node: BIP-322 and legacy
 * signatures checked with bip322-js (the field's verifier), PSBT signatures checked against their previous
 * outputs by recomputing the sighash, transfers' amounts and fees, and the hostile variants.
 */
import { schnorr, secp256k1 } from "@noble/curves/secp256k1"
import { sha256 } from "@noble/hashes/sha2"
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { Verifier } from "bip322-js"
import { describe, expect, test } from "vitest"
import { REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import {
  BitcoinRequestError,
  buildTransfer,
  createBitcoinSigner,
  decodePsbt,
  type Esplora,
  keyRingOf,
  signInputs,
  signMessageWith,
  type Utxo
} from "../../sandbox/wallets/bitcoinSigning"

const accounts = sandboxBitcoinAccounts()
const ring = keyRingOf(accounts[0]!)
const stranger = keyRingOf(accounts[2]!)
const text = (value: string) => new TextEncoder().encode(value)
const fakeTxid = (seed: string) => hex.encode(sha256(text(seed)))

describe("message signatures", () => {
  test.each(["payment", "ordinals"] as const)(
    "a BIP-322 signature of the %s address verifies, and only for its message",
    (purpose) => {
      const key = ring[purpose]
      const { signature } = signMessageWith(key, text("Sign in to the sandbox"), "BIP322")
      expect(Verifier.verifySignature(key.address, "Sign in to the sandbox", signature)).toBe(true)
      expect(Verifier.verifySignature(key.address, "Sign in to the sandbox!", signature)).toBe(false)
      expect(Verifier.verifySignature(stranger[purpose].address, "Sign in to the sandbox", signature)).toBe(
        false
      )
    }
  )

  test("a legacy (BIP-137) signature of the payment address verifies strictly, and only for its message", () => {
    const { signature } = signMessageWith(ring.payment, text("hello"), "ECDSA")
    expect(Verifier.verifySignature(ring.payment.address, "hello", signature, true)).toBe(true)
    expect(Verifier.verifySignature(ring.payment.address, "hullo", signature)).toBe(false)
  })
})

/** A PSBT spending a payment coin and an ordinals coin of account 0 and a coin of account 2. */
const threeInputPsbt = () => {
  const tx = new btc.Transaction()
  tx.addInput({
    txid: fakeTxid("a"),
    index: 0,
    witnessUtxo: { script: ring.payment.script, amount: 50_000n }
  })
  tx.addInput({
    txid: fakeTxid("b"),
    index: 1,
    witnessUtxo: { script: ring.ordinals.script, amount: 30_000n }
  })
  tx.addInput({
    txid: fakeTxid("c"),
    index: 0,
    witnessUtxo: { script: stranger.payment.script, amount: 20_000n }
  })
  tx.addOutputAddress(accounts[3]!.payment.address, 90_000n, REGTEST)
  return tx.toPSBT()
}

/** Checks input `index`'s final witness against its previous output, recomputing the sighash. */
const verifyInput = (tx: btc.Transaction, index: number) => {
  const input = tx.getInput(index)
  const witness = input.finalScriptWitness
  const prevouts = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).witnessUtxo!)
  const prevout = prevouts[index]!
  if (witness === undefined) throw new Error(`input ${index} is not final`)
  const decoded = btc.OutScript.decode(prevout.script)
  if (decoded.type === "wpkh") {
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
    const hashType = signature[signature.length - 1]!
    const scriptCode = btc.OutScript.encode({ type: "pkh", hash: decoded.hash })
    const sighash = tx.preimageWitnessV0(index, scriptCode, hashType, prevout.amount)
    expect(btc.p2wpkh(publicKey, REGTEST).script).toEqual(prevout.script)
    return secp256k1.verify(signature.subarray(0, -1), sighash, publicKey, { format: "der" })
  }
  if (decoded.type === "tr") {
    const [signature] = witness as [Uint8Array]
    const hashType = signature.length === 65 ? signature[64]! : btc.SigHash.DEFAULT
    const sighash = tx.preimageWitnessV1(
      index,
      prevouts.map((p) => p.script),
      hashType,
      prevouts.map((p) => p.amount)
    )
    return schnorr.verify(signature.subarray(0, 64), sighash, decoded.pubkey)
  }
  throw new Error(`unexpected script ${decoded.type}`)
}

describe("PSBT signing", () => {
  test("signs and finalizes only the inputs asked for; each signature checks against its prevout", () => {
    const tx = decodePsbt(threeInputPsbt())
    signInputs(tx, ring, [{ index: 0, address: ring.payment.address }, { index: 1 }])
    expect(verifyInput(tx, 0)).toBe(true)
    expect(verifyInput(tx, 1)).toBe(true)
    expect(tx.getInput(2).finalScriptWitness).toBeUndefined()
    // The PSBT round-trips with its final inputs.
    const again = decodePsbt(tx.toPSBT())
    expect(again.getInput(0).finalScriptWitness).toEqual(tx.getInput(0).finalScriptWitness)
  })

  test("a signature does not check against another prevout amount", () => {
    const tx = decodePsbt(threeInputPsbt())
    signInputs(tx, ring, [{ index: 0 }])
    const tampered = decodePsbt(threeInputPsbt())
    tampered.updateInput(0, { witnessUtxo: { script: ring.payment.script, amount: 50_001n } }, true)
    tampered.updateInput(0, { finalScriptWitness: tx.getInput(0).finalScriptWitness }, true)
    expect(verifyInput(tampered, 0)).toBe(false)
  })

  test("an asked sighash is used; one the input forbids is refused", () => {
    const tx = decodePsbt(threeInputPsbt())
    signInputs(tx, ring, [{ index: 0, sighashTypes: [btc.SigHash.ALL_ANYONECANPAY] }])
    const [signature] = tx.getInput(0).finalScriptWitness as [Uint8Array]
    expect(signature.at(-1)).toBe(btc.SigHash.ALL_ANYONECANPAY)
    expect(verifyInput(tx, 0)).toBe(true)
  })

  test("refuses an input it holds no key for, a wrong address, and an index out of range", () => {
    expect(() => signInputs(decodePsbt(threeInputPsbt()), ring, [{ index: 2 }])).toThrow(BitcoinRequestError)
    expect(() =>
      signInputs(decodePsbt(threeInputPsbt()), ring, [{ index: 0, address: ring.ordinals.address }])
    ).toThrow(BitcoinRequestError)
    expect(() => signInputs(decodePsbt(threeInputPsbt()), ring, [{ index: 3 }])).toThrow(BitcoinRequestError)
    expect(() => decodePsbt(text("not a psbt"))).toThrow(BitcoinRequestError)
  })
})

const coins: ReadonlyArray<Utxo> = [
  { txid: fakeTxid("coin 1"), vout: 0, value: 40_000 },
  { txid: fakeTxid("coin 2"), vout: 1, value: 250_000 },
  { txid: fakeTxid("coin 3"), vout: 0, value: 70_000 }
]

const fakeEsplora = (broadcasts: Array<string>): Esplora => ({
  utxos: async (address) => (address === ring.payment.address ? coins : []),
  feeRate: async () => 3.4,
  broadcast: async (txHex) => {
    broadcasts.push(txHex)
    return btc.Transaction.fromRaw(hex.decode(txHex)).id
  }
})

describe("transfers", () => {
  test("pays the recipient, returns the change, and the fee is inputs − outputs at the rate", () => {
    const recipient = accounts[4]!.payment.address
    const { tx, fee, feeRate } = buildTransfer(
      ring.payment,
      coins,
      [{ address: recipient, amount: 100_000n }],
      3.4
    )
    expect(feeRate).toBe(4)
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i))
    const paid = outputs.find(
      (o) =>
        hex.encode(o.script!) === hex.encode(btc.OutScript.encode(btc.Address(REGTEST).decode(recipient)))
    )
    expect(paid?.amount).toBe(100_000n)
    const change = outputs.find((o) => hex.encode(o.script!) === hex.encode(ring.payment.script))
    expect(change).toBeDefined()
    let spent = 0n
    for (let i = 0; i < tx.inputsLength; i++) spent += tx.getInput(i).witnessUtxo!.amount
    const out = outputs.reduce((sum, o) => sum + o.amount!, 0n)
    expect(spent - out).toBe(fee)
    signInputs(
      tx,
      ring,
      Array.from({ length: tx.inputsLength }, (_, index) => ({ index }))
    )
    // The estimate is of the signed size: at least the rate, and within a few vbytes of it.
    expect(Number(fee)).toBeGreaterThanOrEqual(tx.vsize * feeRate)
    expect(Number(fee)).toBeLessThanOrEqual((tx.vsize + 4) * feeRate)
    for (let i = 0; i < tx.inputsLength; i++) expect(verifyInput(tx, i)).toBe(true)
  })

  test("refuses a recipient on another network and an amount the coins do not cover", () => {
    const mainnet = btc.p2wpkh(accounts[4]!.payment.publicKey).address!
    expect(() => buildTransfer(ring.payment, coins, [{ address: mainnet, amount: 1000n }], 1)).toThrow(
      /not a regtest address/
    )
    expect(() =>
      buildTransfer(ring.payment, coins, [{ address: accounts[4]!.payment.address, amount: 360_000n }], 1)
    ).toThrow(/do not cover/)
  })

  test("the signer sends a transfer it built, and its txid is the unsigned transaction's", async () => {
    const broadcasts: Array<string> = []
    const signer = createBitcoinSigner(
      () => ring,
      fakeEsplora(broadcasts),
      () => ({ otherMessage: false, swapInput: false })
    )
    const prepared = await signer.prepareTransfer([{ address: accounts[5]!.payment.address, amount: 5_000n }])
    // Every input is segwit: the unsigned transaction's hash is the final txid.
    const unsignedId = hex.encode(sha256(sha256(prepared.transfer.tx.unsignedTx)).reverse())
    const sent = await prepared.run()
    expect(sent.txid).toBe(unsignedId)
    expect(broadcasts).toHaveLength(1)
    expect(btc.Transaction.fromRaw(hex.decode(broadcasts[0]!)).id).toBe(unsignedId)
  })
})

describe("hostile signer", () => {
  test("otherMessage answers a valid signature over another message", () => {
    const signer = createBitcoinSigner(
      () => ring,
      fakeEsplora([]),
      () => ({ otherMessage: true, swapInput: false })
    )
    const { signature } = signer.signMessage(ring.payment.address, text("pay me"), "BIP322").run()
    expect(Verifier.verifySignature(ring.payment.address, "pay me", signature)).toBe(false)
    expect(Verifier.verifySignature(ring.payment.address, "pay me (not this)", signature)).toBe(true)
  })

  test("swapInput answers a signed PSBT that spends another of the wallet's coins", async () => {
    const psbt = threeInputPsbt()
    const signer = createBitcoinSigner(
      () => ring,
      fakeEsplora([]),
      () => ({ otherMessage: false, swapInput: true })
    )
    const signed = decodePsbt((await signer.signPsbt(psbt, [{ index: 0 }], false).run()).psbt)
    const given = decodePsbt(psbt)
    expect(hex.encode(signed.getInput(0).txid!)).not.toBe(hex.encode(given.getInput(0).txid!))
    expect(coins.map((c) => c.txid)).toContain(hex.encode(signed.getInput(0).txid!))
    expect(verifyInput(signed, 0)).toBe(true)
    expect(signed.getOutput(0)).toEqual(given.getOutput(0))
  })
})
