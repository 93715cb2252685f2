/**
 * AccountData loads only what is shown (demanded), once per account, and a burst of account and network
 * changes loads once, for where the burst ended.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import * as AccountDataCode from "../../src/layers/account/AccountData.lazy"
import { RELEASE_LINGER, SETTLE_WINDOW } from "../../src/layers/account/AccountData.lazy"
import { AccountDataLazy } from "../../src/layers/account/AccountDataLive"
import type { AccountDatum } from "../../src/services/AccountData"
import { ALICE, BOB, CAROL } from "../kit/accounts"
import { preloadedParts } from "../kit/lazyParts"
import { settle, untilState, untilTagged } from "../kit/waits"
import {
  config,
  connect,
  EVERY_DATUM,
  inWorld,
  loaded,
  mainnet,
  ONE_ETH,
  onNetwork,
  readyValue,
  tagsOf,
  untilAllLoaded,
  type World
} from "./accountDataWorld"

/** The loads' code, counting its imports. */
const countedCode = () => {
  const imports = { count: 0 }
  const parts = Layer.merge(
    preloadedParts,
    Layer.succeed(AccountDataLazy, {
      _tag: "Import",
      load: () => {
        imports.count += 1
        return Promise.resolve(AccountDataCode)
      }
    })
  )
  return { imports, parts }
}

/** Every request the world's fake APIs answered, by kind. */
const requests = (w: World) => ({
  rpc: [...w.asked.rpc],
  balance: [...w.asked.balance],
  history: [...w.asked.history],
  identity: [...w.identities]
})

const NOTHING = { rpc: [], balance: [], history: [], identity: [] }

/** `data` shown until the scope closes. */
const showing = (
  w: { readonly data: { readonly demand: (datum: AccountDatum) => Effect.Effect<void, never, Scope.Scope> } },
  data: ReadonlyArray<AccountDatum>
) =>
  Effect.gen(function* () {
    const scope = yield* Scope.make()
    yield* Effect.forEach(data, w.data.demand, { discard: true }).pipe(Scope.provide(scope))
    return Scope.close(scope, Exit.void)
  })

describe("AccountData, on demand", () => {
  it.effect(
    "with nothing shown, accounts and networks come and go without a request or the loads' code",
    () => {
      const code = countedCode()
      return inWorld(
        {},
        (w) =>
          Effect.gen(function* () {
            yield* connect(w, ALICE)
            yield* connect(w, BOB)
            yield* SubscriptionRef.set(w.networks, onNetwork(mainnet))
            yield* TestClock.adjust("1 minute")
            yield* settle
            assert.deepStrictEqual(requests(w), NOTHING)
            assert.strictEqual(code.imports.count, 0)
            assert.deepStrictEqual(yield* tagsOf(w.data), ["Idle", "Idle", "Idle", "Idle", "Idle"])
          }),
        code.parts,
        config,
        []
      )
    }
  )

  it.effect("shown, each datum loads once for the account; shown again, it stays loaded", () => {
    const code = countedCode()
    return inWorld(
      {},
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          const hideName = yield* showing(w, ["identity"])
          assert.strictEqual(readyValue(yield* untilState(w.data.identity, loaded))?.name, "alice.eth")
          assert.deepStrictEqual(requests(w), { ...NOTHING, identity: [ALICE.toLowerCase()] })
          assert.strictEqual((yield* SubscriptionRef.get(w.data.tokens))._tag, "Idle")
          assert.strictEqual(code.imports.count, 1)

          const hideRest = yield* showing(w, EVERY_DATUM)
          yield* untilAllLoaded(w.data)
          const alice = ALICE.toLowerCase()
          const once = { rpc: [alice], balance: [alice], history: [`${ALICE}@first`], identity: [alice] }
          assert.deepStrictEqual(requests(w), once)

          yield* hideName
          yield* hideRest
          yield* showing(w, EVERY_DATUM)
          yield* TestClock.adjust("1 minute")
          yield* settle
          assert.deepStrictEqual(requests(w), once)
          assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.nativeBalance)).formatted, "1.00")
          assert.strictEqual(code.imports.count, 1)
        }),
      code.parts,
      config,
      []
    )
  })

  it.effect("a burst of account and network changes loads each datum once, for the last account", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* connect(w, ALICE)
        yield* untilAllLoaded(w.data)
        const before = requests(w)

        // Each change comes before the window after the previous one ends: the window starts again.
        const gap = "30 millis"
        yield* connect(w, BOB)
        yield* TestClock.adjust(gap)
        yield* connect(w, ALICE)
        yield* TestClock.adjust(gap)
        yield* connect(w, CAROL)
        yield* SubscriptionRef.set(w.networks, onNetwork(mainnet))
        yield* TestClock.adjust(gap)
        yield* settle
        assert.deepStrictEqual(requests(w), before, "nothing asked while the changes come")
        // The last account's data is on its way: what showed of the first one is gone.
        assert.strictEqual((yield* SubscriptionRef.get(w.data.nativeBalance))._tag, "Loading")

        yield* TestClock.adjust(SETTLE_WINDOW)
        yield* untilAllLoaded(w.data)
        const carol = CAROL.toLowerCase()
        assert.deepStrictEqual(requests(w), {
          rpc: [...before.rpc, carol],
          balance: [...before.balance, carol],
          history: [...before.history, `${CAROL}@first`],
          identity: [...before.identity, carol]
        })
      })
    )
  )

  it.effect("a load nobody shows any more is stopped and never lands; shown again, it loads again", () => {
    const stopped: Array<string> = []
    return inWorld(
      {
        rpc: (address) =>
          Effect.succeed(ONE_ETH).pipe(
            Effect.delay("10 seconds"),
            Effect.onInterrupt(() => Effect.sync(() => stopped.push(address)))
          )
      },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          const hide = yield* showing(w, ["nativeBalance"])
          yield* untilTagged(w.data.nativeBalance, "Loading")
          yield* TestClock.adjust("5 seconds")
          yield* hide
          yield* TestClock.adjust(RELEASE_LINGER)
          yield* untilTagged(w.data.nativeBalance, "Idle")
          assert.deepStrictEqual(stopped, [ALICE.toLowerCase()])
          // Its answer would have come by now: nothing changes.
          yield* TestClock.adjust("1 minute")
          yield* settle
          assert.strictEqual((yield* SubscriptionRef.get(w.data.nativeBalance))._tag, "Idle")

          yield* showing(w, ["nativeBalance"])
          yield* untilTagged(w.data.nativeBalance, "Loading")
          yield* TestClock.adjust("10 seconds")
          assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).formatted, "1.00")
          assert.strictEqual(w.asked.rpc.length, 2)
        }),
      preloadedParts,
      config,
      []
    )
  })

  it.effect("shown again before its linger ends, a load runs on: one request", () =>
    inWorld(
      { rpc: () => Effect.succeed(ONE_ETH).pipe(Effect.delay("10 seconds")) },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          const hide = yield* showing(w, ["nativeBalance"])
          yield* untilTagged(w.data.nativeBalance, "Loading")
          yield* TestClock.adjust("5 seconds")
          yield* hide
          yield* TestClock.adjust("1 second")
          yield* showing(w, ["nativeBalance"])
          yield* TestClock.adjust("5 seconds")
          assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).formatted, "1.00")
          assert.strictEqual(w.asked.rpc.length, 1)
        }),
      preloadedParts,
      config,
      []
    )
  )

  it.effect(
    "refresh while nothing shows asks for nothing; the next showing reads past the balance cache",
    () =>
      inWorld(
        {},
        (w) =>
          Effect.gen(function* () {
            yield* connect(w, ALICE)
            const hide = yield* showing(w, ["nativeBalance"])
            yield* untilState(w.data.nativeBalance, loaded)
            yield* hide
            yield* w.data.refresh
            yield* settle
            assert.strictEqual(w.asked.rpc.length, 1)

            yield* showing(w, ["nativeBalance"])
            yield* untilState(w.data.nativeBalance, (state) => loaded(state) && w.asked.rpc.length === 2)
            assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.nativeBalance)).formatted, "1.00")
          }),
        preloadedParts,
        config,
        []
      )
  )
})
