/**
 * A refused network switch is shown to a visitor looking at the modal, and to no one else: a dapp's switch
 * to an unconfigured network while the modal is closed leaves no 'Network Not Found' alert behind for the
 * next time the modal opens, for something else.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ModalFlow } from "../../src/services/ModalFlow"
import { Notifications } from "../../src/services/Notifications"
import { makeMockEip1193Provider } from "../../src/testing/mockWallet"
import { settle, untilState } from "../kit/waits"
import { browserWallet, world } from "./requestWorld"

const wallet = () => browserWallet(makeMockEip1193Provider({ chainId: 31337, connected: true }))

describe("a refused network switch", () => {
  it.effect("with the modal closed: the caller has the error, and no alert waits for the next open", () =>
    Effect.gen(function* () {
      const flow = yield* ModalFlow
      const { notices } = yield* Notifications
      const error = yield* Effect.flip(flow.switchNetwork("eip155:999"))
      assert.strictEqual(error._tag, "NetworkNotFoundError")
      yield* TestClock.adjust("1 second")
      yield* settle
      yield* flow.open("Account")
      yield* TestClock.adjust("1 second")
      yield* settle
      assert.deepStrictEqual(yield* SubscriptionRef.get(notices), [])
    }).pipe(Effect.provide(world(wallet()).layer))
  )

  it.effect("with the modal open: the visitor sees 'Network Not Found'", () =>
    Effect.gen(function* () {
      const flow = yield* ModalFlow
      const { notices } = yield* Notifications
      yield* flow.open("Networks")
      const error = yield* Effect.flip(flow.switchNetwork("eip155:999"))
      assert.strictEqual(error._tag, "NetworkNotFoundError")
      const [notice] = yield* untilState(notices, (all) => all.length > 0)
      assert.strictEqual(notice?.message, "Network Not Found")
    }).pipe(Effect.provide(world(wallet()).layer))
  )
})
