/**
 * The JSON-RPC errors the wallet answers with, and the response envelopes. The envelopes have the shape of
 * `formatJsonRpcResult` / `formatJsonRpcError` from `@walletconnect/jsonrpc-utils` (a dependency of the SDK,
 * not of this repository, so not imported here).
 */
import { getSdkError } from "@walletconnect/utils"

/** EIP-1193 / EIP-1474 codes; the WalletConnect SDK ones come from `getSdkError`. */
export const ErrorCode = {
  unauthorized: 4100,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603
} as const

/** An error answered to the dapp as `{ code, message }`. */
export class WalletRpcError extends Error {
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.name = "WalletRpcError"
    this.code = code
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const invalidParams = (message: string) => new WalletRpcError(ErrorCode.invalidParams, message)

export const unauthorized = (message: string) => new WalletRpcError(ErrorCode.unauthorized, message)

/** The CAIP-25 "User rejected." (code 5000), as WalletConnect wallets answer a rejected request. */
export const userRejected = () => {
  const { code, message } = getSdkError("USER_REJECTED")
  return new WalletRpcError(code, message)
}

/** "Unsupported methods." (code 5101), for a method in the session that this wallet does not implement. */
export const unsupportedMethod = (method: string) => {
  const { code, message } = getSdkError("UNSUPPORTED_METHODS", method)
  return new WalletRpcError(code, message)
}

/** "Unsupported chains." (code 5100), for a request on a chain in the session where the wallet cannot act. */
export const unsupportedChain = (detail: string) => {
  const { code, message } = getSdkError("UNSUPPORTED_CHAINS", detail)
  return new WalletRpcError(code, message)
}

/** Any thrown value as `{ code, message }`: viem errors carry the node's code somewhere in their causes. */
export const errorOf = (error: unknown): { readonly code: number; readonly message: string } => {
  if (error instanceof WalletRpcError) return { code: error.code, message: error.message }
  const short = isRecord(error) && typeof error.shortMessage === "string" ? error.shortMessage : undefined
  const message = short ?? (error instanceof Error ? error.message : String(error))
  let cause: unknown = error
  for (let depth = 0; depth < 10 && isRecord(cause); depth++) {
    if (typeof cause.code === "number" && Number.isInteger(cause.code)) return { code: cause.code, message }
    cause = cause.cause
  }
  return { code: ErrorCode.internal, message }
}

/** A JSON-RPC response to a dapp's request. */
export type RpcResponse =
  | { readonly id: number; readonly jsonrpc: "2.0"; readonly result: unknown }
  | {
      readonly id: number
      readonly jsonrpc: "2.0"
      readonly error: { readonly code: number; readonly message: string }
    }

export const rpcResult = (id: number, result: unknown): RpcResponse => ({ id, jsonrpc: "2.0", result })

export const rpcError = (id: number, error: unknown): RpcResponse => ({
  id,
  jsonrpc: "2.0",
  error: errorOf(error)
})
