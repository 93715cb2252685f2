/**
 * What the wallet does with each method a dapp asks: answers it at once, puts it to the visitor with a preview
 * (evm.ts, solana.ts, bitcoin.ts; the chain switches of sessions.ts), or refuses it by throwing the error the dapp gets.
 * requests.ts queues and answers what this decides. Free of DOM code.
 */
import type { Address } from "viem"
import type { SandboxChainConfig } from "../../shared/config"
import { batchApproval } from "../injected/approvalWords"
import { createBatches } from "../injected/batches"
import { createBitcoinWcSigner } from "./bitcoin"
import type { WalletContext } from "./context"
import {
  createEvmSigner,
  eip155Reference,
  type Prepared,
  parseHexChainId,
  sandboxChainOf,
  toHexChainId
} from "./evm"
import { ErrorCode, invalidParams, isRecord, unauthorized, unsupportedMethod, WalletRpcError } from "./rpc"
import { addChainToSession, switchSessionChain } from "./sessions"
import { createSolanaSigner } from "./solana"

/** Answered at once (a value, or a promise of one: a chain read), or put to the visitor. */
export type Decision = { readonly answer: unknown } | { readonly ask: Prepared }

export const createDecide = (context: WalletContext) => {
  const { account, config } = context
  const evm = createEvmSigner(account)
  const solana = createSolanaSigner(() => config.solana)
  const bitcoin = createBitcoinWcSigner(() => config.bitcoin)
  // EIP-5792 as the injected Sandbox Wallet does it (its batches.ts), with this wallet's screens.
  const batches = createBatches({
    account: () => account,
    requireAccount: (address) => {
      if (typeof address !== "string" || address.toLowerCase() !== account.address.toLowerCase())
        throw unauthorized(`The Sandbox WalletConnect Wallet holds no key for ${String(address)}.`)
    },
    chains: () => config.chains,
    delegateOn: (chainId) =>
      config.batchDelegates.find((d) => d.chainId === chainId)?.address as Address | undefined,
    show: (status) =>
      context.notice(
        "info",
        `Batch ${status.id}: ${status.status === 200 ? "confirmed" : status.status === 100 ? "pending" : "reverted"}.`
      ),
    fail: (code, message) => new WalletRpcError(code, message)
  })

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
    if (chainId.startsWith("bip122:")) return bitcoin(method, chainId, params)
    if (eip155Reference(chainId) === undefined) throw unsupportedMethod(method)
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return { answer: [account.address] }
      case "eth_chainId":
        return { answer: toHexChainId(sandboxChainOf(config.chains, chainId).chainId) }
      case "wallet_getCapabilities":
        return { answer: batches.getCapabilities(params) }
      case "wallet_getCallsStatus":
        return { answer: batches.getCallsStatus(params) }
      case "wallet_showCallsStatus":
        return { answer: batches.showCallsStatus(params) }
      case "wallet_sendCalls": {
        const batch = batches.readSendCalls(params)
        const review = { chainId: batch.chain.chainId, from: account.address, calls: batch.calls }
        return {
          ask: {
            preview: [
              ...batchApproval({ ...review, upgradeTo: undefined }, config.chains).details,
              [
                "Runs through",
                `The batch delegate ${batch.delegate} (EIP-7702); the first batch upgrades the account in its own transaction`
              ]
            ],
            run: () => batches.runBatch(batch)
          }
        }
      }
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
