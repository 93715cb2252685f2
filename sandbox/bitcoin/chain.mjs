// The sandbox's local Bitcoin chain (regtest, in-process): a UTXO set that accepts a transaction only after
// checking every input's signature against its previous output, fees and dust, mines a block per accepted
// transaction, and serves the Esplora HTTP API on a loopback port. No Bitcoin node installs from the
// registries this project uses, so the chain is built on @scure/btc-signer and @noble/curves. Used by
// `npm run demo` (sandbox/host/serve.mjs), the provider API (sandbox/api/bitcoin.mjs) and the tests. See
// "The local Bitcoin chain" in sandbox/README.md.
// The parts: ledger.mjs (state), validate.mjs and signatures.mjs (the checks), reject.mjs (Core's reject
// reasons), script.mjs (output types, addresses, dust), seed.mjs, esplora.mjs (JSON shapes), server.mjs.
import { BITCOIN_REGTEST, sandboxBitcoinAccounts } from "./accounts.mjs"
import { createLedger } from "./ledger.mjs"
import { scriptOf } from "./script.mjs"
import { SEED_ORDINALS_COIN, SEED_PAYMENT_COINS, seedLedger } from "./seed.mjs"
import { startEsploraServer } from "./server.mjs"

export { DEFAULT_LIMITS, REGTEST_GENESIS_HASH } from "./ledger.mjs"
export { Rejection, RPC_CODES } from "./reject.mjs"
export { MAX_FAUCET_SATS, MAX_TX_BODY_BYTES } from "./server.mjs"
export { BITCOIN_REGTEST, SEED_ORDINALS_COIN, SEED_PAYMENT_COINS }

/** Esplora's fee-estimate targets (blocks). */
export const FEE_TARGETS = Object.freeze([1, 2, 3, 4, 5, 6, 10, 20, 25, 144, 504, 1008])
/** The regtest fee rate the chain advises for every target, sat/vB. */
export const DEFAULT_FEE_RATE = 2

/** @import { Ledger } from "./ledger.mjs" */
/** @import { SeedFunding } from "./seed.mjs" */
/**
 * @typedef {object} SandboxBitcoin
 * @property {string} esploraUrl `http://127.0.0.1:PORT`, the Esplora API's base (no trailing slash).
 * @property {typeof BITCOIN_REGTEST} chain
 * @property {ReadonlyArray<import("./accounts.mjs").SandboxBitcoinAccount>} accounts The dev accounts.
 * @property {() => ReadonlyArray<SeedFunding>} seed The seed coinbases' txids (the same after a reset).
 * @property {Ledger} ledger The chain's state, for node callers (tests): `accept`, `tx`, `utxo`, `usage`…
 * @property {(address: string, sats: bigint) => string} faucet Mines a coinbase paying `sats` to a regtest address; its txid.
 * @property {() => void} reset Back to the seed (the caller's clients see a shorter chain).
 * @property {(estimates: Readonly<Record<string, number>>) => void} setFeeEstimates What `/fee-estimates` answers (sat/vB by target).
 * @property {() => Promise<void>} stop Stops the server; safe to call more than once.
 */

/**
 * Checks fee estimates: targets 1 to 1008 blocks, rates above 0 and at most 10 000 sat/vB.
 * @param {unknown} estimates
 * @returns {Readonly<Record<string, number>>}
 */
const checkEstimates = (estimates) => {
  if (estimates === null || typeof estimates !== "object" || Array.isArray(estimates))
    throw new TypeError("fee estimates: an object of target → sat/vB")
  const entries = Object.entries(estimates)
  if (entries.length === 0 || entries.length > FEE_TARGETS.length * 4)
    throw new TypeError("fee estimates: 1 to 48 targets")
  for (const [target, rate] of entries)
    if (
      !/^[1-9]\d{0,3}$/.test(target) ||
      Number(target) > 1008 ||
      typeof rate !== "number" ||
      !(rate > 0 && rate <= 10_000)
    )
      throw new TypeError("fee estimates: targets 1 to 1008, rates above 0 and at most 10000 sat/vB")
  return Object.freeze(Object.fromEntries(entries))
}

/**
 * Starts the chain, seeds it and serves its Esplora API on 127.0.0.1 (`port` 0, the default, picks a free
 * one). `now` (ms, default Date.now) dates the blocks; `limits` lowers the chain's bounds (tests);
 * `feeEstimates` replaces the default {@link DEFAULT_FEE_RATE} for every target.
 * @param {{ readonly port?: number, readonly now?: () => number, readonly limits?: Partial<import("./ledger.mjs").Limits>, readonly feeEstimates?: Readonly<Record<string, number>> }} [options]
 * @returns {Promise<SandboxBitcoin>}
 */
export async function startSandboxBitcoin({ port = 0, now, limits, feeEstimates } = {}) {
  const ledger = createLedger({
    ...(now === undefined ? {} : { now }),
    ...(limits === undefined ? {} : { limits })
  })
  let seed = seedLedger(ledger)
  const defaults = Object.freeze(
    Object.fromEntries(FEE_TARGETS.map((target) => [String(target), DEFAULT_FEE_RATE]))
  )
  let estimates = feeEstimates === undefined ? defaults : checkEstimates(feeEstimates)
  const reset = () => {
    ledger.clear()
    seed = seedLedger(ledger)
    estimates = feeEstimates === undefined ? defaults : checkEstimates(feeEstimates)
  }
  /**
   * @param {Uint8Array} script
   * @param {bigint} sats
   */
  const mintTo = (script, sats) => ledger.mint([{ script, sats }], "airlock sandbox faucet")
  const { esploraUrl, stop } = await startEsploraServer(
    ledger,
    {
      faucet: mintTo,
      reset,
      feeEstimates: () => estimates,
      setFeeEstimates: (next) => {
        estimates = checkEstimates(next)
      }
    },
    port
  )
  return Object.freeze({
    esploraUrl,
    chain: BITCOIN_REGTEST,
    accounts: sandboxBitcoinAccounts(),
    seed: () => seed,
    ledger,
    faucet: (/** @type {string} */ address, /** @type {bigint} */ sats) => {
      const script = scriptOf(address)
      if (script === undefined) throw new TypeError(`faucet: ${address} is not a regtest address`)
      return mintTo(script, sats)
    },
    reset,
    setFeeEstimates: (/** @type {Readonly<Record<string, number>>} */ next) => {
      estimates = checkEstimates(next)
    },
    stop
  })
}
