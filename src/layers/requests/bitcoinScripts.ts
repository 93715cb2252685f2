/**
 * What the request path needs of Bitcoin's output scripts on top of the address rules
 * (`bitcoin/bitcoinAddress.ts`, the one table of networks and encodings): an address decoded with the script
 * that pays it, the address and type of a script, and Bitcoin Core's dust limits. `@scure/btc-signer`'s, so
 * this module belongs to the lazy Bitcoin chunks.
 */
import { Address, OutScript } from "@scure/btc-signer"
import { type BitcoinParams, MAX_BITCOIN_ADDRESS_LENGTH } from "../bitcoin/bitcoinAddress"

export type BitcoinAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr"

export interface DecodedAddress {
  readonly address: string
  readonly type: BitcoinAddressType
  /** The output script that pays it. */
  readonly script: Uint8Array
}

const TYPES: Readonly<Record<string, BitcoinAddressType>> = {
  pkh: "p2pkh",
  sh: "p2sh",
  wpkh: "p2wpkh",
  wsh: "p2wsh",
  tr: "p2tr"
}

/**
 * `address` when it is one of the network's: a known type with the network's prefix or version byte and a
 * valid checksum; `undefined` otherwise (another network's, a typo, a future segwit version).
 */
export const decodeAddress = (address: string, network: BitcoinParams): DecodedAddress | undefined => {
  if (address.length > MAX_BITCOIN_ADDRESS_LENGTH) return undefined
  try {
    const decoded = Address(network).decode(address)
    const type = TYPES[decoded.type]
    return type === undefined ? undefined : { address, type, script: OutScript.encode(decoded) }
  } catch {
    return undefined
  }
}

/** The address an output script pays on the network; `undefined` for data, bare keys and the unknown. */
export const addressOfScript = (script: Uint8Array, network: BitcoinParams): string | undefined => {
  try {
    const decoded = OutScript.decode(script)
    return TYPES[decoded.type] === undefined ? undefined : Address(network).encode(decoded)
  } catch {
    return undefined
  }
}

/** The type of an output script the modal can estimate and show. */
export const typeOfScript = (script: Uint8Array): BitcoinAddressType | undefined => {
  try {
    return TYPES[OutScript.decode(script).type]
  } catch {
    return undefined
  }
}

/**
 * Bitcoin Core's dust limits at its default 3 sat/vB dust relay fee: an output worth less than spending it
 * costs is not relayed.
 */
export const DUST: Readonly<Record<BitcoinAddressType, bigint>> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n
}

/** An `OP_RETURN` output: data, not a payment. */
export const isDataScript = (script: Uint8Array): boolean => script[0] === 0x6a
