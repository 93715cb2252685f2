/**
 * The modal closes after a connect a dapp asked for (`closeAfterConnect.ts`, followed by ModalFlow): the
 * rule itself, then ModalFlow over mock layers, where the test connects the account and moves sign-in by
 * hand: a dapp's ask closes once connected (with sign-in, once signed in), a visitor's open shows the
 * account, and the next open by the visitor is theirs again.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type AfterConnect, closesAfterConnect } from "../../src/layers/flow/closeAfterConnect"
import { ModalFlowLive } from "../../src/layers/flow/ModalFlowLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { RpcRouterLive } from "../../src/layers/requests/RpcRouterLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connection } from "../../src/services/Connection"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter, type RouterState } from "../../src/services/ModalRouter"
import { SignIn, type SignInState } from "../../src/services/SignIn"
import { ALICE } from "../kit/accounts"
import { connectedAs } from "../kit/bindings"
import { decodedOptions, withWalletConnect } from "../kit/fixtures"
import {
  allowedOrigin,
  fixedConnection,
  idleAccountData,
  idleCatalog,
  idleFlows,
  idleNames,
  idleTransactionWatcher,
  modalCore,
  unansweredChains
} from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { settle, untilState } from "../kit/waits"

describe("closesAfterConnect", () => {
  const connectedByDapp: AfterConnect = {
    askedBy: "dapp",
    open: true,
    connected: true,
    unsupportedChain: false,
    signInConfigured: false,
    signIn: "Idle"
  }

  it("a dapp's ask closes once connected, without sign-in", () => {
    assert.isTrue(closesAfterConnect(connectedByDapp))
  })

  it("a visitor's open, a closed modal, no account yet, or an unsupported network: it does not close", () => {
    assert.isFalse(closesAfterConnect({ ...connectedByDapp, askedBy: "visitor" }))
    assert.isFalse(closesAfterConnect({ ...connectedByDapp, open: false }))
    assert.isFalse(closesAfterConnect({ ...connectedByDapp, connected: false }))
    assert.isFalse(closesAfterConnect({ ...connectedByDapp, unsupportedChain: true }))
  })

  it("with a sign-in plugin: only once signed in", () => {
    const withSignIn = { ...connectedByDapp, signInConfigured: true }
    const closes = (["Idle", "Checking", "Prompt", "Signing", "SignedIn"] as const).filter((signIn) =>
      closesAfterConnect({ ...withSignIn, signIn })
    )
    assert.deepStrictEqual(closes, ["SignedIn"])
  })
})

/** ModalFlow over `settings`, nothing connected; the test moves the connection and sign-in by hand. */
const inWorld = <A, E>(
  settings: Partial<ModalOptionsInput>,
  body: (w: {
    readonly flow: ModalFlow["Service"]
    readonly router: ModalRouter["Service"]
    readonly connection: Connection["Service"]
    readonly signIn: SubscriptionRef.SubscriptionRef<SignInState>
  }) => Effect.Effect<A, E, ModalFlow | ModalRouter | Connection>
) =>
  Effect.gen(function* () {
    const signIn = yield* SubscriptionRef.make<SignInState>({ _tag: "Idle" })
    const core = modalCore(decodedOptions(settings))
    const below = Layer.merge(
      withWalletConnect(NetworksLive.pipe(Layer.provideMerge(core))),
      fixedConnection()
    )
    const support = Layer.mergeAll(
      idleTransactionWatcher,
      idleAccountData,
      Layer.succeed(
        SignIn,
        SignIn.of({
          state: signIn,
          sign: Effect.void,
          cancel: Effect.void,
          pairingSignIn: Effect.succeed(undefined)
        })
      ),
      idleFlows,
      idleNames,
      idleCatalog,
      allowedOrigin,
      unansweredChains
    )
    const layer = ModalFlowLive.pipe(
      Layer.provideMerge(RpcRouterLive.pipe(Layer.provideMerge(Layer.merge(below, support)))),
      Layer.provide(preloadedParts)
    )
    return yield* Effect.gen(function* () {
      return yield* body({
        flow: yield* ModalFlow,
        router: yield* ModalRouter,
        connection: yield* Connection,
        signIn
      })
    }).pipe(Effect.provide(layer))
  })

const connect = (connection: Connection["Service"]) =>
  SubscriptionRef.set(connection.state, { namespaces: connectedAs("eip155", ALICE), attempt: undefined })

const closed = (state: RouterState) => !state.open

describe("ModalFlow after a connect", () => {
  it.effect("a dapp's ask (eth_requestAccounts, wagmi): the modal closes once connected", () =>
    inWorld({}, ({ flow, router, connection }) =>
      Effect.gen(function* () {
        yield* flow.open("Connect", undefined, { askedBy: "dapp" })
        assert.isTrue((yield* SubscriptionRef.get(router.state)).open)
        yield* connect(connection)
        yield* untilState(router.state, closed)
      })
    )
  )

  it.effect("the visitor's open: the modal stays open once connected", () =>
    inWorld({}, ({ flow, router, connection }) =>
      Effect.gen(function* () {
        yield* flow.open()
        yield* connect(connection)
        yield* settle
        assert.isTrue((yield* SubscriptionRef.get(router.state)).open)
      })
    )
  )

  it.effect("a dapp's ask, then the visitor opens it again: the visitor's open is theirs", () =>
    inWorld({}, ({ flow, router, connection }) =>
      Effect.gen(function* () {
        yield* flow.open("Connect", undefined, { askedBy: "dapp" })
        yield* flow.close()
        yield* flow.open()
        yield* connect(connection)
        yield* settle
        assert.isTrue((yield* SubscriptionRef.get(router.state)).open)
      })
    )
  )

  it.effect("with sign-in: open while the sign-in is checked, asked and signed; closed once signed in", () =>
    inWorld({ siwx: {} }, ({ flow, router, connection, signIn }) =>
      Effect.gen(function* () {
        yield* flow.open("Connect", undefined, { askedBy: "dapp" })
        yield* connect(connection)
        const account = { namespace: "eip155", address: ALICE, chainId: "eip155:31337" } as never
        for (const state of [
          { _tag: "Idle" },
          { _tag: "Checking", account },
          { _tag: "Prompt", account, message: {} as never },
          { _tag: "Signing", account, message: {} as never }
        ] satisfies ReadonlyArray<SignInState>) {
          yield* SubscriptionRef.set(signIn, state)
          yield* settle
          assert.isTrue((yield* SubscriptionRef.get(router.state)).open, state._tag)
        }
        yield* SubscriptionRef.set(signIn, { _tag: "SignedIn", account })
        yield* untilState(router.state, closed)
      })
    )
  )
})
