import * as Effect from "effect/Effect"
import type { GrantedPermissions } from "../../../schemas/PermissionsRequest"
import { Notifications } from "../../../services/Notifications"
import {
  type GrantPermissionsError,
  type SessionsState,
  SmartSessions
} from "../../../services/SmartSessions"
import { holding } from "./accountPort"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

/** Smart sessions (`features.smartSessions`): the host's grant, the Account view's list and revoke. */
export interface SessionsPort {
  readonly smartSessions: {
    readonly enabled: boolean
    /** The connected account's sessions; loaded, and again on an account change, while listened to. */
    readonly state: Store<SessionsState>
    /** The host's `grantPermissions`: the typed failure is the host's to present. */
    readonly grant: (
      request: unknown,
      options?: { readonly signal?: AbortSignal | undefined }
    ) => Promise<Result<GrantedPermissions, GrantPermissionsError>>
    readonly load: () => Promise<void>
    /** The Account view's Revoke: a failure shows as a toast, in words. */
    readonly revoke: (pci: string) => Promise<void>
  }
}

export const makeSessionsPort = (runtime: ModalRuntime): SessionsPort => {
  const { sessions, notifications } = runtime.runSync(
    Effect.all({ sessions: SmartSessions, notifications: Notifications })
  )
  const settle = attempt(runtime)
  return {
    smartSessions: {
      enabled: sessions.enabled,
      state: holding(
        runtime,
        storeFromRef(runtime, sessions.sessions, (s) => s),
        sessions.demand
      ),
      grant: (request, options) => settle(sessions.grantPermissions(request, options)),
      load: () => runtime.runPromise(Effect.catch(sessions.load, notifications.showError)),
      revoke: (pci) => runtime.runPromise(Effect.catch(sessions.revoke(pci), notifications.showError))
    }
  }
}
