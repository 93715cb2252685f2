import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginDependencyLoadError } from "../../errors"
import type { FrameEvent } from "../../services/EmbeddedWalletBridge"
import { EmbeddedWalletBridge, type FrameArea, type FrameState } from "../../services/EmbeddedWalletBridge"
import type { ModalConfig } from "../../services/ModalConfig"
import type { Theme } from "../../services/Theme"
import { deferredImplementation } from "../runtime/deferred"

/**
 * The embedded-wallet frame's bridge. Its code (`EmbeddedWalletBridge.lazy.ts`, with the frame
 * protocol) loads on the first request, and the frame with it; code that did not load is 'Unable to load
 * email login dependency', asked for again by the next request.
 *
 * @since 0.2.0
 * @category layers
 */
export const EmbeddedWalletBridgeLive: Layer.Layer<EmbeddedWalletBridge, never, ModalConfig | Theme> =
  Layer.effect(
    EmbeddedWalletBridge,
    Effect.gen(function* () {
      const state = yield* SubscriptionRef.make<FrameState>({ _tag: "Idle" })
      const events = yield* PubSub.unbounded<FrameEvent>()
      const placement = yield* SubscriptionRef.make<FrameArea | undefined>(undefined)
      const bridge = yield* deferredImplementation(() =>
        import("./EmbeddedWalletBridge.lazy").then((module) =>
          module.makeEmbeddedWalletBridge({ state, events, placement })
        )
      )
      const loaded = bridge.pipe(
        Effect.catchTag("ChunkLoadError", (error) => {
          const failed = new EmailLoginDependencyLoadError({ cause: error.cause })
          return Effect.andThen(
            SubscriptionRef.set(state, { _tag: "Failed", error: failed }),
            Effect.fail(failed)
          )
        })
      )
      return EmbeddedWalletBridge.of({
        state,
        request: (request, payload) => Effect.flatMap(loaded, (open) => open.request(request, payload)),
        place: (area) => SubscriptionRef.set(placement, area),
        events: PubSub.subscribe(events)
      })
    })
  )
