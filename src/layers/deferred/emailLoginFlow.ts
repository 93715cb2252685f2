/**
 * What the modal shows during an email login (ModalFlow's part; SPEC.md §4): the device approval or the
 * code entry the frame asks for, then, once the user is fetched, the auth connector's connection and the
 * account. Only a modal still on the login's views moves: a visitor who went elsewhere stays there.
 * Loaded once a login starts.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { AirlockError } from "../../errors"
import type { View } from "../../schemas/View"
import { AUTH_ID } from "../../services/AuthConnector"
import type { ConnectionShape } from "../../services/Connection"
import type { EmailLoginShape, EmailLoginState } from "../../services/EmailLogin"
import type { ModalEventsShape } from "../../services/ModalEvents"
import type { ModalRouterShape } from "../../services/ModalRouter"

/** The views an email login moves between. */
const LOGIN_VIEWS: ReadonlySet<View> = new Set(["Connect", "EmailVerifyDevice", "EmailVerifyOtp"])

/** The view a login state asks for, coming from `from`; `undefined`: stay. */
export const emailLoginView = (state: EmailLoginState, from: View): View | undefined => {
  if (!LOGIN_VIEWS.has(from)) return undefined
  if (state._tag === "ApproveDevice") return "EmailVerifyDevice"
  if (state._tag === "EnterCode") return "EmailVerifyOtp"
  return undefined
}

export interface EmailLoginFlowDeps {
  readonly router: ModalRouterShape
  readonly emailLogin: EmailLoginShape
  readonly connection: ConnectionShape
  readonly modalEvents: ModalEventsShape
  /** Where the visitor lands after a connect (Account, or UnsupportedChain). */
  readonly afterConnect: Effect.Effect<View>
  readonly showError: (error: AirlockError) => Effect.Effect<void>
}

/** Follows the email login for as long as the scope lasts. */
export const followEmailLogin = (deps: EmailLoginFlowDeps) => {
  const { router, emailLogin, connection, modalEvents } = deps

  const connectUser = Effect.gen(function* () {
    yield* connection.connect(AUTH_ID)
    yield* modalEvents.emit("CONNECT_SUCCESS", { method: "email" })
    const route = yield* SubscriptionRef.get(router.state)
    if (route.open && LOGIN_VIEWS.has(route.view)) yield* router.open(yield* deps.afterConnect)
  }).pipe(Effect.catch(deps.showError))

  const onState = (state: EmailLoginState) =>
    Effect.gen(function* () {
      if (state._tag === "LoggedIn") return yield* connectUser
      const route = yield* SubscriptionRef.get(router.state)
      if (!route.open) return
      const next = emailLoginView(state, route.view)
      if (next === undefined || next === route.view) return
      // The code entry replaces the device approval it follows: Back returns to the email.
      yield* route.view === "Connect" ? router.push(next) : router.replace(next)
    })

  return SubscriptionRef.changes(emailLogin.state).pipe(Stream.runForEach(onState), Effect.forkScoped)
}
