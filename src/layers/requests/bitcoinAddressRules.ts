/**
 * A Bitcoin network's address rules (SPEC §5): bech32 (segwit v0) and bech32m (taproot) with the network's
 * prefix (`bc` mainnet, `tb` testnet and signet, `bcrt` regtest), and legacy base58 (p2pkh, p2sh) with its
 * version bytes. Decoding is `@scure/btc-signer`'s, so this module belongs to the lazy Bitcoin chunks.
 */
import { Address, OutScript } from "@scure/btc-signer"

export interface BitcoinNetworkParams {
  readonly bech32: string
  readonly pubKeyHash: number
  readonly scriptHash: number
  readonly wif: number
}

const MAINNET: BitcoinNetworkParams = { bech32: "bc", pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }
const TESTNET: BitcoinNetworkParams = { bech32: "tb", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const REGTEST: BitcoinNetworkParams = { bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

/** CAIP-2 references (the genesis hash's first 32 hex digits) and their encodings. */
const NETWORKS: ReadonlyMap<string, BitcoinNetworkParams> = new Map([
  ["bip122:000000000019d6689c085ae165831e93", MAINNET],
  ["bip122:000000000933ea01ad0ee984209779ba", TESTNET],
  ["bip122:00000000da84f2bafbbc53dee25a72ae", TESTNET],
  ["bip122:00000008819873e925422c1ff0f99f7c", TESTNET],
  ["bip122:0f9188f13cb7b2c71f2a335e3a4fc328", REGTEST]
])

/** The encodings of a Bitcoin network the modal knows; `undefined` for another chain. */
export const bitcoinNetworkOf = (caipNetworkId: string): BitcoinNetworkParams | undefined =>
  NETWORKS.get(caipNetworkId)

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
export const decodeAddress = (address: string, network: BitcoinNetworkParams): DecodedAddress | undefined => {
  if (address.length > 90) return undefined
  try {
    const decoded = Address(network).decode(address)
    const type = TYPES[decoded.type]
    return type === undefined ? undefined : { address, type, script: OutScript.encode(decoded) }
  } catch {
    return undefined
  }
}

/** The address an output script pays on the network; `undefined` for data, bare keys and the unknown. */
export const addressOfScript = (script: Uint8Array, network: BitcoinNetworkParams): string | undefined => {
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
