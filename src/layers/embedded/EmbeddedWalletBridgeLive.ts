import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginDependencyLoadError } from "../../errors"
import type { FrameEvent } from "../../services/EmbeddedWalletBridge"
import { EmbeddedWalletBridge, type FrameArea, type FrameState } from "../../services/EmbeddedWalletBridge"
import type { ModalConfig } from "../../services/ModalConfig"
import type { Theme } from "../../services/Theme"
import { call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { connectStage } from "../runtime/stages"

/** The frame and its channel (`EmbeddedWalletBridge.lazy.ts`), loaded with the first request. */
export const EmbeddedWalletBridgeLazy = lazyPart("@airlock/EmbeddedWalletBridge.lazy", () =>
  connectStage().then((stage) => stage.embeddedWalletBridge())
)

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
      const bridge = yield* lazyImplementation(EmbeddedWalletBridgeLazy, (module) =>
        module.makeEmbeddedWalletBridge({ state, events, placement })
      )
      return EmbeddedWalletBridge.of({
        state,
        ...lazyService(bridge, {
          request: call((error) => {
            const failed = new EmailLoginDependencyLoadError({ cause: error.cause })
            return Effect.andThen(
              SubscriptionRef.set(state, { _tag: "Failed", error: failed }),
              Effect.fail(failed)
            )
          })
        }),
        place: (area) => SubscriptionRef.set(placement, area),
        events: PubSub.subscribe(events)
      })
    })
  )
