import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { type AirlockError, ProviderRequestError } from "../../errors"
import { present } from "../../presentation"
import type { View } from "../../schemas/View"
import { AccountData } from "../../services/AccountData"
import { AuthConnector } from "../../services/AuthConnector"
import { Connection, WALLET_CONNECT_ID } from "../../services/Connection"
import { EmailLogin } from "../../services/EmailLogin"
import { LegalConsent } from "../../services/LegalConsent"
import { ModalConfig } from "../../services/ModalConfig"
import { ModalEvents } from "../../services/ModalEvents"
import { type ConnectAsker, ModalFlow, type ModalFlowShape } from "../../services/ModalFlow"
import { ModalRouter, type RouteData } from "../../services/ModalRouter"
import { Networks } from "../../services/Networks"
import { Notifications } from "../../services/Notifications"
import { OriginGuard } from "../../services/OriginGuard"
import { type RpcEvent, RpcRouter } from "../../services/RpcRouter"
import { SignIn, type SignInState } from "../../services/SignIn"
import { TransactionWatcher } from "../../services/TransactionWatcher"
import { WalletCatalog } from "../../services/WalletCatalog"
import { visitorRoute } from "../modal/ModalRouterLive"
import { isTouchDevice } from "../platform/device"
import { lazyImplementation, lazyPart } from "../runtime/lazy"
import {
  activeConnected,
  connectingKind,
  LISTS_WALLETS,
  leavesConnect,
  onUnknownNetwork,
  viewOnOpen
} from "./flowRoutes"

/** The close after a dapp's connect (`closeAfterConnect.ts`), loaded with the first open a dapp asks for. */
export const CloseAfterConnectLazy = lazyPart(
  "@airlock/closeAfterConnect",
  () => import("./closeAfterConnect")
)

/** What opening a view by name does (`viewCommands.ts`), loaded with the first such open. */
export const ViewCommandsLazy = lazyPart("@airlock/viewCommands", () => import("./viewCommands"))

export const makeModalFlow = Effect.gen(function* () {
  const config = yield* ModalConfig
  const router = yield* ModalRouter
  const connection = yield* Connection
  const networks = yield* Networks
  const rpc = yield* RpcRouter
  const notifications = yield* Notifications
  const originGuard = yield* OriginGuard
  const modalEvents = yield* ModalEvents
  const watcher = yield* TransactionWatcher
  const accountData = yield* AccountData
  const signIn = yield* SignIn
  const emailLogin = yield* EmailLogin
  const auth = yield* AuthConnector
  const catalog = yield* WalletCatalog
  const legal = yield* LegalConsent
  const scope = yield* Effect.scope

  const isConnected = Effect.zipWith(
    SubscriptionRef.get(connection.state),
    SubscriptionRef.get(networks.state),
    activeConnected
  )
  /** The route the visitor navigates (behind the requests waiting in ApproveTransaction). */
  const visitor = Effect.map(SubscriptionRef.get(router.state), visitorRoute)
  const anyConnected = Effect.map(SubscriptionRef.get(connection.state), (s) =>
    Object.values(s.namespaces).some((n) => n?.status === "connected")
  )

  /** A move of the router; leaving a Connecting view abandons its connect. */
  const navigate = <A>(move: Effect.Effect<A>) =>
    Effect.gen(function* () {
      const before = yield* SubscriptionRef.get(router.state)
      const result = yield* move
      if (leavesConnect(before, yield* SubscriptionRef.get(router.state))) yield* connection.cancel
      return result
    })

  /**
   * Where the visitor lands after a connect: the account, unless its network is not one the host offers, or
   * the payment that sent the visitor to connect (it switches the network itself, if it needs another).
   */
  const afterConnect = Effect.gen(function* () {
    const [c, n, route] = yield* Effect.all([
      SubscriptionRef.get(connection.state),
      SubscriptionRef.get(networks.state),
      visitor
    ])
    if (route.history.includes("Pay")) return "Pay"
    return onUnknownNetwork(c, n) !== undefined && !config.allowUnsupportedChain
      ? "UnsupportedChain"
      : "Account"
  })

  // The allowed-origins check runs once, when the modal is first opened, in the background.
  const checkOrigin = yield* Effect.cached(
    Effect.asVoid(Effect.forkIn(Effect.catch(originGuard.check, notifications.showError), scope))
  )

  /** Who asked for the modal's latest open: a dapp's ask closes it once connected (`closeAfterConnect.ts`). */
  const askedBy = yield* Ref.make<ConnectAsker>("visitor")
  // Started once, with the first open a dapp asks for; it follows the states as long as the flow lives.
  const followDappConnects = yield* lazyImplementation(CloseAfterConnectLazy, (module) =>
    Effect.forkIn(
      module.followDappConnects({
        connection,
        networks,
        signIn,
        router,
        modalEvents,
        askedBy,
        signInConfigured: config.siwx !== undefined || config.siweConfig !== undefined,
        connected: activeConnected,
        unsupportedChain: (c, n) => onUnknownNetwork(c, n) !== undefined && !config.allowUnsupportedChain
      }),
      scope
    )
  )

  const open: ModalFlowShape["open"] = (view, data, options) =>
    Effect.gen(function* () {
      yield* Ref.set(askedBy, options?.askedBy ?? "visitor")
      // Its chunk loads beside the open, never before it; without it, a dapp's connect ends on the Account
      // view, as a visitor's does.
      if (options?.askedBy === "dapp") yield* Effect.forkIn(Effect.ignore(followDappConnects), scope)
      yield* checkOrigin
      const stacked = (yield* SubscriptionRef.get(router.state)).transactionStack.length > 0
      const requested = view === "ApproveTransaction" && !stacked ? undefined : view
      const target = viewOnOpen(requested, yield* isConnected)
      // A view named is a command: its flow starts, its connect is asked, or it is refused.
      const shown = requested === undefined || target === "Connect" ? Effect.void : yield* admit(target, data)
      yield* navigate(router.open(target, data))
      yield* shown
      yield* modalEvents.emit("MODAL_OPEN", { connected: yield* anyConnected })
    })

  const close: ModalFlowShape["close"] = (options) =>
    Effect.gen(function* () {
      const closed = yield* router.close(options)
      if (closed) yield* modalEvents.emit("MODAL_CLOSE", { connected: yield* anyConnected })
      return closed
    })

  // An event is the dapp's and the analytics' (AnalyticsLive sends its data): the catalogue's English words,
  // whatever language the modal speaks, as the provider's errors (interop/modalProvider.ts).
  const failureEvent = (error: AirlockError) =>
    modalEvents.emit(error._tag === "UserRejectedRequestError" ? "USER_REJECTED" : "CONNECT_ERROR", {
      message: present(error).message
    })

  // A WalletConnect wallet may sign in with the approval that connects it (one-click authentication).
  // No wallet is asked before the visitor agreed to the app's terms, when the app asks that.
  const connect: ModalFlowShape["connect"] = (connectorId) =>
    legal.check.pipe(
      Effect.andThen(connectorId === WALLET_CONNECT_ID ? signIn.pairingSignIn : Effect.succeed(undefined)),
      Effect.flatMap((pairingSignIn) => connection.connect(connectorId, { signIn: pairingSignIn })),
      Effect.tap(() =>
        Effect.gen(function* () {
          yield* modalEvents.emit("CONNECT_SUCCESS", {
            method: connectorId === WALLET_CONNECT_ID ? "qrcode" : "browser"
          })
          if (connectingKind(yield* SubscriptionRef.get(router.state)) !== undefined)
            yield* router.open(yield* afterConnect)
        })
      ),
      Effect.tapError(failureEvent)
    )

  const commands = yield* lazyImplementation(ViewCommandsLazy, (module) => module.makeViewCommands(connect))
  /** Refuses a view that cannot show now, showing why, or prepares it; answers what follows its showing. */
  const admit = (view: View, data?: RouteData) =>
    commands.pipe(
      Effect.mapError(
        (cause) => new ProviderRequestError({ reason: "network", endpoint: "view rules", cause })
      ),
      Effect.flatMap((rules) => rules.admit(view, data)),
      Effect.tapError(notifications.showError)
    )

  // The view shows once its flow stands at its first step, never a step left from an earlier visit.
  const startFlow: ModalFlowShape["startFlow"] = (view) =>
    Effect.ignore(Effect.andThen(admit(view), navigate(router.push(view))))

  // A wallet picked before the visitor agreed to the app's terms stays on the list, with the reason shown.
  const chooseWallet: ModalFlowShape["chooseWallet"] = (choice) =>
    Effect.gen(function* () {
      const refused = yield* Effect.flip(legal.check).pipe(Effect.option)
      if (Option.isSome(refused)) return yield* notifications.showError(refused.value)
      if (choice._tag === "Connector") {
        yield* navigate(router.push("ConnectingExternal", { connectorId: choice.connectorId }))
      } else {
        // Deep links beat QR codes on a phone.
        const view = isTouchDevice() ? "ConnectingWalletConnectBasic" : "ConnectingWalletConnect"
        yield* navigate(
          router.push(view, choice.walletId === undefined ? undefined : { walletId: choice.walletId })
        )
      }
      const connectorId = choice._tag === "Connector" ? choice.connectorId : WALLET_CONNECT_ID
      // The view follows the attempt through the connection's state; its failure is shown there.
      yield* Effect.forkIn(Effect.ignore(connect(connectorId)), scope)
    })

  const disconnect: ModalFlowShape["disconnect"] = (namespace) =>
    Effect.gen(function* () {
      yield* connection.disconnect(namespace)
      yield* router.close({ force: true })
      yield* modalEvents.emit("DISCONNECT_SUCCESS", namespace === undefined ? {} : { namespace })
    })

  // A failure is shown to a visitor looking at the modal; a closed modal's caller (a dapp's switch through
  // the handle or the provider) has it as the typed error, and no alert is left for the next open.
  const switchNetwork: ModalFlowShape["switchNetwork"] = (caipNetworkId, options) =>
    rpc.switchNetwork(caipNetworkId, options).pipe(
      Effect.tap(() => modalEvents.emit("SWITCH_NETWORK", { network: caipNetworkId })),
      Effect.tapError((error) =>
        Effect.flatMap(SubscriptionRef.get(router.state), (route) =>
          route.open ? notifications.showError(error) : Effect.void
        )
      )
    )

  const chooseNetwork: ModalFlowShape["chooseNetwork"] = (caipNetworkId) =>
    switchNetwork(caipNetworkId).pipe(
      Effect.andThen(
        Effect.gen(function* () {
          const s = yield* visitor
          if (!s.open || s.view !== "Networks") return
          // Another namespace, where no wallet is connected yet beside the one that is: its wallets.
          if (!(yield* isConnected) && (yield* anyConnected))
            return yield* navigate(router.replace("Connect"))
          yield* router.goBack
        })
      ),
      Effect.ignore
    )

  /** What the modal does about a request's progress (SPEC.md §4, §8). */
  const onRpcEvent = (event: RpcEvent) => {
    switch (event._tag) {
      case "Disallowed":
        return Effect.andThen(Effect.ignore(open()), notifications.showError(event.error))
      case "SignatureDeclined":
      case "BatchStopped":
        return notifications.showError(event.error)
      case "BatchStatus": {
        // Behind the batch's approval while it waits, shown once it settles (or now: a dapp's
        // showCallsStatus); after the view the visitor was on, when there was one, so Close goes back to it.
        const data = {
          id: event.id,
          calls: String(event.calls),
          ...(event.landed === undefined ? {} : { landed: event.landed.join(",") })
        }
        return Effect.flatMap(visitor, (route) =>
          route.open ? router.push("BatchStatus", data) : router.open("BatchStatus", data)
        )
      }
      case "ApprovalRequested":
        // A request that settled before its event came (the modal closed meanwhile) is not shown.
        return Effect.andThen(
          checkOrigin,
          Effect.flatMap(SubscriptionRef.get(rpc.approvals), (pending) =>
            pending.some((approval) => approval.id === event.approval.id)
              ? router.pushTransaction({ id: event.approval.id })
              : Effect.void
          )
        )
      case "UnsafeSettled":
        // That request leaves the stack, whichever settled; a successful one may have spent: the balance
        // is read again (SPEC.md §4).
        return Effect.andThen(
          event.approval === undefined ? Effect.void : router.removeTransaction(event.id),
          event.outcome === "success" ? accountData.refresh : Effect.void
        )
    }
  }

  // Subscribed before the layer is built: no event of the first request is missed.
  const rpcEvents = yield* rpc.events
  yield* Effect.forkScoped(Effect.forever(Effect.flatMap(PubSub.take(rpcEvents), onRpcEvent)))

  // Closing the modal settles a pending connect as rejected (THREATS.md R3), declines a sign-in waiting
  // for the visitor (a required one disconnects: Escape is no way around it), and aborts pending requests
  // (with some in ApproveTransaction, only a forced close closes).
  const routerEvents = yield* router.subscribe
  yield* Effect.forkScoped(
    Effect.forever(
      Effect.flatMap(PubSub.take(routerEvents), (event) =>
        event._tag === "Closed"
          ? Effect.all([connection.cancel, signIn.cancel, rpc.abortPending], { discard: true })
          : Effect.void
      )
    )
  )

  // A wallet on a network the host did not configure opens UnsupportedChain; back on a known one, the
  // account shows again (SPEC.md §4).
  yield* Stream.zipLatest(
    SubscriptionRef.changes(connection.state),
    SubscriptionRef.changes(networks.state)
  ).pipe(
    Stream.map(([c, n]) => onUnknownNetwork(c, n)),
    Stream.changes,
    Stream.runForEach((unknown) =>
      Effect.gen(function* () {
        const route = yield* visitor
        if (unknown !== undefined && !config.allowUnsupportedChain) yield* router.open("UnsupportedChain")
        else if (unknown === undefined && route.open && route.view === "UnsupportedChain")
          yield* router.replace("Account")
      })
    ),
    Effect.forkScoped
  )

  // Sign-in shows its message when the account has no session, the wallet's wait while it signs, and
  // leaves its views once signed in or declined (the requests waiting in front of them stay).
  const onSignIn = (state: SignInState) =>
    Effect.gen(function* () {
      const route = yield* visitor
      const onSignInView = route.open && (route.view === "SIWXSignMessage" || route.view === "ConnectingSiwe")
      if (state._tag === "Prompt") return yield* router.open("SIWXSignMessage")
      if (state._tag === "Signing") return onSignInView ? yield* router.replace("ConnectingSiwe") : undefined
      if (state._tag !== "Checking" && onSignInView) yield* router.closeWhenSettled
    })
  yield* SubscriptionRef.changes(signIn.state).pipe(Stream.runForEach(onSignIn), Effect.forkScoped)

  // The listing (featured, recommended, pages) loads with the first open view that lists wallets.
  yield* SubscriptionRef.changes(router.state).pipe(
    Stream.filter((state) => state.open && LISTS_WALLETS.has(state.view)),
    // In the background: a slow or failing load never holds up the next view's (it is dropped while one runs).
    Stream.runForEach(() => Effect.forkIn(catalog.load, scope)),
    Effect.forkScoped
  )

  // The login views and the connect follow the email and social logins, with their code loaded once a
  // login starts (a chunk that fails to load is asked for again by the login's next step).
  const followLogins = Effect.tryPromise(() => import("./loginFlow")).pipe(
    Effect.flatMap((module) =>
      module.followLogins({
        router,
        emailLogin,
        auth,
        connection,
        modalEvents,
        afterConnect,
        showError: notifications.showError
      })
    )
  )
  yield* Stream.merge(SubscriptionRef.changes(emailLogin.state), SubscriptionRef.changes(auth.social)).pipe(
    Stream.filter((state) => state._tag !== "Idle"),
    Stream.mapEffect(() => Effect.option(followLogins)),
    Stream.takeUntil(Option.isSome),
    Stream.runDrain,
    Effect.forkScoped
  )

  // A settled transaction changes what the account holds: balance, tokens and activity are read again.
  const settled = yield* watcher.settled
  yield* Effect.forkScoped(Effect.forever(Effect.andThen(PubSub.take(settled), accountData.refresh)))

  return ModalFlow.of({
    open,
    close,
    push: (view, data) => navigate(router.push(view, data)),
    replace: (view, data) => navigate(router.replace(view, data)),
    goBack: navigate(router.goBack),
    startFlow,
    chooseWallet,
    connect,
    cancelConnect: connection.cancel,
    disconnect,
    switchNetwork,
    chooseNetwork
  })
})

/**
 * @since 0.2.0
 * @category layers
 */
export const ModalFlowLive = Layer.effect(ModalFlow, makeModalFlow)
