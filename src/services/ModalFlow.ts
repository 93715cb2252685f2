import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type {
  ConnectionReconnectingError,
  ConnectorNotConnectedError,
  LegalConsentRequiredError,
  ProviderRequestError,
  SwapNetworkUnsupportedError,
  ViewUnavailableError,
  WalletConnectConnectorNotFoundError
} from "../errors"
import type { CaipNetworkId, ChainNamespace } from "../schemas/Primitives"
import type { View } from "../schemas/View"
import type { ConnectError } from "./Connection"
import type { RouteData } from "./ModalRouter"
import type { SwitchNetworkError } from "./RpcRouter"

/** A wallet the visitor picked in a list. */
export type WalletChoice =
  | { readonly _tag: "Connector"; readonly connectorId: string }
  /** Pairing through WalletConnect, for a listed wallet (`walletId`) or any. */
  | { readonly _tag: "WalletConnect"; readonly walletId?: string | undefined }

/**
 * Who asked for the modal: `"dapp"`, a request for accounts (`eth_requestAccounts`, wagmi's connect): the
 * modal closes once connected, unless sign-in still needs it; `"visitor"` (the default): the account shows
 * (`layers/flow/closeAfterConnect.ts`).
 */
export type ConnectAsker = "dapp" | "visitor"

export interface OpenOptions {
  readonly askedBy?: ConnectAsker | undefined
}

/** The views of the account's form flows (SPEC.md §9), each opened by starting its flow. */
export type FlowView = "WalletSend" | "Swap" | "OnRampProviders" | "RegisterAccountName"

/**
 * Why a view named by its caller cannot show now: no connected account, or one being restored; Swap on a
 * namespace or network it does not serve; WalletConnect turned off; any other reason of the view's rules
 * (`ViewUnavailableError`); a Connecting view before the visitor agreed to the app's terms
 * (`LegalConsentRequiredError`); or the rules' code did not load (`ProviderRequestError`, 'Network request
 * failed').
 */
export type ViewRefusedError =
  | ConnectorNotConnectedError
  | ConnectionReconnectingError
  | SwapNetworkUnsupportedError
  | WalletConnectConnectorNotFoundError
  | ViewUnavailableError
  | LegalConsentRequiredError
  | ProviderRequestError

export interface ModalFlowShape {
  /**
   * Opens on `view`, else on Account when the active namespace is connected, else on Connect.
   * ApproveTransaction opens only through a pending request. While requests wait there, the open waits
   * behind them (never hiding them): `view` shows once the last one settles. A view named is a command: a
   * flow's view starts its flow, a Connecting view its connect, and a view that cannot show now (its option
   * off, no account, nothing under way for it to show) is refused: the modal stays as it was, shows the
   * refusal once, and fails with it. `askedBy: "dapp"`: the modal closes once connected (`OpenOptions`).
   */
  readonly open: (
    view?: View,
    data?: RouteData,
    options?: OpenOptions
  ) => Effect.Effect<void, ViewRefusedError>
  /**
   * Closes unless requests wait in ApproveTransaction (`force` overrides, rejecting each with 'Request was
   * aborted'); answers whether it closed.
   */
  readonly close: (options?: { readonly force?: boolean }) => Effect.Effect<boolean>
  readonly push: (view: View, data?: RouteData) => Effect.Effect<void>
  readonly replace: (view: View, data?: RouteData) => Effect.Effect<void>
  readonly goBack: Effect.Effect<void>
  /**
   * Starts the flow behind `view` (Send, Swap, Buy, a name) afresh, then shows its view; by the same rules
   * as `open`, whose refusal it shows.
   */
  readonly startFlow: (view: FlowView) => Effect.Effect<void>
  /** Shows the Connecting view for the wallet and asks it to connect, in the background. */
  readonly chooseWallet: (choice: WalletChoice) => Effect.Effect<void>
  /**
   * Connects without showing anything first (a Connecting view's Try again, a headless host); moves on to
   * Account or UnsupportedChain when a Connecting view is showing.
   */
  readonly connect: (connectorId: string) => Effect.Effect<void, ConnectError>
  readonly cancelConnect: Effect.Effect<void>
  /** Disconnects the namespace (default: the active one) and closes the modal. */
  readonly disconnect: (namespace?: ChainNamespace) => Effect.Effect<void>
  /** Switches network; a failure is also shown while the modal is open (none is kept for a later open). */
  readonly switchNetwork: (
    caipNetworkId: CaipNetworkId,
    options?: { readonly signal?: AbortSignal | undefined }
  ) => Effect.Effect<void, SwitchNetworkError>
  /** A network picked in the Networks view: switch, then back to where the visitor came from. */
  readonly chooseNetwork: (caipNetworkId: CaipNetworkId) => Effect.Effect<void>
}

/**
 * What the modal shows next: the one owner of navigation after connects, requests, network changes and
 * transactions, driven by the events of `Connection`, `RpcRouter`, `ModalRouter` and `TransactionWatcher`
 * (which never drive each other), and the source of the modal's events.
 *
 * @since 0.2.0
 * @category tags
 */
export class ModalFlow extends Context.Service<ModalFlow, ModalFlowShape>()("@airlock/ModalFlow") {}
