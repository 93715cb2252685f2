// The sandbox's local Solana chain: an in-process SVM (litesvm) behind a loopback JSON-RPC server that
// answers what a wallet and @solana/kit ask, in Solana's own wire shapes. Seeded at start with SOL for the
// dev accounts of accounts.mjs, an SPL token ("Sandbox SPL", sSPL) minted to the first three and a little
// history. Used by `npm run demo` (sandbox/host/serve.mjs), the provider API (sandbox/api) and the tests.
// See "The local Solana chain" in sandbox/README.md.
// The parts: ledger.mjs (litesvm, the block clock, landed transactions), seed.mjs, methods.mjs (the
// JSON-RPC methods), encoding.mjs (Solana's wire shapes), errors.mjs and server.mjs (HTTP).
import { SOLANA_LOCALNET } from "./accounts.mjs"
import { createLedger } from "./ledger.mjs"
import { createMethods } from "./methods.mjs"
import { seedChain } from "./seed.mjs"
import { startRpcServer } from "./server.mjs"

/** @import { SandboxSolanaAccount } from "./accounts.mjs" */
/** @import { SandboxSolanaTransfer, SandboxSplMint } from "./seed.mjs" */
/**
 * @typedef {object} SandboxSolana
 * @property {string} rpcUrl `http://127.0.0.1:PORT` (JSON-RPC 2.0 at `/`; `GET /health` answers "ok").
 * @property {"solana:localnet"} chain
 * @property {ReadonlyArray<SandboxSolanaAccount>} accounts
 * @property {SandboxSplMint} mint
 * @property {ReadonlyArray<SandboxSolanaTransfer>} history
 * @property {string} faucet The address `requestAirdrop` pays from.
 * @property {() => number} slot The current slot (the block height: one block per transaction).
 * @property {() => Promise<void>} stop Stops the RPC server; safe to call more than once.
 */

export { transactionErrorJson, transactionErrorText } from "./errors.mjs"
export { BLOCKHASH_VALIDITY, feeOf, LAMPORTS_PER_SIGNATURE, LAMPORTS_PER_SOL } from "./ledger.mjs"
export { MAX_AIRDROP_LAMPORTS, SOLANA_CORE_VERSION } from "./methods.mjs"
export { ACCOUNT_BALANCE_SOL, SANDBOX_SPL, SPL_HOLDERS } from "./seed.mjs"
export { MAX_BATCH, MAX_BODY_BYTES } from "./server.mjs"
export { SOLANA_LOCALNET }

/**
 * Starts the local chain and its JSON-RPC server on 127.0.0.1 (`port` 0, the default, picks a free one)
 * and seeds it. `now` (a Date, default the current time) dates the seeded history and starts the block
 * clock. Resolves once the server listens.
 * @param {{ readonly port?: number, readonly now?: Date }} [options]
 * @returns {Promise<SandboxSolana>}
 */
export async function startSandboxSolana({ port = 0, now = new Date() } = {}) {
  const start = now instanceof Date ? now : new Date(now)
  const ledger = createLedger(start)
  const { accounts, faucet, mint, history } = await seedChain(ledger, start)
  const { rpcUrl, stop } = await startRpcServer(createMethods(ledger, faucet), port)
  return Object.freeze({
    rpcUrl,
    chain: SOLANA_LOCALNET,
    accounts,
    mint,
    history: Object.freeze(history),
    faucet: faucet.address,
    /** The current slot (= block height). */
    slot: () => ledger.slot,
    stop
  })
}
