/**
 * What the visitor sees for each error of the catalogue (SPEC.md §8): its text in the modal's locale, kind
 * and delay. English is the catalogue's exact text (namespace `errors`, in the first paint); the frame's and
 * the swap's refusals carry their own namespaces, loaded with the code that makes them.
 */
import type { AirlockError } from "./errors"
import type { Catalog } from "./messages/compiled/catalog"
import { errorsWords } from "./messages/compiled/en/errors"
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

type Words = typeof errorsWords

const alert = (message: string, description: string): Presentation => ({
  kind: "alert",
  message,
  description,
  delayMs: 0,
  variant: "error"
})

const toast = (message: string, variant: Presentation["variant"] = "error", delayMs = 0): Presentation => ({
  kind: "toast",
  message,
  delayMs,
  variant
})

/**
 * The presentation of one kind of error, in the words `w` of the active locale (`catalog` for the
 * namespaces an error carries itself): fixed, or read from the error (a reason, a count, a name).
 */
type Presenter<E> = (error: E, w: Words, catalog: Catalog | undefined) => Presentation

/** A toast of one fixed message. */
const says =
  (message: (w: Words) => string, variant?: Presentation["variant"], delayMs?: number): Presenter<unknown> =>
  (_, w) =>
    toast(message(w), variant, delayMs)

/**
 * What the visitor sees for each error of the catalogue: its exact text, kind and delay. A mapped type over
 * the union's tags, so a new member of `AirlockError` without an entry here fails typecheck.
 */
const presentations: { readonly [T in AirlockError["_tag"]]: Presenter<Extract<AirlockError, { _tag: T }>> } =
  {
    NetworkNotFoundError: (_, w) => alert(w.networkNotFound(), w.networkNotFoundText()),
    InvalidAppConfigurationError: (error, w) =>
      alert(
        w.invalidConfig(),
        error.reason === "origin-not-allowed"
          ? w.originNotAllowed()
          : error.reason === "domain-unverified"
            ? w.domainUnverified()
            : error.reason === "invalid-project-id"
              ? w.invalidProjectId()
              : w.forbidden()
      ),
    FrameLoadError: (_, w) => alert(w.frameLoad(), w.frameLoadText()),
    FrameTimeoutError: (_, w) => alert(w.frameTimeout(), w.frameTimeoutText()),
    SessionExpiredError: (_, w) => alert(w.sessionExpired(), w.sessionExpiredText()),
    ProjectIdMissingError: (_, w) => alert(w.projectIdMissing(), w.projectIdMissingText()),
    BalanceUnavailableError: says((w) => w.balanceUnavailable(), "warning"),
    HistoryFetchError: says((w) => w.historyFailed()),
    SignatureDeclinedError: (error, w) =>
      toast(error.smartAccount === true ? w.smartAccount() : w.signatureDeclined()),
    AuthenticationSetupError: says((w) => w.authSetup()),
    MethodNotAllowedError: says((w) => w.notAllowed(), "error", ERROR_TOAST_DELAY_MS),
    EmailLoginDependencyLoadError: says((w) => w.emailLoginLoad()),
    EmailLoginCooldownError: (error, w) => toast(w.cooldown({ seconds: error.seconds })),
    FrameRequestError: (error, _, catalog) => toast(error.sentence(catalog)),
    SocialLoginPopupError: says((w) => w.allowPopups()),
    RequestAbortedError: (error, w) => toast(error.source === "rpc" ? w.aborted() : w.somethingWrong()),
    ChainNotSupportedError: says((w) => w.chainNotSupported()),
    SwapNetworkUnsupportedError: says((w) => w.swapNetwork(), "error", SWAP_ERROR_TOAST_DELAY_MS),
    // Gas prices are fetched only by the swap view, so its delay applies.
    GasPriceNetworkUnsupportedError: says((w) => w.gasPriceNetwork(), "error", SWAP_ERROR_TOAST_DELAY_MS),
    SwapFailedError: (error, _, catalog) =>
      toast(error.sentence(catalog), "error", SWAP_ERROR_TOAST_DELAY_MS),
    TransactionWaitTimeoutError: says((w) => w.waitTimeout(), "warning"),
    ServiceUnavailableError: says((w) => w.serviceUnavailable(), "warning"),
    ProviderRequestError: says((w) => w.requestFailed(), "warning"),
    AdapterNotFoundError: says((w) => w.adapterNotFound()),
    CaipNetworkUndefinedError: says((w) => w.caipNetworkUndefined()),
    CaipNetworkOrAddressUndefinedError: says((w) => w.caipAddressUndefined()),
    WalletConnectConnectorNotFoundError: says((w) => w.wcConnectorNotFound()),
    ChainNotConfiguredError: says((w) => w.chainNotConfigured()),
    ConnectorNotConnectedError: says((w) => w.notConnected()),
    ConnectorNotFoundError: says((w) => w.connectorNotFound()),
    ConnectorAlreadyConnectedError: says((w) => w.alreadyConnected()),
    ChainMismatchError: (error, w) => {
      const expected = String(error.expectedChainId)
      return toast(
        error.actualChainId === undefined
          ? w.chainMismatchNone({ expected })
          : w.chainMismatch({ expected, actual: String(error.actualChainId) })
      )
    },
    AccountMismatchError: says((w) => w.accountMismatch()),
    TransactionMismatchError: says((w) => w.transactionMismatch()),
    // What changed between a review and its confirmation: nothing was sent, the form shows again.
    ReviewChangedError: (error, w) => ({
      ...toast(error.change === "network" ? w.networkChanged() : w.accountChanged(), "warning"),
      description: w.nothingSent()
    }),
    ConnectionReconnectingError: says((w) => w.reconnecting()),
    // The Account view's impersonation words, and what became of the connection.
    ContestedWalletError: (error, w) =>
      alert(
        w.impersonation(),
        (error.during === "restore" ? w.impersonationRestore : w.impersonationText)({
          wallet: error.walletName
        })
      ),
    // The server's own reason (bounded) is the most a visitor can learn; without one, the catalogue's words.
    NameLookupError: (error, w) =>
      toast(boundedText(error.reason) === undefined ? w.nameLookupFailed() : error.message),
    LocaleUnavailableError: says((w) => w.localeUnavailable(), "warning"),
    ViewUnavailableError: (error, _, catalog) => toast(error.sentence(catalog)),
    // Its message quotes the data that failed to decode: for logs only.
    SchemaDecodeError: says((w) => w.somethingWrong()),
    UserRejectedRequestError: says((w) => w.userRejected(), "info"),
    RequestPendingError: says((w) => w.requestPending(), "info"),
    ChainNotAddedError: says((w) => w.chainNotAdded(), "warning"),
    UnauthorizedWalletError: says((w) => w.unauthorized()),
    UnsupportedMethodError: says((w) => w.unsupportedMethod()),
    WalletDisconnectedError: says((w) => w.walletDisconnected()),
    ChainDisconnectedError: says((w) => w.chainDisconnected()),
    InternalWalletError: says((w) => w.walletError()),
    // A wallet's own text (often a JavaScript error) is not the modal's to show.
    UnknownWalletError: says((w) => w.walletError())
  }

/**
 * What the visitor sees for an error, in the active locale's `catalog` (`LocaleState.catalog`; `undefined`:
 * English): the catalogue's text, kind and delay, and the only place that decides them. Total: a value
 * outside the union (a bug) shows its bounded message or a generic one.
 */
export const present = (error: AirlockError, catalog?: Catalog): Presentation => {
  const w = catalog?.errors ?? errorsWords
  const tag = safeGet(error, "_tag")
  // Own entries only: a tag such as "constructor" must not reach Object.prototype.
  const presenter =
    typeof tag === "string" && Object.hasOwn(presentations, tag)
      ? (presentations[tag as AirlockError["_tag"]] as Presenter<AirlockError>)
      : undefined
  if (presenter === undefined) return toast(boundedText(safeGet(error, "message")) ?? w.somethingWrong())
  return presenter(error, w, catalog)
}
