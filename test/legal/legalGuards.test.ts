/**
 * With `features.legalCheckbox` on, every way to connect is refused until the visitor agrees, whatever
 * asks for it (the Connect view's rows, a headless host, a view opened by name, email or social login):
 * the services refuse, not only the disabled UI. Once agreed, each goes on as usual.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as KeyValueStore from "effect/persistence/KeyValueStore"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ModalRouterLive } from "../../src/layers/modal/ModalRouterLive"
import { NetworksLive } from "../../src/layers/networks/NetworksLive"
import { StorageLive } from "../../src/layers/platform/StorageLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { AuthConnector, type LoginPopup } from "../../src/services/AuthConnector"
import { Connection, WALLET_CONNECT_ID } from "../../src/services/Connection"
import { EmailLogin } from "../../src/services/EmailLogin"
import { LegalConsent } from "../../src/services/LegalConsent"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalFlow } from "../../src/services/ModalFlow"
import { ModalRouter } from "../../src/services/ModalRouter"
import { Notifications } from "../../src/services/Notifications"
import { makeMockEmbeddedWalletBridge } from "../../src/testing/mockEmbeddedWalletBridge"
import { decodedOptions, withWalletConnect } from "../kit/fixtures"
import { fixedConnection, withFlow } from "../kit/flowLayers"
import { preloadedParts } from "../kit/lazyParts"
import { untilState } from "../kit/waits"

const legalOn: Partial<ModalOptionsInput> = {
  features: { legalCheckbox: true },
  termsConditionsUrl: "https://app.example/terms",
  privacyPolicyUrl: "https://app.example/privacy"
}

/**
 * The flow, email and social login over a disconnected wallet whose connects are recorded (`connects`)
 * and a frame that records what it is asked (`asked`) and answers nothing.
 */
const inWorld = <A, E>(
  settings: Partial<ModalOptionsInput>,
  body: (w: {
    readonly flow: ModalFlow["Service"]
    readonly router: ModalRouter["Service"]
    readonly notices: Notifications["Service"]["notices"]
    readonly legal: LegalConsent["Service"]
    readonly email: EmailLogin["Service"]
    readonly auth: AuthConnector["Service"]
    readonly connects: SubscriptionRef.SubscriptionRef<ReadonlyArray<string>>
    readonly asked: ReadonlyArray<unknown>
  }) => Effect.Effect<A, E, never>
) =>
  Effect.gen(function* () {
    const connects = yield* SubscriptionRef.make<ReadonlyArray<string>>([])
    const frame = makeMockEmbeddedWalletBridge()
    const recording = Layer.effect(
      Connection,
      Effect.map(Effect.service(Connection), (fixed) =>
        Connection.of({
          ...fixed,
          connect: (connectorId) => SubscriptionRef.update(connects, (all) => [...all, connectorId])
        })
      )
    ).pipe(Layer.provide(fixedConnection(undefined)))
    const platform = Layer.merge(
      Layer.succeed(ModalConfig, decodedOptions(settings)),
      KeyValueStore.layerMemory
    )
    const core = Layer.mergeAll(StorageLive, ModalRouterLive).pipe(Layer.provideMerge(platform))
    const chain = NetworksLive.pipe(Layer.provideMerge(core))
    const layer = withFlow(Layer.merge(withWalletConnect(chain, undefined, frame), recording)).pipe(
      Layer.provide(preloadedParts)
    )
    return yield* Effect.gen(function* () {
      return yield* body({
        flow: yield* ModalFlow,
        router: yield* ModalRouter,
        notices: (yield* Notifications).notices,
        legal: yield* LegalConsent,
        email: yield* EmailLogin,
        auth: yield* AuthConnector,
        connects,
        asked: frame.asked
      })
    }).pipe(Effect.provide(layer))
  })

/** A social login's window, which the visitor's click opened; `closed` once the login closed it. */
const fakePopup = () => {
  const popup = { closed: false }
  const window: LoginPopup = {
    window: {},
    isClosed: () => popup.closed,
    navigate: () => {},
    close: () => {
      popup.closed = true
    }
  }
  return { popup, window }
}

const tagOf = <E extends { readonly _tag: string }>(exit: Exit.Exit<unknown, E>) =>
  Exit.isFailure(exit)
    ? Exit.findErrorOption(exit).pipe((o) => (o._tag === "Some" ? o.value._tag : "defect"))
    : "success"

describe("the legal checkbox's guard", () => {
  it.effect("a wallet, WalletConnect and a headless connect are refused, and no wallet is asked", () =>
    inWorld(legalOn, ({ flow, connects }) =>
      Effect.gen(function* () {
        assert.strictEqual(
          tagOf(yield* Effect.exit(flow.connect("io.metamask"))),
          "LegalConsentRequiredError"
        )
        assert.strictEqual(
          tagOf(yield* Effect.exit(flow.connect(WALLET_CONNECT_ID))),
          "LegalConsentRequiredError"
        )
        assert.deepStrictEqual(yield* SubscriptionRef.get(connects), [])
      })
    )
  )

  it.effect("a wallet picked in a list (a row, All Wallets) stays where it was and says why", () =>
    inWorld(legalOn, ({ flow, router, notices, connects }) =>
      Effect.gen(function* () {
        yield* flow.open("AllWallets")
        yield* flow.chooseWallet({ _tag: "Connector", connectorId: "io.metamask" })
        yield* flow.chooseWallet({ _tag: "WalletConnect", walletId: "rainbow" })
        const shown = yield* untilState(notices, (all) => all.length > 0)
        assert.deepStrictEqual(
          shown.map((notice) => notice.message),
          ["Agree to the terms to connect"]
        )
        const route = yield* SubscriptionRef.get(router.state)
        assert.deepStrictEqual([route.open, route.view], [true, "AllWallets"])
        assert.deepStrictEqual(yield* SubscriptionRef.get(connects), [])
      })
    )
  )

  it.effect("opening the Connect view is fine; a Connecting view named by the host is refused", () =>
    inWorld(legalOn, ({ flow, router, connects }) =>
      Effect.gen(function* () {
        yield* flow.open("Connect")
        assert.strictEqual((yield* SubscriptionRef.get(router.state)).view, "Connect")
        const exit = yield* Effect.exit(flow.open("ConnectingWalletConnect"))
        assert.strictEqual(tagOf(exit), "LegalConsentRequiredError")
        assert.strictEqual((yield* SubscriptionRef.get(router.state)).view, "Connect")
        assert.deepStrictEqual(yield* SubscriptionRef.get(connects), [])
      })
    )
  )

  it.effect("no email code is sent and no social or Farcaster login starts; the click's popup closes", () =>
    inWorld(legalOn, ({ email, auth, asked }) =>
      Effect.gen(function* () {
        assert.strictEqual(
          tagOf(yield* Effect.exit(email.submitEmail("ada@example.com"))),
          "LegalConsentRequiredError"
        )
        const { popup, window } = fakePopup()
        assert.strictEqual(
          tagOf(yield* Effect.exit(auth.loginWithSocial("google", window))),
          "LegalConsentRequiredError"
        )
        assert.isTrue(popup.closed)
        assert.strictEqual(tagOf(yield* Effect.exit(auth.loginWithFarcaster)), "LegalConsentRequiredError")
        assert.deepStrictEqual(asked, [])
      })
    )
  )

  it.effect("once the visitor agreed, every way goes on to the wallet or the frame", () =>
    inWorld(legalOn, ({ flow, legal, email, connects, asked }) =>
      Effect.gen(function* () {
        yield* legal.accept
        yield* flow.connect("io.metamask")
        yield* flow.connect(WALLET_CONNECT_ID)
        assert.deepStrictEqual(yield* SubscriptionRef.get(connects), ["io.metamask", WALLET_CONNECT_ID])
        const sent = yield* Effect.exit(email.submitEmail("ada@example.com"))
        assert.notStrictEqual(tagOf(sent), "LegalConsentRequiredError")
        assert.isAbove(asked.length, 0)
        yield* legal.withdraw
        assert.strictEqual(
          tagOf(yield* Effect.exit(flow.connect("io.metamask"))),
          "LegalConsentRequiredError"
        )
      })
    )
  )

  it.effect("with the flag off nothing waits", () =>
    inWorld({}, ({ flow, connects }) =>
      Effect.gen(function* () {
        yield* flow.connect("io.metamask")
        assert.deepStrictEqual(yield* SubscriptionRef.get(connects), ["io.metamask"])
      })
    )
  )
})
