/**
 * What the modal shows during an embedded-wallet login (ModalFlow's part; SPEC.md §4): for an email, the
 * device approval or the code entry the frame asks for; for a social provider, the wait for its popup;
 * for Farcaster, its link and QR code. Once the frame answers the user, the auth connector connects and
 * the account shows. Only a modal still on a login view moves: a visitor who went elsewhere stays there,
 * and one who leaves the Farcaster view while its link waits gives that login up. Loaded once a login
 * starts.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { AirlockError } from "../../errors"
import type { View } from "../../schemas/View"
import { AUTH_ID, type AuthConnectorShape, type SocialLoginState } from "../../services/AuthConnector"
import type { ConnectionShape } from "../../services/Connection"
import type { EmailLoginShape, EmailLoginState } from "../../services/EmailLogin"
import type { ModalEventsShape } from "../../services/ModalEvents"
import type { ModalRouterShape } from "../../services/ModalRouter"
import { visitorRoute } from "../modal/ModalRouterLive"

/** The views a login moves between. */
const LOGIN_VIEWS: ReadonlySet<View> = new Set([
  "Connect",
  "EmailVerifyDevice",
  "EmailVerifyOtp",
  "ConnectingSocial",
  "ConnectingFarcaster"
])

/** The view a login state asks for, coming from `from`; `undefined`: stay. */
export const loginView = (state: EmailLoginState | SocialLoginState, from: View): View | undefined => {
  if (!LOGIN_VIEWS.has(from)) return undefined
  switch (state._tag) {
    case "ApproveDevice":
      return "EmailVerifyDevice"
    case "EnterCode":
      return "EmailVerifyOtp"
    case "Popup":
      return "ConnectingSocial"
    case "Farcaster":
      return "ConnectingFarcaster"
    default:
      return undefined
  }
}

export interface LoginFlowDeps {
  readonly router: ModalRouterShape
  readonly emailLogin: EmailLoginShape
  readonly auth: AuthConnectorShape
  readonly connection: ConnectionShape
  readonly modalEvents: ModalEventsShape
  /** Where the visitor lands after a connect (Account, or UnsupportedChain). */
  readonly afterConnect: Effect.Effect<View>
  readonly showError: (error: AirlockError) => Effect.Effect<void>
}

/** Follows the email and the social logins for as long as the scope lasts. */
export const followLogins = (deps: LoginFlowDeps) =>
  Effect.gen(function* () {
    const { router, connection, modalEvents } = deps

    const connectUser = (method: "email" | "social") =>
      Effect.gen(function* () {
        yield* connection.connect(AUTH_ID)
        yield* modalEvents.emit("CONNECT_SUCCESS", { method })
        const route = visitorRoute(yield* SubscriptionRef.get(router.state))
        if (route.open && LOGIN_VIEWS.has(route.view)) yield* router.open(yield* deps.afterConnect)
      }).pipe(Effect.catch(deps.showError))

    const onState = (method: "email" | "social") => (state: EmailLoginState | SocialLoginState) =>
      Effect.gen(function* () {
        if (state._tag === "LoggedIn") return yield* connectUser(method)
        const route = visitorRoute(yield* SubscriptionRef.get(router.state))
        if (!route.open) return
        const next = loginView(state, route.view)
        if (next === undefined || next === route.view) return
        // A login's next step replaces the one before: Back returns to Connect.
        yield* route.view === "Connect" ? router.push(next) : router.replace(next)
      })

    yield* SubscriptionRef.changes(deps.emailLogin.state).pipe(
      Stream.runForEach(onState("email")),
      Effect.forkScoped
    )
    yield* SubscriptionRef.changes(deps.auth.social).pipe(
      Stream.runForEach(onState("social")),
      Effect.forkScoped
    )
    // Leaving the Farcaster view (for another, or closing the modal) while its link waits: AppKit reloads
    // the frame then, and so does the auth connector (a login already approved goes on).
    yield* SubscriptionRef.changes(router.state).pipe(
      Stream.map((route) => route.open && route.view === "ConnectingFarcaster"),
      Stream.changes,
      Stream.drop(1),
      Stream.filter((onFarcaster) => !onFarcaster),
      Stream.runForEach(() => deps.auth.abandonFarcaster),
      Effect.forkScoped
    )
  })
