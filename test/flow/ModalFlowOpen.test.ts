/**
 * ModalFlow's `open` of a view by name, on the test clock: a flow's view starts its flow before it shows,
 * a Connecting view asks its wallet, and a refused view leaves the modal as it was, is shown once in the
 * catalogue's words and fails with its typed error; the Account view's flow buttons follow the same rules.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ViewCommandsLazy } from "../../src/layers/flow/ModalFlowLive"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import { present } from "../../src/presentation"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection, WALLET_CONNECT_ID } from "../../src/services/Connection"
import type { WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { type FlowView, ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { Names, type NamesState } from "../../src/services/Names"
import { Notifications } from "../../src/services/Notifications"
import { Onramp, type OnrampState } from "../../src/services/Onramp"
import { Send, type SendState } from "../../src/services/Send"
import { Swap, type SwapState } from "../../src/services/Swap"
import { makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { ALICE } from "../kit/accounts"
import { decodedOptions, withWalletConnect } from "../kit/fixtures"
import { fixedConnection, withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { untilState } from "../kit/waits"

/** The form flows, each recording in `starts` that it was started. */
const recordingFlows = (starts: SubscriptionRef.SubscriptionRef<ReadonlyArray<FlowView>>) => {
  const started = (view: FlowView) => SubscriptionRef.update(starts, (all) => [...all, view])
  return Layer.mergeAll(
    Layer.unwrap(
      Effect.map(SubscriptionRef.make<SendState>({ _tag: "Idle" }), (state) =>
        Layer.mock(Send)({ state, start: started("WalletSend") })
      )
    ),
    Layer.unwrap(
      Effect.map(SubscriptionRef.make<SwapState>({ _tag: "Idle" }), (state) =>
        Layer.mock(Swap)({ state, start: started("Swap") })
      )
    ),
    Layer.unwrap(
      Effect.map(SubscriptionRef.make<OnrampState>({ _tag: "Idle" }), (state) =>
        Layer.mock(Onramp)({ state, start: started("OnRampProviders") })
      )
    ),
    Layer.unwrap(
      Effect.map(SubscriptionRef.make<NamesState>({ _tag: "Idle" }), (state) =>
        Layer.mock(Names)({ state, start: started("RegisterAccountName") })
      )
    )
  )
}

/** A connection as built (`wallet` connected on eip155, or nothing) whose connects are recorded. */
const recordingConnection = (
  connects: SubscriptionRef.SubscriptionRef<ReadonlyArray<string>>,
  wallet: WalletConnector | undefined
) =>
  Layer.effect(
    Connection,
    Effect.gen(function* () {
      const fixed = yield* Connection
      return Connection.of({
        ...fixed,
        connect: (connectorId) => SubscriptionRef.update(connects, (all) => [...all, connectorId])
      })
    })
  ).pipe(
    Layer.provide(fixedConnection(wallet === undefined ? undefined : { connector: wallet, address: ALICE }))
  )

/**
 * ModalFlow over the host's options `settings`, `wallet` connected (or none), the view rules loaded as
 * `rules` says; `starts` and `connects` record the flows started and the connects asked.
 */
const inWorld = <A, E>(
  options: {
    readonly settings?: Partial<ModalOptionsInput>
    readonly wallet?: WalletConnector
    readonly rules?: Layer.Layer<never>
  },
  body: (w: {
    readonly flow: ModalFlow["Service"]
    readonly router: ModalRouter["Service"]
    readonly notices: Notifications["Service"]["notices"]
    readonly starts: SubscriptionRef.SubscriptionRef<ReadonlyArray<FlowView>>
    readonly connects: SubscriptionRef.SubscriptionRef<ReadonlyArray<string>>
  }) => Effect.Effect<A, E, ModalFlow | ModalRouter | Notifications | Names>
) =>
  Effect.gen(function* () {
    const starts = yield* SubscriptionRef.make<ReadonlyArray<FlowView>>([])
    const connects = yield* SubscriptionRef.make<ReadonlyArray<string>>([])
    const platform = Layer.merge(
      Layer.succeed(ModalConfig, decodedOptions(options.settings)),
      KeyValueStore.layerMemory
    )
    const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
    const chain = NetworksLive.pipe(Layer.provideMerge(core))
    const below = Layer.merge(withWalletConnect(chain), recordingConnection(connects, options.wallet))
    const layer = withFlow(below, recordingFlows(starts)).pipe(
      Layer.provide(options.rules ?? Layer.empty),
      Layer.provide(preloadedParts)
    )
    return yield* Effect.gen(function* () {
      const flow = yield* ModalFlow
      const router = yield* ModalRouter
      const { notices } = yield* Notifications
      return yield* body({ flow, router, notices, starts, connects })
    }).pipe(Effect.provide(layer))
  })

const connected = makeMockInModalWallet({ connected: true }).connector

const shown = (router: ModalRouter["Service"]) =>
  Effect.map(SubscriptionRef.get(router.state), (s) => (s.open ? s.view : "closed"))

/** The words of the notices on screen, once there is one. */
const noticeWords = (notices: Notifications["Service"]["notices"]) =>
  Effect.map(
    untilState(notices, (all) => all.length > 0),
    (all) => all.map((notice) => notice.message)
  )

/** The refusal `open` failed with: its tag and its words. */
const refusalOf = (exit: Exit.Exit<void, { readonly _tag: string }>) =>
  Option.getOrUndefined(
    Option.map(Exit.findErrorOption(exit), (error) => [error._tag, present(error as never).message])
  )

describe("ModalFlow.open of a view by name", () => {
  it.effect("a flow's view starts its flow, then shows it as the modal's first view", () =>
    inWorld({ wallet: connected }, ({ flow, router, notices, starts }) =>
      Effect.gen(function* () {
        yield* flow.open("WalletSend")
        assert.deepStrictEqual(yield* SubscriptionRef.get(starts), ["WalletSend"])
        const state = yield* SubscriptionRef.get(router.state)
        assert.deepStrictEqual([state.open, state.view, state.history], [true, "WalletSend", ["WalletSend"]])
        yield* flow.open("Swap")
        yield* flow.open("OnRampProviders")
        yield* flow.open("RegisterAccountName")
        assert.deepStrictEqual(yield* SubscriptionRef.get(starts), [
          "WalletSend",
          "Swap",
          "OnRampProviders",
          "RegisterAccountName"
        ])
        assert.deepStrictEqual(yield* SubscriptionRef.get(notices), [])
      })
    )
  )

  it.effect("a refused view leaves the modal closed, says why once, and fails with the typed error", () =>
    inWorld(
      { settings: { features: { send: false } }, wallet: connected },
      ({ flow, router, notices, starts }) =>
        Effect.gen(function* () {
          const exit = yield* Effect.exit(flow.open("WalletSend"))
          assert.deepStrictEqual(refusalOf(exit), ["ViewUnavailableError", "Send is not enabled"])
          assert.strictEqual(yield* shown(router), "closed")
          assert.deepStrictEqual(yield* SubscriptionRef.get(starts), [])
          assert.deepStrictEqual(yield* noticeWords(notices), ["Send is not enabled"])
        })
    )
  )

  it.effect("a refused view leaves an open modal where it was, its history kept", () =>
    inWorld({ settings: { features: { swaps: false } } }, ({ flow, router, notices }) =>
      Effect.gen(function* () {
        yield* flow.open()
        yield* flow.push("AllWallets")
        const before = yield* SubscriptionRef.get(router.state)
        // Not connected: the account's views say so; Swap's flag is off: it says that first.
        const refusals: Array<unknown> = []
        for (const view of ["Account", "Swap", "UnsupportedChain", "SIWXSignMessage"] as const)
          refusals.push(refusalOf(yield* Effect.exit(flow.open(view))))
        assert.deepStrictEqual(refusals, [
          ["ConnectorNotConnectedError", "Connector not connected."],
          ["ViewUnavailableError", "Swap is not enabled"],
          ["ViewUnavailableError", "Your network is supported"],
          ["ViewUnavailableError", "No sign-in is waiting"]
        ])
        assert.deepStrictEqual(yield* SubscriptionRef.get(router.state), before)
        const words = yield* Effect.map(
          untilState(notices, (all) => all.some((n) => n.message === "No sign-in is waiting")),
          (all) => all.map((n) => n.message)
        )
        // At most three toasts at once: the oldest gave way.
        assert.deepStrictEqual(words, [
          "Swap is not enabled",
          "Your network is supported",
          "No sign-in is waiting"
        ])
      })
    )
  )

  it.effect(
    "a Connecting view asks its wallet to connect once it shows; without WalletConnect it is refused",
    () =>
      Effect.gen(function* () {
        yield* inWorld({}, ({ flow, router, connects }) =>
          Effect.gen(function* () {
            yield* flow.open("ConnectingWalletConnect", { walletId: "w" })
            assert.deepStrictEqual(yield* untilState(connects, (all) => all.length === 1), [
              WALLET_CONNECT_ID
            ])
            assert.deepStrictEqual((yield* SubscriptionRef.get(router.state)).data, { walletId: "w" })
            yield* flow.open("ConnectingExternal", { connectorId: "eip6963:a" })
            assert.deepStrictEqual(yield* untilState(connects, (all) => all.length === 2), [
              WALLET_CONNECT_ID,
              "eip6963:a"
            ])
            assert.deepStrictEqual(refusalOf(yield* Effect.exit(flow.open("ConnectingExternal"))), [
              "ViewUnavailableError",
              "Choose a wallet first"
            ])
          })
        )
        yield* inWorld({ settings: { enableWalletConnect: false } }, ({ flow, router, connects }) =>
          Effect.gen(function* () {
            const exit = yield* Effect.exit(flow.open("ConnectingWalletConnectBasic"))
            assert.deepStrictEqual(refusalOf(exit), [
              "WalletConnectConnectorNotFoundError",
              "WalletConnectConnector not found"
            ])
            assert.strictEqual(yield* shown(router), "closed")
            assert.deepStrictEqual(yield* SubscriptionRef.get(connects), [])
          })
        )
      })
  )

  it.effect(
    "the Account view's flow button follows the same rules: refused, it stays on Account and says why",
    () =>
      inWorld(
        { settings: { features: { onramp: false } }, wallet: connected },
        ({ flow, router, notices, starts }) =>
          Effect.gen(function* () {
            yield* flow.open()
            yield* flow.startFlow("OnRampProviders")
            assert.strictEqual(yield* shown(router), "Account")
            assert.deepStrictEqual(yield* noticeWords(notices), ["Buy is not enabled"])
            yield* flow.startFlow("WalletSend")
            assert.deepStrictEqual(yield* SubscriptionRef.get(starts), ["WalletSend"])
            assert.deepStrictEqual((yield* SubscriptionRef.get(router.state)).history, [
              "Account",
              "WalletSend"
            ])
          })
      )
  )

  it.effect(
    "without the rules' code: a bare open and Connect still open; a view by name says the load failed",
    () => {
      const unloadable = Layer.succeed(ViewCommandsLazy, {
        _tag: "Import",
        load: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"))
      })
      return inWorld({ wallet: connected, rules: unloadable }, ({ flow, router, notices, starts }) =>
        Effect.gen(function* () {
          yield* flow.open()
          assert.strictEqual(yield* shown(router), "Account")
          yield* flow.open("Connect")
          assert.strictEqual(yield* shown(router), "Connect")
          const exit = yield* Effect.exit(flow.open("WalletSend"))
          assert.deepStrictEqual(refusalOf(exit), [
            "ProviderRequestError",
            "Network request failed. Try again later."
          ])
          assert.strictEqual(yield* shown(router), "Connect")
          assert.deepStrictEqual(yield* SubscriptionRef.get(starts), [])
          assert.deepStrictEqual(yield* noticeWords(notices), ["Network request failed. Try again later."])
        })
      )
    }
  )

  it.effect("a name registered while its form shows moves the form on to the name's own view", () =>
    inWorld({ wallet: connected }, ({ flow, router }) =>
      Effect.gen(function* () {
        const names = yield* Names
        yield* flow.open("RegisterAccountName")
        yield* SubscriptionRef.set(names.state, { _tag: "Registered", name: "alice.airlock.id" })
        const state = yield* untilState(router.state, (s) => s.view !== "RegisterAccountName")
        assert.deepStrictEqual(
          [state.view, state.history],
          ["RegisterAccountNameSuccess", ["RegisterAccountNameSuccess"]]
        )
      })
    )
  )

  it.effect("a view of a step under way shows while it is: the account's name just registered", () =>
    inWorld({ wallet: connected }, ({ flow, router }) =>
      Effect.gen(function* () {
        const names = yield* Names
        const refused = yield* Effect.exit(flow.open("RegisterAccountNameSuccess"))
        assert.deepStrictEqual(refusalOf(refused), ["ViewUnavailableError", "No name was registered"])
        yield* SubscriptionRef.set(names.state, { _tag: "Registered", name: "alice.airlock.id" })
        yield* flow.open("RegisterAccountNameSuccess")
        assert.strictEqual(yield* shown(router), "RegisterAccountNameSuccess")
      })
    )
  )
})
