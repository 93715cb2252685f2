/**
 * Solana's two names for a cluster: the Wallet Standard's (`solana:mainnet`, …) and CAIP-2's (the genesis
 * hash prefix). A local validator has no fixed genesis, so both call it `solana:localnet`.
 */

const CLUSTERS = [
  ["solana:mainnet", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
  ["solana:devnet", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"],
  ["solana:testnet", "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"],
  ["solana:localnet", "solana:localnet"]
] as const

export type StandardSolanaChain = (typeof CLUSTERS)[number][0]

/** The CAIP-2 id of a Wallet Standard chain name; none for chains that are not Solana clusters. */
export const caipOfStandardChain = (chain: string): string | undefined =>
  CLUSTERS.find(([standard]) => standard === chain)?.[1]

/** The Wallet Standard name of a CAIP-2 Solana network; none for networks it has no name for. */
export const standardChainOfCaip = (caipNetworkId: string): StandardSolanaChain | undefined =>
  CLUSTERS.find(([, caip]) => caip === caipNetworkId)?.[0]
