/**
 * The world the AccountData tests run in: the real balance, history, identity and notification services
 * over fake APIs, and the connection and networks as refs a test moves.
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ProviderServiceError } from "../../src/errors"
import { AccountDataLive } from "../../src/layers/account/AccountDataLive"
import { BalanceServiceLive } from "../../src/layers/account/BalanceServiceLive"
import { HistoryServiceLive } from "../../src/layers/account/HistoryServiceLive"
import { IdentityServiceLive } from "../../src/layers/account/IdentityServiceLive"
import { unknownNetwork } from "../../src/layers/networks/NetworksLive"
import type { ModalOptions } from "../../src/schemas/ModalOptions"
import type { CaipNetwork } from "../../src/schemas/Network"
import type { Transaction, Transfer } from "../../src/schemas/Transaction"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { AccountData, type AccountDatum, type Loadable } from "../../src/services/AccountData"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../src/services/Connection"
import type { WalletConnector } from "../../src/services/Connectors"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks, type NetworksState } from "../../src/services/Networks"
import { Notifications } from "../../src/services/Notifications"
import { type TrackedTransaction, TransactionWatcher } from "../../src/services/TransactionWatcher"
import { makeMockEip1193Provider } from "../../src/testing/index"
import { ALICE, BOB } from "../kit/accounts"
import { decodedOptions, mainnetNetwork, sandboxNetwork, solanaDevnetNetwork } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { englishNotifications } from "../kit/locale"
import { untilState } from "../kit/waits"

export const config = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork, solanaDevnetNetwork] })
export const [sandbox, mainnet, devnet] = config.networks as [CaipNetwork, CaipNetwork, CaipNetwork]
export const SOL = "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj"
export const ONE_ETH = "0xde0b6b3a7640000"

// ---------------------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------------------

export const transaction = (id: string, transfers: ReadonlyArray<Transfer> = []): Transaction => ({
  id,
  metadata: {
    operationType: "receive",
    status: "confirmed",
    sentFrom: BOB,
    sentTo: ALICE,
    minedAt: "2024-05-01T10:00:00.000Z"
  },
  transfers
})

export const nftTransfer = (name: string, direction: "in" | "out" = "in"): Transfer => ({
  nft_info: { name, content: { preview: { url: `https://nft.example/${name}.png` } } },
  direction,
  quantity: { numeric: "1" }
})

export const token = (symbol: string) => ({
  name: symbol,
  symbol,
  chainId: sandbox.caipNetworkId,
  value: 1,
  price: 1,
  quantity: { decimals: "6", numeric: "1" },
  iconUrl: undefined
})

export const connector = (chain: "eip155" | "solana"): WalletConnector => ({
  id: "mock",
  key: "mock",
  type: "INJECTED",
  chain,
  name: "Mock Wallet",
  icon: undefined,
  rdns: undefined,
  provider: makeMockEip1193Provider({ chainId: 31337, connected: true }),
  suspicious: false,
  uuid: undefined
})

export const connected = (address: string, chain: "eip155" | "solana" = "eip155"): NamespaceConnection => ({
  status: "connected",
  connector: connector(chain),
  address,
  allAccounts: [address],
  accountType: "eoa"
})

export const onNetwork = (network: CaipNetwork): NetworksState => ({
  activeNamespace: network.chainNamespace,
  active: { [network.chainNamespace]: { _tag: "Known", network } }
})

/** An EVM network the host did not configure, active: `eip155:999`. */
export const onUnknownNetwork: NetworksState = {
  activeNamespace: "eip155",
  active: { eip155: unknownNetwork("eip155:999") }
}

/** Pages of `transactions` as the history API answers them: the cursor is the next page's index. */
export const pages =
  (...all: ReadonlyArray<ReadonlyArray<Transaction>>) =>
  (cursor: string | undefined) => {
    const index = cursor === undefined ? 0 : Number(cursor)
    return {
      data: all[index] ?? [],
      next: index + 1 < all.length ? String(index + 1) : undefined,
      dropped: 0
    }
  }

// ---------------------------------------------------------------------------------------------------------
// The world: the real balance, history, identity and notification services over fake APIs, and the
// connection and networks as refs a test moves.
// ---------------------------------------------------------------------------------------------------------

export interface Api {
  /** The native balance `eth_getBalance` answers, as hex. */
  readonly rpc?: (address: string) => Effect.Effect<string>
  readonly balance?: (
    address: string
  ) => Effect.Effect<ReadonlyArray<ReturnType<typeof token>>, ProviderServiceError>
  readonly history?: (
    address: string,
    cursor: string | undefined
  ) => Effect.Effect<ReturnType<ReturnType<typeof pages>>, ProviderServiceError>
  readonly identity?: (
    address: string
  ) => Effect.Effect<{ name: string | undefined; avatar: string | undefined }>
}

export const world = (api: Api = {}, options: ModalOptions = config) =>
  Effect.gen(function* () {
    const connection = yield* SubscriptionRef.make<ConnectionState>({ namespaces: {}, attempt: undefined })
    const networks = yield* SubscriptionRef.make(onNetwork(sandbox))
    const recentWallets = yield* SubscriptionRef.make<ReadonlyArray<RecentWallet>>([])
    const tracked = yield* SubscriptionRef.make<ReadonlyArray<TrackedTransaction>>([])
    const asked = { rpc: [] as Array<string>, balance: [] as Array<string>, history: [] as Array<string> }
    const identities: Array<string> = []
    const fakes = Layer.mergeAll(
      Layer.succeed(ModalConfig, options),
      Layer.mock(FallbackTransport)({
        request: (_network, request) =>
          Effect.suspend(() => {
            const address = Array.isArray(request.params) ? String(request.params[0]) : ""
            asked.rpc.push(address)
            return api.rpc?.(address) ?? Effect.succeed(ONE_ETH)
          })
      }),
      Layer.mock(BlockchainApi)({
        balance: (address) =>
          Effect.suspend(() => {
            asked.balance.push(address)
            return Effect.map(api.balance?.(address) ?? Effect.succeed([token("sUSD")]), (balances) => ({
              balances,
              dropped: 0
            }))
          }),
        history: (address, options) =>
          Effect.suspend(() => {
            asked.history.push(`${address}@${options.cursor ?? "first"}`)
            return api.history?.(address, options.cursor) ?? Effect.succeed(pages([])(options.cursor))
          }),
        identity: (address) =>
          Effect.suspend(() => {
            identities.push(address)
            return api.identity?.(address) ?? Effect.succeed({ name: "alice.eth", avatar: undefined })
          })
      }),
      Layer.mock(Connection)({ state: connection, recentWallets }),
      Layer.mock(TransactionWatcher)({ transactions: tracked }),
      Layer.mock(Networks)({ networks: options.networks, state: networks, find: () => Option.none() })
    )
    const layer = AccountDataLive.pipe(
      Layer.provideMerge(
        Layer.mergeAll(BalanceServiceLive, HistoryServiceLive, IdentityServiceLive, englishNotifications)
      ),
      Layer.provideMerge(fakes)
    )
    return { connection, networks, tracked, asked, identities, layer }
  })

export type World = Effect.Success<ReturnType<typeof world>>

/** Every datum, as the Account view and its tabs show them together. */
export const EVERY_DATUM: ReadonlyArray<AccountDatum> = [
  "identity",
  "nativeBalance",
  "tokens",
  "activity",
  "nfts"
]

/**
 * Runs `body` with the world's AccountData and Notifications, over `parts` (the lazily loaded code, loaded
 * already unless a test says otherwise), with the host's `options` ({@link config} unless a test says),
 * while `shown` data are demanded (every datum unless a test says).
 */
export const inWorld = <A>(
  api: Api,
  body: (
    w: World & {
      readonly data: AccountData["Service"]
      readonly notices: Effect.Effect<ReadonlyArray<string>>
    }
  ) => Effect.Effect<A>,
  parts: Layer.Layer<never> = preloadedParts,
  options: ModalOptions = config,
  shown: ReadonlyArray<AccountDatum> = EVERY_DATUM
) =>
  Effect.gen(function* () {
    const w = yield* world(api, options)
    return yield* Effect.gen(function* () {
      const data = yield* AccountData
      yield* Effect.forEach(shown, data.demand, { discard: true })
      const notifications = yield* Notifications
      const notices = Effect.map(SubscriptionRef.get(notifications.notices), (all) =>
        all.map((n) => n.message)
      )
      return yield* body({ ...w, data, notices })
    }).pipe(Effect.scoped, Effect.provide(w.layer), Effect.provide(parts))
  })

/** A load that has ended, ready or failed. */
export const loaded = <A, E>(state: Loadable<A, E>) => state._tag === "Ready" || state._tag === "Failed"

export const readyValue = <A, E>(state: Loadable<A, E>): A => {
  if (state._tag !== "Ready") assert.fail(`expected Ready, got ${state._tag}`)
  return state.value
}

export const connect = (w: World, address: string, chain: "eip155" | "solana" = "eip155") =>
  SubscriptionRef.update(w.connection, (s) => ({ ...s, namespaces: { [chain]: connected(address, chain) } }))

/** Waits until the load of every datum has ended. */
export const untilAllLoaded = (data: AccountData["Service"]) =>
  Effect.all(
    [
      untilState(data.identity, loaded),
      untilState(data.nativeBalance, loaded),
      untilState(data.tokens, loaded),
      untilState(data.activity, loaded),
      untilState(data.nfts, loaded)
    ],
    { discard: true }
  )

/** What every datum holds now, by its tag. */
export const tagsOf = (data: AccountData["Service"]) =>
  Effect.all({
    identity: SubscriptionRef.get(data.identity),
    nativeBalance: SubscriptionRef.get(data.nativeBalance),
    tokens: SubscriptionRef.get(data.tokens),
    activity: SubscriptionRef.get(data.activity),
    nfts: SubscriptionRef.get(data.nfts)
  }).pipe(Effect.map((all) => Object.values(all).map((state) => state._tag)))
