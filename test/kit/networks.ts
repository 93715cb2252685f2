/**
 * The networks tests configure, as a dapp passes them, and the contracts the sandbox chain deploys. Built
 * by one function, so a network differs from another only by what makes it that network.
 */

const ether = { name: "Ether", symbol: "ETH", decimals: 18 } as const
const sol = { name: "Solana", symbol: "SOL", decimals: 9 } as const

interface Currency {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

/** `namespace:reference`, named `name`, paying in `currency`, with one RPC URL; `extra` adds fields. */
const network = <const N extends string, const R extends string | number, X extends object = object>(
  namespace: N,
  reference: R,
  name: string,
  currency: Currency,
  rpcUrl: string,
  extra?: X
) => ({
  id: reference,
  caipNetworkId: `${namespace}:${reference}` as `${N}:${R}`,
  chainNamespace: namespace,
  name,
  nativeCurrency: currency,
  rpcUrls: { default: { http: [rpcUrl] } },
  ...(extra as X)
})

/** The maker of networks in `namespace`, each paying in `currency` and named by a `Reference`. */
const networksIn =
  <const N extends string, Reference extends string | number>(namespace: N, currency: Currency) =>
  <const R extends Reference, X extends object = object>(
    reference: R,
    name: string,
    rpcUrl: string,
    extra?: X
  ) =>
    network(namespace, reference, name, currency, rpcUrl, extra)

/** An EVM network paying in Ether. */
export const evmNetwork = networksIn<"eip155", number>("eip155", ether)

/** A Solana cluster. */
export const solanaCluster = networksIn<"solana", string>("solana", sol)

/** A block explorer entry, as networks list them. */
export const explorer = (name: string, url: string) => ({ blockExplorers: { default: { name, url } } })

/** The sandbox's local anvil chain. */
export const sandboxNetwork = evmNetwork(31337, "Sandbox Chain", "http://127.0.0.1:8545")

/** The sandbox's second anvil chain, behind the same RPC URL in unit tests. */
export const secondSandboxNetwork = evmNetwork(31338, "Sandbox Chain B", "http://127.0.0.1:8545")

/** Ethereum mainnet with a made-up RPC URL (nothing is sent to it). */
export const mainnetNetwork = evmNetwork(1, "Ethereum", "https://eth.example")

/** Ethereum mainnet with its explorer (what `wallet_addEthereumChain` passes on). */
export const mainnetWithExplorer = { ...mainnetNetwork, ...explorer("Etherscan", "https://etherscan.io") }

/** OP Mainnet with its explorer, a network wallets do not know until it is added. */
export const optimismNetwork = evmNetwork(
  10,
  "OP Mainnet",
  "https://optimism.example",
  explorer("Optimistic Etherscan", "https://optimistic.etherscan.io")
)

/** The sandbox's local Solana chain (sandbox/solana): `solana:localnet` on its usual loopback port. */
export const solanaLocalnetNetwork = solanaCluster("localnet", "Solana Localnet", "http://127.0.0.1:8899/")

/** Solana devnet, the Solana network of the sandbox WalletConnect wallet (nothing is sent to its RPC). */
export const solanaDevnetNetwork = solanaCluster(
  "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "Solana Devnet",
  "https://api.devnet.solana.com"
)

/** viem's `mainnet` as a host hands it over: explorer with an API, contracts, an image. */
export const viemMainnet = evmNetwork(1, "Ethereum", "https://eth.merkle.io", {
  blockExplorers: {
    default: { name: "Etherscan", url: "https://etherscan.io", apiUrl: "https://api.etherscan.io/api" }
  },
  contracts: {
    multicall3: { address: "0xca11bde05977b3631167028862be2a173976ca11", blockCreated: 14353601 }
  },
  assets: { imageId: "692ed6ba-e569-459a-556a-776476829e00" }
})

export const baseNetwork = evmNetwork(8453, "Base", "https://mainnet.base.org")

/** Solana mainnet, on the provider's RPC. */
export const solanaMainnet = solanaCluster(
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "Solana",
  "https://rpc.walletconnect.org/v1",
  { ...explorer("Solscan", "https://solscan.io"), testnet: false }
)

export const bitcoinNetwork = network(
  "bip122",
  "000000000019d6689c085ae165831e93",
  "Bitcoin",
  { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  "https://rpc.walletconnect.org/v1"
)

/** The sandbox chain's sUSD, an ERC-20 of 6 decimals (the first contract anvil deploys). */
export const SUSD_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
/** The sandbox chain's SBX, an ERC-20 of 18 decimals. */
export const SBX_ADDRESS = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
/** USDC's mint on Solana. */
export const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
