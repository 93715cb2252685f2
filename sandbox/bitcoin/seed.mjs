// The coins the local chain starts with: for each dev account of accounts.mjs, one coinbase that pays its
// payment address three coins (0.5, 0.5 and 0.25 BTC, so that coin selection has choices) and its ordinals
// address one small coin (10 000 sats). Heights 1 to 6; the txids are the same at every start and reset.
import { sandboxBitcoinAccounts } from "./accounts.mjs"
import { scriptOf } from "./script.mjs"

/** Sats each account's payment address is seeded with, one coin each. */
export const SEED_PAYMENT_COINS = Object.freeze([50_000_000n, 50_000_000n, 25_000_000n])
/** Sats each account's ordinals address is seeded with. */
export const SEED_ORDINALS_COIN = 10_000n

/** @typedef {{ readonly account: number, readonly txid: string }} SeedFunding */

/**
 * Mines the seed coinbases into an empty ledger; answers each account's funding txid.
 * @param {import("./ledger.mjs").Ledger} ledger
 * @returns {ReadonlyArray<SeedFunding>}
 */
export function seedLedger(ledger) {
  return Object.freeze(
    sandboxBitcoinAccounts().map((account) => {
      const payment = /** @type {Uint8Array} */ (scriptOf(account.payment.address))
      const ordinals = /** @type {Uint8Array} */ (scriptOf(account.ordinals.address))
      const txid = ledger.mint(
        [
          ...SEED_PAYMENT_COINS.map((sats) => ({ script: payment, sats })),
          { script: ordinals, sats: SEED_ORDINALS_COIN }
        ],
        `airlock sandbox seed ${account.index}`
      )
      return Object.freeze({ account: account.index, txid })
    })
  )
}
