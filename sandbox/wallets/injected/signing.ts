/**
 * The wallet's signing methods: `personal_sign`, `eth_signTypedData_v4` and `eth_sendTransaction`, each
 * checked, shown in the approval panel, then signed with the selected account's local key. Apart from the
 * wallet's connection and chain methods; it reaches the wallet's state only through `SigningContext`.
 */
import { createWalletClient, http, isHex } from "viem"
import type { PrivateKeyAccount } from "viem/accounts"
import type { ApprovalRequest } from "./approvals"
import { formatEther, readableMessage } from "./approvalWords"
import { ErrorCode, invalidParams, ProviderRpcError, userRejected } from "./errors"
import { newestMinedTransaction } from "./hostile"
import { rpcErrorOf } from "./nodeRpc"
import {
  firstParam,
  isRecord,
  parseChainId,
  readTransactionFields,
  readTypedDataRequest,
  toHexChainId
} from "./requestParams"
import type { WalletChain, WalletOptions } from "./types"

/** What the signing methods need of the wallet. */
export interface SigningContext {
  /** The selected account. */
  readonly account: () => PrivateKeyAccount
  readonly activeChain: () => WalletChain
  /** Throws unless the address is the selected, authorized account. */
  readonly requireAccount: (address: unknown) => void
  /** Asks the visitor through the approvals, for the page's origin. */
  readonly ask: (request: Omit<ApprovalRequest, "origin">) => Promise<boolean>
  readonly forward: (rpcUrl: string, method: string, params: unknown) => Promise<unknown>
  readonly fetchFn: typeof fetch
  readonly hostile: WalletOptions["hostile"]
}

export const createSigning = ({
  account,
  activeChain,
  requireAccount,
  ask,
  forward,
  fetchFn,
  hostile
}: SigningContext) => {
  const personalSign = async (params: unknown) => {
    const [message, address] = Array.isArray(params) ? params : []
    if (typeof message !== "string") throw invalidParams("Expected [message, address]")
    requireAccount(address)
    const approved = await ask({
      kind: "sign-message",
      title: "Sign a message",
      details: [
        ["Account", account().address],
        ["Message", readableMessage(message)]
      ]
    })
    if (!approved) throw userRejected()
    return account().signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  const signTypedData = async (params: unknown) => {
    requireAccount(firstParam(params))
    const request = readTypedDataRequest(params)
    if (!request.ok) throw invalidParams(request.problem)
    const approved = await ask({
      kind: "sign-typed-data",
      title: "Sign typed data",
      details: [["Account", account().address], ...request.rows]
    })
    if (!approved) throw userRejected()
    try {
      return await account().signTypedData(request.definition)
    } catch (error) {
      throw invalidParams(
        `Cannot sign this typed data: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }

  const sendTransaction = async (params: unknown) => {
    const tx = firstParam(params)
    if (!isRecord(tx)) throw invalidParams("Expected [transaction]")
    requireAccount(tx.from)
    const chain = activeChain()
    if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chain.chainId) {
      throw invalidParams(
        `The transaction is for chain ${String(tx.chainId)}, the wallet is on ${toHexChainId(chain.chainId)}`
      )
    }
    const request = readTransactionFields(tx)
    const { value } = request
    const approved = await ask({
      kind: "send-transaction",
      title: "Send a transaction",
      details: [
        ["From", account().address],
        ["To", request.to ?? "(new contract)"],
        ["Value", `${formatEther(value)} ${chain.currencySymbol}`],
        ["Network", `${chain.name} (chain ${chain.chainId})`],
        ...(request.data === undefined || request.data === "0x" ? [] : [["Data", request.data] as const])
      ]
    })
    if (!approved) throw userRejected()
    if (hostile?.() === "reused-hash") {
      // Claims a send it never made: the hash of a transaction already on chain.
      const reused = await newestMinedTransaction((method, params) => forward(chain.rpcUrl, method, params))
      if (reused === undefined)
        throw new ProviderRpcError(ErrorCode.internal, "No mined transaction to reuse")
      return reused
    }
    // Signed here with the local key, sent raw to the chain's node.
    const client = createWalletClient({
      account: account(),
      transport: http(chain.rpcUrl, { fetchFn, retryCount: 0 })
    })
    try {
      return await client.sendTransaction({ ...request, chain: null } as Parameters<
        typeof client.sendTransaction
      >[0])
    } catch (error) {
      throw rpcErrorOf(error)
    }
  }

  return { personalSign, signTypedData, sendTransaction }
}
