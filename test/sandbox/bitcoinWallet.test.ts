// @vitest-environment happy-dom
/**
 * The Sandbox Bitcoin Wallet in a page: both announcements (Wallet Standard and `window.btc_providers`) as
 * one wallet, sats-connect's JSON-RPC envelopes and error codes, the Wallet Standard's Bitcoin features,
 * approvals, account switches, and each hostile switch's well-formed wrong answer. The chain is a fake
 * Esplora (the real one is in bitcoinWalletChain.test.ts).
 */
import { sha256 } from "@noble/hashes/sha2"
import { base64, hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import type { Wallet } from "@wallet-standard/base"
import { Verifier } from "bip322-js"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { installSandboxBitcoinWallet, readSwitches } from "../../sandbox/wallets/bitcoin/install"
import type { RpcEnvelope } from "../../sandbox/wallets/bitcoin/satsConnect"
import { BITCOIN_WALLET_NAME } from "../../sandbox/wallets/bitcoin/wallet"
import { decodePsbt, isRegtestAddress, keyRingOf, type Utxo } from "../../sandbox/wallets/bitcoinSigning"

const accounts = sandboxBitcoinAccounts()
const ring = keyRingOf(accounts[0]!)
const ESPLORA = "http://127.0.0.1:3002"
const fakeTxid = (seed: string) => hex.encode(sha256(new TextEncoder().encode(seed)))
const coins: ReadonlyArray<Utxo> = [
  { txid: fakeTxid("one"), vout: 0, value: 100_000 },
  { txid: fakeTxid("two"), vout: 1, value: 200_000 }
]

/** A fake Esplora: the payment address's coins, a fee estimate, and a broadcast that answers the txid. */
const fakeEsplora = () => {
  const broadcasts: Array<string> = []
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).slice(ESPLORA.length)
    if (path === `/address/${ring.payment.address}/utxo`) return Response.json(coins)
    if (path.endsWith("/utxo")) return Response.json([])
    if (path === "/fee-estimates") return Response.json({ "1": 9.5, "6": 2.2, "144": 1.1 })
    if (path === "/tx" && init?.method === "POST") {
      broadcasts.push(String(init.body))
      return new Response(btc.Transaction.fromRaw(hex.decode(String(init.body))).id)
    }
    return new Response("not found", { status: 404 })
  })
  return { fetch, broadcasts }
}

/** Installs the wallet with `switches`, catching its Wallet Standard registration. */
const install = (switches: string) => {
  const registered: Array<Wallet> = []
  const listener = (event: Event) =>
    (event as CustomEvent<(api: { register: (w: Wallet) => void }) => void>).detail({
      register: (wallet) => void registered.push(wallet)
    })
  window.addEventListener("wallet-standard:register-wallet", listener)
  const handle = installSandboxBitcoinWallet(`?bitcoinWallet=${switches}`)
  window.removeEventListener("wallet-standard:register-wallet", listener)
  return { handle, registered }
}

const ok = (envelope: RpcEnvelope) => {
  if (!("result" in envelope)) throw new Error(`error ${envelope.error.code}: ${envelope.error.message}`)
  expect(envelope.jsonrpc).toBe("2.0")
  return envelope.result as Record<string, unknown>
}
const errorCode = (envelope: RpcEnvelope) => ("error" in envelope ? envelope.error.code : undefined)

/** A PSBT that spends the wallet's first coin and pays 50 000 sats to account 3. */
const psbtOfFirstCoin = () => {
  const tx = new btc.Transaction()
  const coin = coins[0]!
  tx.addInput({
    txid: coin.txid,
    index: coin.vout,
    witnessUtxo: { script: ring.payment.script, amount: BigInt(coin.value) }
  })
  tx.addOutputAddress(accounts[3]!.payment.address, 50_000n, REGTEST)
  tx.addOutputAddress(ring.payment.address, 49_000n, REGTEST)
  return tx.toPSBT()
}

let esplora: ReturnType<typeof fakeEsplora>

beforeEach(() => {
  esplora = fakeEsplora()
  vi.stubGlobal("fetch", esplora.fetch)
  Object.defineProperty(window, "__AIRLOCK_SANDBOX__", {
    value: { bitcoin: { esploraUrl: ESPLORA, chain: "bip122:0f9188f13cb7b2c71f2a335e3a4fc328" } },
    configurable: true
  })
  delete window.btc_providers
  localStorage.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

describe("switches", () => {
  test("reads modes, registrations, one-way announcements, hostile modes and the account", () => {
    const s = readSwitches(
      "?bitcoinWallet=late,reject,no-standard,swap-input,other-message,bogus&bitcoinAccount=4"
    )
    expect(s.mode).toBe("auto-reject")
    expect(s.registration).toBe("late")
    expect(s.standard).toBe(false)
    expect(s.providers).toBe(true)
    expect([...s.hostile].sort()).toEqual(["other-message", "swap-input"])
    expect(s.accountIndex).toBe(4)
    expect(s.unknown).toEqual(["bogus"])
    expect(readSwitches("?bitcoinAccount=9").unknown).toEqual(["bitcoinAccount=9"])
  })
})

describe("announcements", () => {
  test("one wallet, two ways: the Wallet Standard and sats-connect's providers list, same name and icon", () => {
    const { handle, registered } = install("auto-approve")
    expect(registered).toHaveLength(1)
    const wallet = registered[0]!
    expect(wallet.name).toBe(BITCOIN_WALLET_NAME)
    expect(wallet.chains).toEqual(["bitcoin:regtest"])
    expect(Object.keys(wallet.features)).toEqual(
      expect.arrayContaining([
        "bitcoin:connect",
        "bitcoin:signMessage",
        "bitcoin:signTransaction",
        "bitcoin:signAndSendTransaction",
        "standard:events",
        "sats-connect:"
      ])
    )
    const entry = window.btc_providers?.[0]
    expect(entry).toMatchObject({
      id: "SandboxBitcoinProviders.BitcoinProvider",
      name: wallet.name,
      icon: wallet.icon
    })
    // sats-connect looks the id up as a dotted path on window.
    const found = entry!.id
      .split(".")
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], window)
    expect(found).toBe(handle.provider)
    expect((wallet.features["sats-connect:"] as { provider: unknown }).provider).toBe(handle.provider)
  })

  test("no-providers and no-standard announce one way only; none waits for register()", () => {
    expect(install("no-providers").registered).toHaveLength(1)
    expect(window.btc_providers).toBeUndefined()
    const oneWay = install("no-standard")
    expect(oneWay.registered).toHaveLength(0)
    expect(window.btc_providers).toHaveLength(1)
    delete window.btc_providers
    const later = install("none")
    expect(later.registered).toHaveLength(0)
    expect(window.btc_providers).toBeUndefined()
    later.handle.register()
    expect(window.btc_providers).toHaveLength(1)
  })
})

describe("sats-connect provider", () => {
  test("getInfo, getAccounts, and both message protocols verify with bip322-js", async () => {
    const { handle } = install("auto-approve")
    const { provider } = handle
    expect(ok(await provider.request("getInfo", null)).methods).toContain("signPsbt")
    const got = ok(
      await provider.request("getAccounts", { purposes: ["payment", "ordinals"] })
    ) as unknown as Array<Record<string, unknown>>
    expect(got).toEqual([
      {
        address: ring.payment.address,
        publicKey: hex.encode(ring.payment.publicKey),
        purpose: "payment",
        addressType: "p2wpkh",
        walletType: "software"
      },
      {
        address: ring.ordinals.address,
        publicKey: hex.encode(ring.ordinals.publicKey),
        purpose: "ordinals",
        addressType: "p2tr",
        walletType: "software"
      }
    ])
    for (const address of [ring.payment.address, ring.ordinals.address]) {
      const signed = ok(await provider.request("signMessage", { address, message: "gm", protocol: "BIP322" }))
      expect(signed).toMatchObject({ address, protocol: "BIP322" })
      expect(Verifier.verifySignature(address, "gm", String(signed.signature))).toBe(true)
    }
    const legacy = ok(
      await provider.request("signMessage", {
        address: ring.payment.address,
        message: "gm",
        protocol: "ECDSA"
      })
    )
    expect(Verifier.verifySignature(ring.payment.address, "gm", String(legacy.signature), true)).toBe(true)
    expect(handle.lastSignature()).toBe(legacy.signature)
  })

  test("refusals carry sats-connect's codes", async () => {
    const { handle } = install("auto-approve")
    const { provider } = handle
    const address = ring.payment.address
    expect(errorCode(await provider.request("signMessage", { address, message: "x" }))).toBe(-32002)
    ok(await provider.request("getAccounts", { purposes: ["payment"] }))
    expect(errorCode(await provider.request("wallet_doSomething", {}))).toBe(-32601)
    expect(errorCode(await provider.request("signMessage", { address }))).toBe(-32602)
    expect(
      errorCode(
        await provider.request("signMessage", { address: accounts[2]!.payment.address, message: "x" })
      )
    ).toBe(-32602)
    expect(
      errorCode(
        await provider.request("signMessage", {
          address: ring.ordinals.address,
          message: "x",
          protocol: "ECDSA"
        })
      )
    ).toBe(-32602)
    expect(errorCode(await provider.request("signPsbt", { psbt: "bm90IGEgcHNidA==" }))).toBe(-32602)
    handle.setMode("reject")
    expect(errorCode(await provider.request("signMessage", { address, message: "x" }))).toBe(-32000)
  })

  test("signPsbt signs the inputs named by address, without broadcasting unless asked", async () => {
    const { handle } = install("auto-approve")
    ok(await handle.provider.request("getAccounts", { purposes: ["payment"] }))
    const psbt = base64.encode(psbtOfFirstCoin())
    const signed = ok(
      await handle.provider.request("signPsbt", { psbt, signInputs: { [ring.payment.address]: [0] } })
    )
    expect(signed.txid).toBeUndefined()
    expect(decodePsbt(base64.decode(String(signed.psbt))).getInput(0).finalScriptWitness).toHaveLength(2)
    const sent = ok(await handle.provider.request("signPsbt", { psbt, broadcast: true }))
    expect(esplora.broadcasts).toHaveLength(1)
    expect(sent.txid).toBe(btc.Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!)).id)
  })

  test("sendTransfer builds from the wallet's coins at Esplora's estimate, and broadcasts", async () => {
    const { handle } = install("auto-approve")
    ok(await handle.provider.request("getAccounts", { purposes: ["payment"] }))
    const recipient = accounts[4]!.payment.address
    const { txid } = ok(
      await handle.provider.request("sendTransfer", { recipients: [{ address: recipient, amount: 150_000 }] })
    )
    const tx = btc.Transaction.fromRaw(hex.decode(esplora.broadcasts[0]!))
    expect(txid).toBe(tx.id)
    const paid = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i)).find(
      (o) => btc.Address(REGTEST).encode(btc.OutScript.decode(o.script!)) === recipient
    )
    expect(paid?.amount).toBe(150_000n)
    expect(handle.sent()).toEqual([txid])
    expect(
      errorCode(
        await handle.provider.request("sendTransfer", {
          recipients: [{ address: "bc1qnotregtest", amount: 1 }]
        })
      )
    ).toBe(-32602)
  })
})

describe("Wallet Standard features", () => {
  test("connect by purposes, signTransaction of the asked inputs, signAndSendTransaction's txId", async () => {
    const { registered } = install("auto-approve")
    const wallet = registered[0]!
    const connect = wallet.features["bitcoin:connect"] as {
      connect: (i: {
        purposes: Array<string>
      }) => Promise<{ accounts: Array<{ address: string; chains: ReadonlyArray<string> }> }>
    }
    const { accounts: connected } = await connect.connect({ purposes: ["ordinals", "payment"] })
    expect(connected.map((a) => a.address)).toEqual([ring.payment.address, ring.ordinals.address])
    expect(connected[0]!.chains).toEqual(["bitcoin:regtest"])
    const account = wallet.accounts[0]!
    const sign = wallet.features["bitcoin:signTransaction"] as {
      signTransaction: (...i: Array<unknown>) => Promise<Array<{ signedPsbt: Uint8Array }>>
    }
    const [out] = await sign.signTransaction({
      psbt: psbtOfFirstCoin(),
      inputsToSign: [{ account, signingIndexes: [0], sigHash: "ALL" }]
    })
    expect(decodePsbt(out!.signedPsbt).getInput(0).finalScriptWitness).toHaveLength(2)
    const send = wallet.features["bitcoin:signAndSendTransaction"] as {
      signAndSendTransaction: (...i: Array<unknown>) => Promise<Array<{ txId: string }>>
    }
    await expect(
      send.signAndSendTransaction({
        psbt: psbtOfFirstCoin(),
        inputsToSign: [{ account, signingIndexes: [0] }]
      })
    ).rejects.toMatchObject({
      code: -32602
    })
    const [sent] = await send.signAndSendTransaction({
      psbt: psbtOfFirstCoin(),
      chain: "bitcoin:regtest",
      inputsToSign: [{ account, signingIndexes: [0] }]
    })
    expect(sent!.txId).toMatch(/^[0-9a-f]{64}$/)
    const message = wallet.features["bitcoin:signMessage"] as {
      signMessage: (...i: Array<unknown>) => Promise<Array<{ signature: Uint8Array }>>
    }
    const [signed] = await message.signMessage({ account, message: new TextEncoder().encode("hello") })
    expect(Verifier.verifySignature(account.address, "hello", base64.encode(signed!.signature))).toBe(true)
  })

  test("an account switch is heard as change (and as sats-connect's accountChange)", async () => {
    const { handle, registered } = install("auto-approve")
    const wallet = registered[0]!
    const changes: Array<ReadonlyArray<string>> = []
    ;(
      wallet.features["standard:events"] as {
        on: (e: string, l: (p: { accounts: Array<{ address: string }> }) => void) => void
      }
    ).on("change", ({ accounts: now }) => changes.push(now.map((a) => a.address)))
    const heard: Array<unknown> = []
    handle.provider.addListener("accountChange", (detail) => heard.push(detail))
    ok(await handle.provider.request("getAccounts", { purposes: ["payment"] }))
    handle.switchAccount(3)
    expect(changes.at(-1)).toEqual([accounts[3]!.payment.address, accounts[3]!.ordinals.address])
    expect(heard).toHaveLength(2)
    expect(handle.payment()).toBe(accounts[3]!.payment.address)
  })
})

describe("approvals", () => {
  test("manual: a request waits in the panel until approved; reject answers user rejection", async () => {
    const { handle } = install("manual")
    const connecting = handle.provider.request("getAccounts", { purposes: ["payment"] })
    await vi.waitFor(() => expect(handle.pending()).toHaveLength(1))
    expect(document.querySelector("[data-sandbox-bitcoin-wallet-panel]")).not.toBeNull()
    expect(handle.approve()).toBe(true)
    ok(await connecting)
    const signing = handle.provider.request("signMessage", { address: ring.payment.address, message: "x" })
    await vi.waitFor(() => expect(handle.pending()[0]?.details).toContainEqual(["Message", "x"]))
    handle.reject()
    expect(errorCode(await signing)).toBe(-32000)
    expect(handle.counts.signMessage).toBe(1)
  })
})

describe("hostile switches", () => {
  test("huge-name: a 1 MB name in both announcements", () => {
    const { registered } = install("huge-name")
    expect(registered[0]!.name.length).toBeGreaterThan(1024 * 1024)
    expect(window.btc_providers?.[0]?.name.length).toBeGreaterThan(1024 * 1024)
  })

  test("bad-address: accounts carry addresses that are not regtest ones", async () => {
    const { handle } = install("auto-approve,bad-address")
    const got = ok(
      await handle.provider.request("getAccounts", { purposes: ["payment", "ordinals"] })
    ) as unknown as Array<{
      address: string
    }>
    expect(got).toHaveLength(2)
    for (const { address } of got) expect(isRegtestAddress(address)).toBe(false)
    expect(got[0]!.address).toMatch(/^bc1q/)
  })

  test("other-message: a valid signature over other words", async () => {
    const { handle } = install("auto-approve,other-message")
    ok(await handle.provider.request("getAccounts", { purposes: ["payment"] }))
    const signed = ok(
      await handle.provider.request("signMessage", { address: ring.payment.address, message: "pay 1" })
    )
    expect(Verifier.verifySignature(ring.payment.address, "pay 1", String(signed.signature))).toBe(false)
  })

  test("swap-input: the signed PSBT spends another of its coins", async () => {
    const { handle } = install("auto-approve")
    handle.setHostile("swap-input")
    ok(await handle.provider.request("getAccounts", { purposes: ["payment"] }))
    const signed = ok(
      await handle.provider.request("signPsbt", {
        psbt: base64.encode(psbtOfFirstCoin()),
        signInputs: { [ring.payment.address]: [0] }
      })
    )
    const input = decodePsbt(base64.decode(String(signed.psbt))).getInput(0)
    expect(hex.encode(input.txid!)).toBe(coins[1]!.txid)
    expect(input.finalScriptWitness).toHaveLength(2)
  })
})
