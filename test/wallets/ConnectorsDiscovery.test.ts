// @vitest-environment happy-dom

// Discovery: what the live layer lists from announcements and window.ethereum, and under a flood.

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  ANNOUNCE_EVENT,
  DISCOVERY_SETTLE,
  INJECTED_ID,
  MAX_ANNOUNCED_WALLETS,
  REQUEST_EVENT
} from "../../src/layers/wallets/ConnectorsLive"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { Connectors } from "../../src/services/Connectors"
import { makeMockEip1193Provider } from "../../src/testing/index"
import {
  announce,
  announceWallet,
  connectorsLayer,
  decisionFor,
  info,
  listed,
  listedAs,
  setWindowEthereum,
  walletAnsweringRequests
} from "./connectorsWorld"

describe("Connectors discovery", () => {
  it.effect("lists a valid announcement with the provider object it carried", () =>
    Effect.gen(function* () {
      const connectors = yield* Connectors
      const provider = makeMockEip1193Provider()
      announceWallet(info(), provider)
      const all = yield* listed
      assert.strictEqual(all.length, 1)
      assert.strictEqual(all[0]?.name, "Mock Wallet")
      assert.strictEqual(all[0]?.provider, provider)
      assert.isFalse(all[0]?.suspicious)
      const byId = yield* connectors.byId("eip6963:350670db-19fa-4704-a166-e52e178b59d2")
      assert.strictEqual(Option.getOrThrow(byId).provider, provider)
      assert.isTrue(Option.isNone(yield* connectors.byId("eip6963:nope")))
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("lists a wallet announced before it started, by asking with eip6963:requestProvider", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      walletAnsweringRequests(info(), provider)
      const all = yield* Effect.provide(listed, connectorsLayer())
      assert.strictEqual(all.length, 1)
      assert.strictEqual(all[0]?.provider, provider)
    })
  )

  it.effect("does not list a wallet twice when it announces again", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      announceWallet(info(), provider)
      announceWallet(info(), provider)
      window.dispatchEvent(new Event(REQUEST_EVENT))
      announceWallet(info(), provider)
      assert.strictEqual((yield* listed).length, 1)
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("accepts a late announcement, long after start", () =>
    Effect.gen(function* () {
      announceWallet(info(), makeMockEip1193Provider())
      yield* TestClock.adjust("1 hour")
      announceWallet(
        info({ uuid: "late", name: "Late Wallet", rdns: "dev.airlock.late" }),
        makeMockEip1193Provider()
      )
      assert.deepStrictEqual(yield* listedAs((c) => c.name), ["Mock Wallet", "Late Wallet"])
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("ignores malformed details and keeps listening", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      window.dispatchEvent(new Event(ANNOUNCE_EVENT))
      announce(undefined)
      announce({ info: info() })
      announce({ info: info(), provider: { on: () => {} } })
      announce({ info: "MetaMask", provider })
      announce({ info: info({ name: "" }), provider })
      announce({ info: info({ name: "\u202e\u200b" }), provider })
      assert.strictEqual((yield* listed).length, 0)
      announceWallet(info(), provider)
      assert.strictEqual((yield* listed).length, 1)
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("lists both holders of one uuid, flagged, under distinct ids", () =>
    Effect.gen(function* () {
      const real = makeMockEip1193Provider()
      const fake = makeMockEip1193Provider()
      announceWallet(info(), real)
      announceWallet(info({ name: "Mock Wallet", rdns: "dev.airlock.fake" }), fake)
      const all = yield* listed
      assert.strictEqual(all.length, 2)
      assert.isTrue(all.every((c) => c.suspicious))
      assert.notStrictEqual(all[0]?.id, all[1]?.id)
      // Each row routes to the provider it shows.
      const connectors = yield* Connectors
      for (const c of all)
        assert.strictEqual(Option.getOrThrow(yield* connectors.byId(c.id)).provider, c.provider)
    }).pipe(Effect.provide(connectorsLayer()))
  )

  // "keeps one entry for the second holder of a uuid" above, seen on the page: no
  // eip6963:requestProvider (ours, wagmi's, any library's) lists the impostor once more.
  it.effect("lists the second holder of a uuid once, however often wallets are asked to announce", () =>
    Effect.gen(function* () {
      walletAnsweringRequests(info(), makeMockEip1193Provider())
      walletAnsweringRequests(info({ name: "Impostor", rdns: "dev.impostor" }), makeMockEip1193Provider())
      yield* Effect.scoped(
        Effect.gen(function* () {
          window.dispatchEvent(new Event(REQUEST_EVENT))
          window.dispatchEvent(new Event(REQUEST_EVENT))
          assert.deepStrictEqual(yield* listedAs((c) => c.name), ["Mock Wallet", "Impostor"])
        }).pipe(Effect.provide(connectorsLayer()))
      )
    })
  )

  it.effect("flags two providers claiming one rdns (impersonation, THREATS.md R17)", () =>
    Effect.gen(function* () {
      const metamask = makeMockEip1193Provider()
      const impostor = makeMockEip1193Provider()
      const honest = makeMockEip1193Provider()
      announceWallet(info({ uuid: "mm", name: "MetaMask", rdns: "io.metamask" }), metamask)
      announceWallet(info({ uuid: "rabby", name: "Rabby", rdns: "io.rabby" }), honest)
      announceWallet(info({ uuid: "evil", name: "MetaMask", rdns: "io.metamask" }), impostor)
      const all = yield* listed
      assert.deepStrictEqual(
        all.map((c) => [c.id, c.suspicious]),
        [
          ["eip6963:mm", true],
          ["eip6963:rabby", false],
          ["eip6963:evil", true]
        ]
      )
      // A stored key both claim picks neither.
      assert.isTrue(Option.isNone(yield* decisionFor("io.metamask", 1000, DISCOVERY_SETTLE)))
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("lists window.ethereum as Browser Wallet", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      setWindowEthereum(provider)
      const all = yield* Effect.provide(listed, connectorsLayer())
      assert.deepStrictEqual(
        all.map((c) => [c.id, c.name, c.type]),
        [[INJECTED_ID, "Browser Wallet", "INJECTED"]]
      )
      assert.strictEqual(all[0]?.provider, provider)
    })
  )

  it.effect("ignores a window.ethereum that is not a provider", () =>
    Effect.gen(function* () {
      setWindowEthereum({ isMetaMask: true })
      assert.strictEqual((yield* Effect.provide(listed, connectorsLayer())).length, 0)
    })
  )

  it.effect("drops Browser Wallet once an announcement carries the same provider object", () =>
    Effect.gen(function* () {
      const provider = makeMockEip1193Provider()
      const other = makeMockEip1193Provider()
      setWindowEthereum(provider)
      yield* Effect.scoped(
        Effect.gen(function* () {
          announceWallet(info({ uuid: "other", name: "Other", rdns: "dev.other" }), other)
          assert.deepStrictEqual(yield* listedAs((c) => c.id), [INJECTED_ID, "eip6963:other"])
          announceWallet(info(), provider)
          const all = yield* listed
          assert.deepStrictEqual(
            all.map((c) => c.id),
            ["eip6963:other", "eip6963:350670db-19fa-4704-a166-e52e178b59d2"]
          )
          assert.isTrue(all.every((c) => !c.suspicious))
        }).pipe(Effect.provide(connectorsLayer()))
      )
    })
  )

  it.effect("hides excluded wallets by rdns and by case-insensitive name", () =>
    Effect.gen(function* () {
      announceWallet(info({ uuid: "a", name: "Alpha", rdns: "dev.alpha" }), makeMockEip1193Provider())
      announceWallet(info({ uuid: "b", name: "Beta Wallet", rdns: "dev.beta" }), makeMockEip1193Provider())
      announceWallet(info({ uuid: "c", name: "Gamma", rdns: "dev.gamma" }), makeMockEip1193Provider())
      assert.deepStrictEqual(yield* listedAs((c) => c.name), ["Gamma"])
    }).pipe(Effect.provide(connectorsLayer({ excludeWalletIds: ["dev.alpha", "bEtA wAlLeT"] })))
  )

  /** With a window.ethereum and an announced wallet, under `options`: what is listed. */
  const listedBesideInjected = (options: Partial<ModalOptionsInput>) =>
    Effect.gen(function* () {
      setWindowEthereum(makeMockEip1193Provider())
      return yield* Effect.scoped(
        Effect.gen(function* () {
          announceWallet(info(), makeMockEip1193Provider())
          return yield* listed
        }).pipe(Effect.provide(connectorsLayer(options)))
      )
    })

  it.effect("hides announced wallets with enableEIP6963: false", () =>
    Effect.gen(function* () {
      const all = yield* listedBesideInjected({ enableEIP6963: false })
      assert.deepStrictEqual(
        all.map((c) => c.id),
        [INJECTED_ID]
      )
    })
  )

  it.effect("hides Browser Wallet with enableInjected: false", () =>
    Effect.gen(function* () {
      const all = yield* listedBesideInjected({ enableInjected: false })
      assert.deepStrictEqual(
        all.map((c) => c.type),
        ["ANNOUNCED"]
      )
    })
  )

  it.effect("stops listening when its scope closes", () =>
    Effect.gen(function* () {
      const ref = yield* Effect.scoped(
        Effect.provide(
          Effect.map(Connectors, (c) => c.connectors),
          connectorsLayer()
        )
      )
      announceWallet(info(), makeMockEip1193Provider())
      assert.strictEqual((yield* SubscriptionRef.get(ref)).length, 0)
    })
  )
})

describe("Connectors under an announcement flood (issue 12, item 5)", () => {
  it.effect(
    "13 000 announcements of one provider, each with a fresh uuid, list one wallet and publish once",
    () =>
      Effect.gen(function* () {
        const connectors = yield* Connectors
        const provider = makeMockEip1193Provider()
        let published = 0
        const counting = yield* Effect.forkChild(
          Stream.runForEach(SubscriptionRef.changes(connectors.connectors), () =>
            Effect.sync(() => void published++)
          )
        )
        yield* Effect.yieldNow
        const before = published
        for (let n = 0; n < 13_000; n++) announceWallet(info({ uuid: `uuid-${n}` }), provider)
        yield* Effect.yieldNow
        assert.strictEqual((yield* listed).length, 1)
        assert.strictEqual(published - before, 1)
        yield* Fiber.interrupt(counting)
      }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect(`at most ${MAX_ANNOUNCED_WALLETS} announced wallets, however many providers announce`, () =>
    Effect.gen(function* () {
      for (let n = 0; n < 200; n++)
        announceWallet(
          info({ uuid: `w-${n}`, name: `Wallet ${n}`, rdns: `dev.w${n}` }),
          makeMockEip1193Provider()
        )
      const all = yield* listed
      assert.strictEqual(all.length, MAX_ANNOUNCED_WALLETS)
      assert.strictEqual(all[0]?.name, "Wallet 0")
    }).pipe(Effect.provide(connectorsLayer()))
  )

  it.effect("an announcement whose uuid is not uuid-sized is ignored; names are bounded", () =>
    Effect.gen(function* () {
      announceWallet(info({ uuid: "u".repeat(1000) }), makeMockEip1193Provider())
      assert.strictEqual((yield* listed).length, 0)
      announceWallet(info({ name: "N".repeat(100_000) }), makeMockEip1193Provider())
      const [wallet] = yield* listed
      assert.isAtMost(wallet?.name.length ?? 0, 64)
    }).pipe(Effect.provide(connectorsLayer()))
  )
})
