/**
 * `airlock/networks`: the 26 supported networks of SPEC.md §9 as ready network objects, so a host writes
 * `networks: [mainnet, base, solana]`. The EVM ones are viem's chain definitions (viem is a peer
 * dependency: its chains are the host's already), reduced to plain data; each carries the provider's
 * image id for its icon (`getAssetImage`).
 *
 * @since 0.3.0
 */
import type { Chain } from "viem"
import {
  arbitrum as viemArbitrum,
  aurora as viemAurora,
  avalanche as viemAvalanche,
  base as viemBase,
  baseSepolia as viemBaseSepolia,
  bsc as viemBsc,
  celo as viemCelo,
  evmos as viemEvmos,
  fantom as viemFantom,
  filecoin as viemFilecoin,
  gnosis as viemGnosis,
  iotex as viemIotex,
  mainnet as viemMainnet,
  metis as viemMetis,
  moonbeam as viemMoonbeam,
  moonriver as viemMoonriver,
  optimism as viemOptimism,
  polygon as viemPolygon,
  ronin as viemRonin,
  sepolia as viemSepolia,
  zksync as viemZksync,
  zora as viemZora
} from "viem/chains"

/**
 * A network as `createModal`'s `networks` takes it (a type, not an interface, so that it meets the options'
 * open record of network fields).
 */
export type PresetNetwork = {
  readonly id: number | string
  readonly caipNetworkId: `${"eip155" | "solana" | "bip122"}:${string}`
  readonly chainNamespace: "eip155" | "solana" | "bip122"
  readonly name: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: { readonly default: { readonly http: ReadonlyArray<string> } }
  readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } }
  readonly testnet?: boolean
  readonly assets: { readonly imageId: string }
}

const evm = (chain: Chain, imageId: string): PresetNetwork => ({
  id: chain.id,
  caipNetworkId: `eip155:${chain.id}`,
  chainNamespace: "eip155",
  name: chain.name,
  nativeCurrency: { ...chain.nativeCurrency },
  rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
  ...(chain.blockExplorers === undefined
    ? {}
    : {
        blockExplorers: {
          default: { name: chain.blockExplorers.default.name, url: chain.blockExplorers.default.url }
        }
      }),
  ...(chain.testnet === true ? { testnet: true } : {}),
  assets: { imageId }
})

export const mainnet = evm(viemMainnet, "ba0ba0cd-17c6-4806-ad93-f9d174f17900")
export const arbitrum = evm(viemArbitrum, "3bff954d-5cb0-47a0-9a23-d20192e74600")
export const optimism = evm(viemOptimism, "ab9c186a-c52f-464b-2906-ca59d760a400")
export const base = evm(viemBase, "7289c336-3981-4081-c5f4-efc26ac64a00")
export const polygon = evm(viemPolygon, "41d04d42-da3b-4453-8506-668cc0727900")
export const bsc = evm(viemBsc, "93564157-2e8e-4ce7-81df-b264dbee9b00")
export const avalanche = evm(viemAvalanche, "30c46e53-e989-45fb-4549-be3bd4eb3b00")
export const gnosis = evm(viemGnosis, "02b53f6a-e3d4-479e-1cb4-21178987d100")
export const zksync = evm(viemZksync, "b310f07f-4ef7-49f3-7073-2a0a39685800")
export const zora = evm(viemZora, "845c60df-d429-4991-e687-91ae45791600")
export const celo = evm(viemCelo, "ab781bbc-ccc6-418d-d32d-789b15da1f00")
export const aurora = evm(viemAurora, "3ff73439-a619-4894-9262-4470c773a100")
export const fantom = evm(viemFantom, "06b26297-fe0c-4733-5d6b-ffa5498aac00")
export const evmos = evm(viemEvmos, "f926ff41-260d-4028-635e-91913fc28e00")
export const filecoin = evm(viemFilecoin, "5a73b3dd-af74-424e-cae0-0de859ee9400")
export const iotex = evm(viemIotex, "34e68754-e536-40da-c153-6ef2e7188a00")
export const metis = evm(viemMetis, "3897a66d-40b9-4833-162f-a2c90531c900")
export const moonbeam = evm(viemMoonbeam, "161038da-44ae-4ec7-1208-0ea569454b00")
export const moonriver = evm(viemMoonriver, "f1d73bb6-5450-4e18-38f7-fb6484264a00")
export const ronin = evm(viemRonin, "b8101fc0-9c19-4b6f-ec65-f6dfff106e00")
export const sepolia = evm(viemSepolia, "e909ea0a-f92a-4512-c8fc-748044ea6800")
export const baseSepolia = evm(viemBaseSepolia, "a18a7ecd-e307-4360-4746-283182228e00")

const SOLANA_IMAGE = "a1b58899-f671-4276-6a5e-56ca5bd59700"
const SOL = { name: "Solana", symbol: "SOL", decimals: 9 } as const

const solanaCluster = (
  reference: string,
  name: string,
  rpc: string,
  cluster: string,
  testnet: boolean
): PresetNetwork => ({
  id: reference,
  caipNetworkId: `solana:${reference}`,
  chainNamespace: "solana",
  name,
  nativeCurrency: SOL,
  rpcUrls: { default: { http: [rpc] } },
  blockExplorers: {
    default: {
      name: "Solscan",
      url: cluster === "" ? "https://solscan.io" : `https://solscan.io?cluster=${cluster}`
    }
  },
  ...(testnet ? { testnet: true } : {}),
  assets: { imageId: SOLANA_IMAGE }
})

/** Solana's clusters: their CAIP-2 references are the first 32 characters of their genesis hashes. */
export const solana = solanaCluster(
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "Solana",
  "https://api.mainnet-beta.solana.com",
  "",
  false
)
export const solanaDevnet = solanaCluster(
  "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "Solana Devnet",
  "https://api.devnet.solana.com",
  "devnet",
  true
)
export const solanaTestnet = solanaCluster(
  "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
  "Solana Testnet",
  "https://api.testnet.solana.com",
  "testnet",
  true
)

/**
 * Bitcoin mainnet: its CAIP-2 reference is the first 32 hex characters of the genesis block hash. A Bitcoin
 * network's RPC URL is an Esplora base: the modal reads UTXOs and fee estimates and broadcasts there.
 */
export const bitcoin: PresetNetwork = {
  id: "000000000019d6689c085ae165831e93",
  caipNetworkId: "bip122:000000000019d6689c085ae165831e93",
  chainNamespace: "bip122",
  name: "Bitcoin",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: ["https://mempool.space/api"] } },
  blockExplorers: { default: { name: "Mempool", url: "https://mempool.space" } },
  assets: { imageId: "0b4838db-0161-4ffe-022d-532bf03dba00" }
}

/** Bitcoin testnet3: beside SPEC §9's list (`allNetworks`), for hosts that test with Bitcoin's test coins. */
export const bitcoinTestnet: PresetNetwork = {
  id: "000000000933ea01ad0ee984209779ba",
  caipNetworkId: "bip122:000000000933ea01ad0ee984209779ba",
  chainNamespace: "bip122",
  name: "Bitcoin Testnet",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: ["https://mempool.space/testnet/api"] } },
  blockExplorers: { default: { name: "Mempool", url: "https://mempool.space/testnet" } },
  testnet: true,
  assets: { imageId: "0b4838db-0161-4ffe-022d-532bf03dba00" }
}

/** Every preset, EVM first, then Solana's clusters and Bitcoin. */
export const allNetworks: ReadonlyArray<PresetNetwork> = [
  mainnet,
  arbitrum,
  optimism,
  base,
  polygon,
  bsc,
  avalanche,
  gnosis,
  zksync,
  zora,
  celo,
  aurora,
  fantom,
  evmos,
  filecoin,
  iotex,
  metis,
  moonbeam,
  moonriver,
  ronin,
  sepolia,
  baseSepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin
]
