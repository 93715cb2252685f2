// @vitest-environment happy-dom

// A restore waiting for the wallet of a stored key, on the test clock.

import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { DISCOVERY_SETTLE } from "../../src/layers/wallets/ConnectorsLive"
import { makeMockEip1193Provider } from "../../src/testing/index"
import {
  announceWallet,
  awaitingKey,
  connectorsLayer,
  decisionAfter,
  decisionFor,
  info,
  listed,
  listedAs
} from "./connectorsWorld"

describe("Connectors.awaitKey", () => {
  it.effect("finds a wallet that announces late, within the window, once the window closes", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      const waiting = yield* awaitingKey("dev.airlock.mock", 3000)
      yield* TestClock.adjust("2 seconds")
      announceWallet(info({ uuid: "other", name: "Other", rdns: "dev.other" }), makeMockEip1193Provider())
      announceWallet(info(), provider)
      const found = yield* decisionAfter(waiting, "999 millis")
      assert.strictEqual(Option.getOrThrow(found).provider, provider)
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("decides on a wallet already listed when the window closes, not before", () =>
    Effect.gen(function* () {
      announceWallet(info({ rdns: "bad rdns", name: "Named" }), makeMockEip1193Provider())
      const waiting = yield* awaitingKey("name:named", 1000)
      assert.isTrue(Option.isSome(yield* decisionAfter(waiting, "999 millis")))
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect(
    "never decides on fewer announcements than the settle window lets in, however short the window",
    () =>
      Effect.gen(function* () {
        announceWallet(info({ uuid: "first" }), makeMockEip1193Provider())
        const waiting = yield* awaitingKey("dev.airlock.mock", 0)
        yield* TestClock.adjust(Duration.subtract(DISCOVERY_SETTLE, Duration.millis(1)))
        assert.isUndefined(waiting.pollUnsafe())
        // A rival within the settle window still counts.
        announceWallet(info({ uuid: "rival" }), makeMockEip1193Provider())
        assert.isTrue(Option.isNone(yield* Fiber.join(waiting)))
      }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect(
    "an impostor that announces the stored key first is not picked when the real wallet follows within the window: none at once",
    () =>
      Effect.gen(function* () {
        const impostor = makeMockEip1193Provider()
        const real = makeMockEip1193Provider()
        const waiting = yield* awaitingKey("dev.airlock.mock", 3000)
        announceWallet(info({ uuid: "impostor" }), impostor)
        yield* TestClock.adjust("300 millis")
        announceWallet(info({ uuid: "real" }), real)
        // Decided without the clock moving on: the rest of the window changes nothing.
        assert.isTrue(Option.isNone(yield* Fiber.join(waiting)))
        // Both stay listed, flagged, for the visitor to choose.
        assert.deepStrictEqual(yield* listedAs((c) => c.suspicious), [true, true])
      }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("times out to none when the wallet never announces", () =>
    Effect.gen(function* () {
      const waiting = yield* awaitingKey("dev.airlock.mock", 3000)
      assert.isTrue(Option.isNone(yield* decisionAfter(waiting, "2999 millis")))
      // A wallet announcing after the deadline is still listed, just not picked for the restore.
      announceWallet(info(), makeMockEip1193Provider())
      assert.strictEqual((yield* listed).length, 1)
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("answers none for a key two wallets claim", () =>
    Effect.gen(function* () {
      announceWallet(info({ uuid: "a" }), makeMockEip1193Provider())
      announceWallet(info({ uuid: "b" }), makeMockEip1193Provider())
      assert.isTrue(Option.isNone(yield* decisionFor("dev.airlock.mock", 3000, DISCOVERY_SETTLE)))
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("answers none for an excluded wallet", () =>
    Effect.gen(function* () {
      announceWallet(info(), makeMockEip1193Provider())
      assert.isTrue(Option.isNone(yield* decisionFor("dev.airlock.mock", 3000, "3 seconds")))
    }).pipe(Effect.provide(connectorsLayer({ excludeWalletIds: ["dev.airlock.mock"] })))
  )
})
