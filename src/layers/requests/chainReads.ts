/**
 * Read-only requests that a node answers for anyone, sent to the active EVM network's RPC
 * (`FallbackTransport`) rather than to a wallet: what the modal's EIP-1193 provider answers before any
 * account is connected, and the node's own methods that no wallet list holds (`net_version`…). Nothing
 * here signs, sends for an account or needs one.
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { MethodNotAllowedError, NetworkNotFoundError, ProviderRequestError } from "../../errors"
import { decodeUnknownResult } from "../../schemas/decode"
import type { FallbackTransportShape } from "../../services/FallbackTransport"
import type { NetworksShape } from "../../services/Networks"
import type { ChainReadError, WalletRequest } from "../../services/RpcRouter"
import type { RpcError, RpcResponseError } from "../../services/RpcTransport"
import { decodeResult, isAllowedRpcMethod, JsonRpcParams, SAFE_RPC_METHODS } from "./rpcMethods"

/** THREATS.md R2: a read answers within this, whichever transports the fallback tries. */
const CHAIN_READ_TIMEOUT = "10 seconds"

/** Read-only methods of a node that the wallet lists leave out (SPEC.md §6 lists the wallet's). */
export const NODE_METHODS = [
  "net_version",
  "net_listening",
  "web3_clientVersion",
  "web3_sha3",
  "eth_protocolVersion",
  "eth_blobBaseFee",
  "eth_createAccessList",
  "eth_simulateV1"
] as const

/** Safe-list methods that a wallet answers about its own account: no node can answer them for it. */
const ACCOUNT_READS: ReadonlySet<string> = new Set([
  "eth_accounts",
  "wallet_getCapabilities",
  "wallet_getCallsStatus",
  "wallet_getAssets",
  "eth_getUserOperationReceipt",
  "eth_estimateUserOperationGas",
  "eth_getUserOperationByHash",
  "eth_supportedEntryPoints"
])

const nodeMethods: ReadonlySet<string> = new Set(NODE_METHODS)
const chainReads: ReadonlySet<string> = new Set([
  ...SAFE_RPC_METHODS.filter((method) => !ACCOUNT_READS.has(method)),
  ...NODE_METHODS
])

/** Whether the network's RPC answers `method` for anyone (a safe-list chain read, or a node method). */
export const isChainRead = (method: string): boolean => chainReads.has(method)

/** Whether `method` is a node's own read that no wallet list holds, so only the network's RPC answers it. */
export const isNodeMethod = (method: string): boolean => nodeMethods.has(method)

const unanswered = (error: Exclude<RpcError, RpcResponseError>): ProviderRequestError => {
  const endpoint = error.transport
  switch (error._tag) {
    case "RpcTimeoutError":
      return new ProviderRequestError({ reason: "timeout", endpoint, cause: error })
    case "RpcHttpError":
      return new ProviderRequestError({ reason: "status", endpoint, status: error.status, cause: error })
    case "RpcDecodeError":
      return new ProviderRequestError({ reason: "malformed-body", endpoint, cause: error })
    case "RpcTransportError":
      return new ProviderRequestError({ reason: "network", endpoint, cause: error })
  }
}

/** Reads `request` from the RPC of the active EVM network, which must be a configured one. */
export const makeChainReads =
  (networks: NetworksShape, fallback: FallbackTransportShape) =>
  (request: WalletRequest): Effect.Effect<unknown, ChainReadError> =>
    Effect.gen(function* () {
      const { method } = request
      if (!isChainRead(method)) return yield* Effect.fail(new MethodNotAllowedError({ method }))
      const params = yield* Effect.fromResult(
        decodeUnknownResult(JsonRpcParams, `${method} params`)(request.params)
      )
      const active = (yield* SubscriptionRef.get(networks.state)).active.eip155
      if (active?._tag !== "Known")
        return yield* Effect.fail(new NetworkNotFoundError({ chainId: active?.caipNetworkId }))
      const network = active.network.caipNetworkId
      const raw = yield* fallback.request(network, { method, params }).pipe(
        Effect.timeoutOrElse({
          duration: CHAIN_READ_TIMEOUT,
          orElse: () => Effect.fail(new ProviderRequestError({ reason: "timeout", endpoint: network }))
        }),
        Effect.mapError((error): ChainReadError => {
          switch (error._tag) {
            case "ChainNotConfiguredError":
              return new NetworkNotFoundError({ chainId: network, cause: error })
            case "RpcResponseError":
            case "ProviderRequestError":
              return error
            default:
              return unanswered(error)
          }
        })
      )
      return yield* Effect.fromResult(
        isAllowedRpcMethod(method) ? decodeResult(method, raw) : Result.succeed(raw)
      )
    })
