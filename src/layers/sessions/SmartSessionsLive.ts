import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ModalConfig } from "../../services/ModalConfig"
import { type SessionsState, SmartSessions } from "../../services/SmartSessions"
import { SmartSessionError, SmartSessionsOffError } from "../../sessionErrors"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** Smart sessions' code (`SmartSessions.lazy.ts`), loaded with the first command while the feature is on. */
export const SmartSessionsLazy = lazyPart("@airlock/SmartSessions.lazy", () =>
  accountStage().then((stage) => stage.smartSessions())
)

const off = new SmartSessionsOffError({})

/**
 * Smart sessions (`features.smartSessions`). Off (the default), every command fails with
 * `SmartSessionsOffError` and the code is never fetched; on, the list the Account view reads lives here and
 * the code loads with the first command (a grant or a revoke whose code did not load fails in words).
 *
 * @since 0.5.0
 * @category layers
 */
export const SmartSessionsLive = Layer.effect(
  SmartSessions,
  Effect.gen(function* () {
    const { features } = yield* ModalConfig
    const sessions = yield* SubscriptionRef.make<SessionsState>({ _tag: "Idle" })
    if (!features.smartSessions)
      return SmartSessions.of({
        enabled: false,
        sessions,
        grantPermissions: () => Effect.fail(off),
        load: Effect.fail(off),
        revoke: () => Effect.fail(off)
      })
    const implementation = yield* lazyImplementation(SmartSessionsLazy, (module) =>
      module.makeSmartSessions(sessions)
    )
    return SmartSessions.of({
      enabled: true,
      sessions,
      ...lazyService(implementation, {
        grantPermissions: call((cause) => Effect.fail(new SmartSessionError({ reason: "refused", cause }))),
        load: effect(() => SubscriptionRef.set(sessions, { _tag: "Failed" })),
        revoke: call((cause) => Effect.fail(new SmartSessionError({ reason: "revoke-failed", cause })))
      })
    })
  })
)
