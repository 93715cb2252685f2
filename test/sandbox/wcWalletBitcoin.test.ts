/**
 * The Sandbox WalletConnect Wallet's bip122 account, as its request handling decides it (methods.ts): the
 * session's namespace, what it answers at once, what it puts to the visitor, what it signs (checked with
 * bip322-js and the PSBT's own finalization), and what it refuses with which JSON-RPC error. The chain is a
 * fake Esplora here (bitcoinWalletChain.test.ts uses the local chain).
 */
import { sha256 } from "@noble/hashes/sha2"
import { base64, hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import type { ProposalTypes } from "@walletconnect/types"
import { buildApprovedNamespaces } from "@walletconnect/utils"
import { Verifier } from "bip322-js"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { BITCOIN_REGTEST, REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { decodePsbt } from "../../sandbox/wallets/bitcoinSigning"
import { sandboxWcBitcoinRing } from "../../sandbox/wallets/walletconnect/bitcoin"
import { createDecide } from "../../sandbox/wallets/walletconnect/methods"
import { supportedNamespaces } from "../../sandbox/wallets/walletconnect/namespaces"
import { askOf, offlineContext, refusal } from "./wcDecide"

const accounts = sandboxBitcoinAccounts()
const ring = sandboxWcBitcoinRing
const ESPLORA = "http://127.0.0.1:3002"
const coin = { txid: hex.encode(sha256(new TextEncoder().encode("wc coin"))), vout: 0, value: 500_000 }

const decide = createDecide(offlineContext({ bitcoin: { esploraUrl: ESPLORA, chain: BITCOIN_REGTEST } }))
const askOn = askOf(decide)
const ask = (method: string, params: unknown) => askOn(method, params, BITCOIN_REGTEST)
const refusedCode = (call: () => unknown) => refusal(call).code

let broadcasts: Array<string>
beforeEach(() => {
  broadcasts = []
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).slice(ESPLORA.length)
      if (path === `/address/${ring.payment.address}/utxo`) return Response.json([coin])
      if (path === "/fee-estimates") return Response.json({ "6": 1.5 })
      if (path === "/tx" && init?.method === "POST") {
        broadcasts.push(String(init.body))
        return new Response(btc.Transaction.fromRaw(hex.decode(String(init.body))).id)
      }
      return new Response("not found", { status: 404 })
    })
  )
})
afterEach(() => vi.unstubAllGlobals())

describe("the session's bip122 namespace", () => {
  it("is granted when the dapp proposes regtest, with Bitcoin dev account 1's payment address", () => {
    const approved = buildApprovedNamespaces({
      proposal: {
        id: 1,
        expiryTimestamp: 0,
        relays: [{ protocol: "irn" }],
        proposer: { publicKey: "00", metadata: { name: "dapp", description: "", url: "", icons: [] } },
        pairingTopic: "topic",
        requiredNamespaces: {},
        optionalNamespaces: {
          bip122: {
            chains: [BITCOIN_REGTEST],
            methods: ["signMessage", "signPsbt", "sendTransfer", "getAccountAddresses"],
            events: ["accountsChanged"]
          }
        }
      } satisfies ProposalTypes.Struct,
      supportedNamespaces: supportedNamespaces([], "0x0")
    })
    expect(approved.bip122?.accounts).toEqual([`${BITCOIN_REGTEST}:${accounts[1]!.payment.address}`])
    expect(approved.bip122?.events).toEqual(["accountsChanged"])
  })
})

describe("bip122 requests", () => {
  it("answers getAccountAddresses at once, by intention", () => {
    const all = decide("topic", "getAccountAddresses", BITCOIN_REGTEST, { account: ring.payment.address })
    expect(all).toEqual({
      answer: [
        {
          address: ring.payment.address,
          publicKey: hex.encode(ring.payment.publicKey),
          intention: "payment"
        },
        {
          address: ring.ordinals.address,
          publicKey: hex.encode(ring.ordinals.publicKey),
          intention: "ordinal"
        }
      ]
    })
    const payment = decide("topic", "getAccountAddresses", BITCOIN_REGTEST, {
      account: ring.payment.address,
      intentions: ["payment"]
    })
    expect((payment as { answer: Array<unknown> }).answer).toHaveLength(1)
  })

  it("signs messages by bip322 (both addresses) and ecdsa once approved; each verifies", async () => {
    for (const address of [ring.payment.address, ring.ordinals.address]) {
      const prepared = ask("signMessage", { account: address, address, message: "gm", protocol: "bip322" })
      expect(prepared.preview).toContainEqual(["Message", "gm"])
      const { signature } = (await prepared.run()) as { signature: string }
      expect(Verifier.verifySignature(address, "gm", signature)).toBe(true)
    }
    const legacy = (await ask("signMessage", {
      address: ring.payment.address,
      message: "gm",
      protocol: "ecdsa"
    }).run()) as {
      signature: string
      address: string
    }
    expect(legacy.address).toBe(ring.payment.address)
    expect(Verifier.verifySignature(ring.payment.address, "gm", legacy.signature, true)).toBe(true)
  })

  it("signs a PSBT's asked inputs, broadcasting only when asked", async () => {
    const tx = new btc.Transaction()
    tx.addInput({
      txid: coin.txid,
      index: 0,
      witnessUtxo: { script: ring.payment.script, amount: BigInt(coin.value) }
    })
    tx.addOutputAddress(accounts[3]!.payment.address, 100_000n, REGTEST)
    tx.addOutputAddress(ring.payment.address, 399_000n, REGTEST)
    const psbt = base64.encode(tx.toPSBT())
    const signInputs = [{ address: ring.payment.address, index: 0, sighashTypes: [btc.SigHash.ALL] }]
    const prepared = ask("signPsbt", { account: ring.payment.address, psbt, signInputs })
    expect(prepared.preview).toContainEqual(["Fee", "1000 sats"])
    const signed = (await prepared.run()) as { psbt: string; txid?: string }
    expect(signed.txid).toBeUndefined()
    expect(decodePsbt(base64.decode(signed.psbt)).getInput(0).finalScriptWitness).toHaveLength(2)
    const sent = (await ask("signPsbt", {
      account: ring.payment.address,
      psbt,
      signInputs,
      broadcast: true
    }).run()) as {
      txid: string
    }
    expect(sent.txid).toBe(btc.Transaction.fromRaw(hex.decode(broadcasts[0]!)).id)
  })

  it("sends a transfer from its coins at the chain's estimate", async () => {
    const recipient = accounts[5]!.payment.address
    const { txid } = (await ask("sendTransfer", {
      account: ring.payment.address,
      recipientAddress: recipient,
      amount: "120000"
    }).run()) as { txid: string }
    const tx = btc.Transaction.fromRaw(hex.decode(broadcasts[0]!))
    expect(tx.id).toBe(txid)
    expect(btc.Address(REGTEST).encode(btc.OutScript.decode(tx.getOutput(0).script!))).toBe(recipient)
    expect(tx.getOutput(0).amount).toBe(120_000n)
  })

  it("refuses what it cannot do with the JSON-RPC error the dapp gets", async () => {
    const stranger = accounts[2]!.payment.address
    expect(
      refusedCode(() => decide("topic", "signMessage", BITCOIN_REGTEST, { address: stranger, message: "x" }))
    ).toBe(4100)
    expect(
      refusedCode(() =>
        decide("topic", "signMessage", BITCOIN_REGTEST, {
          address: ring.ordinals.address,
          message: "x",
          protocol: "ecdsa"
        })
      )
    ).toBe(-32602)
    expect(
      refusedCode(() => decide("topic", "signPsbt", BITCOIN_REGTEST, { psbt: "bm90", signInputs: [] }))
    ).toBe(-32602)
    expect(
      refusedCode(() =>
        decide("topic", "sendTransfer", BITCOIN_REGTEST, {
          account: ring.payment.address,
          recipientAddress: stranger,
          amount: 5
        })
      )
    ).toBe(-32602)
    expect(refusedCode(() => decide("topic", "getBalance", BITCOIN_REGTEST, {}))).toBe(5101)
    expect(
      refusedCode(() => decide("topic", "signMessage", "bip122:000000000019d6689c085ae165831e93", {}))
    ).toBe(5100)
    const tooMuch = ask("sendTransfer", {
      account: ring.payment.address,
      recipientAddress: stranger,
      amount: "900000"
    })
    await expect(tooMuch.run()).rejects.toMatchObject({ code: -32602 })
  })
})
