import { secp256k1 } from "@noble/curves/secp256k1"
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { describe, expect, it } from "vitest"
import { MAX_TX_BODY_BYTES, startSandboxBitcoin } from "../../sandbox/bitcoin/chain.mjs"
import { chain, get, type Json } from "./bitcoinChainWorld"
import {
  type Coin,
  legacyAddressOf,
  type Output,
  reamount,
  repoint,
  rewitness,
  spend,
  witnessOf
} from "./bitcoinTx"

/**
 * The sandbox's local Bitcoin chain (sandbox/bitcoin): every input's signature checked against its prevout,
 * Bitcoin Core's reject reasons, a block per transaction, the Esplora API.
 */

const broadcast = async (rawHex: string) => {
  const response = await fetch(`${chain.esploraUrl}/tx`, { method: "POST", body: rawHex })
  return { status: response.status, text: await response.text() }
}
/** What `POST /tx` answers when the chain refuses: Esplora's wording of Core's RPC error. */
const refusal = (code: number, message: string) =>
  `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`

const accounts = () => chain.accounts
const alice = () => accounts()[0]!
const bob = () => accounts()[2]!

/** Alice's seeded coins: payment 0.5, 0.5, 0.25 BTC (vout 0-2) and 10 000 sats on her ordinals address (vout 3). */
const seedCoin = (vout: number, account = 0): Coin => {
  const owner = accounts()[account]!
  const txid = chain.seed()[account]!.txid
  const sats = [50_000_000n, 50_000_000n, 25_000_000n, 10_000n][vout]!
  return { txid, vout, sats, owner: vout === 3 ? owner.ordinals : owner.payment }
}

describe("the seed", () => {
  it("gives every dev account three payment coins and one ordinals coin, from coinbases Esplora serves", async () => {
    for (const account of accounts()) {
      const payment: Json[] = await get(`/address/${account.payment.address}/utxo`)
      expect(payment.map((u) => u.value).sort()).toEqual([25_000_000, 50_000_000, 50_000_000])
      const ordinals: Json[] = await get(`/address/${account.ordinals.address}/utxo`)
      expect(ordinals.map((u) => u.value)).toEqual([10_000])
      const seed: Json = await get(`/tx/${ordinals[0].txid}`)
      expect(seed.vin[0].is_coinbase).toBe(true)
      expect(seed.status.confirmed).toBe(true)
    }
    expect(await get("/blocks/tip/height")).toBe(String(accounts().length))
  })
})

describe("accepted spends", () => {
  it("a p2wpkh spend: the recipient's coin and the change appear, the fee is in − out, a block is mined", async () => {
    const tipBefore = Number(await get("/blocks/tip/height"))
    const coin = seedCoin(0)
    const outputs: Output[] = [
      { address: bob().payment.address, sats: 100_000n },
      { address: alice().payment.address, sats: coin.sats - 100_000n - 500n }
    ]
    const signed = spend([coin], outputs)
    const { status, text } = await broadcast(signed.hex)
    expect(status).toBe(200)
    expect(text).toBe(signed.txid)

    const tx: Json = await get(`/tx/${signed.txid}`)
    expect(tx.fee).toBe(500)
    expect(tx.vin[0].prevout.value - tx.vout.reduce((sum: number, o: Json) => sum + o.value, 0)).toBe(500)
    expect(tx.status).toMatchObject({ confirmed: true, block_height: tipBefore + 1 })
    expect(await get("/blocks/tip/height")).toBe(String(tipBefore + 1))
    expect(await get(`/block-height/${tipBefore + 1}`)).toBe(tx.status.block_hash)

    const bobs: Json[] = await get(`/address/${bob().payment.address}/utxo`)
    expect(bobs).toContainEqual(expect.objectContaining({ txid: signed.txid, vout: 0, value: 100_000 }))
    const alices: Json[] = await get(`/address/${alice().payment.address}/utxo`)
    expect(alices).toContainEqual(expect.objectContaining({ txid: signed.txid, vout: 1, value: 49_899_500 }))
    expect(alices.some((u) => u.txid === coin.txid && u.vout === 0)).toBe(false)
    expect(await get(`/tx/${coin.txid}/outspend/0`)).toMatchObject({ spent: true, txid: signed.txid, vin: 0 })
    expect(await get(`/tx/${coin.txid}/outspend/1`)).toEqual({ spent: false })
    expect(await get(`/tx/${signed.txid}/hex`)).toBe(signed.hex)
  })

  it("a p2tr key-path spend, with the default and an explicit sighash type, and mixed inputs", async () => {
    const ordinals = seedCoin(3)
    const signed = spend([ordinals], [{ address: bob().ordinals.address, sats: 9_000n }])
    expect(await broadcast(signed.hex)).toEqual({ status: 200, text: signed.txid })
    // SIGHASH_DEFAULT signs with 64 bytes.
    expect(witnessOf(signed.hex, 0)[0]).toHaveLength(64)

    const explicit = spend(
      [
        { ...seedCoin(3, 1), sighash: btc.SigHash.ALL },
        { ...seedCoin(2, 1), sighash: btc.SigHash.ALL_ANYONECANPAY }
      ],
      [{ address: bob().payment.address, sats: 25_000_000n }]
    )
    expect(witnessOf(explicit.hex, 0)[0]).toHaveLength(65)
    expect(await broadcast(explicit.hex)).toEqual({ status: 200, text: explicit.txid })
    expect((await get(`/tx/${explicit.txid}`)).fee).toBe(10_000)
  })

  it("a legacy p2pkh spend (the legacy sighash)", async () => {
    const legacy = accounts()[3]!.payment
    const funding = chain.faucet(legacyAddressOf(legacy), 1_000_000n)
    const signed = spend(
      [
        {
          txid: funding,
          vout: 0,
          sats: 1_000_000n,
          owner: legacy,
          legacy: true,
          previousHex: await get(`/tx/${funding}/hex`)
        }
      ],
      [{ address: bob().payment.address, sats: 990_000n }]
    )
    expect(await broadcast(signed.hex)).toEqual({ status: 200, text: signed.txid })
    const tx: Json = await get(`/tx/${signed.txid}`)
    expect(tx.vin[0].prevout.scriptpubkey_type).toBe("p2pkh")
  })
})

describe("refused transactions, in Bitcoin Core's words", () => {
  /** `sats` to Bob, and the change back to Alice when `from` is the coin's amount (a fee of 1000 sats). */
  const toBob = (sats: bigint, from?: bigint): Output[] => [
    { address: bob().payment.address, sats },
    ...(from === undefined ? [] : [{ address: alice().payment.address, sats: from - sats - 1_000n }])
  ]

  it("a signature by the wrong key", async () => {
    const wrongP2wpkh = spend(
      [{ ...seedCoin(0), signAs: { owner: bob().payment } }],
      toBob(1_000_000n, 50_000_000n)
    )
    expect(await broadcast(wrongP2wpkh.hex)).toEqual({
      status: 400,
      text: refusal(-26, "mandatory-script-verify-flag-failed (Script failed an OP_EQUALVERIFY operation)")
    })
    const wrongP2tr = spend([{ ...seedCoin(3), signAs: { owner: bob().ordinals } }], toBob(5_000n))
    expect((await broadcast(wrongP2tr.hex)).text).toBe(
      refusal(-26, "mandatory-script-verify-flag-failed (Invalid Schnorr signature)")
    )
  })

  it("a signature over another amount", async () => {
    const p2wpkh = spend([{ ...seedCoin(0), signAs: { sats: 50_000_001n } }], toBob(1_000_000n, 50_000_000n))
    expect((await broadcast(p2wpkh.hex)).text).toBe(
      refusal(
        -26,
        "mandatory-script-verify-flag-failed (Script evaluated without error but finished with a false/empty top stack element)"
      )
    )
    const p2tr = spend([{ ...seedCoin(3), signAs: { sats: 10_001n } }], toBob(5_000n))
    expect((await broadcast(p2tr.hex)).text).toBe(
      refusal(-26, "mandatory-script-verify-flag-failed (Invalid Schnorr signature)")
    )
  })

  it("a signature over another prevout", async () => {
    // Signed for Alice's first coin, sent as spending her second one (same key, same amount).
    const signed = spend([seedCoin(0)], toBob(1_000_000n, 50_000_000n))
    const moved = repoint(signed.hex, 0, seedCoin(1).txid, 1)
    expect((await broadcast(moved)).text).toContain("mandatory-script-verify-flag-failed")
    const p2tr = spend([seedCoin(3, 1)], toBob(5_000n))
    expect((await broadcast(repoint(p2tr.hex, 0, seedCoin(3, 4).txid, 3))).text).toBe(
      refusal(-26, "mandatory-script-verify-flag-failed (Invalid Schnorr signature)")
    )
  })

  it("a high-S signature, a truncated one and a missing witness", async () => {
    const signed = spend([seedCoin(0)], toBob(1_000_000n, 50_000_000n))
    const [der, pubkey] = witnessOf(signed.hex, 0) as [Uint8Array, Uint8Array]
    const sig = secp256k1.Signature.fromDER(der.subarray(0, -1))
    const high = new secp256k1.Signature(sig.r, secp256k1.CURVE.n - sig.s)
    const highS = rewitness(signed.hex, 0, [Uint8Array.from([...high.toDERRawBytes(), 0x01]), pubkey])
    expect((await broadcast(highS)).text).toBe(
      refusal(
        -26,
        "non-mandatory-script-verify-flag (Non-canonical signature: S value is unnecessarily high)"
      )
    )
    const truncated = rewitness(signed.hex, 0, [der.subarray(1), pubkey])
    expect((await broadcast(truncated)).text).toBe(
      refusal(-26, "mandatory-script-verify-flag-failed (Non-canonical DER signature)")
    )
    const p2tr = spend([seedCoin(3)], toBob(5_000n))
    const flipped = Uint8Array.from(witnessOf(p2tr.hex, 0)[0]!)
    flipped[10] = (flipped[10] ?? 0) ^ 1
    expect((await broadcast(rewitness(p2tr.hex, 0, [flipped]))).text).toContain("Invalid Schnorr signature")
    expect((await broadcast(rewitness(p2tr.hex, 0, [flipped.subarray(0, 63)]))).text).toContain(
      "Invalid Schnorr signature size"
    )
  })

  it("an undefined sighash type, ECDSA and schnorr", async () => {
    const signed = spend([seedCoin(0)], toBob(1_000_000n, 50_000_000n))
    const [der, pubkey] = witnessOf(signed.hex, 0) as [Uint8Array, Uint8Array]
    const undefinedType = Uint8Array.from([...der.subarray(0, -1), 0x04])
    expect((await broadcast(rewitness(signed.hex, 0, [undefinedType, pubkey]))).text).toBe(
      refusal(-26, "non-mandatory-script-verify-flag (Signature hash type missing or not understood)")
    )
    const p2tr = spend([seedCoin(3)], toBob(5_000n))
    const sig = witnessOf(p2tr.hex, 0)[0]!
    for (const hashType of [0x00, 0x04, 0x84])
      expect((await broadcast(rewitness(p2tr.hex, 0, [Uint8Array.from([...sig, hashType])]))).text).toBe(
        refusal(-26, "mandatory-script-verify-flag-failed (Invalid Schnorr signature hash type)")
      )
  })

  it("a locktime not reached yet, unless every sequence is final", async () => {
    // The next block is tip + 1: a locktime of tip + 1 is not reached yet, tip is.
    const tip = Number(await get("/blocks/tip/height"))
    const opted = (vout: number) => ({ ...seedCoin(vout), sequence: 0xfffffffd })
    const early = spend([opted(0)], toBob(1_000_000n, 50_000_000n), { lockTime: tip + 1 })
    expect((await broadcast(early.hex)).text).toBe(refusal(-26, "non-final"))
    const reached = spend([opted(0)], toBob(1_000_000n, 50_000_000n), { lockTime: tip })
    expect((await broadcast(reached.hex)).status).toBe(200)
    const final = spend([seedCoin(1)], toBob(1_000_000n, 50_000_000n), { lockTime: tip + 100 })
    expect((await broadcast(final.hex)).status).toBe(200)
  })

  it("a double spend and the same transaction twice", async () => {
    const first = spend([seedCoin(0)], toBob(1_000_000n, 50_000_000n))
    expect((await broadcast(first.hex)).status).toBe(200)
    expect(await broadcast(first.hex)).toEqual({
      status: 400,
      text: refusal(-27, "Transaction already in block chain")
    })
    const second = spend([seedCoin(0)], toBob(2_000_000n, 50_000_000n))
    expect(await broadcast(second.hex)).toEqual({
      status: 400,
      text: refusal(-25, "bad-txns-inputs-missingorspent")
    })
  })

  it("a missing input", async () => {
    const ghost = spend([{ ...seedCoin(0), txid: "ab".repeat(32) }], toBob(1_000_000n, 50_000_000n))
    expect((await broadcast(ghost.hex)).text).toBe(refusal(-25, "bad-txns-inputs-missingorspent"))
  })

  it("dust, per output type", async () => {
    expect((await broadcast(spend([seedCoin(0)], toBob(293n)).hex)).text).toBe(refusal(-26, "dust"))
    expect(
      (await broadcast(spend([seedCoin(0)], [{ address: bob().ordinals.address, sats: 329n }]).hex)).text
    ).toBe(refusal(-26, "dust"))
    const legacy = legacyAddressOf(bob().payment)
    expect((await broadcast(spend([seedCoin(0)], [{ address: legacy, sats: 545n }]).hex)).text).toBe(
      refusal(-26, "dust")
    )
    // At the threshold it passes, and OP_RETURN carries no amount.
    const atDust = spend(
      [seedCoin(0)],
      [
        { address: bob().payment.address, sats: 294n },
        { script: btc.Script.encode(["RETURN", new TextEncoder().encode("airlock")]), sats: 0n },
        { address: alice().payment.address, sats: 49_990_000n }
      ]
    )
    expect(await broadcast(atDust.hex)).toEqual({ status: 200, text: atDust.txid })
  })

  it("a fee below 1 sat/vB, and an absurd one", async () => {
    const probe = spend([seedCoin(0)], toBob(50_000_000n - 100n))
    const low = spend([seedCoin(0)], toBob(50_000_000n - BigInt(probe.vsize) + 1n))
    expect((await broadcast(low.hex)).text).toBe(
      refusal(-26, `min relay fee not met, ${probe.vsize - 1} < ${probe.vsize}`)
    )
    const exact = spend([seedCoin(0)], toBob(50_000_000n - BigInt(probe.vsize)))
    expect((await broadcast(exact.hex)).status).toBe(200)
    const absurd = spend([seedCoin(1)], toBob(1_000_000n))
    expect((await broadcast(absurd.hex)).text).toBe(
      refusal(-25, "Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)")
    )
  })

  it("more out than in", async () => {
    // Signed for 0.20 BTC out, then raised to 0.30 (@scure/btc-signer will not sign more out than in).
    const greedy = {
      hex: reamount(spend([seedCoin(2)], toBob(20_000_000n, 25_000_000n)).hex, 0, 30_000_000n)
    }
    expect((await broadcast(greedy.hex)).text).toBe(
      refusal(-26, "bad-txns-in-belowout, value in (0.25) < value out (0.34999)")
    )
  })

  it("no inputs, a non-standard output, an undecodable body, an oversize transaction", async () => {
    const empty = btc.RawTx.encode({
      version: 2,
      segwitFlag: false,
      inputs: [],
      outputs: [{ amount: 1000n, script: btc.p2wpkh(bob().payment.publicKey).script }],
      witnesses: undefined,
      lockTime: 0
    })
    expect((await broadcast(hex.encode(empty))).text).toBe(refusal(-26, "bad-txns-vin-empty"))
    const bare = spend([seedCoin(0)], [{ script: btc.Script.encode(["OP_1"]), sats: 1_000_000n }])
    expect((await broadcast(bare.hex)).text).toBe(refusal(-26, "scriptpubkey"))
    expect(await broadcast("not hex")).toEqual({ status: 400, text: refusal(-22, "TX decode failed") })
    // 13 000 outputs: over Core's 400 000 weight units for a standard transaction.
    const many = Array.from({ length: 13_000 }, () => ({ address: bob().payment.address, sats: 1_000n }))
    expect(() => chain.ledger.accept(spend([seedCoin(0)], many).hex)).toThrow("tx-size")
    const huge = "00".repeat(MAX_TX_BODY_BYTES / 2 + 2)
    expect((await broadcast(huge)).status).toBe(413)
  })
})

describe("the bound", () => {
  it("refuses every transaction past its limit until a reset, so a flood cannot grow its memory", async () => {
    const small = await startSandboxBitcoin({ limits: { transactions: 20 } })
    try {
      const target = small.accounts[2]!.payment.address
      const landed: string[] = []
      let refusedWith = ""
      for (let i = 0; i < 40; i++) {
        try {
          landed.push(small.faucet(target, 1_000n))
        } catch (error) {
          refusedWith = (error as Error).message
        }
      }
      expect(landed).toHaveLength(20 - small.accounts.length)
      expect(refusedWith).toMatch(/^sandbox-chain-full/)
      expect(small.ledger.usage().transactions).toBe(20)
      const owner = small.accounts[0]!
      const coin: Coin = { txid: small.seed()[0]!.txid, vout: 0, sats: 50_000_000n, owner: owner.payment }
      const response = await fetch(`${small.esploraUrl}/tx`, {
        method: "POST",
        body: spend(
          [coin],
          [
            { address: target, sats: 1_000_000n },
            { address: owner.payment.address, sats: 48_990_000n }
          ]
        ).hex
      })
      expect(await response.text()).toMatch(/"message":"sandbox-chain-full/)
      // Refused transactions leave nothing behind.
      const before = small.ledger.usage()
      const dust = spend([coin], [{ address: target, sats: 1n }]).hex
      await Promise.all(
        Array.from({ length: 50 }, () => fetch(`${small.esploraUrl}/tx`, { method: "POST", body: dust }))
      )
      expect(small.ledger.usage()).toEqual(before)
      small.reset()
      expect(small.ledger.usage().transactions).toBe(small.accounts.length)
      expect(() => small.faucet(target, 1_000n)).not.toThrow()
    } finally {
      await small.stop()
    }
  })
})
