// @vitest-environment happy-dom

/**
 * THREATS.md T5, R2: a restore trusts a stored key only while one wallet on the page claims it. The stored
 * wallet is connected only once the restore's window (2 s from its start) has closed with it alone in
 * claiming the key; two claims within the window restore nothing, and the page never sees the first
 * claimant connected; a claim after the window ends the restored connection; both say why, in the
 * catalogue's words, and the connectors list flags both claimants.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import { RESTORE_WINDOW } from "../../src/layers/connection/restoreWaits"
import { connectedConnectorIdKey, StorageKeys } from "../../src/schemas/StorageKeys"
import { Connection } from "../../src/services/Connection"
import { Connectors } from "../../src/services/Connectors"
import { Notifications } from "../../src/services/Notifications"
import type { MockEip1193Provider } from "../../src/testing/index"
import { BOB } from "../kit/accounts"
import {
  address,
  announce,
  connectTo,
  eip155,
  impostorThenReal,
  mockWallet,
  passRestoreWindow,
  servicesLayer,
  status,
  waitForStatus,
  walletA
} from "../kit/connectionWorld"
import { makeArea } from "../kit/fixtures"
import { englishNotifications } from "../kit/locale"
import { settle, untilState } from "../kit/waits"

const storedA = {
  [StorageKeys.connectionStatus.key]: { eip155: "connected" },
  [connectedConnectorIdKey("eip155").key]: walletA.rdns
}

/** Connection's world with notices, over a storage area seeded with `stored`. */
const world = (stored: Record<string, unknown>) => {
  const { area, read } = makeArea(stored)
  return { layer: servicesLayer(area).pipe(Layer.provideMerge(englishNotifications)), read }
}

/** Waits for the notice, and answers its words. */
const noticeShown = Effect.flatMap(Notifications, (n) =>
  Effect.map(
    untilState(n.notices, (all) => all.length > 0),
    (all) => all.map((notice) => [notice.kind, notice.message, notice.description])
  )
)

/**
 * Records the eip155 status each time it changes, with the test clock's time, from now on (the current one
 * first); answers what was recorded so far.
 */
const statusesSeen = Effect.gen(function* () {
  const seen: Array<readonly [number, string]> = []
  const connection = yield* Connection
  yield* SubscriptionRef.changes(connection.state).pipe(
    Stream.map(eip155),
    Stream.changesWith((a, b) => a.status === b.status),
    Stream.runForEach((c) => Effect.map(Clock.currentTimeMillis, (at) => void seen.push([at, c.status]))),
    Effect.forkChild
  )
  yield* settle
  return Effect.sync(() => [...seen])
})

/** Whether every wallet on the page that claims Wallet A's rdns is flagged, and how many there are. */
const claimantsFlagged = Effect.flatMap(Connectors, (c) =>
  Effect.map(SubscriptionRef.get(c.connectors), (all) => {
    const claimants = all.filter((w) => w.rdns === walletA.rdns)
    return { count: claimants.length, flagged: claimants.every((w) => w.suspicious) }
  })
)

/** `wallet` was asked only what a restore reads. */
const assertAskedOnlyWhatARestoreReads = (wallet: MockEip1193Provider) =>
  assert.deepStrictEqual(
    wallet.calls().map((c) => c.method),
    ["eth_accounts", "eth_chainId"]
  )

describe("A restore and a contested stored key", () => {
  it.effect("a second claim after the restore disconnects it, stored so, and says why", () => {
    const { layer, read } = world(storedA)
    return Effect.gen(function* () {
      yield* waitForStatus("connecting")
      // The impostor announces first, alone through the window: it is restored when the window closes.
      const impostor = mockWallet({ connected: true, accounts: [BOB] })
      announce({ ...walletA, uuid: "impostor" }, impostor)
      yield* passRestoreWindow
      yield* waitForStatus("connected")
      assert.strictEqual(yield* address, BOB)

      // The real wallet announces 1.5 s after the window.
      yield* TestClock.adjust("1500 millis")
      announce(walletA, mockWallet({ connected: true }))
      yield* waitForStatus("disconnected")
      assert.deepStrictEqual(yield* noticeShown, [
        [
          "alert",
          "Possible impersonation",
          "Another wallet on this page also claims to be Wallet A, so it was disconnected. Choose yours in the wallet list to connect."
        ]
      ])
      assert.deepStrictEqual(yield* claimantsFlagged, { count: 2, flagged: true })
      assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      assert.isUndefined(read(connectedConnectorIdKey("eip155").key))
      // The impostor is no longer followed, and was asked only what a restore reads.
      assert.strictEqual(impostor.listenerCount(), 0)
      assertAskedOnlyWhatARestoreReads(impostor)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a lone claimant stays connecting, asked nothing, until the window closes; then it is connected",
    () => {
      const { layer } = world(storedA)
      return Effect.gen(function* () {
        yield* waitForStatus("connecting")
        const wallet = mockWallet({ connected: true })
        announce(walletA, wallet)
        yield* settle
        yield* TestClock.adjust(Duration.subtract(RESTORE_WINDOW, Duration.millis(1)))
        yield* settle
        assert.strictEqual(yield* status, "connecting")
        assert.deepStrictEqual(wallet.calls(), [])
        yield* TestClock.adjust("1 millis")
        yield* waitForStatus("connected")
        assertAskedOnlyWhatARestoreReads(wallet)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a rival claim 1.5 s after the first, within the window, restores nothing at once, and says why",
    () => {
      const { layer, read } = world(storedA)
      return Effect.gen(function* () {
        const seen = yield* statusesSeen
        const { impostor, real } = yield* impostorThenReal("1500 millis")
        // Decided at the rival's claim, before the window closes.
        yield* waitForStatus("disconnected")
        assert.deepStrictEqual(yield* noticeShown, [
          [
            "alert",
            "Possible impersonation",
            "Another wallet on this page also claims to be Wallet A, so it was not reconnected. Choose yours in the wallet list to connect."
          ]
        ])
        // The rest of the window, and long after: nothing more happens.
        yield* TestClock.adjust("1 minute")
        yield* settle
        assert.deepStrictEqual(yield* seen, [
          [0, "connecting"],
          [1500, "disconnected"]
        ])
        assert.deepStrictEqual(yield* claimantsFlagged, { count: 2, flagged: true })
        assert.strictEqual(impostor.calls().length + real.calls().length, 0)
        assert.deepStrictEqual(read(StorageKeys.connectionStatus.key), { eip155: "disconnected" })
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a wallet the visitor chose stays connected when another claims its key later, flagged", () => {
    const { layer } = world({})
    return Effect.gen(function* () {
      const chosen = mockWallet()
      yield* connectTo(walletA, chosen)
      announce({ ...walletA, uuid: "late" }, mockWallet({ connected: true, accounts: [BOB] }))
      const connection = yield* Connection
      const flagged = yield* untilState(connection.state, (s) => {
        const c = s.namespaces.eip155
        return c?.status === "connected" && c.connector.suspicious
      })
      assert.strictEqual(flagged.namespaces.eip155?.status, "connected")
      yield* settle
      assert.strictEqual(yield* status, "connected")
      assert.deepStrictEqual(yield* Effect.flatMap(Notifications, (n) => SubscriptionRef.get(n.notices)), [])
    }).pipe(Effect.provide(layer))
  })
})

// ---------------------------------------------------------------------------------------------------------
// Property: claims of the stored key at random times around the window
// ---------------------------------------------------------------------------------------------------------

const WINDOW_MS = Duration.toMillis(RESTORE_WINDOW)
const NOT_RECONNECTED =
  "Another wallet on this page also claims to be Wallet A, so it was not reconnected. Choose yours in the wallet list to connect."
const DISCONNECTED =
  "Another wallet on this page also claims to be Wallet A, so it was disconnected. Choose yours in the wallet list to connect."

/** When each wallet claiming the stored rdns announces itself: ms after the restore's start, on a 250 ms grid. */
const claimTimes = fc.array(
  fc
    .integer({ min: 0, max: 16 })
    .map((step) => step * 250)
    // At the very moment the window closes, which comes first is the scheduler's choice, not a rule.
    .filter((at) => at !== WINDOW_MS),
  { minLength: 1, maxLength: 3 }
)

interface Expected {
  /** The status at each change, with the test clock's time. */
  readonly statuses: ReadonlyArray<readonly [number, string]>
  /** The claimant (its index) restored, the only wallet ever asked anything. */
  readonly restored: number | undefined
  readonly notice: string | undefined
}

/**
 * The model: the claims within the window decide. None: nothing is restored when it closes. Two or more:
 * nothing is restored, at the second claim. Exactly one: that wallet is connected when the window closes,
 * and disconnected at the first claim after it, if any.
 */
const expectedOf = (times: ReadonlyArray<number>): Expected => {
  const within = times.filter((at) => at < WINDOW_MS).sort((a, b) => a - b)
  const later = times.filter((at) => at > WINDOW_MS).sort((a, b) => a - b)
  const [first, second] = within
  if (first === undefined)
    return {
      statuses: [
        [0, "connecting"],
        [WINDOW_MS, "disconnected"]
      ],
      restored: undefined,
      notice: undefined
    }
  if (second !== undefined)
    return {
      statuses: [
        [0, "connecting"],
        [second, "disconnected"]
      ],
      restored: undefined,
      notice: NOT_RECONNECTED
    }
  const [end] = later
  return {
    statuses: [
      [0, "connecting"],
      [WINDOW_MS, "connected"],
      ...(end === undefined ? [] : [[end, "disconnected"] as const])
    ],
    restored: times.indexOf(first),
    notice: end === undefined ? undefined : DISCONNECTED
  }
}

/** One run: the claims announced at their times, the clock then moved far past them. */
const restoreWith = (times: ReadonlyArray<number>) => {
  const { layer } = world(storedA)
  return Effect.gen(function* () {
    const seen = yield* statusesSeen
    const claimants = times.map((at, i) => ({
      at,
      info: { ...walletA, uuid: `claimant-${i}` },
      mock: mockWallet({ connected: true })
    }))
    let now = 0
    for (const claimant of [...claimants].sort((a, b) => a.at - b.at)) {
      yield* TestClock.adjust(claimant.at - now)
      now = claimant.at
      yield* settle
      announce(claimant.info, claimant.mock)
      yield* settle
    }
    yield* TestClock.adjust("1 minute")
    yield* settle

    const expected = expectedOf(times)
    assert.deepStrictEqual(yield* seen, expected.statuses, `claims at ${times.join(", ")} ms`)
    for (const [i, { mock }] of claimants.entries())
      assert.deepStrictEqual(
        mock.calls().map((c) => c.method),
        i === expected.restored ? ["eth_accounts", "eth_chainId"] : [],
        `what claimant ${i} (at ${times[i]} ms) was asked`
      )
    const notices = yield* Effect.flatMap(Notifications, (n) => SubscriptionRef.get(n.notices))
    assert.deepStrictEqual(
      notices.map((notice) => notice.description),
      expected.notice === undefined ? [] : [expected.notice]
    )
  }).pipe(Effect.provide(layer))
}

describe("A restore's window, under claims at random times (T5, R2)", () => {
  it.effect(
    "connects only a lone claimant of the window, only when it closes, and ends it at a later claim",
    () =>
      Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(claimTimes, (times) =>
            Effect.runPromise(restoreWith(times).pipe(Effect.provide(TestClock.layer())))
          ),
          { numRuns: 40 }
        )
      )
  )
})
