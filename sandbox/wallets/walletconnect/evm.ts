/**
 * The wallet's EVM side: anvil's first dev key (a viem local account) signing for the sandbox chains.
 * Each request is checked and described first (what the approval card shows), and signed or sent only once
 * approved. Free of DOM code.
 */
import { createWalletClient, type Hex, http, isAddress, isAddressEqual, isHex } from "viem"
import type { PrivateKeyAccount } from "viem/accounts"
import type { SandboxChainConfig } from "../../shared/config"
import { formatEther, readableMessage } from "../injected/approvalWords"
import { readTransactionFields, readTypedDataRequest } from "../injected/requestParams"
import { ErrorCode, invalidParams, isRecord, unauthorized, WalletRpcError } from "./rpc"

/** Label and value pairs for the approval card, in order; shown as text. */
export type Preview = ReadonlyArray<readonly [label: string, value: string]>

/** A checked request: what to show, and what approving it does. */
export interface Prepared {
  readonly preview: Preview
  readonly run: () => Promise<unknown>
}

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/** `0x`-prefixed hex without leading zeros (EIP-3326) to a chain id. */
export const parseHexChainId = (value: unknown): number => {
  if (typeof value !== "string" || !/^0x[0-9a-f]+$/i.test(value) || /^0x0[0-9a-f]/i.test(value)) {
    throw invalidParams(`Expected chainId as 0x-prefixed hex without leading zeros, got ${String(value)}`)
  }
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(`Invalid chainId ${value}`)
  return chainId
}

/** `eip155:31337` to 31337, or undefined for anything else. */
export const eip155Reference = (caip2: string): number | undefined => {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

export interface EvmSigner {
  readonly address: Hex
  readonly personalSign: (params: unknown) => Prepared
  readonly signTypedData: (params: unknown) => Prepared
  readonly sendTransaction: (chain: SandboxChainConfig, params: unknown) => Prepared
}

export const createEvmSigner = (account: PrivateKeyAccount): EvmSigner => {
  const requireSigner = (address: unknown) => {
    if (
      typeof address !== "string" ||
      !isAddress(address, { strict: false }) ||
      !isAddressEqual(address, account.address)
    ) {
      throw unauthorized(`The Sandbox WalletConnect Wallet holds no key for ${String(address)}.`)
    }
  }

  const personalSign = (params: unknown): Prepared => {
    const [message, address] = Array.isArray(params) ? params : []
    if (typeof message !== "string") throw invalidParams("Expected [message, address]")
    requireSigner(address)
    return {
      preview: [
        ["Account", account.address],
        ["Message", readableMessage(message)]
      ],
      run: () => account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
  }

  const signTypedData = (params: unknown): Prepared => {
    requireSigner(Array.isArray(params) ? params[0] : undefined)
    const request = readTypedDataRequest(params)
    if (!request.ok) throw invalidParams(request.problem)
    return {
      preview: [["Account", account.address], ...request.rows],
      run: async () => {
        try {
          return await account.signTypedData(request.definition)
        } catch (error) {
          throw invalidParams(
            `Cannot sign this typed data: ${error instanceof Error ? error.message : String(error)}`
          )
        }
      }
    }
  }

  const sendTransaction = (chain: SandboxChainConfig, params: unknown): Prepared => {
    const tx = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(tx)) throw invalidParams("Expected [transaction]")
    requireSigner(tx.from)
    if (tx.chainId !== undefined && parseHexChainId(tx.chainId) !== chain.chainId) {
      throw invalidParams(
        `The transaction is for chain ${String(tx.chainId)}, the request for ${toHexChainId(chain.chainId)}`
      )
    }
    const request = readTransactionFields(tx)
    const { value } = request
    return {
      preview: [
        ["From", account.address],
        ["To", request.to ?? "(new contract)"],
        ["Value", `${formatEther(value)} ETH`],
        ["Network", `${chain.name} (chain ${chain.chainId})`],
        ...(request.data === undefined || request.data === "0x" ? [] : [["Data", request.data] as const])
      ],
      run: async () => {
        // Signed here with the local key, sent raw to the chain's anvil node; the answer is the tx hash.
        const client = createWalletClient({ account, transport: http(chain.rpcUrl, { retryCount: 0 }) })
        return client.sendTransaction({ ...request, chain: null } as Parameters<
          typeof client.sendTransaction
        >[0])
      }
    }
  }

  return { address: account.address, personalSign, signTypedData, sendTransaction }
}

/** The request's chain must be one the sandbox runs (the key exists nowhere else). */
export const sandboxChainOf = (
  chains: ReadonlyArray<SandboxChainConfig>,
  caip2: string
): SandboxChainConfig => {
  const reference = eip155Reference(caip2)
  const chain = reference === undefined ? undefined : chains.find((c) => c.chainId === reference)
  if (chain === undefined) {
    throw new WalletRpcError(ErrorCode.unrecognizedChain, `The sandbox runs no chain ${caip2}.`)
  }
  return chain
}
