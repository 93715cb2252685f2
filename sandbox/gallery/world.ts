/**
 * The mock layers a gallery scenario runs on: a world where the modal shows one view in one state, with
 * no chain, no wallet and no network. Each scenario says only what differs from the quiet default (nothing
 * connected, nothing loading, every flow idle); `worldLayer` turns that into the host layer that
 * `createModal(options, { layer })` lays over the live services.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ChainNotConfiguredError } from "../../src/errors"
import { makeModalRouter } from "../../src/layers/modal/ModalRouterLive"
import type { EmbeddedWalletUser } from "../../src/schemas/EmbeddedWallet"
import type { CaipNetworkId } from "../../src/schemas/Primitives"
import type { View } from "../../src/schemas/View"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { AccountData, type AccountDataShape } from "../../src/services/AccountData"
import { AuthConnector, type SocialLoginState } from "../../src/services/AuthConnector"
import { Connection, type ConnectionState, type NamespaceConnection } from "../../src/services/Connection"
import { Connectors, type WalletConnector } from "../../src/services/Connectors"
import {
  EmailLogin,
  type EmailLoginError,
  type EmailLoginState,
  type EmailUpdateState
} from "../../src/services/EmailLogin"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalRouter, type RouteData } from "../../src/services/ModalRouter"
import { Names, type NamesState } from "../../src/services/Names"
import { type ActiveNetwork, Networks } from "../../src/services/Networks"
import { Onramp, type OnrampState } from "../../src/services/Onramp"
import { OriginGuard } from "../../src/services/OriginGuard"
import { Pay, type PayState } from "../../src/services/Pay"
import { ProviderApi } from "../../src/services/ProviderApi"
import { type PendingApproval, type RpcEvent, RpcRouter } from "../../src/services/RpcRouter"
import { Send, type SendState } from "../../src/services/Send"
import { SignIn, type SignInState } from "../../src/services/SignIn"
import { type SessionsState, SmartSessions } from "../../src/services/SmartSessions"
import { Swap, type SwapState } from "../../src/services/Swap"
import { type CatalogSearchState, type CatalogState, WalletCatalog } from "../../src/services/WalletCatalog"
import { type PairingState, WalletConnect } from "../../src/services/WalletConnect"
import { EMPTY_CATALOG } from "../../src/testing/catalogStates"
import { iconFor } from "./fixtures"

/** What one of AccountData's refs holds. */
type Held<K extends keyof AccountDataShape> =
  AccountDataShape[K] extends SubscriptionRef.SubscriptionRef<infer A> ? A : never

/** The account's data as the Account view reads it; each absent datum is Idle. */
export interface AccountWorld {
  readonly nativeBalance?: Held<"nativeBalance">
  readonly tokens?: Held<"tokens">
  readonly nfts?: Held<"nfts">
  readonly activity?: Held<"activity">
  readonly identity?: Held<"identity">
  readonly sent?: Held<"sent">
}

/** What a scenario changes from the quiet default. */
export interface World {
  /** The view the modal is open on (ApproveTransaction: by the first of `approvals`). */
  readonly view: View
  readonly data?: RouteData
  readonly connection?: ConnectionState
  readonly connectors?: ReadonlyArray<WalletConnector>
  /** The active network (by default the first configured one, on its namespace). */
  readonly activeNetwork?: ActiveNetwork
  readonly catalog?: Partial<CatalogState>
  readonly search?: CatalogSearchState
  readonly account?: AccountWorld
  readonly approvals?: ReadonlyArray<PendingApproval>
  readonly send?: SendState
  readonly swap?: SwapState
  readonly onramp?: OnrampState
  readonly names?: NamesState
  readonly pay?: PayState
  readonly signIn?: SignInState
  readonly emailLogin?: EmailLoginState
  readonly emailUpdate?: EmailUpdateState
  /** What a code or a new email the visitor submits fails with (else it is taken and nothing changes). */
  readonly emailRefusal?: EmailLoginError
  readonly social?: SocialLoginState
  readonly pairing?: PairingState
  /** The connected account's smart sessions (with `features.smartSessions` in the scenario's options). */
  readonly sessions?: SessionsState
}

/** Every request fails at once, as offline: nothing the gallery shows may come from a network. */
const offlineHttp = Layer.succeed(HttpFetch, () => Promise.reject(new TypeError("The gallery is offline")))

/** Images by their id as generated tiles; the listing is never asked (the catalogue is fixed). */
const galleryProviderApi = Layer.mock(ProviderApi)({
  walletImageUrl: iconFor,
  assetImageUrl: (id) => iconFor(id.replace(/^gallery-network-/, "")),
  currencyImageUrl: iconFor,
  tokenImageUrl: iconFor,
  getAllowedOrigins: Effect.succeed([]),
  getAnalyticsConfig: Effect.succeed({ isAnalyticsEnabled: false }),
  sendEvent: () => Effect.void
})

const quietPlatform = Layer.mergeAll(
  KeyValueStore.layerMemory,
  offlineHttp,
  galleryProviderApi,
  Layer.succeed(OriginGuard, OriginGuard.of({ check: Effect.void })),
  Layer.mock(FallbackTransport)({ request: () => Effect.fail(new ChainNotConfiguredError({})) })
)

/** The router open on the world's view, or on ApproveTransaction in front of Account for approvals. */
const routerOn = (world: World) =>
  Layer.effect(
    ModalRouter,
    Effect.tap(makeModalRouter, (router) =>
      world.approvals !== undefined && world.approvals.length > 0
        ? Effect.andThen(
            router.open(world.view, world.data),
            Effect.forEach(world.approvals, (approval) => router.pushTransaction({ id: approval.id }))
          )
        : router.open(world.view, world.data)
    )
  )

const connectedIn = (state: ConnectionState, namespace: "eip155" | "solana") => {
  const connection: NamespaceConnection | undefined = state.namespaces[namespace]
  return connection?.status === "connected" ? Option.some(connection) : Option.none()
}

const connectionOf = (state: ConnectionState) =>
  Layer.effect(
    Connection,
    Effect.gen(function* () {
      return Connection.of({
        state: yield* SubscriptionRef.make(state),
        recentWallets: yield* SubscriptionRef.make<ReadonlyArray<RecentWallet>>([]),
        connect: () => Effect.void,
        cancel: Effect.void,
        disconnect: () => Effect.void,
        connected: (namespace) =>
          Effect.succeed(
            namespace === "eip155" || namespace === "solana" ? connectedIn(state, namespace) : Option.none()
          )
      })
    })
  )

const connectorsOf = (connectors: ReadonlyArray<WalletConnector>) =>
  Layer.effect(
    Connectors,
    Effect.map(SubscriptionRef.make(connectors), (ref) =>
      Connectors.of({
        connectors: ref,
        byId: (id) => Effect.succeed(Option.fromNullishOr(connectors.find((c) => c.id === id))),
        awaitKey: () => Effect.succeed(Option.none())
      })
    )
  )

/** A listing whose first load is in and found nothing; each scenario adds its wallets. */
const emptyCatalog: CatalogState = { ...EMPTY_CATALOG, page: 1, loaded: true }

const catalogOf = (state: Partial<CatalogState>, search: CatalogSearchState | undefined) =>
  Layer.effect(
    WalletCatalog,
    Effect.gen(function* () {
      return WalletCatalog.of({
        state: yield* SubscriptionRef.make<CatalogState>({ ...emptyCatalog, ...state }),
        search: yield* SubscriptionRef.make<CatalogSearchState>(
          search ?? { query: "", results: [], status: { _tag: "Idle" } }
        ),
        load: Effect.void,
        loadNextPage: Effect.void,
        setQuery: () => Effect.void
      })
    })
  )

const idle = { _tag: "Idle" } as const

const accountDataOf = (account: AccountWorld) =>
  Layer.effect(
    AccountData,
    Effect.gen(function* () {
      return AccountData.of({
        nativeBalance: yield* SubscriptionRef.make<Held<"nativeBalance">>(account.nativeBalance ?? idle),
        tokens: yield* SubscriptionRef.make<Held<"tokens">>(account.tokens ?? idle),
        nfts: yield* SubscriptionRef.make<Held<"nfts">>(account.nfts ?? idle),
        activity: yield* SubscriptionRef.make<Held<"activity">>(account.activity ?? idle),
        identity: yield* SubscriptionRef.make<Held<"identity">>(account.identity ?? idle),
        sent: yield* SubscriptionRef.make<Held<"sent">>(account.sent ?? []),
        loadMoreActivity: Effect.void,
        loadMoreNfts: Effect.void,
        retry: () => Effect.void,
        refresh: Effect.void,
        demand: () => Effect.void
      })
    })
  )

/** The configured networks, `active` (else the first) the active one; switching does nothing. */
const networksOf = (active: ActiveNetwork | undefined) =>
  Layer.effect(
    Networks,
    Effect.gen(function* () {
      const { networks } = yield* ModalConfig
      const [first] = networks
      const shown: ActiveNetwork | undefined =
        active ?? (first === undefined ? undefined : { _tag: "Known", network: first })
      const namespace =
        shown?._tag === "Known" ? shown.network.chainNamespace : (shown?.chainNamespace ?? "eip155")
      const state = yield* SubscriptionRef.make({
        activeNamespace: namespace,
        active: shown === undefined ? {} : { [namespace]: shown }
      })
      return Networks.of({
        networks,
        state,
        find: (id) => Option.fromNullishOr(networks.find((network) => network.caipNetworkId === id)),
        setActive: () => Effect.die("the gallery does not switch networks"),
        setActiveNamespace: () => Effect.void
      })
    })
  )

/** A flow that shows `state` and whose commands do nothing: the scenario is a still picture. */
const still = <A>(state: A) => Effect.map(SubscriptionRef.make(state), (ref) => ({ state: ref }))

const flowsOf = (world: World) =>
  Layer.mergeAll(
    Layer.unwrap(
      Effect.map(still<SendState>(world.send ?? idle), ({ state }) =>
        Layer.mock(Send)({
          state,
          start: Effect.void,
          edit: () => Effect.void,
          review: Effect.void,
          confirm: Effect.void,
          back: Effect.void
        })
      )
    ),
    Layer.unwrap(
      Effect.map(still<SwapState>(world.swap ?? idle), ({ state }) =>
        Layer.mock(Swap)({
          state,
          start: Effect.void,
          edit: () => Effect.void,
          flip: Effect.void,
          review: Effect.void,
          confirm: Effect.void,
          back: Effect.void
        })
      )
    ),
    Layer.unwrap(
      Effect.map(still<OnrampState>(world.onramp ?? idle), ({ state }) =>
        Layer.mock(Onramp)({
          state,
          start: Effect.void,
          edit: () => Effect.void,
          proceed: Effect.void,
          back: Effect.void
        })
      )
    ),
    Layer.unwrap(
      Effect.map(still<NamesState>(world.names ?? idle), ({ state }) =>
        Layer.mock(Names)({ state, start: Effect.void, edit: () => Effect.void, register: Effect.void })
      )
    ),
    Layer.unwrap(
      Effect.map(still<PayState>(world.pay ?? idle), ({ state }) =>
        Layer.mock(Pay)({
          state,
          pay: () => Effect.never,
          connect: Effect.void,
          payWithWallet: Effect.void,
          payFromExchange: () => Effect.void
        })
      )
    ),
    Layer.unwrap(
      Effect.map(still<SignInState>(world.signIn ?? idle), ({ state }) =>
        Layer.mock(SignIn)({
          state,
          sign: Effect.void,
          cancel: Effect.void,
          pairingSignIn: Effect.succeed(undefined)
        })
      )
    )
  )

/** The approvals waiting, and no request event ever (the modal follows them from its start). */
const rpcRouterOf = (approvals: ReadonlyArray<PendingApproval>) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const ref = yield* SubscriptionRef.make(approvals)
      const events = yield* PubSub.unbounded<RpcEvent>()
      return Layer.mock(RpcRouter)({
        approvals: ref,
        decide: () => Effect.void,
        abortPending: Effect.void,
        events: PubSub.subscribe(events)
      })
    })
  )

const emailLoginOf = (
  login: EmailLoginState,
  update: EmailUpdateState,
  refusal: EmailLoginError | undefined
) =>
  Layer.effect(
    EmailLogin,
    Effect.gen(function* () {
      const answer = refusal === undefined ? Effect.void : Effect.fail(refusal)
      return EmailLogin.of({
        state: yield* SubscriptionRef.make(login),
        update: yield* SubscriptionRef.make(update),
        submitEmail: () => Effect.void,
        submitCode: () => answer,
        updateEmail: () => answer,
        submitUpdateCode: () => answer,
        signOut: Effect.void
      })
    })
  )

const socialOf = (social: SocialLoginState) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make(social)
      const user = yield* SubscriptionRef.make(Option.none<EmbeddedWalletUser>())
      const smartAccountNetworks = yield* SubscriptionRef.make<ReadonlyArray<CaipNetworkId>>([])
      return Layer.mock(AuthConnector)({
        enabled: true,
        social: state,
        user,
        smartAccountNetworks,
        loginWithSocial: () => Effect.void,
        loginWithFarcaster: Effect.void,
        abandonFarcaster: Effect.void
      })
    })
  )

const pairingOf = (pairing: PairingState) =>
  Layer.unwrap(
    Effect.map(SubscriptionRef.make(pairing), (ref) =>
      Layer.mock(WalletConnect)({
        pairing: ref,
        connect: () => Effect.never,
        restore: Effect.succeed(Option.none()),
        disconnect: Effect.void,
        openWallet: Effect.void,
        provider: () => ({ request: () => new Promise<never>(() => {}) })
      })
    )
  )

/** Smart sessions showing `sessions`; granting never answers, loading and revoking do nothing. */
const sessionsOf = (sessions: SessionsState) =>
  Layer.unwrap(
    Effect.map(SubscriptionRef.make(sessions), (ref) =>
      Layer.mock(SmartSessions)({
        enabled: true,
        sessions: ref,
        grantPermissions: () => Effect.never,
        load: Effect.void,
        demand: Effect.void,
        revoke: () => Effect.void
      })
    )
  )

/** The host layer of `world`: the quiet default with what the world changes. */
export const worldLayer = (world: World) =>
  Layer.mergeAll(
    quietPlatform,
    routerOn(world),
    connectionOf(world.connection ?? { namespaces: {}, attempt: undefined }),
    connectorsOf(world.connectors ?? []),
    networksOf(world.activeNetwork),
    catalogOf(world.catalog ?? {}, world.search),
    accountDataOf(world.account ?? {}),
    flowsOf(world),
    ...(world.approvals === undefined ? [] : [rpcRouterOf(world.approvals)]),
    ...(world.emailLogin === undefined && world.emailUpdate === undefined
      ? []
      : [emailLoginOf(world.emailLogin ?? idle, world.emailUpdate ?? idle, world.emailRefusal)]),
    ...(world.social === undefined ? [] : [socialOf(world.social)]),
    ...(world.sessions === undefined ? [] : [sessionsOf(world.sessions)]),
    pairingOf(world.pairing ?? idle)
  )
