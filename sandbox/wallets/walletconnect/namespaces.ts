/**
 * What the wallet offers a dapp: eip155 on every sandbox chain with anvil's first key, Solana devnet and
 * the local chain with the sandbox's ed25519 key, and bip122 on the local regtest chain with Bitcoin dev
 * account 1's payment address (bitcoin.ts). `buildApprovedNamespaces` narrows this to what a proposal
 * asks for, required or optional.
 */

import { BITCOIN_REGTEST } from "../../shared/bitcoin"
import type { SandboxChainConfig } from "../../shared/config"
import { SANDBOX_SOLANA_CHAINS, sandboxSolanaAccountOn } from "../../shared/solana"
import { BITCOIN_EVENTS, BITCOIN_METHODS, sandboxWcBitcoinAccount } from "./bitcoin"

export const EVM_METHODS = [
  "personal_sign",
  "eth_signTypedData_v4",
  "eth_sendTransaction",
  "eth_accounts",
  "eth_requestAccounts",
  "eth_chainId",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
  "wallet_getCapabilities",
  "wallet_sendCalls",
  "wallet_getCallsStatus",
  "wallet_showCallsStatus"
] as const

export const EVM_EVENTS = ["accountsChanged", "chainChanged"] as const

export const SOLANA_METHODS = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
] as const

export interface SupportedNamespace {
  chains: Array<string>
  methods: Array<string>
  events: Array<string>
  accounts: Array<string>
}

export const supportedNamespaces = (
  chains: ReadonlyArray<SandboxChainConfig>,
  evmAddress: string
): Record<string, SupportedNamespace> => ({
  eip155: {
    chains: chains.map((chain) => `eip155:${chain.chainId}`),
    methods: [...EVM_METHODS],
    events: [...EVM_EVENTS],
    accounts: chains.map((chain) => `eip155:${chain.chainId}:${evmAddress}`)
  },
  solana: {
    chains: [...SANDBOX_SOLANA_CHAINS],
    methods: [...SOLANA_METHODS],
    events: [],
    accounts: SANDBOX_SOLANA_CHAINS.map(sandboxSolanaAccountOn)
  },
  bip122: {
    chains: [BITCOIN_REGTEST],
    methods: [...BITCOIN_METHODS],
    events: [...BITCOIN_EVENTS],
    accounts: [sandboxWcBitcoinAccount]
  }
})
