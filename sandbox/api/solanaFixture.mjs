// The Solana balance fixture for the public clusters (the local chain, `solana:localnet`, is read for real
// by solana.mjs). Apart from the balances endpoint so that the input checks (params.mjs) share its cluster
// ids without importing an endpoint.
import { createHash } from "node:crypto"

/** @typedef {{ name: string, symbol: string, decimals: number }} TokenInfo */

// Fixture, not chain data: the sandbox runs no Solana cluster. `GET /v1/account/{address}/balance` for a
// Solana chain answers amounts derived from a hash of the address (the same address always shows the
// same balances): SOL everywhere, plus USDC on mainnet, where its mint lives.
/** The Solana clusters (CAIP-2) the balance fixture serves: mainnet, devnet, testnet. */
export const SOLANA_CHAIN_IDS = Object.freeze([
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"
])
/** USDC's SPL mint on Solana mainnet. */
export const SOLANA_USDC_MINT = /** @type {const} */ ("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
const SOL = Object.freeze({ name: "Solana", symbol: "SOL", decimals: 9 })
const SPL_USDC = Object.freeze({ name: "USD Coin", symbol: "USDC", decimals: 6 })

/**
 * The Solana balance fixture (see SOLANA_CHAIN_IDS): under 1000 SOL, under 10000 USDC.
 * @template B
 * @param {string} address
 * @param {string} caip
 * @param {string} projectId
 * @param {(caip: string, token: TokenInfo, amount: bigint, contract: string | undefined, projectId: string) => B} balanceEntry The API's `balances` item.
 */
export const solanaBalances = (address, caip, projectId, balanceEntry) => {
  const digest = createHash("sha256").update(`airlock-sandbox-solana:${address}`).digest()
  const lamports = digest.readBigUInt64BE(0) % 1_000_000_000_000n
  const usdc = digest.readBigUInt64BE(8) % 10_000_000_000n
  return [
    balanceEntry(caip, SOL, lamports, undefined, projectId),
    ...(caip === SOLANA_CHAIN_IDS[0] ? [balanceEntry(caip, SPL_USDC, usdc, SOLANA_USDC_MINT, projectId)] : [])
  ]
}
