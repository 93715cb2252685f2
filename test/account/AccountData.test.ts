import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { ServiceUnavailableError } from "../../src/errors"
import { SETTLE_WINDOW } from "../../src/layers/account/AccountData.lazy"
import { NFT_PAGES } from "../../src/layers/account/datumLoads"
import type { TrackedTransaction } from "../../src/services/TransactionWatcher"
import { ALICE, BOB } from "../kit/accounts"
import { decodedOptions } from "../kit/fixtures"
import { preloadedParts } from "../kit/lazyParts"
import { untilState, untilTagged } from "../kit/waits"
import {
  config,
  connect,
  devnet,
  inWorld,
  loaded,
  mainnet,
  nftTransfer,
  ONE_ETH,
  onNetwork,
  onUnknownNetwork,
  pages,
  readyValue,
  SOL,
  token,
  transaction
} from "./accountDataWorld"

describe("AccountData", () => {
  it.effect(
    "loads balance, tokens, activity, NFTs and identity when an account connects; Idle once it leaves",
    () =>
      inWorld(
        {
          history: (_address, cursor) =>
            Effect.succeed(pages([transaction("a", [nftTransfer("Punk")])], [transaction("b")])(cursor))
        },
        (w) =>
          Effect.gen(function* () {
            assert.strictEqual((yield* SubscriptionRef.get(w.data.tokens))._tag, "Idle")
            yield* connect(w, ALICE)
            assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).formatted, "1.00")
            assert.deepStrictEqual(
              readyValue(yield* untilState(w.data.tokens, loaded)).map((t) => t.symbol),
              ["sUSD"]
            )
            const activity = readyValue(yield* untilState(w.data.activity, loaded))
            assert.deepStrictEqual(
              activity.items.map((t) => t.id),
              ["a"]
            )
            assert.isTrue(activity.hasMore)
            assert.deepStrictEqual(
              readyValue(yield* untilState(w.data.nfts, loaded)).items.map((n) => n.name),
              ["Punk"]
            )
            assert.strictEqual(readyValue(yield* untilState(w.data.identity, loaded))?.name, "alice.eth")
            // Activity and the NFT walk share the first page: one request for it.
            assert.deepStrictEqual(w.asked.history, [`${ALICE}@first`, `${ALICE}@1`])

            yield* SubscriptionRef.update(w.connection, (s) => ({ ...s, namespaces: {} }))
            const idle = (state: { readonly _tag: string }) => state._tag === "Idle"
            yield* untilState(w.data.nativeBalance, idle)
            yield* untilState(w.data.tokens, idle)
            yield* untilState(w.data.activity, idle)
            yield* untilState(w.data.nfts, idle)
            yield* untilState(w.data.identity, idle)
          })
      )
  )

  it.effect("features.history off: the history is never asked for; activity and NFTs stay Idle", () =>
    inWorld(
      {},
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          yield* untilState(w.data.tokens, loaded)
          yield* untilState(w.data.identity, loaded)
          yield* w.data.refresh
          yield* w.data.retry("activity")
          yield* w.data.loadMoreActivity
          yield* w.data.loadMoreNfts
          yield* SubscriptionRef.set(w.networks, onNetwork(mainnet))
          yield* untilTagged(w.data.nativeBalance, "Loading")
          yield* TestClock.adjust(SETTLE_WINDOW)
          yield* untilState(w.data.nativeBalance, loaded)
          assert.strictEqual((yield* SubscriptionRef.get(w.data.activity))._tag, "Idle")
          assert.strictEqual((yield* SubscriptionRef.get(w.data.nfts))._tag, "Idle")
          assert.deepStrictEqual(w.asked.history, [])
        }),
      preloadedParts,
      decodedOptions({ networks: [...config.networks], features: { history: false } })
    )
  )

  it.effect("a network change reloads what depends on it and keeps the name", () =>
    inWorld({}, (w) =>
      Effect.gen(function* () {
        yield* connect(w, ALICE)
        yield* untilState(w.data.nativeBalance, loaded)
        yield* untilState(w.data.identity, loaded)
        yield* SubscriptionRef.set(w.networks, onNetwork(mainnet))
        yield* untilTagged(w.data.nativeBalance, "Loading")
        yield* TestClock.adjust(SETTLE_WINDOW)
        yield* untilState(w.data.nativeBalance, loaded)
        // EVM addresses are asked in lower case (the balance cache's key).
        assert.deepStrictEqual(w.asked.rpc, [ALICE.toLowerCase(), ALICE.toLowerCase()])
        assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.identity))?.name, "alice.eth")
        assert.deepStrictEqual(w.identities, [ALICE.toLowerCase()])
      })
    )
  )

  it.effect(
    "a network the host did not configure leaves balances and activity Idle; the name still loads",
    () =>
      inWorld({}, (w) =>
        Effect.gen(function* () {
          yield* SubscriptionRef.set(w.networks, onUnknownNetwork)
          yield* connect(w, ALICE)
          assert.strictEqual(readyValue(yield* untilState(w.data.identity, loaded))?.name, "alice.eth")
          assert.strictEqual((yield* SubscriptionRef.get(w.data.tokens))._tag, "Idle")
          assert.strictEqual((yield* SubscriptionRef.get(w.data.activity))._tag, "Idle")
          assert.deepStrictEqual(w.asked, { rpc: [], balance: [], history: [] })
        })
      )
  )

  it.effect("Solana: balance and tokens from the balance API, no activity asked for, no name", () =>
    inWorld({ balance: () => Effect.succeed([]) }, (w) =>
      Effect.gen(function* () {
        yield* SubscriptionRef.set(w.networks, onNetwork(devnet))
        yield* connect(w, SOL, "solana")
        assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).symbol, "SOL")
        assert.deepStrictEqual(readyValue(yield* untilState(w.data.tokens, loaded)), [])
        assert.deepStrictEqual(readyValue(yield* untilState(w.data.activity, loaded)), {
          items: [],
          hasMore: false,
          loadingMore: false
        })
        assert.isUndefined(readyValue(yield* untilState(w.data.identity, loaded)))
        assert.deepStrictEqual(w.asked.balance, [SOL])
        assert.deepStrictEqual(w.asked.history, [])
      })
    )
  )

  it.effect(
    "an account change interrupts the previous account's loads; their late answers never show",
    () => {
      const interrupted: Array<string> = []
      // Alice's answers take 10 s; Bob's come at once.
      const slowFor = (address: string) => (answer: Effect.Effect<string>) =>
        address.toLowerCase() === ALICE.toLowerCase()
          ? answer.pipe(
              Effect.delay("10 seconds"),
              Effect.onInterrupt(() => Effect.sync(() => interrupted.push(address)))
            )
          : answer
      return inWorld(
        {
          rpc: (address) => slowFor(address)(Effect.succeed(address === BOB.toLowerCase() ? "0x0" : ONE_ETH)),
          history: (address, cursor) =>
            Effect.map(slowFor(address)(Effect.succeed(address)), (owner) =>
              pages([transaction(`${owner}-tx`)])(cursor)
            )
        },
        (w) =>
          Effect.gen(function* () {
            yield* connect(w, ALICE)
            yield* untilTagged(w.data.activity, "Loading")
            yield* TestClock.adjust("5 seconds")
            yield* connect(w, BOB)
            yield* TestClock.adjust(SETTLE_WINDOW)
            assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).formatted, "0.00")
            assert.deepStrictEqual(
              readyValue(yield* untilState(w.data.activity, loaded)).items.map((t) => t.id),
              [`${BOB}-tx`]
            )
            // Every request of Alice's was stopped: her balance, and the history page activity and NFTs shared.
            assert.deepStrictEqual(
              interrupted.map((address) => address.toLowerCase()),
              [ALICE.toLowerCase(), ALICE.toLowerCase()]
            )
            // Alice's answers would have come by now: nothing changes.
            yield* TestClock.adjust("1 minute")
            assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.nativeBalance)).formatted, "0.00")
            assert.deepStrictEqual(
              readyValue(yield* SubscriptionRef.get(w.data.activity)).items.map((t) => t.id),
              [`${BOB}-tx`]
            )
          })
      )
    }
  )

  it.effect("loadMoreActivity appends the next page, says it is loading, and stops after the last page", () =>
    inWorld(
      {
        history: (_address, cursor) =>
          Effect.succeed(pages([transaction("1")], [transaction("2")], [transaction("3")])(cursor)).pipe(
            // The second page takes a second, so its loading shows.
            Effect.delay(cursor === "1" ? "1 second" : "0 millis")
          )
      },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          yield* untilState(w.data.activity, loaded)
          yield* untilTagged(w.data.nfts, "Loading")
          yield* TestClock.adjust("1 second")
          yield* untilState(w.data.nfts, loaded)
          const asked = w.asked.history.length

          const more = yield* Effect.forkChild(w.data.loadMoreActivity)
          const loading = readyValue(
            yield* untilState(w.data.activity, (s) => s._tag === "Ready" && s.value.loadingMore)
          )
          assert.deepStrictEqual(
            loading.items.map((t) => t.id),
            ["1"]
          )
          // A second click while the page is on its way asks for nothing more.
          yield* Effect.forkChild(w.data.loadMoreActivity)
          yield* TestClock.adjust("1 second")
          yield* Fiber.join(more)
          const two = readyValue(yield* SubscriptionRef.get(w.data.activity))
          assert.deepStrictEqual(
            two.items.map((t) => t.id),
            ["1", "2"]
          )
          assert.deepStrictEqual(two, { ...two, hasMore: true, loadingMore: false })
          assert.strictEqual(w.asked.history.length, asked + 1)

          yield* w.data.loadMoreActivity
          const all = readyValue(yield* SubscriptionRef.get(w.data.activity))
          assert.deepStrictEqual(
            all.items.map((t) => t.id),
            ["1", "2", "3"]
          )
          assert.isFalse(all.hasMore)
          yield* w.data.loadMoreActivity
          assert.strictEqual(w.asked.history.length, asked + 2, "no request after the last page")
        })
    )
  )

  it.effect(
    `NFTs: collectibles from up to ${NFT_PAGES} pages, shown at once; loadMoreNfts reads the next ones`,
    () => {
      const history = Array.from({ length: 25 }, (_, i) => [
        transaction(String(i), [
          nftTransfer(`N${i}`),
          nftTransfer("Given away", "out"),
          nftTransfer("Airdrop")
        ])
      ])
      return inWorld({ history: (_address, cursor) => Effect.succeed(pages(...history)(cursor)) }, (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          const first = readyValue(yield* untilState(w.data.nfts, loaded))
          assert.strictEqual(first.items.length, NFT_PAGES + 1, "one per page, and the airdrop once")
          assert.isFalse(first.items.some((n) => n.name === "Given away"))
          assert.isTrue(first.hasMore)
          assert.strictEqual(w.asked.history.length, NFT_PAGES)

          yield* w.data.loadMoreNfts
          assert.strictEqual(
            readyValue(yield* SubscriptionRef.get(w.data.nfts)).items.length,
            2 * NFT_PAGES + 1
          )
          yield* w.data.loadMoreNfts
          const all = readyValue(yield* SubscriptionRef.get(w.data.nfts))
          assert.strictEqual(all.items.length, 26)
          assert.isFalse(all.hasMore)
          assert.strictEqual(w.asked.history.length, 25)
          yield* w.data.loadMoreNfts
          assert.strictEqual(w.asked.history.length, 25)
        })
      )
    }
  )

  it.effect("a failed history read empties the lists with one toast; retry loads them again", () => {
    let failing = true
    return inWorld(
      {
        history: (_address, cursor) =>
          Effect.suspend(() =>
            failing
              ? Effect.fail(new ServiceUnavailableError({ status: 503 }))
              : Effect.succeed(pages([transaction("a", [nftTransfer("Punk")])])(cursor))
          )
      },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          const activity = yield* untilState(w.data.activity, loaded)
          assert.strictEqual(
            activity._tag === "Failed" ? activity.error.message : activity._tag,
            "Failed to fetch transactions"
          )
          assert.strictEqual((yield* untilState(w.data.nfts, loaded))._tag, "Failed")
          yield* TestClock.adjust("1 millis")
          assert.deepStrictEqual(yield* w.notices, ["Failed to fetch transactions"])

          failing = false
          yield* w.data.retry("activity")
          assert.deepStrictEqual(
            readyValue(yield* SubscriptionRef.get(w.data.activity)).items.map((t) => t.id),
            ["a"]
          )
          assert.strictEqual((yield* SubscriptionRef.get(w.data.nfts))._tag, "Failed")
          yield* w.data.retry("nfts")
          assert.deepStrictEqual(
            readyValue(yield* SubscriptionRef.get(w.data.nfts)).items.map((n) => n.name),
            ["Punk"]
          )
          // Retrying what did not fail asks nobody.
          const asked = w.asked.history.length
          yield* w.data.retry("activity")
          assert.strictEqual(w.asked.history.length, asked)
        })
    )
  })

  it.effect(
    "failed tokens show 'Token Balance Unavailable'; retry is held back by the 30 s failure cache",
    () => {
      let failing = true
      return inWorld(
        {
          balance: () =>
            Effect.suspend(() =>
              failing
                ? Effect.fail(new ServiceUnavailableError({ status: 503 }))
                : Effect.succeed([token("sUSD")])
            )
        },
        (w) =>
          Effect.gen(function* () {
            yield* connect(w, ALICE)
            const tokens = yield* untilState(w.data.tokens, loaded)
            assert.strictEqual(
              tokens._tag === "Failed" ? tokens.error.message : tokens._tag,
              "Token Balance Unavailable"
            )
            // The native balance comes from the RPC, not the balance API.
            assert.strictEqual((yield* untilState(w.data.nativeBalance, loaded))._tag, "Ready")
            yield* TestClock.adjust("1 millis")
            assert.deepStrictEqual(yield* w.notices, ["Token Balance Unavailable"])

            failing = false
            yield* w.data.retry("tokens")
            assert.strictEqual((yield* SubscriptionRef.get(w.data.tokens))._tag, "Failed")
            assert.strictEqual(w.asked.balance.length, 1)
            yield* TestClock.adjust("30 seconds")
            yield* w.data.retry("tokens")
            assert.deepStrictEqual(
              readyValue(yield* SubscriptionRef.get(w.data.tokens)).map((t) => t.symbol),
              ["sUSD"]
            )
            assert.strictEqual(w.asked.balance.length, 2)
          })
      )
    }
  )

  it.effect("refresh reloads the balances past their cache and activity from its first page", () => {
    let wei = ONE_ETH
    return inWorld(
      {
        rpc: () => Effect.suspend(() => Effect.succeed(wei)).pipe(Effect.delay("1 second")),
        history: (_address, cursor) => Effect.succeed(pages([transaction("1")], [transaction("2")])(cursor))
      },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          yield* untilState(w.data.activity, loaded)
          yield* TestClock.adjust("1 second")
          assert.strictEqual(readyValue(yield* untilState(w.data.nativeBalance, loaded)).formatted, "1.00")
          yield* untilState(w.data.tokens, loaded)
          yield* w.data.loadMoreActivity
          assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.activity)).items.length, 2)

          wei = "0x1bc16d674ec80000"
          const refreshing = yield* Effect.forkChild(w.data.refresh)
          yield* untilState(w.data.activity, loaded)
          // The balance on screen stays until the new one is in.
          assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.nativeBalance)).formatted, "1.00")
          yield* TestClock.adjust("1 second")
          yield* Fiber.join(refreshing)
          assert.strictEqual(readyValue(yield* SubscriptionRef.get(w.data.nativeBalance)).formatted, "2.00")
          const alice = ALICE.toLowerCase()
          assert.deepStrictEqual(w.asked.rpc, [alice, alice], "the 30 s cache was bypassed")
          assert.deepStrictEqual(w.asked.balance, [alice, alice])
          const activity = readyValue(yield* SubscriptionRef.get(w.data.activity))
          assert.deepStrictEqual(
            activity.items.map((t) => t.id),
            ["1"]
          )
          assert.isTrue(activity.hasMore)
        })
    )
  })
})

describe("AccountData.sent", () => {
  const HASH = `0x${"cd".repeat(32)}`
  const send = (status: "pending" | "confirmed", from = ALICE): TrackedTransaction => ({
    id: HASH,
    kind: "transaction",
    network: "eip155:31337",
    from,
    to: BOB,
    value: "10000000000000000",
    hash: status === "pending" ? undefined : HASH,
    status,
    submittedAt: 0,
    settledAt: status === "pending" ? undefined : 1
  })
  const sentIds = (ref: SubscriptionRef.SubscriptionRef<ReadonlyArray<TrackedTransaction>>, count: number) =>
    SubscriptionRef.changes(ref).pipe(
      Stream.filter((list) => list.length === count),
      Stream.runHead,
      Effect.map((list) => Option.getOrThrow(list).map((t) => `${t.id}:${t.status}`))
    )

  it.effect("lists the account's send at once, then settled, until the history has its hash", () => {
    const history = { mined: false }
    return inWorld(
      {
        history: () =>
          Effect.succeed({
            data: history.mined
              ? [{ ...transaction("zerion-1"), metadata: { ...transaction("x").metadata, hash: HASH } }]
              : [],
            next: undefined,
            dropped: 0
          })
      },
      (w) =>
        Effect.gen(function* () {
          yield* connect(w, ALICE)
          yield* untilState(w.data.activity, loaded)
          // Another account's send is not this account's activity.
          yield* SubscriptionRef.set(w.tracked, [send("pending", BOB)])
          yield* SubscriptionRef.set(w.tracked, [send("pending")])
          assert.deepStrictEqual(yield* sentIds(w.data.sent, 1), [`${HASH}:pending`])
          yield* SubscriptionRef.set(w.tracked, [send("confirmed")])
          yield* SubscriptionRef.changes(w.data.sent).pipe(
            Stream.filter((list) => list[0]?.status === "confirmed"),
            Stream.runHead
          )
          // The history catches up (the flow refreshes it on settle): the send leaves `sent`.
          history.mined = true
          yield* w.data.refresh
          assert.deepStrictEqual(yield* sentIds(w.data.sent, 0), [])
        })
    )
  })
})
