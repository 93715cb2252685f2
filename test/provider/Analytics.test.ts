import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import {
  type AirlockError,
  InvalidAppConfigurationError,
  ProviderRequestError,
  type ProviderServiceError
} from "../../src/errors"
import { ModalEventsLive } from "../../src/layers/modal/ModalEventsLive"
import { AnalyticsLive, MAX_QUEUED_EVENTS } from "../../src/layers/provider/AnalyticsLive"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { decodeModalOptions, type ModalOptions } from "../../src/schemas/ModalOptions"
import { Analytics, type AnalyticsEvent } from "../../src/services/Analytics"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ModalEvents } from "../../src/services/ModalEvents"
import { type Notice, Notifications } from "../../src/services/Notifications"
import { ProviderApi } from "../../src/services/ProviderApi"
import { preloadedParts } from "../kit/lazyParts"
import { englishNotifications } from "../kit/locale"
import { countedSleeps, type Sleeps, sleepsEnded } from "../kit/sleeps"
import { type Subscribe, settle, untilNotifiedEffect } from "../kit/waits"
import { mainnet } from "../schemas/networks"

const configOf = (analytics = true): ModalOptions =>
  Result.getOrThrow(decodeModalOptions({ projectId: "p1", networks: [mainnet], features: { analytics } }))

/** Lets forked fibers and the fake fetch's promises run. */
const event = (name: string): AnalyticsEvent => ({ type: "track", event: name })

// ---------------------------------------------------------------------------------------------------------
// Against a fake ProviderApi
// ---------------------------------------------------------------------------------------------------------

interface FakeApiOptions {
  readonly remote?: Effect.Effect<{ readonly isAnalyticsEnabled: boolean }, ProviderServiceError>
  readonly send?: (event: AnalyticsEvent) => Effect.Effect<void, ProviderServiceError>
}

const fakeWorld = (options: FakeApiOptions = {}, analytics = true) => {
  const calls = { config: 0, sent: [] as Array<string>, alerts: [] as Array<AirlockError> }
  // Each send and each alert is announced, so that a test awaits them.
  const listeners = new Set<() => void>()
  const recorded: Subscribe = (listener) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  const record = <A>(list: Array<A>, item: A) => {
    list.push(item)
    for (const listener of [...listeners]) listener()
  }
  const ended: Array<string> = []
  /** Waits until the sends of `count` events have ended (answered, failed or died). */
  const untilSent = (count: number) => untilNotifiedEffect(recorded, () => ended.length === count)
  /** Waits until `count` errors have been shown. */
  const untilAlerted = (count: number) => untilNotifiedEffect(recorded, () => calls.alerts.length === count)
  const api = Layer.succeed(
    ProviderApi,
    ProviderApi.of({
      getWallets: () => Effect.die("unused"),
      walletImageUrl: () => undefined,
      assetImageUrl: () => undefined,
      currencyImageUrl: () => undefined,
      tokenImageUrl: () => undefined,
      getAllowedOrigins: Effect.die("unused"),
      getAnalyticsConfig: Effect.suspend(() => {
        calls.config++
        return options.remote ?? Effect.succeed({ isAnalyticsEnabled: true })
      }),
      sendEvent: (e) =>
        Effect.suspend(() => {
          record(calls.sent, e.event)
          return Effect.ensuring(
            options.send?.(e) ?? Effect.void,
            Effect.sync(() => record(ended, e.event))
          )
        })
    })
  )
  const notifications = Layer.succeed(
    Notifications,
    Notifications.of({
      notices: Effect.runSync(SubscriptionRef.make<ReadonlyArray<Notice>>([])),
      show: () => Effect.void,
      showError: (error) => Effect.sync(() => record(calls.alerts, error)),
      dismiss: () => Effect.void
    })
  )
  const layer = AnalyticsLive.pipe(
    Layer.provideMerge(
      Layer.mergeAll(api, notifications, ModalEventsLive, Layer.succeed(ModalConfig, configOf(analytics)))
    )
  )
  return { calls, layer, untilSent, untilAlerted }
}

const track = (name: string) => Effect.flatMap(Analytics, (analytics) => analytics.track(event(name)))

describe("Analytics", () => {
  it.effect("features.analytics off: nothing is sent and the remote config is never asked", () => {
    const { calls, layer } = fakeWorld({}, false)
    return Effect.gen(function* () {
      for (let i = 0; i < 10; i++) yield* track(`E${i}`)
      yield* settle
      assert.strictEqual(calls.config, 0)
      assert.deepStrictEqual(calls.sent, [])
    }).pipe(Effect.provide(layer))
  })

  it.effect("remote config disabled: asked once, nothing sent", () => {
    const { calls, layer } = fakeWorld({ remote: Effect.succeed({ isAnalyticsEnabled: false }) })
    return Effect.gen(function* () {
      for (let i = 0; i < 5; i++) yield* track(`E${i}`)
      yield* settle
      yield* track("later")
      yield* settle
      assert.strictEqual(calls.config, 1)
      assert.deepStrictEqual(calls.sent, [])
    }).pipe(Effect.provide(layer))
  })

  it.effect("remote config unavailable means off", () => {
    const { calls, layer } = fakeWorld({
      remote: Effect.fail(new ProviderRequestError({ reason: "network", endpoint: "/getAnalyticsConfig" }))
    })
    return Effect.gen(function* () {
      yield* track("A")
      yield* track("B")
      yield* settle
      assert.strictEqual(calls.config, 1)
      assert.deepStrictEqual(calls.sent, [])
    }).pipe(Effect.provide(layer))
  })

  it.effect("enabled: the config is asked lazily, once; events go out in order", () => {
    const { calls, layer, untilSent } = fakeWorld()
    return Effect.gen(function* () {
      yield* Analytics
      yield* settle
      assert.strictEqual(calls.config, 0)
      for (const name of ["A", "B", "C"]) yield* track(name)
      yield* untilSent(3)
      yield* track("D")
      yield* untilSent(4)
      assert.strictEqual(calls.config, 1)
      assert.deepStrictEqual(calls.sent, ["A", "B", "C", "D"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("every modal event goes out as a usage event, in order, with its properties", () => {
    const sent: Array<AnalyticsEvent> = []
    const { layer, untilSent } = fakeWorld({ send: (e) => Effect.sync(() => void sent.push(e)) })
    return Effect.gen(function* () {
      const modalEvents = yield* ModalEvents
      yield* modalEvents.emit("MODAL_OPEN", { connected: false })
      yield* modalEvents.emit("MODAL_CLOSE")
      yield* untilSent(2)
      assert.deepStrictEqual(sent, [
        { type: "track", event: "MODAL_OPEN", properties: { connected: false } },
        { type: "track", event: "MODAL_CLOSE" }
      ])
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a 403 from /e shows 'Invalid App Configuration' once, then analytics stops for the session",
    () => {
      const forbidden = new InvalidAppConfigurationError({ reason: "analytics-forbidden", status: 403 })
      const { calls, layer, untilAlerted } = fakeWorld({ send: () => Effect.fail(forbidden) })
      return Effect.gen(function* () {
        for (const name of ["A", "B", "C"]) yield* track(name)
        yield* untilAlerted(1)
        for (const name of ["D", "E"]) yield* track(name)
        yield* settle
        assert.deepStrictEqual(calls.sent, ["A"])
        assert.strictEqual(calls.alerts.length, 1)
        const [alert] = calls.alerts
        assert.strictEqual(alert?._tag, "InvalidAppConfigurationError")
        if (alert?._tag === "InvalidAppConfigurationError")
          assert.strictEqual(alert.reason, "analytics-forbidden")
        assert.strictEqual(alert?.message, "Invalid App Configuration")
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("other send failures drop the event quietly and keep going", () => {
    const { calls, layer, untilSent } = fakeWorld({
      send: (e) =>
        e.event === "B"
          ? Effect.fail(new ProviderRequestError({ reason: "status", endpoint: "/e", status: 500 }))
          : Effect.void
    })
    return Effect.gen(function* () {
      for (const name of ["A", "B", "C"]) yield* track(name)
      yield* untilSent(3)
      yield* settle
      assert.deepStrictEqual(calls.sent, ["A", "B", "C"])
      assert.deepStrictEqual(calls.alerts, [])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a defect while sending does not stop later events", () => {
    const { calls, layer, untilSent } = fakeWorld({
      send: (e) => (e.event === "A" ? Effect.die("boom") : Effect.void)
    })
    return Effect.gen(function* () {
      yield* track("A")
      yield* track("B")
      yield* untilSent(2)
      assert.deepStrictEqual(calls.sent, ["A", "B"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("track never waits on the network, and at most the queue's worth of events is kept", () => {
    return Effect.gen(function* () {
      const gate = yield* Deferred.make<void>()
      const { calls, layer, untilSent } = fakeWorld({ send: () => Deferred.await(gate) })
      const delivered = yield* Effect.gen(function* () {
        const analytics = yield* Analytics
        // 1000 events while the first send hangs: each track returns at once.
        for (let i = 0; i < 1000; i++) yield* analytics.track(event(`E${i}`))
        yield* settle
        assert.deepStrictEqual(calls.sent, ["E0"])
        yield* Deferred.succeed(gate, undefined)
        // The one in flight plus a full queue; the rest were dropped, so no more come.
        yield* untilSent(1 + MAX_QUEUED_EVENTS)
        yield* settle
        return calls.sent.length
      }).pipe(Effect.provide(layer))
      // The one in flight plus a full queue; the rest were dropped.
      assert.strictEqual(delivered, 1 + MAX_QUEUED_EVENTS)
      assert.deepStrictEqual(calls.sent.slice(0, 3), ["E0", "E1", "E2"])
    })
  })

  it.effect("track keeps returning after the layer's scope has closed", () => {
    const { layer } = fakeWorld()
    return Effect.gen(function* () {
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(layer, scope)
      yield* Scope.close(scope, Exit.void)
      yield* track("late").pipe(Effect.provide(context))
    })
  })
})

// ---------------------------------------------------------------------------------------------------------
// Against ProviderApiLive on a fake fetch
// ---------------------------------------------------------------------------------------------------------

const fakeFetch = (respond: (url: string) => Response) => {
  const seen: Array<string> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = new Request(input, init).url
    seen.push(url)
    return Promise.resolve(respond(url))
  }
  return { fetch, seen }
}

/**
 * The layers over ProviderApiLive on `fetch`, their code loaded already, on a test clock that counts its
 * sleeps: every provider request runs under a time-out, so a test awaits "n requests have answered" as "n
 * sleeps have ended". The delivery goes on from an answer without waiting on anything else, so once the
 * test hears of it, whatever that answer leads to has happened.
 */
const liveWorld = (fetch: typeof globalThis.fetch, analytics = true) => {
  const base = Layer.succeed(ModalConfig, configOf(analytics))
  const api = ProviderApiLive.pipe(Layer.provide(base))
  return <A, E>(effect: Effect.Effect<A, E, Analytics | Notifications | ModalEvents | Sleeps>) =>
    effect.pipe(
      Effect.provide(
        AnalyticsLive.pipe(
          Layer.provideMerge(
            Layer.mergeAll(
              api,
              englishNotifications,
              ModalEventsLive,
              Layer.succeed(ModalConfig, configOf(analytics))
            )
          )
        )
      ),
      Effect.provide(Layer.merge(countedSleeps, preloadedParts)),
      Effect.provideService(HttpFetch, fetch)
    )
}

const path = (url: string) => new URL(url).pathname

describe("Analytics over HTTP", () => {
  it.effect("disabled by the host: no request at all", () => {
    const { fetch, seen } = fakeFetch(() => new Response("{}"))
    return Effect.gen(function* () {
      // Nothing is queued: there is nothing to wait for.
      for (let i = 0; i < 5; i++) yield* track(`E${i}`)
      yield* TestClock.adjust("1 minute")
      assert.deepStrictEqual(seen, [])
    }).pipe(liveWorld(fetch, false))
  })

  it.effect("disabled by the remote config: one config request, no events", () => {
    const { fetch, seen } = fakeFetch(() => Response.json({ isAnalyticsEnabled: false }))
    return Effect.gen(function* () {
      for (let i = 0; i < 5; i++) yield* track(`E${i}`)
      yield* sleepsEnded(1)
      yield* TestClock.adjust("1 minute")
      yield* track("later")
      assert.deepStrictEqual(seen.map(path), ["/getAnalyticsConfig"])
    }).pipe(liveWorld(fetch))
  })

  it.effect("a 403 from POST /e: one alert on screen, one /e request, nothing after", () => {
    const { fetch, seen } = fakeFetch((url) =>
      path(url) === "/getAnalyticsConfig"
        ? Response.json({ isAnalyticsEnabled: true })
        : new Response("", { status: 403 })
    )
    return Effect.gen(function* () {
      for (const name of ["A", "B", "C"]) yield* track(name)
      yield* sleepsEnded(2)
      yield* TestClock.adjust("1 minute")
      yield* track("D")
      assert.deepStrictEqual(seen.map(path), ["/getAnalyticsConfig", "/e"])
      const notices = yield* SubscriptionRef.get((yield* Notifications).notices)
      assert.deepStrictEqual(
        notices.map((n) => [n.kind, n.message]),
        [["alert", "Invalid App Configuration"]]
      )
    }).pipe(liveWorld(fetch))
  })

  it.effect("a failing /e is not retried: one request per event, however long we wait", () => {
    const { fetch, seen } = fakeFetch((url) =>
      path(url) === "/getAnalyticsConfig"
        ? Response.json({ isAnalyticsEnabled: true })
        : new Response("", { status: 503 })
    )
    return Effect.gen(function* () {
      for (const name of ["A", "B", "C"]) yield* track(name)
      yield* sleepsEnded(4)
      // A retry would be waiting on the clock now: moving it would send it.
      yield* TestClock.adjust("1 minute")
      assert.deepStrictEqual(seen.map(path), ["/getAnalyticsConfig", "/e", "/e", "/e"])
    }).pipe(liveWorld(fetch))
  })
})
