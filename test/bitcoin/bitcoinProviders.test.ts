import { assert, describe, it } from "@effect/vitest"
import { vi } from "vitest"
import { BitcoinWalletError } from "../../src/bitcoinWalletErrors"
import { normalizeWalletError } from "../../src/errors"
import { makeBitcoinStandardProvider } from "../../src/layers/bitcoin/bitcoinStandardProvider"
import { BITCOIN_READ_TIMEOUT_MS } from "../../src/layers/bitcoin/bitcoinWire"
import { makeSatsConnectProvider } from "../../src/layers/bitcoin/satsConnectProvider"
import {
  dev0,
  dev1,
  fakeSatsProvider,
  fakeStandardBitcoinWallet,
  REGTEST_NETWORK,
  rpcError,
  rpcResult
} from "../kit/bitcoinWallets"

const MAINNET = "bip122:000000000019d6689c085ae165831e93"
const PSBT = "cHNidP8BAAoCAAAAAAAAAAAAAA=="

/** What a rejected promise was rejected with. */
const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error("Expected a rejection")
}

/** The error as `Connection` and `RpcRouter` see it: normalised, its tag and code. */
const normalised = async (promise: Promise<unknown>) => normalizeWalletError(await rejection(promise))

const connectFirst = async (provider: ReturnType<typeof makeBitcoinStandardProvider>) =>
  provider.request({ method: "getAccountAddresses", params: {}, chainId: REGTEST_NETWORK })

describe("Wallet Standard Bitcoin wallets behind the canonical requests", () => {
  it("getAccountAddresses connects for both purposes and types each address: p2wpkh payment, p2tr ordinals", async () => {
    const { wallet, calls } = fakeStandardBitcoinWallet()
    const provider = makeBitcoinStandardProvider(wallet)
    const answer = await connectFirst(provider)
    assert.deepStrictEqual(calls[0]?.input, [{ purposes: ["payment", "ordinals"] }])
    assert.deepStrictEqual(answer, [
      { address: dev0.payment.address, intention: "payment" },
      { address: dev0.ordinals.address, intention: "ordinal" }
    ])
    // Granted now: a later read asks nothing of the wallet, and a silent one neither.
    await provider.request({
      method: "getAccountAddresses",
      params: { silent: true },
      chainId: REGTEST_NETWORK
    })
    assert.strictEqual(calls.length, 1)
  })

  it("a silent read of a wallet that granted nothing answers no account and prompts nothing", async () => {
    const { wallet, calls } = fakeStandardBitcoinWallet()
    const answer = await makeBitcoinStandardProvider(wallet).request({
      method: "getAccountAddresses",
      params: { silent: true },
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(answer, [])
    assert.strictEqual(calls.length, 0)
  })

  it("an address of another network, or junk, is a typed bad-address error, not a crash", async () => {
    for (const bad of [
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      "not an address",
      `${dev0.payment.address}x`
    ]) {
      const { wallet } = fakeStandardBitcoinWallet({ addresses: [bad] })
      const error = await rejection(connectFirst(makeBitcoinStandardProvider(wallet)))
      assert.instanceOf(error, BitcoinWalletError)
      assert.strictEqual((error as BitcoinWalletError).reason, "bad-address")
    }
  })

  it("a request on a network Airlock cannot check addresses of is refused as invalid params", async () => {
    const { wallet } = fakeStandardBitcoinWallet()
    const error = await normalised(
      makeBitcoinStandardProvider(wallet).request({ method: "getAccountAddresses", chainId: "bip122:ffff" })
    )
    assert.strictEqual(error.code, -32602)
  })

  it("signMessage passes the message as UTF-8 bytes with the account object, and answers base64", async () => {
    const { wallet, calls } = fakeStandardBitcoinWallet()
    const provider = makeBitcoinStandardProvider(wallet)
    await connectFirst(provider)
    const answer = await provider.request({
      method: "signMessage",
      params: { message: "héllo", address: dev0.payment.address, protocol: "bip322" },
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(answer, { signature: "3q2+7w==", address: dev0.payment.address })
    const [input] = (calls[1]?.input ?? []) as [{ account: { address: string }; message: Uint8Array }]
    assert.strictEqual(input.account.address, dev0.payment.address)
    assert.deepStrictEqual([...input.message], [...new TextEncoder().encode("héllo")])
    // An address the wallet never granted is refused before the wallet is asked.
    const error = await normalised(
      provider.request({
        method: "signMessage",
        params: { message: "m", address: dev1.payment.address },
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual(error._tag, "UnauthorizedWalletError")
  })

  it("signPsbt groups inputs to sign by account and sighash, names the chain, and answers the signed PSBT", async () => {
    const { wallet, calls } = fakeStandardBitcoinWallet()
    const provider = makeBitcoinStandardProvider(wallet)
    await connectFirst(provider)
    const answer = await provider.request({
      method: "signPsbt",
      params: {
        psbt: PSBT,
        signInputs: [
          { address: dev0.payment.address, index: 0 },
          { address: dev0.payment.address, index: 2 },
          { address: dev0.ordinals.address, index: 1, sighashTypes: [0x83] }
        ]
      },
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(answer, { psbt: "cHNidP8=" })
    const [input] = (calls[1]?.input ?? []) as [
      {
        psbt: Uint8Array
        chain: string
        inputsToSign: Array<{ account: { address: string }; signingIndexes: Array<number>; sigHash?: string }>
      }
    ]
    assert.strictEqual(calls[1]?.feature, "bitcoin:signTransaction")
    assert.strictEqual(input.chain, "bitcoin:regtest")
    assert.deepStrictEqual([...input.psbt.subarray(0, 5)], [0x70, 0x73, 0x62, 0x74, 0xff])
    assert.deepStrictEqual(
      input.inputsToSign.map((i) => [i.account.address, i.signingIndexes, i.sigHash]),
      [
        [dev0.payment.address, [0, 2], undefined],
        [dev0.ordinals.address, [1], "SINGLE|ANYONECANPAY"]
      ]
    )
  })

  it("signPsbt with broadcast goes through signAndSendTransaction when the wallet has it, else answers no txid", async () => {
    const txid = "ab".repeat(32)
    const sender = fakeStandardBitcoinWallet({
      features: {
        "bitcoin:signAndSendTransaction": {
          version: "1.0.0",
          signAndSendTransaction: async () => [{ txId: txid }]
        }
      }
    })
    const withSend = makeBitcoinStandardProvider(sender.wallet)
    await connectFirst(withSend)
    const params = { psbt: PSBT, signInputs: [{ address: dev0.payment.address, index: 0 }], broadcast: true }
    assert.deepStrictEqual(await withSend.request({ method: "signPsbt", params, chainId: REGTEST_NETWORK }), {
      psbt: PSBT,
      txid
    })
    const plain = fakeStandardBitcoinWallet()
    const withoutSend = makeBitcoinStandardProvider(plain.wallet)
    await connectFirst(withoutSend)
    assert.deepStrictEqual(
      await withoutSend.request({ method: "signPsbt", params, chainId: REGTEST_NETWORK }),
      {
        psbt: "cHNidP8="
      }
    )
  })

  it("a signature that is no bytes is a bad answer; sendTransfer and other methods are refused with 4200", async () => {
    const { wallet } = fakeStandardBitcoinWallet({
      features: {
        "bitcoin:signMessage": { version: "1.0.0", signMessage: async () => [{ signature: "nope" }] }
      }
    })
    const provider = makeBitcoinStandardProvider(wallet)
    await connectFirst(provider)
    const error = await rejection(
      provider.request({ method: "signMessage", params: { message: "m", address: dev0.payment.address } })
    )
    assert.strictEqual((error as BitcoinWalletError).reason, "bad-answer")
    for (const method of ["sendTransfer", "eth_sendTransaction", "__proto__"])
      assert.strictEqual((await normalised(provider.request({ method }))).code, 4200)
  })

  it("follows the standard's change event as accountsChanged, checked; a change to another network's address is ignored", async () => {
    const fake = fakeStandardBitcoinWallet()
    const provider = makeBitcoinStandardProvider(fake.wallet)
    await connectFirst(provider)
    const heard: Array<unknown> = []
    const listener = (payload: unknown) => heard.push(payload)
    provider.on?.("accountsChanged", listener)
    fake.change([dev1.ordinals.address, dev1.payment.address])
    fake.change(["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"])
    assert.deepStrictEqual(heard, [
      [
        { address: dev1.ordinals.address, intention: "ordinal" },
        { address: dev1.payment.address, intention: "payment" }
      ]
    ])
    provider.removeListener?.("accountsChanged", listener)
    assert.strictEqual(fake.listeners.size, 0)
  })
})

describe("a Bitcoin wallet that does not answer", () => {
  it("a disconnect the wallet never answers ends after the read timeout with a typed no-answer error", async () => {
    vi.useFakeTimers()
    try {
      const { wallet } = fakeStandardBitcoinWallet({
        features: { "standard:disconnect": { version: "1.0.0", disconnect: () => new Promise(() => {}) } }
      })
      const pending = rejection(
        makeBitcoinStandardProvider(wallet).request({ method: "wallet_revokePermissions" })
      )
      await vi.advanceTimersByTimeAsync(BITCOIN_READ_TIMEOUT_MS)
      const error = await pending
      assert.instanceOf(error, BitcoinWalletError)
      assert.strictEqual((error as BitcoinWalletError).reason, "no-answer")
      assert.strictEqual((error as BitcoinWalletError).sentence(), "The wallet did not answer in time")
    } finally {
      vi.useRealTimers()
    }
  })
})

describe("sats-connect wallets behind the canonical requests", () => {
  it("getAccountAddresses asks getAccounts for payment and ordinals and answers intentions", async () => {
    const { provider, calls } = fakeSatsProvider()
    const answer = await makeSatsConnectProvider(provider).request({
      method: "getAccountAddresses",
      params: {},
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(calls, [{ method: "getAccounts", params: { purposes: ["payment", "ordinals"] } }])
    assert.deepStrictEqual(
      (answer as Array<{ address: string; intention: string }>).map((a) => [a.address, a.intention]),
      [
        [dev0.payment.address, "payment"],
        [dev0.ordinals.address, "ordinal"]
      ]
    )
  })

  it("a mainnet address on regtest is bad-address; a malformed envelope is bad-answer; a rejection is the user's", async () => {
    const mainnetAccounts = fakeSatsProvider({
      getAccounts: rpcResult([{ address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", purpose: "payment" }])
    })
    const bad = await rejection(
      makeSatsConnectProvider(mainnetAccounts.provider).request({
        method: "getAccountAddresses",
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual((bad as BitcoinWalletError).reason, "bad-address")
    // The same address is fine on mainnet.
    const ok = await makeSatsConnectProvider(mainnetAccounts.provider).request({
      method: "getAccountAddresses",
      chainId: MAINNET
    })
    assert.lengthOf(ok as Array<unknown>, 1)
    const junk = fakeSatsProvider({ getAccounts: "x".repeat(1000) })
    const malformed = await rejection(
      makeSatsConnectProvider(junk.provider).request({
        method: "getAccountAddresses",
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual((malformed as BitcoinWalletError).reason, "bad-answer")
    const refusing = fakeSatsProvider({ getAccounts: rpcError(-32000, "User rejected") })
    const rejected = await normalised(
      makeSatsConnectProvider(refusing.provider).request({
        method: "getAccountAddresses",
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual(rejected._tag, "UserRejectedRequestError")
  })

  it("signMessage names sats-connect's protocol in upper case; signPsbt maps inputs to address → indexes", async () => {
    const { provider, calls } = fakeSatsProvider({
      signPsbt: rpcResult({ psbt: "cHNidP8=", txid: "cd".repeat(32) })
    })
    const sats = makeSatsConnectProvider(provider)
    const signed = await sats.request({
      method: "signMessage",
      params: { message: "hello", address: dev0.payment.address, protocol: "ecdsa" },
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(signed, { signature: "3q2+7w==", address: dev0.payment.address })
    assert.deepStrictEqual(calls[0], {
      method: "signMessage",
      params: { address: dev0.payment.address, message: "hello", protocol: "ECDSA" }
    })
    const sent = await sats.request({
      method: "signPsbt",
      params: {
        psbt: PSBT,
        signInputs: [
          { address: dev0.payment.address, index: 0 },
          { address: dev0.ordinals.address, index: 1 },
          { address: dev0.payment.address, index: 3 }
        ],
        broadcast: true
      },
      chainId: REGTEST_NETWORK
    })
    assert.deepStrictEqual(sent, { psbt: "cHNidP8=", txid: "cd".repeat(32) })
    const params = calls[1]?.params as { signInputs: Record<string, Array<number>>; broadcast: boolean }
    assert.deepStrictEqual(
      { ...params.signInputs },
      {
        [dev0.payment.address]: [0, 3],
        [dev0.ordinals.address]: [1]
      }
    )
    assert.isTrue(params.broadcast)
  })

  it("a broadcast the wallet answers without a txid is a bad answer; an input of another network is invalid", async () => {
    const { provider } = fakeSatsProvider()
    const sats = makeSatsConnectProvider(provider)
    const noTxid = await rejection(
      sats.request({
        method: "signPsbt",
        params: { psbt: PSBT, signInputs: [{ address: dev0.payment.address, index: 0 }], broadcast: true },
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual((noTxid as BitcoinWalletError).reason, "bad-answer")
    const foreign = await normalised(
      sats.request({
        method: "signPsbt",
        params: { psbt: PSBT, signInputs: [{ address: "__proto__", index: 0 }] },
        chainId: REGTEST_NETWORK
      })
    )
    assert.strictEqual(foreign.code, -32602)
  })
})
