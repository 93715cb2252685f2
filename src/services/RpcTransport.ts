import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"

/** The provider's RPC host (FACTS §1.6). */
export const PROVIDER_RPC_HOST = "rpc.walletconnect.org"

/**
 * One JSON-RPC call. `params` is positional (EVM) or named (some Solana and provider methods).
 *
 * @since 0.1.0
 * @category models
 */
export interface RpcRequest {
  readonly method: string
  readonly params?: ReadonlyArray<unknown> | Readonly<Record<string, unknown>> | undefined
}

/** Where a failure came from, kept on every error so a fallback's failure names the endpoint. */
interface RpcErrorContext {
  readonly method: string
  /** The transport's `name` (for HTTP: the URL without its query). */
  readonly transport: string
}

/**
 * The node answered with a JSON-RPC error object. `message` is the node's own text.
 *
 * @since 0.1.0
 * @category errors
 */
export class RpcResponseError extends Data.TaggedError("RpcResponseError")<
  RpcErrorContext & {
    readonly code: number
    readonly message: string
    readonly data?: unknown
    readonly cause?: unknown
  }
> {}

/**
 * The endpoint gave no answer within the call's budget (THREATS R2: read RPC ≤ 10 s).
 *
 * @since 0.1.0
 * @category errors
 */
export class RpcTimeoutError extends Data.TaggedError("RpcTimeoutError")<
  RpcErrorContext & {
    readonly timeoutMs: number
    readonly cause?: unknown
  }
> {
  override readonly message =
    `RPC request ${this.method} to ${this.transport} timed out after ${this.timeoutMs} ms`
}

/**
 * The endpoint answered with a non-2xx HTTP status. `body` is the start of the response text, if readable.
 *
 * @since 0.1.0
 * @category errors
 */
export class RpcHttpError extends Data.TaggedError("RpcHttpError")<
  RpcErrorContext & {
    readonly status: number
    readonly body?: string | undefined
    readonly cause?: unknown
  }
> {
  override readonly message =
    `RPC request ${this.method} to ${this.transport} failed with HTTP status code: ${this.status}`
}

/**
 * The request never got an answer: the network failed, the URL is invalid or the request could not be
 * encoded (e.g. a `bigint` in `params`).
 *
 * @since 0.1.0
 * @category errors
 */
export class RpcTransportError extends Data.TaggedError("RpcTransportError")<
  RpcErrorContext & {
    readonly reason: "Transport" | "Encode" | "InvalidUrl"
    readonly cause?: unknown
  }
> {
  override readonly message =
    this.reason === "Encode"
      ? `RPC request ${this.method} could not be encoded`
      : this.reason === "InvalidUrl"
        ? `RPC endpoint ${this.transport} is not a valid URL`
        : `RPC request ${this.method} to ${this.transport} failed: network error`
}

/**
 * The endpoint answered, but not with a JSON-RPC response to this request (not JSON, wrong shape, or
 * another request's id).
 *
 * @since 0.1.0
 * @category errors
 */
export class RpcDecodeError extends Data.TaggedError("RpcDecodeError")<
  RpcErrorContext & {
    readonly cause?: unknown
  }
> {
  override readonly message =
    `RPC request ${this.method} to ${this.transport} got an invalid JSON-RPC response`
}

/**
 * Every way one JSON-RPC call can fail.
 *
 * @since 0.1.0
 * @category errors
 */
export type RpcError = RpcResponseError | RpcTimeoutError | RpcHttpError | RpcTransportError | RpcDecodeError

/**
 * One JSON-RPC endpoint. A value, not a service: a fallback holds several of them.
 *
 * @since 0.1.0
 * @category models
 */
export interface RpcTransportShape {
  readonly name: string
  readonly request: (request: RpcRequest) => Effect.Effect<unknown, RpcError>
}
