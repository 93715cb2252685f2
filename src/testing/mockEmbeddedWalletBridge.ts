import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { FrameRequestError } from "../errors"
import type { AppRequest, FrameEvent } from "../services/EmbeddedWalletBridge"
import { EmbeddedWalletBridge, type FrameState } from "../services/EmbeddedWalletBridge"

/** What the mock frame answers a request: its payload, or its refusal. */
export type MockFrameAnswer = (payload: unknown) => Effect.Effect<unknown, FrameRequestError>

export interface MockEmbeddedWalletBridge {
  /** Every request the modal made, in order. */
  readonly asked: ReadonlyArray<{ readonly request: AppRequest; readonly payload: unknown }>
  /** Where the modal last placed the frame (`undefined`: hidden). */
  readonly placed: () => unknown
  /** The frame says something unasked (it is ready, its session changed). */
  readonly emit: (event: FrameEvent) => Effect.Effect<void>
  readonly layer: Layer.Layer<EmbeddedWalletBridge>
}

/**
 * An embedded-wallet frame played by the test: a request is answered by the last entry of `answers` for
 * it; a request without one is refused, as a frame that does not know it would.
 *
 * @since 0.2.0
 * @category constructors
 */
export const makeMockEmbeddedWalletBridge = (
  answers: ReadonlyArray<readonly [AppRequest, MockFrameAnswer]> = []
): MockEmbeddedWalletBridge => {
  const asked: Array<{ readonly request: AppRequest; readonly payload: unknown }> = []
  let placed: unknown
  const events = Effect.runSync(PubSub.unbounded<FrameEvent>())
  const layer = Layer.effect(
    EmbeddedWalletBridge,
    Effect.gen(function* () {
      return EmbeddedWalletBridge.of({
        state: yield* SubscriptionRef.make<FrameState>({ _tag: "Ready" }),
        request: (request, payload) =>
          Effect.suspend(() => {
            asked.push({ request, payload })
            const answer = [...answers].reverse().find(([name]) => name === request)?.[1]
            return answer === undefined
              ? Effect.fail(new FrameRequestError({ request, frameMessage: "Unsupported request" }))
              : answer(payload)
          }),
        place: (area) =>
          Effect.sync(() => {
            placed = area
          }),
        events: PubSub.subscribe(events)
      })
    })
  )
  return { asked, placed: () => placed, emit: (event) => Effect.asVoid(PubSub.publish(events, event)), layer }
}
