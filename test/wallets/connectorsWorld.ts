/**
 * The Connectors tests' world: the live layer over decoded options, what it lists, a restore waiting for a
 * stored key on the test clock, `window.ethereum`, and wallets that loaded before the dapp (cleared after
 * each test).
 */
import { assert } from "@effect/vitest"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { afterEach } from "vitest"
import { ConnectorsLive, fromAnnouncement, REQUEST_EVENT } from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connectors, type Eip1193Provider, type WalletConnector } from "../../src/services/Connectors"
import { ModalConfig } from "../../src/services/ModalConfig"
import { decodedOptions } from "../kit/fixtures"
import { announce, type WalletInfo } from "../kit/wallets"

/** The kit's announcements, under the names the Connectors tests give them. */
export {
  announce as announceWallet,
  announceDetail as announce,
  PNG,
  walletInfo as info
} from "../kit/wallets"

export const connectorsLayer = (overrides: Partial<ModalOptionsInput> = {}) =>
  ConnectorsLive.pipe(Layer.provide(Layer.succeed(ModalConfig, decodedOptions(overrides))))

export const listed = Effect.flatMap(Connectors, (c) => SubscriptionRef.get(c.connectors))
/** What each listed connector shows, in the list's order. */
export const listedAs = <A>(shown: (connector: WalletConnector) => A) =>
  Effect.map(listed, (all) => all.map(shown))

/** A restore waiting at most `window` ms for the wallet of `key`. */
export const awaitingKey = (key: string, window: number) =>
  Effect.flatMap(Connectors, (connectors) => Effect.forkChild(connectors.awaitKey(key, window)))

/** The decision of a restore waiting `window` ms for `key`, once the clock has moved by `after`. */
export const decisionFor = (key: string, window: number, after: Duration.Input) =>
  Effect.gen(function* () {
    const waiting = yield* awaitingKey(key, window)
    yield* TestClock.adjust(after)
    return yield* Fiber.join(waiting)
  })

/** Undecided once the clock has moved by `undecidedFor`; one millisecond more, its decision. */
export const decisionAfter = <A, E>(waiting: Fiber.Fiber<A, E>, undecidedFor: Duration.Input) =>
  Effect.gen(function* () {
    yield* TestClock.adjust(undecidedFor)
    assert.isUndefined(waiting.pollUnsafe())
    yield* TestClock.adjust("1 millis")
    return yield* Fiber.join(waiting)
  })

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  Reflect.deleteProperty(window, "ethereum")
})

export const setWindowEthereum = (provider: unknown) => {
  Reflect.set(window, "ethereum", provider)
}

/** A wallet that loaded before the dapp: it answers every request event with its announcement. */
export const walletAnsweringRequests = (walletInfo: WalletInfo, provider: Eip1193Provider) => {
  const onRequest = () => announce(walletInfo, provider)
  window.addEventListener(REQUEST_EVENT, onRequest)
  cleanups.push(() => window.removeEventListener(REQUEST_EVENT, onRequest))
  onRequest()
}

export const connectorOf = (walletInfo: WalletInfo, provider: Eip1193Provider): WalletConnector =>
  Option.getOrThrow(fromAnnouncement(Object.freeze({ info: walletInfo, provider })))
