/**
 * Fake Bitcoin browser wallets for unit tests: a Wallet Standard wallet with `bitcoin:*` features and a
 * sats-connect provider, each holding a sandbox dev account's regtest addresses and recording what it was
 * asked. They sign nothing: what is tested is what Airlock asks of them and what it makes of their answers.
 */
import { BITCOIN_REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"

export const REGTEST_NETWORK = BITCOIN_REGTEST
export const devBitcoin = sandboxBitcoinAccounts()
export const dev0 = devBitcoin[0] as (typeof devBitcoin)[number]
export const dev1 = devBitcoin[1] as (typeof devBitcoin)[number]

/** The Sandbox network's entry for Bitcoin regtest, as a host configures it. */
export const regtestNetwork = {
  id: "0f9188f13cb7b2c71f2a335e3a4fc328",
  caipNetworkId: BITCOIN_REGTEST,
  chainNamespace: "bip122",
  name: "Sandbox Bitcoin",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: ["http://127.0.0.1:3002"] } },
  testnet: true
} as const

export interface Call {
  readonly feature: string
  readonly input: ReadonlyArray<unknown>
}

/** A standard `WalletAccount` of an address. */
export const standardAccount = (address: string, chains: Array<string>) => ({
  address,
  publicKey: new Uint8Array(33).fill(2),
  chains,
  features: []
})

/**
 * A Wallet Standard Bitcoin wallet. `addresses`: what it grants on connect (dev account 0's payment and
 * ordinals); `features` add or replace; `calls` records every feature call.
 */
export const fakeStandardBitcoinWallet = (
  options: {
    readonly name?: string
    readonly addresses?: ReadonlyArray<string>
    readonly features?: Record<string, unknown>
    readonly chains?: ReadonlyArray<string>
  } = {}
) => {
  const calls: Array<Call> = []
  const listeners = new Set<(properties: unknown) => void>()
  const addresses = options.addresses ?? [dev0.payment.address, dev0.ordinals.address]
  const chains = options.chains ?? ["bitcoin:regtest"]
  const wallet = {
    version: "1.0.0",
    name: options.name ?? "Fake Bitcoin Wallet",
    icon: "data:image/svg+xml;base64,PHN2Zy8+",
    chains,
    accounts: [] as Array<ReturnType<typeof standardAccount>>,
    features: {
      "bitcoin:connect": {
        version: "1.0.0",
        connect: async (...input: Array<unknown>) => {
          calls.push({ feature: "bitcoin:connect", input })
          wallet.accounts = addresses.map((a) => standardAccount(a, [...chains]))
          return { accounts: wallet.accounts }
        }
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event: string, listener: (properties: unknown) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      },
      "bitcoin:signMessage": {
        version: "1.0.0",
        signMessage: async (...input: Array<unknown>) => {
          calls.push({ feature: "bitcoin:signMessage", input })
          return [{ signedMessage: new Uint8Array([1]), signature: new Uint8Array([0xde, 0xad, 0xbe, 0xef]) }]
        }
      },
      "bitcoin:signTransaction": {
        version: "1.0.0",
        signTransaction: async (...input: Array<unknown>) => {
          calls.push({ feature: "bitcoin:signTransaction", input })
          return [{ signedPsbt: new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff]) }]
        }
      },
      ...options.features
    }
  }
  /** Tells the app the wallet's accounts are now `next` (the standard's `change` event). */
  const change = (next: ReadonlyArray<string>) => {
    wallet.accounts = next.map((a) => standardAccount(a, [...chains]))
    for (const listener of listeners) listener({ accounts: wallet.accounts })
  }
  return { wallet, calls, change, listeners }
}

/** A JSON-RPC 2.0 success, as sats-connect providers answer. */
export const rpcResult = (result: unknown) => ({ jsonrpc: "2.0", id: "1", result })
export const rpcError = (code: number, message: string) => ({
  jsonrpc: "2.0",
  id: "1",
  error: { code, message }
})

/**
 * A sats-connect provider (`request(method, params)`), answering `answers[method]` (a value or a function
 * of the params) and recording every call.
 */
export const fakeSatsProvider = (answers: Record<string, unknown> = {}) => {
  const calls: Array<{ readonly method: string; readonly params: unknown }> = []
  const defaults: Record<string, unknown> = {
    getAccounts: rpcResult([
      {
        address: dev0.payment.address,
        publicKey: "02".padEnd(66, "a"),
        purpose: "payment",
        addressType: "p2wpkh"
      },
      { address: dev0.ordinals.address, publicKey: "b".repeat(64), purpose: "ordinals", addressType: "p2tr" }
    ]),
    signMessage: rpcResult({ signature: "3q2+7w==", messageHash: "00", address: dev0.payment.address }),
    signPsbt: rpcResult({ psbt: "cHNidP8=" })
  }
  const provider = {
    request: async (method: string, params: unknown) => {
      calls.push({ method, params })
      const answer = Object.hasOwn(answers, method) ? answers[method] : defaults[method]
      return typeof answer === "function" ? answer(params) : answer
    }
  }
  return { provider, calls }
}
