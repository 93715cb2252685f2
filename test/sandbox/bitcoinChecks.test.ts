import { secp256k1 } from "@noble/curves/secp256k1"
import { base64, hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { Signer } from "bip322-js"
import { describe, expect, it } from "vitest"
import { REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { messageSignatureHolds, psbtInputSignatureHolds } from "../e2e/bitcoinChecks"

// The browser tests' own checks must be able to say no: each is tried on a good and a bad signature.
const [alice, bob] = sandboxBitcoinAccounts()
const funding = hex.encode(new Uint8Array(32).fill(9))

const psbtSpending = (kind: "payment" | "ordinals", amount = 50_000n) => {
  const owner = alice![kind]
  const tx = new btc.Transaction()
  const script = btc.OutScript.encode(btc.Address(REGTEST).decode(owner.address))
  tx.addInput({
    txid: funding,
    index: 0,
    witnessUtxo: { script, amount },
    ...(kind === "ordinals" ? { tapInternalKey: owner.publicKey } : {})
  })
  tx.addOutputAddress(bob!.payment.address, amount - 1_000n, REGTEST)
  return { tx, key: owner.privateKey }
}

describe("the browser tests' Bitcoin checks", () => {
  it("verify a BIP-322 signature, and refuse it for another message or address", () => {
    const wif = btc.WIF(REGTEST).encode(alice!.payment.privateKey)
    const signature = Signer.sign(wif, alice!.payment.address, "hello") as string
    expect(messageSignatureHolds(alice!.payment.address, "hello", signature)).toBe(true)
    expect(messageSignatureHolds(alice!.payment.address, "hellO", signature)).toBe(false)
    expect(messageSignatureHolds(bob!.payment.address, "hello", signature)).toBe(false)
    expect(messageSignatureHolds(alice!.payment.address, "hello", "not base64")).toBe(false)
  })

  for (const kind of ["payment", "ordinals"] as const) {
    it(`hold a ${kind} input's signature against its prevout, partial and final, and not a forged one`, () => {
      const { tx, key } = psbtSpending(kind)
      expect(psbtInputSignatureHolds(base64.encode(tx.toPSBT()), 0)).toBe(false)
      tx.sign(key)
      expect(psbtInputSignatureHolds(base64.encode(tx.toPSBT()), 0)).toBe(true)
      tx.finalize()
      expect(psbtInputSignatureHolds(base64.encode(tx.toPSBT()), 0)).toBe(true)

      // The same signature claimed over a prevout of another amount no longer holds.
      const signed = btc.Transaction.fromPSBT(tx.toPSBT())
      const other = psbtSpending(kind, 60_000n).tx
      other.updateInput(0, { finalScriptWitness: signed.getInput(0).finalScriptWitness }, true)
      expect(psbtInputSignatureHolds(base64.encode(other.toPSBT()), 0)).toBe(false)
    })
  }

  it("refuse a p2wpkh signature by another key", () => {
    const { tx } = psbtSpending("payment")
    const intruder = secp256k1.utils.randomPrivateKey()
    tx.updateInput(
      0,
      { partialSig: [[secp256k1.getPublicKey(intruder, true), new Uint8Array(72).fill(1)]] },
      true
    )
    expect(psbtInputSignatureHolds(base64.encode(tx.toPSBT()), 0)).toBe(false)
  })
})
