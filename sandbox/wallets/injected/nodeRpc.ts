/**
 * The wallet's way to its chains' nodes: a JSON-RPC request forwarded over HTTP, and any failure (the node's,
 * or viem's wrapping of it) turned into the EIP-1193 error the page hears. Apart from the wallet's methods,
 * which only decide what to send.
 */
import { ErrorCode, ProviderRpcError } from "./errors"
import { isRecord } from "./requestParams"

export const rpcErrorOf = (error: unknown): ProviderRpcError => {
  if (error instanceof ProviderRpcError) return error
  // viem errors wrap the node's JSON-RPC error: find its code, keep viem's short message.
  const short = isRecord(error) && typeof error.shortMessage === "string" ? error.shortMessage : undefined
  const message = short ?? (error instanceof Error ? error.message : String(error))
  let cause: unknown = error
  for (let depth = 0; depth < 10 && isRecord(cause); depth++) {
    if (typeof cause.code === "number" && Number.isInteger(cause.code))
      return new ProviderRpcError(cause.code, message)
    cause = cause.cause
  }
  return new ProviderRpcError(ErrorCode.internal, message)
}

/**
 * One JSON-RPC request to a node; an unreachable node, an HTTP failure or the node's own error throws a
 * `ProviderRpcError`.
 */
export const forwardToNode = async (
  fetchFn: typeof fetch,
  rpcUrl: string,
  method: string,
  params: unknown
) => {
  let response: Response
  try {
    response = await fetchFn(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] })
    })
  } catch (error) {
    throw new ProviderRpcError(ErrorCode.chainDisconnected, `The Sandbox Wallet cannot reach ${rpcUrl}`, {
      cause: String(error)
    })
  }
  if (!response.ok)
    throw new ProviderRpcError(ErrorCode.internal, `${rpcUrl} answered HTTP ${response.status}`)
  const body: unknown = await response.json()
  if (!isRecord(body)) throw new ProviderRpcError(ErrorCode.internal, `${rpcUrl} answered no JSON-RPC object`)
  if (isRecord(body.error)) {
    const { code, message, data } = body.error
    throw new ProviderRpcError(
      typeof code === "number" ? code : ErrorCode.internal,
      typeof message === "string" ? message : "RPC error",
      data
    )
  }
  return body.result
}
