import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { ChainNotConfiguredError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { FallbackTransportShape } from "../../services/FallbackTransport"
import type { RpcError } from "../../services/RpcTransport"

/** What an EIP-1193 `request` receives. */
export interface Eip1193RequestArguments {
  readonly method: string
  readonly params?: unknown
}

/** An EIP-1193 `request` function. */
export type Eip1193Request = (args: Eip1193RequestArguments) => Promise<unknown>

/** A plain `Error` with a JSON-RPC / EIP-1193 `code`, the shape viem and wallet code test for. */
export type Eip1193RpcError = Error & { readonly code: number; readonly data?: unknown }

/** Runs an Effect that cannot fail, e.g. `runtime.runPromise` or `Effect.runPromise`. */
export type RunEffect = <A>(effect: Effect.Effect<A>) => Promise<A>

/** EIP-1474 and EIP-1193 codes for failures that did not come from a node. */
export const eip1193ErrorCode = {
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
  /** "The Provider is not connected to the requested chain." Not 4902, which would start an add-chain flow. */
  chainDisconnected: 4901
} as const

const RequestArguments = Schema.Struct({
  method: Schema.String,
  params: Schema.optional(
    Schema.Union([Schema.Array(Schema.Unknown), Schema.Record(Schema.String, Schema.Unknown)])
  )
})

const rpcError = (
  code: number,
  message: string,
  fields: { readonly name: string; readonly data?: unknown; readonly cause?: unknown }
): Eip1193RpcError => {
  const error = Object.assign(new Error(message, { cause: fields.cause }), { code, data: fields.data })
  error.name = fields.name
  return error
}

/**
 * The EIP-1193 error for a fallback failure: a node's JSON-RPC error keeps its code and data; failures to
 * reach a node are −32603 (an encoding failure −32602); an unconfigured chain is 4901.
 */
export const toEip1193Error = (error: RpcError | ChainNotConfiguredError): Eip1193RpcError => {
  switch (error._tag) {
    case "RpcResponseError":
      return rpcError(error.code, error.message, { name: error._tag, data: error.data, cause: error })
    case "RpcTransportError":
      return rpcError(
        error.reason === "Encode" ? eip1193ErrorCode.invalidParams : eip1193ErrorCode.internal,
        error.message,
        { name: error._tag, cause: error }
      )
    case "RpcTimeoutError":
    case "RpcHttpError":
    case "RpcDecodeError":
      return rpcError(eip1193ErrorCode.internal, error.message, { name: error._tag, cause: error })
    case "ChainNotConfiguredError":
      return rpcError(eip1193ErrorCode.chainDisconnected, error.message, { name: error._tag, cause: error })
  }
}

/**
 * An EIP-1193 `request` for one network, for callers outside Effect (viem, wallet code). Arguments are
 * validated; rejections are `Error`s carrying `code` (see {@link toEip1193Error}).
 *
 * @since 0.1.0
 * @category adapters
 */
export const toEip1193Request =
  (fallback: FallbackTransportShape, network: CaipNetworkId, run: RunEffect): Eip1193Request =>
  async (args) => {
    const decoded = Schema.decodeUnknownResult(RequestArguments)(args)
    if (Result.isFailure(decoded))
      throw rpcError(eip1193ErrorCode.invalidRequest, "Invalid request arguments", {
        name: "RpcRequestError",
        cause: decoded.failure
      })
    const outcome = await run(Effect.result(fallback.request(network, decoded.success))).catch((cause) => {
      // A defect or an interruption: nothing a caller can act on beyond "internal error".
      throw rpcError(eip1193ErrorCode.internal, "Internal error", { name: "RpcInternalError", cause })
    })
    if (Result.isFailure(outcome)) throw toEip1193Error(outcome.failure)
    return outcome.success
  }
