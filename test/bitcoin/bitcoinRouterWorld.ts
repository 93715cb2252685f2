/**
 * RpcRouter over a connected Bitcoin wallet on regtest (a fake provider that answers the canonical bip122
 * methods) and a fake Esplora (an `HttpClient` answering from `esplora`), for tests of the bip122 path.
 */
import { Transaction } from "@scure/btc-signer"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { BITCOIN_REGTEST } from "../../sandbox/shared/bitcoin"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { fromBase64, toBase64 } from "../../src/layers/requests/bitcoinPsbt"
import { RpcRouterLive } from "../../src/layers/requests/RpcRouterLive"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../src/services/Connection"
import type { Eip1193Provider, WalletConnector } from "../../src/services/Connectors"
import { HttpFetch } from "../../src/services/HttpFetch"
import { type TrackedTransaction, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { WalletConnect } from "../../src/services/WalletConnect"
import { decodedOptions, sandboxNetwork } from "../kit/fixtures"
import { connectionOver, modalCore, unansweredChains } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { ALICE_BTC } from "./bitcoinWorld"

export const ESPLORA = "http://esplora.test/api"

export const regtestNetwork = {
  id: "0f9188f13cb7b2c71f2a335e3a4fc328",
  caipNetworkId: BITCOIN_REGTEST,
  chainNamespace: "bip122",
  name: "Bitcoin Regtest",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: [ESPLORA] } },
  testnet: true
} as const

/** What the fake Esplora answers: a status and a body for a method and a path below `ESPLORA`. */
export type EsploraRoutes = (method: string, path: string, body: string) => { status: number; body: string }

/** An `HttpFetch` that answers from `routes` and records what it was asked. */
export const esploraFetch =
  (routes: EsploraRoutes, asked: Array<string>): typeof globalThis.fetch =>
  async (input, init) => {
    const url = String(input)
    const method = init?.method ?? "GET"
    const path = url.slice(ESPLORA.length)
    asked.push(`${method} ${path}`)
    const answer = routes(method, path, typeof init?.body === "string" ? init.body : "")
    return new Response(answer.body, { status: answer.status })
  }

/** The modal's `HttpFetch` as {@link esploraFetch}. */
export const fakeEsplora = (routes: EsploraRoutes, asked: Array<string>) =>
  Layer.succeed(HttpFetch, esploraFetch(routes, asked))

/** The wallet's key signs every input it can; `tamper` changes the transaction before signing. */
export const signWithAlice = (psbt: string, tamper?: (tx: Transaction) => void): Transaction => {
  const tx = Transaction.fromPSBT(fromBase64(psbt) ?? new Uint8Array())
  tamper?.(tx)
  tx.sign(ALICE_BTC.payment.privateKey)
  return tx
}

export const psbtText = (tx: Transaction) => toBase64(tx.toPSBT())

/** A Bitcoin wallet answering `answer` to every request, recording them. */
export const bitcoinWallet = (
  answer: (args: { method: string; params?: unknown }) => unknown,
  asked: Array<{ method: string; params?: unknown }>
): WalletConnector => {
  const provider: Eip1193Provider = {
    request: async (args: { method: string; params?: unknown }) => {
      asked.push(args)
      return answer(args)
    },
    on: () => undefined,
    removeListener: () => undefined
  } as unknown as Eip1193Provider
  return {
    id: "bitcoin-wallet",
    key: "dev.airlock.bitcoin",
    type: "ANNOUNCED",
    chain: "bip122",
    name: "Bitcoin Wallet",
    icon: undefined,
    rdns: "dev.airlock.bitcoin",
    provider,
    suspicious: false,
    uuid: "b"
  } as unknown as WalletConnector
}

const idleWatcher = Layer.effect(
  TransactionWatcher,
  Effect.gen(function* () {
    const settled = yield* PubSub.unbounded<TrackedTransaction>()
    return TransactionWatcher.of({
      transactions: yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([]),
      track: () => Effect.void,
      waitForReceipt: () => Effect.never,
      settled: PubSub.subscribe(settled)
    })
  })
)

/** RpcRouter with `connector` connected on regtest as Alice's payment address, over the fake Esplora. */
export const bitcoinRouterWorld = (
  connector: WalletConnector,
  routes: EsploraRoutes,
  options: { readonly preview?: boolean } = {}
) => {
  const esploraAsked: Array<string> = []
  const connected: Extract<NamespaceConnection, { status: "connected" }> = {
    status: "connected",
    connector,
    address: ALICE_BTC.payment.address,
    allAccounts: [ALICE_BTC.payment.address, ALICE_BTC.ordinals.address],
    accountType: "payment"
  }
  const connection = Layer.effect(
    Connection,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make<ConnectionState>({
        namespaces: { bip122: connected },
        attempt: undefined
      })
      return yield* connectionOver(
        state,
        () => Effect.void,
        (ns) => Effect.succeed(ns === "bip122" ? Option.some(connected) : Option.none())
      )
    })
  )
  const core = modalCore(
    decodedOptions({
      networks: [sandboxNetwork, regtestNetwork],
      features: { preview: options.preview ?? true }
    })
  )
  const chain = Layer.mergeAll(
    NetworksLive,
    connection,
    idleWatcher,
    Layer.succeed(WalletConnect, { openWallet: Effect.void } as never),
    unansweredChains,
    fakeEsplora(routes, esploraAsked)
  ).pipe(Layer.provideMerge(core))
  const layer = RpcRouterLive.pipe(Layer.provideMerge(chain), Layer.provide(preloadedParts))
  return { layer, esploraAsked }
}
