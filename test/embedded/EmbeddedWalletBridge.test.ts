// @vitest-environment happy-dom
/**
 * The embedded-wallet bridge in a page (issue 14 item 2): the frame is mounted hidden with SPEC.md §7's
 * query and the nonce in its fragment; greetings from another origin, another window or with another nonce
 * are ignored; the frame's own greeting opens the port; 500 ms after ready the dapp's data and theme are
 * synced, and the theme again when it changes; a frame that never greets fails at 20 s, is removed, and the
 * next request loads a new one. The frame's end is played over a real MessageChannel.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as TestClock from "effect/testing/TestClock"
import { beforeAll } from "vitest"
import { EmbeddedWalletBridgeLive } from "../../src/layers/embedded/EmbeddedWalletBridgeLive"
import { ThemeLive } from "../../src/layers/modal/ThemeLive"
import { SDK_TYPE, SDK_VERSION } from "../../src/layers/provider/providerUrl"
import { EmbeddedWalletBridge } from "../../src/services/EmbeddedWalletBridge"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Theme } from "../../src/services/Theme"
import { decodedOptions } from "../kit/fixtures"
import { greetFrame, serveEmptyFramePages } from "../kit/framePort"
import { preloadedParts } from "../kit/lazyParts"
import { countedSleeps, Sleeps, sleepsStarted } from "../kit/sleeps"
import { eventually, settle } from "../kit/waits"

const FRAME_ORIGIN = "https://frame.example"

beforeAll(serveEmptyFramePages)

/** The bridge and the theme, built in the test's scope. */
const build = Effect.gen(function* () {
  const config = Layer.succeed(
    ModalConfig,
    decodedOptions({
      secureSiteOrigin: FRAME_ORIGIN,
      metadata: { name: "Demo", description: "d", url: "https://dapp.example", icons: [] }
    })
  )
  const context = yield* Layer.build(
    Layer.provideMerge(EmbeddedWalletBridgeLive, Layer.provideMerge(ThemeLive, config)).pipe(
      Layer.provide(preloadedParts)
    )
  )
  return { bridge: Context.get(context, EmbeddedWalletBridge), theme: Context.get(context, Theme) }
})

/** Waits until the bridge has mounted `count` frames (the DOM under happy-dom cannot signal it). */
const untilMounted = (count: number) =>
  Effect.promise(() => eventually(() => mounted().length === count, `${count} frame(s) mounted`))

const mounted = () => [...document.querySelectorAll("iframe")]

const greet = (frame: HTMLIFrameElement, overrides: Parameters<typeof greetFrame>[2] = {}) =>
  greetFrame(frame, FRAME_ORIGIN, overrides)

describe("EmbeddedWalletBridge", () => {
  it.effect(
    "mounts the frame, takes only its own greeting, answers over the port, syncs 500 ms after ready",
    () =>
      Effect.gen(function* () {
        const { bridge, theme } = yield* build
        const asking = yield* Effect.forkChild(bridge.request("GET_CHAIN_ID"))
        yield* untilMounted(1)
        const [frame] = mounted()
        const url = new URL(frame!.src)
        assert.strictEqual(url.origin + url.pathname, `${FRAME_ORIGIN}/sdk`)
        assert.deepStrictEqual(Object.fromEntries(url.searchParams), {
          projectId: "sandbox-project",
          chainId: "eip155:31337",
          version: "4",
          enableLogger: "false"
        })
        assert.match(url.hash, /^#nonce=[0-9a-f]{32}$/)
        assert.strictEqual(frame!.style.visibility, "hidden")
        assert.strictEqual((yield* SubscriptionRef.get(bridge.state))._tag, "Loading")

        // Forged greetings open nothing: their ports never hear the request.
        const forged = [
          greet(frame!, { origin: "https://evil.example" }),
          greet(frame!, { source: window }),
          greet(frame!, { nonce: "0".repeat(32) })
        ]
        yield* settle
        assert.isUndefined(asking.pollUnsafe())
        const real = greet(frame!)
        yield* real.untilAsked(1)
        for (const port of forged) assert.deepStrictEqual(port.asked, [])
        assert.strictEqual(real.asked[0]?.type, "@w3m-app/GET_CHAIN_ID")
        real.send({
          type: "@w3m-frame/GET_CHAIN_ID_SUCCESS",
          id: real.asked[0]!.id,
          payload: { chainId: "eip155:31337" }
        })
        assert.deepStrictEqual(yield* Fiber.join(asking), { chainId: "eip155:31337" })
        assert.strictEqual((yield* SubscriptionRef.get(bridge.state))._tag, "Ready")

        // The ready event reaches the bridge's subscribers, the sync among them, before the clock moves.
        const seen = yield* bridge.events
        const sleeping = yield* SubscriptionRef.get((yield* Sleeps).started)
        real.send({ type: "@w3m-frame/READY", payload: { version: "4" } })
        assert.deepStrictEqual(yield* PubSub.take(seen), { _tag: "Ready", version: "4" })
        // The sync waits its 500 ms on the clock.
        yield* sleepsStarted(sleeping + 1)
        yield* TestClock.adjust(Duration.millis(499))
        yield* settle
        assert.strictEqual(real.asked.length, 1, "nothing synced before 500 ms")
        yield* TestClock.adjust(Duration.millis(1))
        yield* real.untilAsked(2)
        const dappData = real.asked[1]!
        assert.strictEqual(dappData.type, "@w3m-app/SYNC_DAPP_DATA")
        // FACTS.md §2's shape, as the DappMetadata schema encodes it.
        assert.deepStrictEqual(dappData.payload, {
          metadata: { name: "Demo", description: "d", url: "https://dapp.example", icons: [] },
          projectId: "sandbox-project",
          sdkVersion: SDK_VERSION,
          sdkType: SDK_TYPE
        })
        real.send({ type: "@w3m-frame/SYNC_DAPP_DATA_SUCCESS", id: dappData.id })
        yield* real.untilAsked(3)
        assert.strictEqual(real.asked[2]?.type, "@w3m-app/SYNC_THEME")
        const synced = yield* SubscriptionRef.get(theme.state)
        assert.deepStrictEqual(real.asked[2]?.payload, {
          themeMode: synced.mode,
          themeVariables: synced.variables
        })
        real.send({ type: "@w3m-frame/SYNC_THEME_SUCCESS", id: real.asked[2]!.id })

        yield* theme.setMode("light")
        yield* real.untilAsked(4)
        assert.deepInclude(real.asked[3]!.payload as object, { themeMode: "light" })
        for (const port of [...forged, real]) port.close()
      }).pipe(Effect.scoped, Effect.provide(countedSleeps))
  )

  it.effect("a frame that never greets fails at 20 s and is removed; the next request loads a new one", () =>
    Effect.gen(function* () {
      const { bridge } = yield* build
      const first = yield* Effect.forkChild(Effect.flip(bridge.request("GET_USER")))
      yield* untilMounted(1)
      const [stale] = mounted()
      yield* TestClock.adjust(Duration.millis(19_999))
      assert.isUndefined(first.pollUnsafe())
      yield* TestClock.adjust(Duration.millis(1))
      assert.strictEqual((yield* Fiber.join(first)).message, "Network Error - Could not load embedded wallet")
      assert.strictEqual(mounted().length, 0)
      assert.strictEqual((yield* SubscriptionRef.get(bridge.state))._tag, "Failed")

      const second = yield* Effect.forkChild(bridge.request("IS_CONNECTED"))
      yield* untilMounted(1)
      const [fresh] = mounted()
      assert.notStrictEqual(fresh, stale)
      assert.notStrictEqual(new URL(fresh!.src).hash, new URL(stale!.src).hash, "a new nonce")
      const end = greet(fresh!)
      yield* end.untilAsked(1)
      end.send({
        type: "@w3m-frame/IS_CONNECTED_SUCCESS",
        id: end.asked[0]!.id,
        payload: { isConnected: false }
      })
      assert.deepStrictEqual(yield* Fiber.join(second), { isConnected: false })
      end.close()
    }).pipe(Effect.scoped)
  )
})
