/** What every demo page gives `createModal` to run on the local sandbox. */
import type { SandboxChainConfig, SandboxConfig } from "../shared/config"

/**
 * A sandbox anvil chain as the modal's CAIP network (real chains, so balances are real), with the image id
 * the sandbox API serves for it (`assetImageIdOf` in sandbox/api/explorer.mjs).
 */
export const sandboxNetwork = (chain: SandboxChainConfig) =>
  ({
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: "eip155",
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    assets: { imageId: `sandbox-chain-${chain.chainId}` }
  }) as const

/** The image id of Solana's networks in `airlock/networks`, which the sandbox API serves too. */
export const SOLANA_IMAGE_ID = "a1b58899-f671-4276-6a5e-56ca5bd59700"

/** The image id of Bitcoin's networks in `airlock/networks`, which the sandbox API serves too. */
export const BITCOIN_IMAGE_ID = "0b4838db-0161-4ffe-022d-532bf03dba00"

/**
 * The sandbox answers for the provider's hosts and runs the embedded wallet's frame on an origin of its
 * own, so the pages run offline; WalletConnect Verify's host is out of reach offline.
 */
export const sandboxServices = (sandbox: SandboxConfig) =>
  ({
    apiUrl: sandbox.api.url,
    blockchainApiUrl: sandbox.api.url,
    analyticsUrl: sandbox.api.url,
    relayUrl: sandbox.relayUrl,
    secureSiteOrigin: sandbox.frame.url,
    walletConnectVerify: false
  }) as const
