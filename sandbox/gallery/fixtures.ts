/**
 * The gallery's made-up world: accounts, networks, icons and names. Nothing here is reached over a
 * network: icons are SVG data URIs, RPC URLs are never asked (the gallery's HTTP client is offline).
 */

/** An SVG tile with `initials` on `colour`, as a data URI (the page's CSP allows `data:` images). */
export const tile = (initials: string, colour: string): string =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<rect width="96" height="96" rx="22" fill="${colour}"/>` +
      `<text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  )}`

const PALETTE = ["#3b5bdb", "#0b7285", "#5f3dc4", "#a61e4d", "#2b8a3e", "#c2410c", "#1864ab", "#862e9c"]

/** A tile whose colour follows the text, so a list of icons is told apart at a glance. */
export const iconFor = (text: string): string => {
  let hash = 0
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  const initials =
    text
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 2)
      .toUpperCase() || "?"
  return tile(initials, PALETTE[hash % PALETTE.length] ?? "#3b5bdb")
}

/** The connected account (anvil's first dev account) and a receiver. */
export const ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
export const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
/** A Solana account (base58 of 32 bytes). */
export const SOLANA_ACCOUNT = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"

/** A transaction hash, 66 characters: what overflows a view that neither wraps nor truncates it. */
export const TX_HASH = "0x8a3f5c1e9b2d4f6a7c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a"

/** A name past what fits on one line: the account title's worst case. */
export const LONG_NAME = "the-very-long-account-name-of-a-collector.reown.id"

const ether = { name: "Ether", symbol: "ETH", decimals: 18 } as const

/** An EVM network as a dapp configures it; its RPC URL is never asked. */
export const evmNetwork = (chainId: number, name: string, more: object = {}) => ({
  id: chainId,
  caipNetworkId: `eip155:${chainId}` as const,
  chainNamespace: "eip155" as const,
  name,
  nativeCurrency: ether,
  rpcUrls: { default: { http: [`https://rpc.gallery.invalid/${chainId}`] } },
  assets: { imageId: `gallery-network-${chainId}` },
  ...more
})

/** The network the gallery's account is on, with an explorer for the views' links. */
export const galleryChain = evmNetwork(31337, "Sandbox Chain", {
  blockExplorers: { default: { name: "Sandbox Explorer", url: "https://explorer.gallery.invalid" } }
})

export const solanaNetwork = {
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  caipNetworkId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" as const,
  chainNamespace: "solana" as const,
  name: "Solana",
  nativeCurrency: { name: "Solana", symbol: "SOL", decimals: 9 },
  rpcUrls: { default: { http: ["https://rpc.gallery.invalid/solana"] } },
  assets: { imageId: "gallery-network-solana" }
}

/** Many networks, some with long names: the Networks view's worst case. */
export const manyNetworks = [
  galleryChain,
  evmNetwork(1, "Ethereum"),
  evmNetwork(10, "OP Mainnet"),
  evmNetwork(56, "BNB Smart Chain"),
  evmNetwork(100, "Gnosis"),
  evmNetwork(137, "Polygon"),
  evmNetwork(250, "Fantom Opera"),
  evmNetwork(324, "zkSync Era"),
  evmNetwork(1101, "Polygon zkEVM"),
  evmNetwork(8453, "Base"),
  evmNetwork(42161, "Arbitrum One"),
  evmNetwork(42220, "Celo"),
  evmNetwork(43114, "Avalanche C-Chain"),
  evmNetwork(59144, "Linea"),
  evmNetwork(534352, "Scroll"),
  evmNetwork(7777777, "Zora Network with an Unusually Long Display Name"),
  solanaNetwork
]

/** Names of wallets, some long, for lists of 40. */
export const walletNames = (count: number): ReadonlyArray<string> =>
  Array.from({ length: count }, (_, i) =>
    i % 7 === 3 ? `Extraordinarily Long Wallet Name Number ${i + 1} Pro Max` : `Wallet ${i + 1}`
  )

/** When the gallery's transactions were mined: fixed, so screenshots do not change from day to day. */
export const MINED_AT = ["2026-11-20T10:15:00Z", "2026-11-02T08:00:00Z", "2025-12-24T18:30:00Z"] as const
