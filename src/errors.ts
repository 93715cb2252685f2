/**
 * The error catalogue (SPEC.md §8): one typed error per row. Services fail with these; `present`
 * (`presentation.ts`) is the one place that decides what the visitor sees for each.
 */
import * as Data from "effect/Data"
import type { BatchError, BatchStoppedError } from "./batchErrors"
import type { BitcoinError } from "./bitcoinErrors"
import type { BitcoinWalletError } from "./bitcoinWalletErrors"
import type {
  ConnectionReconnectingError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  ContestedWalletError
} from "./connectionErrors"
import type {
  EmailLoginCooldownError,
  FrameLoadError,
  FrameRequestError,
  FrameTimeoutError,
  SessionExpiredError,
  SocialLoginPopupError
} from "./embeddedErrors"
import type { LegalConsentRequiredError } from "./legalErrors"
import type { PayFailedError } from "./payErrors"
import type { PayFeatureOffError } from "./payOffError"
import type { AccountMismatchError, ReviewChangedError, TransactionMismatchError } from "./requestErrors"
import type {
  ChainNotSupportedError,
  MethodNotAllowedError,
  NetworkNotFoundError,
  SignatureDeclinedError
} from "./rpcErrors"
import type { SchemaDecodeError } from "./schemas/decode"
import type { ProjectIdMissingError } from "./schemas/ModalOptions"
import type { ChainNotConfiguredError } from "./services/FallbackTransport"
import type { SmartSessionError, SmartSessionsOffError } from "./sessionErrors"
import type {
  GasPriceNetworkUnsupportedError,
  SwapFailedError,
  SwapNetworkUnsupportedError
} from "./swapErrors"
import type { ViewUnavailableError } from "./viewErrors"
import { boundedText, type WalletError } from "./walletErrors"

export { BatchError, type BatchFailure, BatchStoppedError } from "./batchErrors"
export { BitcoinError, type BitcoinFailure } from "./bitcoinErrors"
export { BitcoinWalletError, type BitcoinWalletFailure } from "./bitcoinWalletErrors"
export {
  ConnectionReconnectingError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  ContestedWalletError
} from "./connectionErrors"
export {
  EmailLoginCooldownError,
  FrameLoadError,
  type FrameReason,
  FrameRequestError,
  FrameTimeoutError,
  SessionExpiredError,
  SocialLoginPopupError
} from "./embeddedErrors"
export { LegalConsentRequiredError } from "./legalErrors"
export { PayFailedError, type PayFailureReason } from "./payErrors"
export { PayFeatureOffError } from "./payOffError"
export {
  AccountMismatchError,
  type ReviewChange,
  ReviewChangedError,
  type SentField,
  TransactionMismatchError
} from "./requestErrors"
export {
  ChainNotSupportedError,
  MethodNotAllowedError,
  NetworkNotFoundError,
  SignatureDeclinedError
} from "./rpcErrors"
export { SchemaDecodeError } from "./schemas/decode"
export { ProjectIdMissingError } from "./schemas/ModalOptions"
export { ChainNotConfiguredError } from "./services/FallbackTransport"
export { SmartSessionError, type SmartSessionFailure, SmartSessionsOffError } from "./sessionErrors"
export {
  GasPriceNetworkUnsupportedError,
  SwapFailedError,
  type SwapFailureReason,
  SwapNetworkUnsupportedError
} from "./swapErrors"
export { ViewUnavailableError, type ViewUnavailableReason } from "./viewErrors"
export {
  ChainDisconnectedError,
  ChainNotAddedError,
  InternalWalletError,
  isUserRejection,
  normalizeWalletError,
  RequestPendingError,
  UnauthorizedWalletError,
  UnknownWalletError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletDisconnectedError,
  type WalletError,
  walletErrorCode
} from "./walletErrors"

type ChainId = string | number

// ---------------------------------------------------------------------------------------------------------
// Alerts
// ---------------------------------------------------------------------------------------------------------

export type InvalidAppConfigurationReason =
  | "origin-not-allowed"
  | "domain-unverified"
  | "invalid-project-id"
  | "analytics-forbidden"
  | "forbidden"

/** The project's server-side configuration rejects this page (allow list, domain, key, or a 403). */
export class InvalidAppConfigurationError extends Data.TaggedError("InvalidAppConfigurationError")<{
  readonly reason: InvalidAppConfigurationReason
  readonly origin?: string | undefined
  readonly status?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Invalid App Configuration"
}

// ---------------------------------------------------------------------------------------------------------
// Toasts
// ---------------------------------------------------------------------------------------------------------

/** Balances could not be loaded. Callers must not retry before `retryAfterMs`. */
export class BalanceUnavailableError extends Data.TaggedError("BalanceUnavailableError")<{
  readonly chainId?: ChainId | undefined
  readonly address?: string | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Token Balance Unavailable"
  readonly retryAfterMs = 30_000
}

/** Activity could not be loaded; the list is emptied. */
export class HistoryFetchError extends Data.TaggedError("HistoryFetchError")<{
  readonly address?: string | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Failed to fetch transactions"
}

/** The lazily loaded email/social login code could not be imported. */
export class EmailLoginDependencyLoadError extends Data.TaggedError("EmailLoginDependencyLoadError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Unable to load email login dependency"
}

/** Sign-in (SIWE/SIWX) setup failed; the wallet is disconnected. */
export class AuthenticationSetupError extends Data.TaggedError("AuthenticationSetupError")<{
  readonly cause?: unknown
}> {
  override readonly message = "A problem occurred while trying initialize authentication"
}

/** A request was aborted (for RPC: the modal closed with pending unsafe requests). */
export class RequestAbortedError extends Data.TaggedError("RequestAbortedError")<{
  readonly source: "rpc" | "other"
  readonly cause?: unknown
}> {
  override readonly message = this.source === "rpc" ? "Request was aborted" : "Something went wrong"
}

/** Waiting for a transaction receipt exceeded its budget (180 000 ms by default). */
export class TransactionWaitTimeoutError extends Data.TaggedError("TransactionWaitTimeoutError")<{
  readonly hash?: string | undefined
  readonly timeoutMs?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Timed out while waiting for the transaction to be confirmed"
}

// ---------------------------------------------------------------------------------------------------------
// Server and SDK-internal messages
// ---------------------------------------------------------------------------------------------------------

/** HTTP 503 from a provider service. */
export class ServiceUnavailableError extends Data.TaggedError("ServiceUnavailableError")<{
  readonly status?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Service temporarily unavailable"
}

export type ProviderRequestReason =
  | "network"
  | "timeout"
  | "status"
  | "too-large"
  | "malformed-body"
  | "invalid-request"

/**
 * A request to a provider service failed for a reason the server did not name (network, timeout, 429,
 * 5xx, an oversized or unreadable body). `endpoint` is the path only: the query carries the project id.
 */
export class ProviderRequestError extends Data.TaggedError("ProviderRequestError")<{
  readonly reason: ProviderRequestReason
  readonly endpoint: string
  readonly status?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Network request failed"
}

export class AdapterNotFoundError extends Data.TaggedError("AdapterNotFoundError")<{
  readonly namespace?: string | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Adapter not found"
}

export class CaipNetworkUndefinedError extends Data.TaggedError("CaipNetworkUndefinedError")<{
  readonly cause?: unknown
}> {
  override readonly message = "CaipNetwork is undefined"
}

export class CaipNetworkOrAddressUndefinedError extends Data.TaggedError(
  "CaipNetworkOrAddressUndefinedError"
)<{
  readonly cause?: unknown
}> {
  override readonly message = "CaipNetwork or CaipAddress is undefined"
}

export class WalletConnectConnectorNotFoundError extends Data.TaggedError(
  "WalletConnectConnectorNotFoundError"
)<{
  readonly cause?: unknown
}> {
  override readonly message = "WalletConnectConnector not found"
}

/** The wallet is on another chain than the one the request targets. */
export class ChainMismatchError extends Data.TaggedError("ChainMismatchError")<{
  readonly expectedChainId: ChainId
  readonly actualChainId: ChainId | undefined
  readonly cause?: unknown
}> {
  override readonly message = `Chain mismatch: expected chain ${String(this.expectedChainId)}, wallet is on ${
    this.actualChainId === undefined ? "no chain" : `chain ${String(this.actualChainId)}`
  }`
}

/** A locale's messages did not load (offline, a deploy replaced the chunk): the modal keeps its language. */
export class LocaleUnavailableError extends Data.TaggedError("LocaleUnavailableError")<{
  readonly locale: string
  readonly cause?: unknown
}> {
  override readonly message = "The language could not be loaded"
}

/** A name (ENS / provider name) lookup or registration failed; the message is the server's first reason. */
export class NameLookupError extends Data.TaggedError("NameLookupError")<{
  readonly name?: string | undefined
  /** The server's first `reasons[].description`, untrusted: kept only if a short non-empty string. */
  readonly reason?: unknown
  readonly status?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = boundedText(this.reason) ?? "Name lookup failed"
}

// ---------------------------------------------------------------------------------------------------------
// The union and its presentation
// ---------------------------------------------------------------------------------------------------------

export type AirlockError =
  | NetworkNotFoundError
  | InvalidAppConfigurationError
  | FrameLoadError
  | FrameTimeoutError
  | SessionExpiredError
  | ProjectIdMissingError
  | BalanceUnavailableError
  | HistoryFetchError
  | SignatureDeclinedError
  | AuthenticationSetupError
  | MethodNotAllowedError
  | EmailLoginDependencyLoadError
  | EmailLoginCooldownError
  | FrameRequestError
  | SocialLoginPopupError
  | RequestAbortedError
  | ChainNotSupportedError
  | SwapNetworkUnsupportedError
  | GasPriceNetworkUnsupportedError
  | SwapFailedError
  | TransactionWaitTimeoutError
  | ServiceUnavailableError
  | ProviderRequestError
  | AdapterNotFoundError
  | CaipNetworkUndefinedError
  | CaipNetworkOrAddressUndefinedError
  | WalletConnectConnectorNotFoundError
  | ChainNotConfiguredError
  | ConnectorNotConnectedError
  | ConnectorNotFoundError
  | ConnectorAlreadyConnectedError
  | ChainMismatchError
  | AccountMismatchError
  | TransactionMismatchError
  | ReviewChangedError
  | ConnectionReconnectingError
  | ContestedWalletError
  | NameLookupError
  | ViewUnavailableError
  | LocaleUnavailableError
  | SchemaDecodeError
  | WalletError
  | LegalConsentRequiredError
  | PayFeatureOffError
  | PayFailedError
  | SmartSessionsOffError
  | SmartSessionError
  | BatchError
  | BatchStoppedError
  | BitcoinWalletError
  | BitcoinError

/** What a provider service's answer can name, by its message or its status. */
export type ServerNamedError =
  | InvalidAppConfigurationError
  | SessionExpiredError
  | ServiceUnavailableError
  | NameLookupError

/**
 * Every way a request to a provider service (wallet listings, Blockchain API, analytics) fails: a named
 * answer, or a failed request (an answer that does not decode among them, its decode failure the cause).
 */
export type ProviderServiceError = ServerNamedError | ProviderRequestError
