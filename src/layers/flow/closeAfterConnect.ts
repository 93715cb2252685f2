/**
 * The one rule for whether the modal closes once a connect completes (issue 30). A dapp asks for a connect
 * when it requests accounts: `eth_requestAccounts` or `wallet_requestPermissions` through the modal's
 * EIP-1193 provider, which is also what wagmi's Airlock connector sends, or any `open(view, { askedBy:
 * "dapp" })` of a host that draws its own UI. It wants an account, not the modal: once connected the modal
 * closes, as AppKit's does. A visitor who opened the modal (the Connect button, or a dapp's own button
 * calling `modal.open()`) sees the account once connected (SPEC.md §1: "once connected, an account view
 * shows"). Sign-in keeps the modal open while it needs it: with a SIWX plugin the modal closes only once
 * the account is signed in; a visitor who declines an optional sign-in leaves its view, which closes then.
 * An unconfigured network keeps UnsupportedChain showing. Loaded with the first open a dapp asks for.
 */
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { ConnectionShape, ConnectionState } from "../../services/Connection"
import type { ModalEventsShape } from "../../services/ModalEvents"
import type { ConnectAsker } from "../../services/ModalFlow"
import type { ModalRouterShape } from "../../services/ModalRouter"
import type { NetworksShape, NetworksState } from "../../services/Networks"
import type { SignInShape, SignInState } from "../../services/SignIn"

export interface AfterConnect {
  readonly askedBy: ConnectAsker
  /** The modal shows (a host's own UI: `open` is true). */
  readonly open: boolean
  /** The active namespace has a connected account. */
  readonly connected: boolean
  /** The account is on a network the host did not configure, and UnsupportedChain shows for it. */
  readonly unsupportedChain: boolean
  /** The host set a sign-in plugin (`siwx` or `siweConfig`), required or not. */
  readonly signInConfigured: boolean
  readonly signIn: SignInState["_tag"]
}

/** Whether the modal closes now, for the connect it shows. */
export const closesAfterConnect = (now: AfterConnect): boolean =>
  now.askedBy === "dapp" &&
  now.open &&
  now.connected &&
  !now.unsupportedChain &&
  (!now.signInConfigured || now.signIn === "SignedIn")

/** What the follower reads and moves: the flow's services, who asked last, and the flow's view of both states. */
export interface DappConnectWatch {
  readonly connection: ConnectionShape
  readonly networks: NetworksShape
  readonly signIn: SignInShape
  readonly router: ModalRouterShape
  readonly modalEvents: ModalEventsShape
  readonly askedBy: Ref.Ref<ConnectAsker>
  readonly signInConfigured: boolean
  readonly connected: (connection: ConnectionState, networks: NetworksState) => boolean
  readonly unsupportedChain: (connection: ConnectionState, networks: NetworksState) => boolean
}

/** Follows the states for as long as the flow lives, closing the modal when `closesAfterConnect` says so. */
export const followDappConnects = (watch: DappConnectWatch): Effect.Effect<void> =>
  Stream.zipLatest(
    Stream.zipLatest(
      SubscriptionRef.changes(watch.connection.state),
      SubscriptionRef.changes(watch.networks.state)
    ),
    Stream.zipLatest(SubscriptionRef.changes(watch.signIn.state), SubscriptionRef.changes(watch.router.state))
  ).pipe(
    Stream.runForEach(([[c, n], [signInNow, route]]) =>
      Effect.gen(function* () {
        const closes = closesAfterConnect({
          askedBy: yield* Ref.get(watch.askedBy),
          open: route.open,
          connected: watch.connected(c, n),
          unsupportedChain: watch.unsupportedChain(c, n),
          signInConfigured: watch.signInConfigured,
          signIn: signInNow._tag
        })
        if (!closes) return
        yield* Ref.set(watch.askedBy, "visitor")
        yield* watch.router.closeWhenSettled
        yield* watch.modalEvents.emit("MODAL_CLOSE", { connected: true })
      })
    )
  )
