/**
 * Every view is a command (SPEC.md §2; ModalFlow's part): what opening a view by name does. A form flow's
 * view starts its flow, by the rules the Account view offers it by (`accountActions`: the options, the
 * namespace and network, the visitor's time zone, the account's name); a Connecting view asks its wallet
 * to connect; a view that shows a step of something under way (a sign-in, a login, a registration, a
 * network the host did not configure) shows only while it is. Anything else is refused with the
 * catalogue's error that says why, so that no view opens on a state nothing will move. Loaded with the
 * first open of a view by name or the first flow started from the Account view.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  ConnectionReconnectingError,
  ConnectorNotConnectedError,
  SwapNetworkUnsupportedError,
  WalletConnectConnectorNotFoundError
} from "../../errors"
import type { Features } from "../../schemas/ModalOptions"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { View } from "../../schemas/View"
import { AccountData } from "../../services/AccountData"
import { AuthConnector, type SocialLoginState } from "../../services/AuthConnector"
import { type ConnectError, Connection, WALLET_CONNECT_ID } from "../../services/Connection"
import { EmailLogin, type EmailLoginState } from "../../services/EmailLogin"
import { LegalConsent } from "../../services/LegalConsent"
import { ModalConfig } from "../../services/ModalConfig"
import type { FlowView, ViewRefusedError } from "../../services/ModalFlow"
import { ModalRouter, type RouteData } from "../../services/ModalRouter"
import { Names, type NamesState } from "../../services/Names"
import { Networks } from "../../services/Networks"
import { Onramp } from "../../services/Onramp"
import { Pay } from "../../services/Pay"
import { Send } from "../../services/Send"
import { SignIn, type SignInState } from "../../services/SignIn"
import { Swap } from "../../services/Swap"
import { ViewUnavailableError } from "../../viewErrors"
import { buysFor, sendsFrom } from "../account/accountActions"
import { hasEmailToUpdate } from "../embedded/emailUpdate"
import { buyOffered, visitorTimeZone } from "../flows/onramp/buyRegions"
import { visitorRoute } from "../modal/ModalRouterLive"
import { isTouchDevice } from "../platform/device"
import { allWalletsOffered } from "../wallets/connectOptions"

/** What the rules read: the options, the active account and network, and what is under way. */
export interface ViewSituation {
  readonly features: Pick<Features, "send" | "swaps" | "onramp" | "receive">
  /** Whether All Wallets is offered (the options, and on a phone `ONLY_MOBILE`). */
  readonly allWallets: boolean
  readonly walletConnect: boolean
  readonly namespace: ChainNamespace
  /** The active namespace's account: connected, being connected or restored, or none. */
  readonly account: "connected" | "restoring" | "none"
  /** Connected through the embedded wallet (email or social login). */
  readonly embedded: boolean
  /** The embedded login has an email to update (`hasEmailToUpdate`). */
  readonly embeddedEmail: boolean
  /** The active network's CAIP-2 id, and whether the host configured it. */
  readonly network: { readonly id: string | undefined; readonly known: boolean }
  readonly timeZone: string | undefined
  /** Whether the account's name was looked up: `true` when it has one, `undefined` while not known. */
  readonly named: boolean | undefined
  readonly signIn: SignInState["_tag"]
  readonly emailLogin: EmailLoginState["_tag"]
  readonly social: SocialLoginState
  readonly names: NamesState["_tag"]
  /** A payment the host asked for (`modal.pay`) waits for the visitor. */
  readonly paying: boolean
}

/** What opening a view does. */
export type ViewCommand =
  | { readonly _tag: "Show" }
  /** Starts the flow afresh, then shows its view at its first step. */
  | { readonly _tag: "StartFlow"; readonly flow: FlowView }
  /** Shows the view, then asks the wallet to connect; the view follows the attempt. */
  | { readonly _tag: "Connect"; readonly connectorId: string }
  | { readonly _tag: "Refused"; readonly error: ViewRefusedError }

const show: ViewCommand = { _tag: "Show" }
const refused = (error: ViewRefusedError): ViewCommand => ({ _tag: "Refused", error })
const unavailable = (view: View, reason: ViewUnavailableError["reason"]) =>
  refused(new ViewUnavailableError({ view, reason }))
/** Shows while `under` holds: the view shows a step of what is under way. */
const showWhile = (view: View, under: boolean) => (under ? show : unavailable(view, "not-started"))

/** Why a view of the account cannot show: no account, or one still being connected or restored. */
const accountRefusal = (s: ViewSituation): ViewRefusedError | undefined => {
  if (s.account === "none") return new ConnectorNotConnectedError({})
  if (s.account === "restoring") return new ConnectionReconnectingError({})
  return undefined
}

/** Why a flow cannot start here, in the order the visitor can act on: the option, the account, the network. */
const flowRefusal = (view: FlowView, s: ViewSituation): ViewRefusedError | undefined => {
  const onKnown = s.network.known
  switch (view) {
    case "WalletSend":
      if (!s.features.send) return new ViewUnavailableError({ view, reason: "disabled" })
      return (
        accountRefusal(s) ??
        (sendsFrom(s.namespace) && onKnown
          ? undefined
          : new ViewUnavailableError({ view, reason: "network" }))
      )
    case "Swap":
      if (!s.features.swaps) return new ViewUnavailableError({ view, reason: "disabled" })
      return (
        accountRefusal(s) ??
        // Which EVM networks the provider serves, the flow itself says (its view names the refusal).
        (s.namespace === "eip155" && onKnown
          ? undefined
          : new SwapNetworkUnsupportedError({ chainId: s.network.id }))
      )
    case "OnRampProviders":
      if (!s.features.onramp) return new ViewUnavailableError({ view, reason: "disabled" })
      if (!buyOffered(s.timeZone)) return new ViewUnavailableError({ view, reason: "region" })
      return (
        accountRefusal(s) ??
        (buysFor(s.namespace) && onKnown ? undefined : new ViewUnavailableError({ view, reason: "network" }))
      )
    case "RegisterAccountName": {
      const refusal = accountRefusal(s)
      if (refusal !== undefined) return refusal
      // Names are EVM only. While the lookup runs (or failed) nobody knows of a name: the form checks.
      if (s.namespace !== "eip155" || !onKnown) return new ViewUnavailableError({ view, reason: "network" })
      return s.named === true ? new ViewUnavailableError({ view, reason: "named" }) : undefined
    }
  }
}

/** A social login's step under way, for the social providers' view or Farcaster's. */
const socialUnderWay = (state: SocialLoginState, farcaster: boolean): boolean => {
  switch (state._tag) {
    case "Farcaster":
      return farcaster
    case "Popup":
      return !farcaster
    case "Connecting":
    case "Failed":
      // A failure shows where it happened, with its Try again.
      return (state.provider === "farcaster") === farcaster
    default:
      return false
  }
}

/** What opening `view` with `data` does in situation `s`. Pure and total over the views. */
export const viewCommand = (view: View, data: RouteData | undefined, s: ViewSituation): ViewCommand => {
  switch (view) {
    case "Connect":
    case "Networks":
    // Help for a visitor without a wallet: for anyone, at any time.
    case "WhatIsAWallet":
    // Opened only over a pending request (ModalFlow.open), which it shows.
    case "ApproveTransaction":
    // A batch's status, opened by the requests; without a batch it says it knows none.
    case "BatchStatus":
      return show
    case "AllWallets":
      return s.allWallets ? show : unavailable(view, "disabled")
    case "Account":
      // An account being restored shows "Reconnecting…" until it is back.
      return s.account === "none" ? refused(new ConnectorNotConnectedError({})) : show
    case "WalletReceive": {
      if (!s.features.receive) return unavailable(view, "disabled")
      const refusal = accountRefusal(s)
      return refusal === undefined ? show : refused(refusal)
    }
    case "UpdateEmail": {
      const refusal = accountRefusal(s)
      if (refusal !== undefined) return refused(refusal)
      if (!s.embedded) return unavailable(view, "not-embedded")
      return s.embeddedEmail ? show : unavailable(view, "no-email")
    }
    case "WalletSend":
    case "Swap":
    case "OnRampProviders":
    case "RegisterAccountName": {
      const refusal = flowRefusal(view, s)
      return refusal === undefined ? { _tag: "StartFlow", flow: view } : refused(refusal)
    }
    case "RegisterAccountNameSuccess":
      return showWhile(view, s.names === "Registered")
    case "UnsupportedChain":
      return s.account === "connected" && !s.network.known && s.network.id !== undefined
        ? show
        : unavailable(view, "supported-network")
    case "ConnectingExternal": {
      const connectorId = data?.connectorId
      return connectorId === undefined ? unavailable(view, "no-wallet") : { _tag: "Connect", connectorId }
    }
    case "ConnectingWalletConnect":
    case "ConnectingWalletConnectBasic":
      return s.walletConnect
        ? { _tag: "Connect", connectorId: WALLET_CONNECT_ID }
        : refused(new WalletConnectConnectorNotFoundError({}))
    case "SIWXSignMessage":
      // A check under way ends in the message, or in a session (the sign-in views then close).
      return showWhile(view, s.signIn === "Prompt" || s.signIn === "Signing" || s.signIn === "Checking")
    case "ConnectingSiwe":
      return showWhile(view, s.signIn === "Signing")
    case "EmailVerifyDevice":
      return showWhile(view, s.emailLogin === "ApproveDevice")
    case "EmailVerifyOtp":
      return showWhile(view, s.emailLogin === "EnterCode" || s.emailLogin === "Verifying")
    case "ConnectingSocial":
      return showWhile(view, socialUnderWay(s.social, false))
    case "ConnectingFarcaster":
      return showWhile(view, socialUnderWay(s.social, true))
    case "Pay":
      return showWhile(view, s.paying)
  }
}

/**
 * The rules over the modal's services, for the life of the modal's scope: `admit` refuses a view that
 * cannot show now, or prepares it (starts its flow) and answers what follows its showing (its connect,
 * through `connect`, in the background: the view follows the attempt). A flow started here moves its view
 * on: a registered name shows RegisterAccountNameSuccess.
 */
export const makeViewCommands = (connect: (connectorId: string) => Effect.Effect<void, ConnectError>) =>
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const connection = yield* Connection
    const networks = yield* Networks
    const accountData = yield* AccountData
    const signIn = yield* SignIn
    const emailLogin = yield* EmailLogin
    const auth = yield* AuthConnector
    const names = yield* Names
    const legal = yield* LegalConsent
    const pay = yield* Pay
    const starts: Record<FlowView, Effect.Effect<void>> = {
      WalletSend: (yield* Send).start,
      Swap: (yield* Swap).start,
      OnRampProviders: (yield* Onramp).start,
      RegisterAccountName: names.start
    }
    const router = yield* ModalRouter
    const scope = yield* Effect.scope

    // A registered name is shown on its own view, in place of the form (while the form still shows). Names
    // start here only, so this follows every registration.
    yield* SubscriptionRef.changes(names.state).pipe(
      Stream.runForEach((state) =>
        Effect.gen(function* () {
          const { view } = visitorRoute(yield* SubscriptionRef.get(router.state))
          if (state._tag === "Registered" && view === "RegisterAccountName")
            yield* router.replace("RegisterAccountNameSuccess")
        })
      ),
      Effect.forkScoped
    )

    const situation = Effect.gen(function* () {
      const { namespaces } = yield* SubscriptionRef.get(connection.state)
      const { activeNamespace, active } = yield* SubscriptionRef.get(networks.state)
      const account = namespaces[activeNamespace]
      const network = active[activeNamespace]
      const identity = yield* SubscriptionRef.get(accountData.identity)
      const current: ViewSituation = {
        features: config.features,
        allWallets: allWalletsOffered(config, isTouchDevice()),
        walletConnect: config.enableWalletConnect,
        namespace: activeNamespace,
        account:
          account?.status === "connected"
            ? "connected"
            : account === undefined || account.status === "disconnected"
              ? "none"
              : "restoring",
        embedded: account?.status === "connected" && account.connector.type === "AUTH",
        embeddedEmail: hasEmailToUpdate(yield* SubscriptionRef.get(auth.user)),
        network: {
          id: network?._tag === "Known" ? network.network.caipNetworkId : network?.caipNetworkId,
          known: network?._tag === "Known"
        },
        timeZone: visitorTimeZone(),
        named: identity._tag === "Ready" ? identity.value?.name !== undefined : undefined,
        signIn: (yield* SubscriptionRef.get(signIn.state))._tag,
        emailLogin: (yield* SubscriptionRef.get(emailLogin.state))._tag,
        social: yield* SubscriptionRef.get(auth.social),
        names: (yield* SubscriptionRef.get(names.state))._tag,
        paying: (yield* SubscriptionRef.get(pay.state))._tag !== "Idle"
      }
      return current
    })

    const admit = (view: View, data?: RouteData): Effect.Effect<Effect.Effect<void>, ViewRefusedError> =>
      Effect.gen(function* () {
        const command = viewCommand(view, data, yield* situation)
        switch (command._tag) {
          case "Refused":
            return yield* Effect.fail(command.error)
          case "StartFlow":
            yield* starts[command.flow]
            return Effect.void
          case "Connect":
            // A Connecting view named before the visitor agreed to the app's terms is refused, not shown.
            yield* legal.check
            return Effect.asVoid(Effect.forkIn(Effect.ignore(connect(command.connectorId)), scope))
          case "Show":
            return Effect.void
        }
      })
    return { admit }
  })
