/**
 * The sandbox Bitcoin wallets' signing against the local regtest chain (sandbox/bitcoin), which checks every
 * input's signature against its prevout: a transfer built from the chain's UTXOs at its fee estimate, a PSBT
 * spending a payment and a taproot coin, and the Sandbox WalletConnect Wallet's sendTransfer, each accepted.
 */
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { type SandboxBitcoin, startSandboxBitcoin } from "../../sandbox/bitcoin/chain.mjs"
import { BITCOIN_REGTEST, REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import {
  createBitcoinSigner,
  createEsplora,
  keyRingOf,
  type Utxo
} from "../../sandbox/wallets/bitcoinSigning"
import type { WalletContext } from "../../sandbox/wallets/walletconnect/context"
import { createDecide } from "../../sandbox/wallets/walletconnect/methods"

const accounts = sandboxBitcoinAccounts()
const ring = keyRingOf(accounts[0]!)

let chain: SandboxBitcoin
beforeAll(async () => {
  chain = await startSandboxBitcoin({ feeEstimates: { "1": 12, "6": 5.5, "144": 1 } })
})
afterAll(async () => {
  await chain?.stop()
})
beforeEach(() => chain.reset())

const utxosOf = async (address: string): Promise<ReadonlyArray<Utxo>> =>
  (await fetch(`${chain.esploraUrl}/address/${address}/utxo`)).json() as Promise<ReadonlyArray<Utxo>>
const txOf = async (txid: string) => {
  const response = await fetch(`${chain.esploraUrl}/tx/${txid}`)
  expect(response.ok).toBe(true)
  return (await response.json()) as { fee: number; weight: number; status: { confirmed: boolean } }
}
const signer = () =>
  createBitcoinSigner(
    () => ring,
    createEsplora(() => chain.esploraUrl),
    () => ({ otherMessage: false, swapInput: false })
  )

describe("the signing code on the local chain", () => {
  it("a transfer it builds and broadcasts is accepted: the recipient's coin appears, the fee as built", async () => {
    const recipient = accounts[4]!.payment.address
    const before = await utxosOf(recipient)
    const prepared = await signer().prepareTransfer([{ address: recipient, amount: 100_000n }])
    expect(prepared.transfer.feeRate).toBe(6)
    const { txid, fee } = await prepared.run()
    const after = await utxosOf(recipient)
    expect(after.filter((u) => u.txid === txid)).toEqual([expect.objectContaining({ txid, value: 100_000 })])
    expect(after).toHaveLength(before.length + 1)
    const tx = await txOf(txid)
    expect(tx.status.confirmed).toBe(true)
    expect(BigInt(tx.fee)).toBe(fee)
    expect(tx.fee).toBeGreaterThanOrEqual(Math.ceil(tx.weight / 4) * 6)
    // The change came back to the payment address.
    expect((await utxosOf(ring.payment.address)).some((u) => u.txid === txid)).toBe(true)
  })

  it("a PSBT spending a payment coin and the taproot (ordinals) coin, signed and broadcast, is accepted", async () => {
    const [payment] = await utxosOf(ring.payment.address)
    const [ordinal] = await utxosOf(ring.ordinals.address)
    if (payment === undefined || ordinal === undefined) throw new Error("the seed gave account 0 no coins")
    const tx = new btc.Transaction()
    tx.addInput({
      txid: payment.txid,
      index: payment.vout,
      witnessUtxo: { script: ring.payment.script, amount: BigInt(payment.value) }
    })
    tx.addInput({
      txid: ordinal.txid,
      index: ordinal.vout,
      witnessUtxo: { script: ring.ordinals.script, amount: BigInt(ordinal.value) }
    })
    tx.addOutputAddress(accounts[5]!.ordinals.address, BigInt(ordinal.value), REGTEST)
    tx.addOutputAddress(ring.payment.address, BigInt(payment.value) - 2_000n, REGTEST)
    const inputs = [{ index: 0 }, { index: 1, address: ring.ordinals.address }]
    const { txid } = await signer().signPsbt(tx.toPSBT(), inputs, true).run()
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect((await txOf(txid!)).fee).toBe(2_000)
  })

  it("the Sandbox WalletConnect Wallet's sendTransfer is accepted by the chain", async () => {
    const wcRing = keyRingOf(accounts[1]!)
    const context = {
      config: {
        bitcoin: { esploraUrl: chain.esploraUrl, chain: BITCOIN_REGTEST },
        chains: [],
        batchDelegates: []
      },
      account: privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")
    } as unknown as WalletContext
    const decision = createDecide(context)("topic", "sendTransfer", BITCOIN_REGTEST, {
      account: wcRing.payment.address,
      recipientAddress: accounts[3]!.payment.address,
      amount: "100000"
    })
    if (!("ask" in decision)) throw new Error("answered at once")
    const { txid } = (await decision.ask.run()) as { txid: string }
    expect((await txOf(txid)).status.confirmed).toBe(true)
    const raw = await (await fetch(`${chain.esploraUrl}/tx/${txid}/hex`)).text()
    expect(btc.Transaction.fromRaw(hex.decode(raw)).getInput(0).finalScriptWitness).toHaveLength(2)
  })
})
