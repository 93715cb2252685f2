/**
 * The embedded-wallet frame, loaded with the email and social code: mounted hidden on the page (moving an
 * iframe reloads it, so it stays where it is), greeted (`frameChannel.awaitGreeting`), then spoken to over
 * its port. 500 ms after the frame says it is ready, the dapp's data and the theme are synced to it, and
 * the theme again whenever it changes. A load that failed removes its frame; the next request loads anew.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as PubSub from "effect/PubSub"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { FrameLoadError } from "../../errors"
import { DappMetadata, ThemeSync } from "../../schemas/FrameSync"
import type {
  EmbeddedWalletBridgeShape,
  FrameArea,
  FrameEvent,
  FrameState
} from "../../services/EmbeddedWalletBridge"
import { ModalConfig } from "../../services/ModalConfig"
import { Theme, type ThemeState } from "../../services/Theme"
import { SDK_TYPE, SDK_VERSION } from "../provider/providerUrl"
import { memoizeSuccess } from "../runtime/memoizeSuccess"
import {
  awaitGreeting,
  type FrameChannel,
  type FramePort,
  openFrameChannel,
  windowMessages
} from "./frameChannel"
import { frameUrl, newNonce, replyTimeoutMs } from "./frameProtocol"

/** SPEC.md §9: the dapp's data waits this long after the frame is ready. */
export const SYNC_DELAY = Duration.millis(500)

/** What the bridge's Live layer shares with this code. */
export interface BridgeShared {
  readonly state: SubscriptionRef.SubscriptionRef<FrameState>
  readonly events: PubSub.PubSub<FrameEvent>
  /** Where the frame shows; `undefined`: hidden. */
  readonly placement: SubscriptionRef.SubscriptionRef<FrameArea | undefined>
}

/** A hidden frame at the end of the body: it is shown in ApproveTransaction by placing it, not moving it. */
const mountFrame = (src: string): HTMLIFrameElement => {
  const frame = document.createElement("iframe")
  frame.src = src
  frame.title = "Embedded wallet"
  frame.name = "airlock-embedded-wallet"
  frame.referrerPolicy = "strict-origin"
  frame.setAttribute("allow", "clipboard-write")
  Object.assign(frame.style, {
    position: "fixed",
    border: "0",
    width: "0",
    height: "0",
    visibility: "hidden",
    zIndex: "2147483647"
  })
  document.body.append(frame)
  return frame
}

/** Shows the frame over `area`, or hides it, without moving it in the page. */
const applyPlacement = (frame: HTMLIFrameElement, area: FrameArea | undefined) => {
  Object.assign(
    frame.style,
    area === undefined
      ? { width: "0", height: "0", visibility: "hidden" }
      : {
          left: `${area.left}px`,
          top: `${area.top}px`,
          width: `${area.width}px`,
          height: `${area.height}px`,
          visibility: "visible"
        }
  )
}

/** The frame is told only what its protocol's schemas allow, encoded by them. */
const dappData = Schema.encodeEffect(DappMetadata)
const themeSync = (theme: ThemeState) =>
  Schema.encodeEffect(ThemeSync)({ themeMode: theme.mode, themeVariables: theme.variables })

export const makeEmbeddedWalletBridge = (shared: BridgeShared) =>
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const theme = yield* Theme
    const layerScope = yield* Effect.scope

    /** Syncs the dapp's data and theme 500 ms after each ready, and the theme on every change. */
    const syncing = (channel: FrameChannel) =>
      Effect.gen(function* () {
        const events = yield* channel.events
        const sync = Effect.gen(function* () {
          yield* Effect.sleep(SYNC_DELAY)
          yield* channel.request(
            "SYNC_DAPP_DATA",
            yield* dappData({
              projectId: config.projectId,
              sdkVersion: SDK_VERSION,
              sdkType: SDK_TYPE,
              ...(config.metadata === undefined ? {} : { metadata: config.metadata })
            })
          )
          yield* channel.request("SYNC_THEME", yield* themeSync(yield* SubscriptionRef.get(theme.state)))
        })
        yield* Effect.forkScoped(
          Effect.forever(
            Effect.flatMap(PubSub.take(events), (event) =>
              event._tag === "Ready" ? Effect.ignore(sync) : Effect.void
            )
          )
        )
        yield* SubscriptionRef.changes(theme.state).pipe(
          Stream.drop(1),
          Stream.runForEach((now) =>
            Effect.ignore(Effect.flatMap(themeSync(now), (payload) => channel.request("SYNC_THEME", payload)))
          ),
          Effect.forkScoped
        )
      })

    /** One load: mount, greet, open the port; its resources live as long as the layer unless it fails. */
    const load: Effect.Effect<FrameChannel, FrameLoadError> = Effect.gen(function* () {
      yield* SubscriptionRef.set(shared.state, { _tag: "Loading" })
      const scope = yield* Scope.fork(layerScope)
      const nonce = newNonce()
      const exit = yield* Effect.exit(
        Effect.gen(function* () {
          const frame = yield* Effect.acquireRelease(
            Effect.sync(() =>
              mountFrame(
                frameUrl({
                  origin: config.secureSiteOrigin,
                  projectId: config.projectId,
                  chainId: config.networks[0]?.caipNetworkId ?? "eip155:1",
                  enableLogger: config.debug,
                  nonce
                })
              )
            ),
            (mounted) => Effect.sync(() => mounted.remove())
          )
          yield* SubscriptionRef.changes(shared.placement).pipe(
            Stream.runForEach((area) => Effect.sync(() => applyPlacement(frame, area))),
            Effect.forkScoped
          )
          const port = yield* awaitGreeting<FramePort>(
            windowMessages,
            { origin: config.secureSiteOrigin, source: frame.contentWindow, nonce },
            (reason) => Effect.logDebug(`Dropped a greeting that was not the frame's (${reason})`)
          )
          const channel = yield* openFrameChannel(port)
          const forwarded = yield* channel.events
          yield* Effect.forkScoped(
            Effect.forever(
              Effect.flatMap(PubSub.take(forwarded), (event) => PubSub.publish(shared.events, event))
            )
          )
          yield* syncing(channel)
          return channel
        }).pipe(Scope.provide(scope))
      )
      if (Exit.isFailure(exit)) {
        yield* Scope.close(scope, exit)
        const failure = Exit.findErrorOption(exit)
        if (failure._tag === "Some")
          yield* SubscriptionRef.set(shared.state, { _tag: "Failed", error: failure.value })
        return yield* exit
      }
      yield* SubscriptionRef.set(shared.state, { _tag: "Ready" })
      return exit.value
    })
    const channel = yield* memoizeSuccess(load)

    const request: EmbeddedWalletBridgeShape["request"] = (name, payload) =>
      Effect.flatMap(channel, (open) => {
        const timeout = replyTimeoutMs(name)
        return open.request(name, payload, timeout === undefined ? undefined : Duration.millis(timeout))
      })

    return { request }
  })
