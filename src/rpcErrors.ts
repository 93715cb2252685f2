/**
 * The catalogue's errors (`errors.ts`) of routing a dapp's request: a method outside the lists, a network that
 * is not configured or that the wallet cannot add, a declined signature (a network without an RPC is the
 * transport's own: `services/FallbackTransport.ts`). Apart from `errors.ts` so that the first paint, which
 * never routes a request, does not carry them.
 */
import * as Data from "effect/Data"

type ChainId = string | number

/** A requested or stored network is not among the configured ones. */
export class NetworkNotFoundError extends Data.TaggedError("NetworkNotFoundError")<{
  readonly chainId?: ChainId | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Network Not Found"
}

/** A sign request was declined; with a smart account the likely reason is that the app cannot verify it. */
export class SignatureDeclinedError extends Data.TaggedError("SignatureDeclinedError")<{
  readonly smartAccount?: boolean | undefined
  readonly cause?: unknown
}> {
  override readonly message =
    this.smartAccount === true ? "This application might not support Smart Accounts" : "Signature declined"
}

/** An RPC method outside the safe and unsafe lists. The UI says "Action not allowed" (see `present`). */
export class MethodNotAllowedError extends Data.TaggedError("MethodNotAllowedError")<{
  readonly method: string
  readonly cause?: unknown
}> {
  override readonly message = "Requested RPC call is not allowed"
}

/** Adding a chain through the relay (WalletConnect) failed. */
export class ChainNotSupportedError extends Data.TaggedError("ChainNotSupportedError")<{
  readonly chainId?: ChainId | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Chain is not supported"
}
