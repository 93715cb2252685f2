/**
 * The sandbox's Bitcoin accounts and chain ids for TypeScript callers (the browser wallets, fixtures and
 * tests), from the one module that defines them (sandbox/bitcoin/accounts.mjs). Public test keys: they hold
 * coins only on the sandbox's regtest chain.
 */
export {
  BITCOIN_ACCOUNT_COUNT,
  BITCOIN_REGTEST,
  BITCOIN_REGTEST_STANDARD,
  bitcoinKeyOf,
  REGTEST,
  sandboxBitcoinAccounts
} from "../bitcoin/accounts.mjs"
