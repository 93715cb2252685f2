/**
 * Bitcoin's address rules per network (SPEC.md §5), in one place: which encodings a network accepts
 * (bech32 for segwit v0, bech32m for taproot and later, each with the network's human-readable part;
 * base58check with the network's version bytes for legacy), and the names a network goes by (CAIP-2 and the
 * Wallet Standard's). Pure; decoding is `@scure/btc-signer`'s `Address(network).decode`, which checks the
 * checksum, the witness version's encoding and the program's length.
 */
import { Address } from "@scure/btc-signer"

/** A network's address encodings, in `@scure/btc-signer`'s terms. */
export interface BitcoinParams {
  readonly bech32: string
  readonly pubKeyHash: number
  readonly scriptHash: number
  readonly wif: number
}

export const BITCOIN_MAINNET_PARAMS: BitcoinParams = {
  bech32: "bc",
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  wif: 0x80
}
export const BITCOIN_TESTNET_PARAMS: BitcoinParams = {
  bech32: "tb",
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef
}
/** Regtest shares testnet's version bytes but has its own bech32 part. */
export const BITCOIN_REGTEST_PARAMS: BitcoinParams = {
  bech32: "bcrt",
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef
}

/** The Wallet Standard's chain names (`bitcoin:mainnet`, …). */
export type StandardBitcoinChain = "bitcoin:mainnet" | "bitcoin:testnet" | "bitcoin:regtest"

/**
 * The networks whose addresses Airlock can check, by CAIP-2 id (the first 32 hex characters of the genesis
 * block hash): mainnet, testnet3, testnet4 and signet (which write testnet's addresses), and regtest.
 */
const NETWORKS: ReadonlyArray<readonly [string, BitcoinParams, StandardBitcoinChain]> = [
  ["bip122:000000000019d6689c085ae165831e93", BITCOIN_MAINNET_PARAMS, "bitcoin:mainnet"],
  ["bip122:000000000933ea01ad0ee984209779ba", BITCOIN_TESTNET_PARAMS, "bitcoin:testnet"],
  ["bip122:00000000da84f2bafbbc53dee25a72ae", BITCOIN_TESTNET_PARAMS, "bitcoin:testnet"],
  ["bip122:00000008819873e925422c1ff0f99f7c", BITCOIN_TESTNET_PARAMS, "bitcoin:testnet"],
  ["bip122:0f9188f13cb7b2c71f2a335e3a4fc328", BITCOIN_REGTEST_PARAMS, "bitcoin:regtest"]
]

/** The address encodings of a CAIP-2 Bitcoin network; none for a network Airlock does not know. */
export const bitcoinParamsOf = (caipNetworkId: string): BitcoinParams | undefined =>
  NETWORKS.find(([id]) => id === caipNetworkId)?.[1]

/** The Wallet Standard's name of a CAIP-2 Bitcoin network. */
export const standardChainOfBitcoin = (caipNetworkId: string): StandardBitcoinChain | undefined =>
  NETWORKS.find(([id]) => id === caipNetworkId)?.[2]

/** The CAIP-2 networks a Wallet Standard chain name stands for (testnet's name covers three). */
export const bitcoinNetworksOfStandard = (chain: string): ReadonlyArray<string> =>
  NETWORKS.filter(([, , standard]) => standard === chain).map(([id]) => id)

/** What an address pays to, in the names wallets use (sats-connect's `addressType`). */
export type BitcoinAddressType = "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr" | "witness"

/** The longest address any encoding gives (bech32's limit); longer text is not read. */
export const MAX_BITCOIN_ADDRESS_LENGTH = 90

const TYPES: Readonly<Record<string, BitcoinAddressType>> = {
  pkh: "p2pkh",
  sh: "p2sh",
  wpkh: "p2wpkh",
  wsh: "p2wsh",
  tr: "p2tr",
  unknown: "witness"
}

/**
 * The type of `address` on the network of `params`, or none when it is not one of that network's
 * addresses (another network's prefix, a bad checksum, bech32 where bech32m belongs, a wrong length).
 */
export const bitcoinAddressType = (
  address: unknown,
  params: BitcoinParams
): BitcoinAddressType | undefined => {
  if (typeof address !== "string" || address.length < 14 || address.length > MAX_BITCOIN_ADDRESS_LENGTH)
    return undefined
  try {
    return TYPES[Address(params).decode(address).type]
  } catch {
    return undefined
  }
}

/** Whether `address` is an address of the network of `params`. */
export const isBitcoinAddress = (address: unknown, params: BitcoinParams): address is string =>
  bitcoinAddressType(address, params) !== undefined

/** Whether `address` is an address of the CAIP-2 network `caipNetworkId` (never, for an unknown network). */
export const isBitcoinAddressOn = (address: unknown, caipNetworkId: string): address is string => {
  const params = bitcoinParamsOf(caipNetworkId)
  return params !== undefined && isBitcoinAddress(address, params)
}
