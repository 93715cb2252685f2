// @vitest-environment happy-dom

import { afterEach, assert, describe, it } from "@effect/vitest"
import { ed25519 } from "@noble/curves/ed25519"
import { base58, base64 } from "@scure/base"
import { address, createNoopSigner, getTransactionDecoder } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import { normalizeWalletError } from "../../src/errors"
import { solanaNetworkFor } from "../../src/layers/connection/solanaWallets"
import { caipOfStandardChain, standardChainOfCaip } from "../../src/layers/wallets/solanaChains"
import * as solanaCodecs from "../../src/layers/wallets/solanaCodecs"
import { MAX_STANDARD_WALLETS } from "../../src/layers/wallets/standardRegistry"
import { discoverStandardWallets, fromStandardWallet } from "../../src/layers/wallets/walletStandard"
import { makeStandardProvider } from "../../src/layers/wallets/walletStandardProvider"
import type { WalletConnector } from "../../src/services/Connectors"
import { preloadedParts } from "../kit/lazyParts"
import { registerEarly, registerLate, sandboxStandardWallet } from "../kit/standardWallets"
import { compile, OFFLINE_LIFETIME, wireBytes } from "../sandbox/solanaTransfer"

const LOCALNET = "solana:localnet"
const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const RECEIVER = "11111111111111111111111111111112"

/** The byte encodings, loaded already. */
const codecs = () => Promise.resolve(solanaCodecs)

/**
 * A minimal usable Wallet Standard wallet (it connects, has events and signs messages); `features` may
 * add or replace.
 */
const plainWallet = (name: string, features: Record<string, unknown> = {}, chains = ["solana:localnet"]) => ({
  version: "1.0.0",
  name,
  icon: "data:image/svg+xml;base64,PHN2Zy8+",
  chains,
  accounts: [],
  features: {
    "standard:connect": { version: "1.0.0", connect: async () => ({ accounts: [] }) },
    "standard:events": { version: "1.0.0", on: () => () => {} },
    "solana:signMessage": { version: "1.0.0", signMessage: async () => [] },
    ...features
  }
})

/** What a flood registers: a name, a Solana cluster and a connect, but nothing to follow or sign with. */
const junkWallet = (n: number) => ({
  name: `Junk ${n}`,
  chains: ["solana:mainnet"],
  features: { "standard:connect": { connect: async () => ({ accounts: [] }) } }
})

/** Runs discovery in a scope of its own; answers every list it published and a way to stop it. */
const discover = async () => {
  const published: Array<ReadonlyArray<WalletConnector>> = []
  const latest = () => published.at(-1) ?? []
  const scope = Scope.makeUnsafe()
  await Effect.runPromise(
    Scope.provide(scope)(discoverStandardWallets((f) => Effect.sync(() => void published.push(f([]))))).pipe(
      Effect.provide(preloadedParts)
    )
  )
  const stop = () => Effect.runSync(Scope.close(scope, Exit.void))
  running.push(stop)
  return { published, latest, stop }
}
// Each test's discovery stops with it: a later test's registrations reach only its own.
const running: Array<() => void> = []
afterEach(() => {
  for (const stop of running.splice(0)) stop()
})

const wireBase64 = (transaction: Parameters<typeof wireBytes>[0]) => base64.encode(wireBytes(transaction))

describe("solanaChains", () => {
  it("maps the Wallet Standard's cluster names to CAIP-2 and back", () => {
    for (const [standard, caip] of [
      ["solana:mainnet", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      ["solana:devnet", DEVNET],
      ["solana:testnet", "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"],
      ["solana:localnet", LOCALNET]
    ] as const) {
      assert.strictEqual(caipOfStandardChain(standard), caip)
      assert.strictEqual(standardChainOfCaip(caip), standard)
    }
    assert.isUndefined(caipOfStandardChain("eip155:1"))
    assert.isUndefined(standardChainOfCaip("solana:unknown"))
  })

  it("connects on the network shown when the wallet serves it, else the host's first it serves", () => {
    assert.strictEqual(solanaNetworkFor([LOCALNET, DEVNET], [LOCALNET, DEVNET], DEVNET), DEVNET)
    assert.strictEqual(solanaNetworkFor([LOCALNET], [DEVNET, LOCALNET], DEVNET), LOCALNET)
    assert.strictEqual(solanaNetworkFor([], [DEVNET, LOCALNET], undefined), DEVNET)
    assert.isUndefined(solanaNetworkFor(["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"], [DEVNET], DEVNET))
  })
})

describe("Wallet Standard discovery", () => {
  it("lists wallets registered before the app (on app-ready) and after it, once each", async () => {
    const early = sandboxStandardWallet(0).wallet
    const stopEarly = registerEarly(early)
    const { latest } = await discover()
    stopEarly()
    assert.deepStrictEqual(
      latest().map((c) => c.name),
      ["Sandbox Solana Wallet"]
    )
    const late = plainWallet("Late Wallet")
    registerLate(late)
    registerLate(late)
    registerLate(early)
    assert.deepStrictEqual(
      latest().map((c) => [c.name, c.chain, c.key, c.chains]),
      [
        ["Sandbox Solana Wallet", "solana", "wallet-standard:sandbox solana wallet", [LOCALNET]],
        ["Late Wallet", "solana", "wallet-standard:late wallet", [LOCALNET]]
      ]
    )
    assert.isTrue(latest()[0]?.signsIn)
    assert.isFalse(latest()[1]?.signsIn)
  })

  it("takes a wallet off the list when it unregisters", async () => {
    const { latest } = await discover()
    const unregister = registerLate(plainWallet("Leaving Wallet"))
    assert.strictEqual(latest().length, 1)
    unregister()
    assert.strictEqual(latest().length, 0)
  })

  it("ignores what is no usable Solana wallet, and a callback that throws", async () => {
    const { published } = await discover()
    registerLate(plainWallet("EVM only", {}, ["eip155:1"]))
    registerLate({ ...plainWallet("No connect"), features: {} })
    registerLate(junkWallet(0))
    registerLate(plainWallet("Signs nothing", { "solana:signMessage": {} }))
    registerLate(plainWallet("No events", { "standard:events": { on: "not a function" } }))
    registerLate({ ...plainWallet("\u202e\u200b"), name: "\u202e\u200b" })
    registerLate(null)
    window.dispatchEvent(
      new CustomEvent("wallet-standard:register-wallet", {
        detail: () => {
          throw new Error("broken wallet")
        }
      })
    )
    window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: "not a callback" }))
    assert.deepStrictEqual(published, [])
  })

  it("flags two wallets that share a name, and stops at the bound", async () => {
    const { latest } = await discover()
    registerLate(plainWallet("Twin"))
    registerLate(plainWallet("twin"))
    assert.deepStrictEqual(
      latest().map((c) => c.suspicious),
      [true, true]
    )
    for (let i = 0; i < MAX_STANDARD_WALLETS + 5; i++) registerLate(plainWallet(`Wallet ${i}`))
    assert.strictEqual(latest().length, MAX_STANDARD_WALLETS)
    assert.strictEqual(new Set(latest().map((c) => c.id)).size, MAX_STANDARD_WALLETS)
  })

  it("lets junk take no place: the usable wallet after 40 junk registrations is listed", async () => {
    const { latest } = await discover()
    for (let i = 0; i < MAX_STANDARD_WALLETS + 8; i++) registerLate(junkWallet(i))
    registerLate(sandboxStandardWallet(0).wallet)
    assert.deepStrictEqual(
      latest().map((c) => c.name),
      ["Sandbox Solana Wallet"]
    )
  })

  it("reads a wallet whose getters throw as no wallet", () => {
    const hostile = Object.defineProperty({}, "name", {
      get: () => {
        throw new Error("trap")
      }
    })
    assert.isTrue(Option.isNone(fromStandardWallet(hostile, "wallet-standard:1", codecs)))
  })
})

describe("The Wallet Standard provider", () => {
  const connectedProvider = async (mode: "auto-approve" | "auto-reject" = "auto-approve") => {
    const control = sandboxStandardWallet(0, mode)
    const provider = makeStandardProvider(control.wallet, codecs)
    return { control, provider }
  }

  it("connects, and answers the accounts it already has without asking", async () => {
    const { control, provider } = await connectedProvider()
    assert.deepStrictEqual(await provider.request({ method: "solana_requestAccounts" }), [control.address])
    assert.deepStrictEqual(await provider.request({ method: "solana_accounts" }), [control.address])
  })

  it("signs a base58 message with the account's ed25519 key", async () => {
    const { control, provider } = await connectedProvider()
    await provider.request({ method: "solana_requestAccounts" })
    const message = new TextEncoder().encode("Hello from Airlock")
    const answer = (await provider.request({
      method: "solana_signMessage",
      params: { message: base58.encode(message), pubkey: control.address }
    })) as { signature: string }
    assert.isTrue(ed25519.verify(base58.decode(answer.signature), message, control.publicKey))
  })

  it("signs a transaction and answers it in the encoding it came in, with the fee payer's signature", async () => {
    const { control, provider } = await connectedProvider()
    await provider.request({ method: "solana_requestAccounts" })
    const transfer = getTransferSolInstruction({
      source: createNoopSigner(address(control.address)),
      destination: address(RECEIVER),
      amount: 5n
    })
    const transaction = compile(control.address, [transfer], OFFLINE_LIFETIME)
    const bytes = wireBytes(transaction)
    for (const [text, decode] of [
      [base64.encode(bytes), base64.decode],
      [base58.encode(bytes), base58.decode]
    ] as const) {
      const answer = (await provider.request({
        method: "solana_signTransaction",
        params: { transaction: text },
        chainId: LOCALNET
      })) as { signature: string; transaction: string }
      const signed = getTransactionDecoder().decode(decode(answer.transaction))
      const signature = signed.signatures[address(control.address)]
      if (signature === null || signature === undefined) return assert.fail("not signed")
      assert.isTrue(ed25519.verify(signature, Uint8Array.from(signed.messageBytes), control.publicKey))
      assert.strictEqual(answer.signature, base58.encode(signature))
    }
  })

  it("sends with the cluster of the request and the dapp's options", async () => {
    const asked: Array<unknown> = []
    const account = {
      address: "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj",
      publicKey: new Uint8Array(32),
      chains: [LOCALNET],
      features: []
    }
    const wallet = plainWallet("Sender", {
      "standard:connect": { version: "1.0.0", connect: async () => ({ accounts: [account] }) },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: async (...inputs: Array<unknown>) => {
          asked.push(...inputs)
          return [{ signature: new Uint8Array(64).fill(7) }]
        }
      }
    })
    const provider = makeStandardProvider({ ...wallet, accounts: [account] }, codecs)
    const transaction = wireBase64(
      compile(
        account.address,
        [
          getTransferSolInstruction({
            source: createNoopSigner(address(account.address)),
            destination: address(RECEIVER),
            amount: 1n
          })
        ],
        OFFLINE_LIFETIME
      )
    )
    const answer = await provider.request({
      method: "solana_signAndSendTransaction",
      params: { transaction, options: { skipPreflight: true, maxRetries: 2 } },
      chainId: DEVNET
    })
    assert.deepStrictEqual(answer, { signature: base58.encode(new Uint8Array(64).fill(7)) })
    const input = asked[0] as { chain: string; options: unknown; account: unknown }
    assert.strictEqual(input.chain, "solana:devnet")
    assert.deepStrictEqual(input.options, { skipPreflight: true, maxRetries: 2 })
    assert.strictEqual(input.account, account)
  })

  it("refuses what is not a transaction, a method the wallet lacks, and an answer of the wrong shape", async () => {
    const { control, provider } = await connectedProvider()
    await provider.request({ method: "solana_requestAccounts" })
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => normalizeWalletError(error).code
      )
    assert.strictEqual(
      await codeOf(
        provider.request({ method: "solana_signTransaction", params: { transaction: "not a tx" } })
      ),
      -32602
    )
    assert.strictEqual(await codeOf(provider.request({ method: "eth_sendTransaction" })), 4200)
    assert.strictEqual(
      await codeOf(
        provider.request({
          method: "solana_signMessage",
          params: { message: "2NEpo7TZRRrLZSi2U", pubkey: RECEIVER }
        })
      ),
      4100
    )
    const liar = makeStandardProvider(
      {
        ...control.wallet,
        accounts: control.wallet.accounts,
        features: {
          ...control.wallet.features,
          "solana:signMessage": { version: "1.0.0", signMessage: async () => [{ signature: "not bytes" }] }
        }
      },
      codecs
    )
    assert.strictEqual(
      await codeOf(
        liar.request({
          method: "solana_signMessage",
          params: { message: "2NEpo7TZRRrLZSi2U", pubkey: control.address }
        })
      ),
      -32603
    )
  })

  it("passes a refusal on as the wallet coded it", async () => {
    const { provider } = await connectedProvider("auto-reject")
    const error = await provider.request({ method: "solana_requestAccounts" }).then(
      () => undefined,
      (e: unknown) => normalizeWalletError(e)
    )
    assert.strictEqual(error?._tag, "UserRejectedRequestError")
  })

  it("signs in with the wallet's own message, answered as base58", async () => {
    const { control, provider } = await connectedProvider()
    const answer = (await provider.request({
      method: "solana_signIn",
      params: { domain: "localhost:3000", nonce: "abcdefgh12", chainId: LOCALNET }
    })) as { address: string; signedMessage: string; signature: string }
    assert.strictEqual(answer.address, control.address)
    const text = new TextDecoder().decode(base58.decode(answer.signedMessage))
    assert.include(text, "localhost:3000 wants you to sign in with your Solana account:")
    assert.include(text, "Nonce: abcdefgh12")
    assert.isTrue(
      ed25519.verify(base58.decode(answer.signature), base58.decode(answer.signedMessage), control.publicKey)
    )
  })

  it("turns the wallet's change events into accountsChanged, and stops when asked", async () => {
    const { provider } = await connectedProvider()
    await provider.request({ method: "solana_requestAccounts" })
    const heard: Array<unknown> = []
    const listener = (accounts: unknown) => heard.push(accounts)
    provider.on?.("accountsChanged", listener)
    await provider.request({ method: "wallet_revokePermissions" })
    assert.deepStrictEqual(heard, [[]])
    provider.removeListener?.("accountsChanged", listener)
    await provider.request({ method: "solana_requestAccounts" })
    assert.deepStrictEqual(heard, [[]])
  })
})
