import fc from "fast-check"
import { httpsUrlArb, namespaceArb } from "./helpers"

/** viem's `mainnet` shape plus CAIP fields, with a viem-style formatter function. */
export const mainnet = {
  id: 1,
  caipNetworkId: "eip155:1",
  chainNamespace: "eip155",
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://eth.merkle.io"] } },
  blockExplorers: {
    default: { name: "Etherscan", url: "https://etherscan.io", apiUrl: "https://api.etherscan.io/api" }
  },
  contracts: {
    multicall3: { address: "0xca11bde05977b3631167028862be2a173976ca11", blockCreated: 14353601 }
  },
  assets: { imageId: "692ed6ba-e569-459a-556a-776476829e00" }
}

export const base = {
  id: 8453,
  caipNetworkId: "eip155:8453",
  chainNamespace: "eip155",
  name: "Base",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://mainnet.base.org"] } }
}

export const solana = {
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  name: "Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://rpc.walletconnect.org/v1"] } },
  blockExplorers: { default: { name: "Solscan", url: "https://solscan.io" } },
  testnet: false
}

export const bitcoin = {
  id: "000000000019d6689c085ae165831e93",
  caipNetworkId: "bip122:000000000019d6689c085ae165831e93",
  chainNamespace: "bip122",
  name: "Bitcoin",
  nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
  rpcUrls: { default: { http: ["https://rpc.walletconnect.org/v1"] } }
}

const referenceArb = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_".split("")),
  minLength: 1,
  maxLength: 32
})

export const networkArb = fc
  .record(
    {
      namespace: namespaceArb,
      numericId: fc.nat(),
      reference: referenceArb,
      name: fc.string(),
      nativeCurrency: fc.record({
        name: fc.string(),
        symbol: fc.string(),
        decimals: fc.integer({ min: 0, max: 36 })
      }),
      http: fc.array(httpsUrlArb, { minLength: 1, maxLength: 3 }),
      explorer: fc.record({ name: fc.string(), url: httpsUrlArb }),
      testnet: fc.boolean(),
      extra: fc.dictionary(fc.constantFrom("sourceId", "fees", "custom"), fc.jsonValue())
    },
    { requiredKeys: ["namespace", "numericId", "reference", "name", "nativeCurrency", "http"] }
  )
  .map((n) => {
    const id = n.namespace === "eip155" ? n.numericId : n.reference
    return {
      ...n.extra,
      id,
      caipNetworkId: `${n.namespace}:${id}`,
      chainNamespace: n.namespace,
      name: n.name,
      nativeCurrency: n.nativeCurrency,
      rpcUrls: { default: { http: n.http } },
      ...(n.explorer === undefined ? {} : { blockExplorers: { default: n.explorer } }),
      ...(n.testnet === undefined ? {} : { testnet: n.testnet })
    }
  })
