/**
 * What the wallet does with each method a dapp asks: answers it at once, puts it to the visitor with a preview
 * (evm.ts, solana.ts; the chain switches of sessions.ts), or refuses it by throwing the error the dapp gets.
 * requests.ts queues and answers what this decides. Free of DOM code.
 */
import type { SandboxChainConfig } from "../../shared/config"
import type { WalletContext } from "./context"
import {
  createEvmSigner,
  eip155Reference,
  type Prepared,
  parseHexChainId,
  sandboxChainOf,
  toHexChainId
} from "./evm"
import { ErrorCode, invalidParams, isRecord, unsupportedMethod, WalletRpcError } from "./rpc"
import { addChainToSession, switchSessionChain } from "./sessions"
import { createSolanaSigner } from "./solana"

/** Answered at once, or put to the visitor. */
export type Decision = { readonly answer: unknown } | { readonly ask: Prepared }

export const createDecide = (context: WalletContext) => {
  const { account, config } = context
  const evm = createEvmSigner(account)
  const solana = createSolanaSigner(() => config.solana)

  const targetChain = (params: unknown): SandboxChainConfig => {
    const target = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(target)) throw invalidParams("Expected [{ chainId }]")
    const chainId = parseHexChainId(target.chainId)
    const chain = config.chains.find((c) => c.chainId === chainId)
    if (chain === undefined) {
      throw new WalletRpcError(
        ErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHexChainId(chainId)}": the sandbox wallet knows only the sandbox chains.`
      )
    }
    return chain
  }

  /** Checks a request: answered at once, put to the visitor, or refused (by throwing). */
  return (topic: string, method: string, chainId: string, params: unknown): Decision => {
    if (method.startsWith("solana_")) return { ask: solana(method, chainId, params) }
    if (eip155Reference(chainId) === undefined) throw unsupportedMethod(method)
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return { answer: [account.address] }
      case "eth_chainId":
        return { answer: toHexChainId(sandboxChainOf(config.chains, chainId).chainId) }
      case "wallet_getCapabilities":
        // An externally owned account: no atomic batches, paymasters or the like on any chain.
        return { answer: {} }
      case "personal_sign":
        return { ask: evm.personalSign(params) }
      case "eth_signTypedData_v4":
        return { ask: evm.signTypedData(params) }
      case "eth_sendTransaction":
        return { ask: evm.sendTransaction(sandboxChainOf(config.chains, chainId), params) }
      case "wallet_switchEthereumChain": {
        const chain = targetChain(params)
        return {
          ask: {
            preview: [["Switch to", `${chain.name} (chain ${chain.chainId})`]],
            run: async () => {
              await switchSessionChain(await context.client(), topic, chain, account.address)
              return null
            }
          }
        }
      }
      case "wallet_addEthereumChain": {
        const chain = targetChain(params)
        return {
          ask: {
            preview: [
              ["Add network", `${chain.name} (chain ${chain.chainId})`],
              ["RPC URL", chain.rpcUrl]
            ],
            run: async () => {
              await addChainToSession(await context.client(), topic, chain, account.address)
              return null
            }
          }
        }
      }
      default:
        throw unsupportedMethod(method)
    }
  }
}
