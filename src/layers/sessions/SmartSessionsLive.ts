import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Connection, type ConnectionState } from "../../services/Connection"
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

/** The connected EVM account's address; none while no EVM account is connected. */
const evmAccount = (state: ConnectionState): string | undefined => {
  const evm = state.namespaces.eip155
  return evm?.status === "connected" ? evm.address : undefined
}

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
        demand: Effect.void,
        revoke: () => Effect.fail(off)
      })
    const implementation = yield* lazyImplementation(SmartSessionsLazy, (module) =>
      module.makeSmartSessions(sessions)
    )
    const commands = lazyService(implementation, {
      grantPermissions: call((cause) => Effect.fail(new SmartSessionError({ reason: "refused", cause }))),
      load: effect(() => SubscriptionRef.set(sessions, { _tag: "Failed" })),
      revoke: call((cause) => Effect.fail(new SmartSessionError({ reason: "revoke-failed", cause })))
    })
    const { state } = yield* Connection
    const accountChanges = Stream.changes(Stream.map(SubscriptionRef.changes(state), evmAccount))
    return SmartSessions.of({
      enabled: true,
      sessions,
      ...commands,
      demand: Effect.asVoid(Effect.forkScoped(Stream.runForEach(accountChanges, () => commands.load)))
    })
  })
)
