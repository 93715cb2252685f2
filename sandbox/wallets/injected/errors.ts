/** EIP-1193 and JSON-RPC error codes the sandbox wallet answers with. */
export const ErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
  requestPending: -32002
} as const

/** An EIP-1193 `ProviderRpcError`: an `Error` with a numeric `code` and optional `data`. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = "ProviderRpcError"
    this.code = code
    this.data = data
  }
}

export const userRejected = () =>
  new ProviderRpcError(ErrorCode.userRejected, "User rejected the request in the Sandbox Wallet.")

export const invalidParams = (message: string) => new ProviderRpcError(ErrorCode.invalidParams, message)
