// The sandbox's local Bitcoin chain (regtest) and its dev accounts: public test keys, like anvil's, that
// hold only what the local chain seeds them with. Node (the chain, the API) and the browser wallets import
// the same module.

import { secp256k1 } from "@noble/curves/secp256k1"
import { sha256 } from "@noble/hashes/sha2"
import * as btc from "@scure/btc-signer"

/**
 * Regtest's encodings (bitcoinjs-lib's `networks.regtest`): bech32 `bcrt`, legacy pubkey hash 0x6f (m…/n…),
 * script hash 0xc4 (2…), WIF 0xef. `@scure/btc-signer` ships only mainnet and testnet, so it is spelled out.
 */
export const REGTEST = Object.freeze({ bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef })

/** CAIP-2 id of regtest: `bip122:` and the first 32 hex characters of its genesis block hash. */
export const BITCOIN_REGTEST = /** @type {const} */ ("bip122:0f9188f13cb7b2c71f2a335e3a4fc328")

/** The Wallet Standard's chain id of regtest. */
export const BITCOIN_REGTEST_STANDARD = /** @type {const} */ ("bitcoin:regtest")

export const BITCOIN_ACCOUNT_COUNT = 6

/**
 * Account `index`'s secp256k1 secret key for `purpose`: SHA-256 of `airlock-sandbox-bitcoin-<purpose>-<index>`.
 * @param {number} index
 * @param {"payment" | "ordinals"} purpose
 * @returns {Uint8Array}
 */
export const bitcoinKeyOf = (index, purpose) =>
  sha256(new TextEncoder().encode(`airlock-sandbox-bitcoin-${purpose}-${index}`))

/**
 * @typedef {object} SandboxBitcoinAddress
 * @property {string} address
 * @property {Uint8Array} privateKey 32 bytes
 * @property {Uint8Array} publicKey the 33-byte compressed key (payment) or the 32-byte x-only internal key (ordinals)
 * @property {"p2wpkh" | "p2tr"} addressType
 */
/**
 * @typedef {object} SandboxBitcoinAccount
 * @property {number} index
 * @property {SandboxBitcoinAddress} payment native segwit v0 (`bcrt1q…`)
 * @property {SandboxBitcoinAddress} ordinals taproot key path, BIP-86 tweak (`bcrt1p…`)
 */
/**
 * The dev accounts. Account 0 is the Sandbox Bitcoin Wallet's, account 1 the Sandbox WalletConnect Wallet's;
 * the others are recipients.
 * @returns {ReadonlyArray<SandboxBitcoinAccount>}
 */
export const sandboxBitcoinAccounts = () =>
  Array.from({ length: BITCOIN_ACCOUNT_COUNT }, (_, index) => {
    const paymentKey = bitcoinKeyOf(index, "payment")
    const paymentPub = secp256k1.getPublicKey(paymentKey, true)
    const ordinalsKey = bitcoinKeyOf(index, "ordinals")
    const ordinalsPub = secp256k1.getPublicKey(ordinalsKey, true).subarray(1)
    return Object.freeze({
      index,
      payment: Object.freeze({
        address: /** @type {string} */ (btc.p2wpkh(paymentPub, REGTEST).address),
        privateKey: paymentKey,
        publicKey: paymentPub,
        addressType: /** @type {const} */ ("p2wpkh")
      }),
      ordinals: Object.freeze({
        address: /** @type {string} */ (btc.p2tr(ordinalsPub, undefined, REGTEST).address),
        privateKey: ordinalsKey,
        publicKey: ordinalsPub,
        addressType: /** @type {const} */ ("p2tr")
      })
    })
  })
