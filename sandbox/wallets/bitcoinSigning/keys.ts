/**
 * A sandbox Bitcoin wallet's keys: one dev account of sandbox/bitcoin/accounts.mjs, its payment (p2wpkh) and
 * ordinals (p2tr, BIP-86 key path) addresses with the output scripts they lock. Both sandbox wallets (the
 * browser one and the WalletConnect one) sign through these. Free of DOM code.
 */
import * as btc from "@scure/btc-signer"
import { REGTEST } from "../../shared/bitcoin"

export type BitcoinPurpose = "payment" | "ordinals"

/** One address the wallet holds a key for. */
export interface BitcoinKey {
  readonly purpose: BitcoinPurpose
  readonly address: string
  readonly addressType: "p2wpkh" | "p2tr"
  readonly privateKey: Uint8Array
  /** The 33-byte compressed key (payment) or the 32-byte x-only internal key (ordinals). */
  readonly publicKey: Uint8Array
  /** The output script an address of this key locks coins with. */
  readonly script: Uint8Array
}

/** The dev account's shape (sandbox/bitcoin/accounts.mjs). */
export interface BitcoinDevAccount {
  readonly index: number
  readonly payment: {
    readonly address: string
    readonly privateKey: Uint8Array
    readonly publicKey: Uint8Array
  }
  readonly ordinals: {
    readonly address: string
    readonly privateKey: Uint8Array
    readonly publicKey: Uint8Array
  }
}

export interface BitcoinKeyRing {
  readonly index: number
  readonly payment: BitcoinKey
  readonly ordinals: BitcoinKey
  readonly keys: ReadonlyArray<BitcoinKey>
  /** The key of `address`, if the wallet holds it. */
  readonly byAddress: (address: string) => BitcoinKey | undefined
  /** The key whose output script is `script`, if the wallet holds it. */
  readonly byScript: (script: Uint8Array) => BitcoinKey | undefined
}

export const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index])

export const keyRingOf = (account: BitcoinDevAccount): BitcoinKeyRing => {
  const payment: BitcoinKey = {
    purpose: "payment",
    address: account.payment.address,
    addressType: "p2wpkh",
    privateKey: account.payment.privateKey,
    publicKey: account.payment.publicKey,
    script: btc.p2wpkh(account.payment.publicKey, REGTEST).script
  }
  const ordinals: BitcoinKey = {
    purpose: "ordinals",
    address: account.ordinals.address,
    addressType: "p2tr",
    privateKey: account.ordinals.privateKey,
    publicKey: account.ordinals.publicKey,
    script: btc.p2tr(account.ordinals.publicKey, undefined, REGTEST).script
  }
  const keys = [payment, ordinals]
  return {
    index: account.index,
    payment,
    ordinals,
    keys,
    byAddress: (address) => keys.find((key) => key.address === address),
    byScript: (script) => keys.find((key) => sameBytes(key.script, script))
  }
}

/** The output script of a regtest address; throws on anything else (a mainnet address, a typo). */
export const regtestScriptOf = (address: string): Uint8Array =>
  btc.OutScript.encode(btc.Address(REGTEST).decode(address))

/** Whether `address` is a well-formed regtest address. */
export const isRegtestAddress = (address: string): boolean => {
  try {
    regtestScriptOf(address)
    return true
  } catch {
    return false
  }
}
