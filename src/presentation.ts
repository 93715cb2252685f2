/**
 * What the visitor sees for each error of the catalogue (SPEC.md §8): its exact text, kind and delay.
 */
import type { AirlockError, InvalidAppConfigurationReason, ReviewChange } from "./errors"
import { boundedText, safeGet } from "./walletErrors"

export interface Presentation {
  readonly kind: "alert" | "toast"
  readonly message: string
  readonly description?: string
  readonly delayMs: number
  readonly variant: "error" | "warning" | "info"
}

/** SPEC.md §9: error toasts for a disallowed RPC method wait until the modal has opened. */
export const ERROR_TOAST_DELAY_MS = 300
/** SPEC.md §9: the swap view's own (shorter) error-toast delay. */
export const SWAP_ERROR_TOAST_DELAY_MS = 150

const alert = (message: string, description?: string): Presentation =>
  description === undefined
    ? { kind: "alert", message, delayMs: 0, variant: "error" }
    : { kind: "alert", message, description, delayMs: 0, variant: "error" }

const toast = (message: string, variant: Presentation["variant"] = "error", delayMs = 0): Presentation => ({
  kind: "toast",
  message,
  delayMs,
  variant
})

/** What changed between a review and its confirmation: nothing was sent, the form shows again. */
const REVIEW_CHANGES: { readonly [C in ReviewChange]: string } = {
  network: "The network changed",
  account: "The account changed"
}

const invalidAppConfigurationDescription: { readonly [R in InvalidAppConfigurationReason]: string } = {
  "origin-not-allowed":
    "This site's origin is not on the project's allow list. Update the project configuration.",
  "domain-unverified": "This domain is not verified for the project. Verify it in the project configuration.",
  "invalid-project-id": "The project ID is not valid. Check the project configuration.",
  "analytics-forbidden":
    "The project's services refused this site (HTTP 403). Check the project configuration.",
  forbidden: "The project's services refused this site (HTTP 403). Check the project configuration."
}

/** The presentation of one kind of error: fixed, or read from the error (a reason, a bounded message). */
type Presenter<E> = Presentation | ((error: E) => Presentation)

const ownMessage = (error: { readonly message: string }) => toast(error.message)

/**
 * What the visitor sees for each error of the catalogue: its exact text, kind and delay. A mapped type over
 * the union's tags, so a new member of `AirlockError` without an entry here fails typecheck.
 */
const presentations: { readonly [T in AirlockError["_tag"]]: Presenter<Extract<AirlockError, { _tag: T }>> } =
  {
    NetworkNotFoundError: alert(
      "Network Not Found",
      "The requested network is not among the configured networks."
    ),
    InvalidAppConfigurationError: (error) =>
      alert("Invalid App Configuration", invalidAppConfigurationDescription[error.reason]),
    FrameLoadError: alert(
      "Network Error - Could not load embedded wallet",
      "Check your connection and try again."
    ),
    FrameTimeoutError: alert(
      "Embedded Wallet Request Timed Out",
      "The embedded wallet did not answer in time. Try again."
    ),
    SessionExpiredError: alert(
      "Session Expired",
      "Check your device's time settings, then reconnect your wallet."
    ),
    ProjectIdMissingError: alert("Project ID Not Configured", "Set a project ID in the modal options."),
    BalanceUnavailableError: toast("Token Balance Unavailable", "warning"),
    HistoryFetchError: toast("Failed to fetch transactions"),
    SignatureDeclinedError: ownMessage,
    AuthenticationSetupError: toast("A problem occurred while trying initialize authentication"),
    MethodNotAllowedError: toast("Action not allowed", "error", ERROR_TOAST_DELAY_MS),
    EmailLoginDependencyLoadError: toast("Unable to load email login dependency"),
    EmailLoginCooldownError: (error) => toast(error.message),
    FrameRequestError: (error) => toast(error.sentence),
    SocialLoginPopupError: ownMessage,
    RequestAbortedError: ownMessage,
    ChainNotSupportedError: toast("Chain is not supported"),
    SwapNetworkUnsupportedError: toast("Network not supported for Swaps", "error", SWAP_ERROR_TOAST_DELAY_MS),
    // Gas prices are fetched only by the swap view, so its delay applies.
    GasPriceNetworkUnsupportedError: toast(
      "Network not supported for Gas Price",
      "error",
      SWAP_ERROR_TOAST_DELAY_MS
    ),
    SwapFailedError: (error) => toast(error.sentence, "error", SWAP_ERROR_TOAST_DELAY_MS),
    TransactionWaitTimeoutError: toast(
      "Timed out while waiting for the transaction to be confirmed",
      "warning"
    ),
    ServiceUnavailableError: toast("Service temporarily unavailable", "warning"),
    ProviderRequestError: toast("Network request failed. Try again later.", "warning"),
    AdapterNotFoundError: ownMessage,
    CaipNetworkUndefinedError: ownMessage,
    CaipNetworkOrAddressUndefinedError: ownMessage,
    WalletConnectConnectorNotFoundError: ownMessage,
    ChainNotConfiguredError: ownMessage,
    ConnectorNotConnectedError: ownMessage,
    ConnectorNotFoundError: ownMessage,
    ConnectorAlreadyConnectedError: ownMessage,
    ChainMismatchError: ownMessage,
    AccountMismatchError: ownMessage,
    TransactionMismatchError: ownMessage,
    ReviewChangedError: (error) => ({
      ...toast(REVIEW_CHANGES[error.change], "warning"),
      description: "Nothing was sent. Check the form, then review again."
    }),
    ConnectionReconnectingError: ownMessage,
    // The Account view's impersonation words, and what became of the connection.
    ContestedWalletError: (error) =>
      alert(
        "Possible impersonation",
        `Another wallet on this page also claims to be ${error.walletName}, so it was ${
          error.during === "restore" ? "not reconnected" : "disconnected"
        }. Choose yours in the wallet list to connect.`
      ),
    NameLookupError: ownMessage,
    LocaleUnavailableError: toast("The language could not be loaded", "warning"),
    ViewUnavailableError: ownMessage,
    // Its message quotes the data that failed to decode: for logs only.
    SchemaDecodeError: toast("Something went wrong"),
    UserRejectedRequestError: toast("Request rejected in wallet", "info"),
    RequestPendingError: toast("Open your wallet to continue", "info"),
    ChainNotAddedError: toast("Network not added to wallet", "warning"),
    UnauthorizedWalletError: toast("Not authorized by the wallet"),
    UnsupportedMethodError: toast("The wallet does not support this request"),
    WalletDisconnectedError: toast("Wallet disconnected"),
    ChainDisconnectedError: toast("Wallet is not connected to this network"),
    InternalWalletError: toast("The wallet ran into an error. Try again."),
    // A wallet's own text (often a JavaScript error) is not the modal's to show.
    UnknownWalletError: toast("The wallet ran into an error. Try again.")
  }

/**
 * What the visitor sees for an error: the catalogue's exact text, kind and delay, and the only place that
 * decides them. Total: a value outside the union (a bug) shows its bounded message or a generic one.
 */
export const present = (error: AirlockError): Presentation => {
  const tag = safeGet(error, "_tag")
  // Own entries only: a tag such as "constructor" must not reach Object.prototype.
  const presenter =
    typeof tag === "string" && Object.hasOwn(presentations, tag)
      ? (presentations[tag as AirlockError["_tag"]] as Presenter<AirlockError>)
      : undefined
  if (presenter === undefined) return toast(boundedText(safeGet(error, "message")) ?? "Something went wrong")
  return typeof presenter === "function" ? presenter(error) : presenter
}
