/**
 * The byte encodings a Solana request travels in, from `@solana/kit`: loaded by the Wallet Standard
 * adapter with its first request, so a page whose visitor never uses a Solana wallet never downloads it.
 */
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder
} from "@solana/kit"

const base58 = { encoder: getBase58Encoder(), decoder: getBase58Decoder() }
const base64 = { encoder: getBase64Encoder(), decoder: getBase64Decoder() }
const transactions = getTransactionDecoder()

export type TransactionEncoding = "base64" | "base58"

/** A serialised transaction's bytes, and which encoding it came in (the answer goes back in the same one). */
export interface WireTransaction {
  readonly bytes: Uint8Array
  readonly encoding: TransactionEncoding
}

const bytesOf = (text: string, encoding: TransactionEncoding): Uint8Array | undefined => {
  try {
    return Uint8Array.from((encoding === "base64" ? base64 : base58).encoder.encode(text))
  } catch {
    return undefined
  }
}

/** Base58 of the fee payer's signature, the transaction's id; none before it is signed. */
const firstSignatureOf = (bytes: Uint8Array): string | undefined => {
  try {
    const [first] = Object.values(transactions.decode(bytes).signatures)
    return first === null || first === undefined ? undefined : base58.decoder.decode(first)
  } catch {
    return undefined
  }
}

/**
 * A transaction as a dapp serialised it: base64 (what WalletConnect's Solana RPC asks for), else base58
 * (what older dapps send). Whichever decodes into a well-formed transaction wins; none: not a transaction.
 */
export const readTransaction = (text: string): WireTransaction | undefined => {
  const encodings: ReadonlyArray<TransactionEncoding> =
    /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0 ? ["base64", "base58"] : ["base58"]
  for (const encoding of encodings) {
    const bytes = bytesOf(text, encoding)
    if (bytes === undefined) continue
    try {
      transactions.decode(bytes)
    } catch {
      continue
    }
    return { bytes, encoding }
  }
  return undefined
}

/** Signed bytes back in the encoding the dapp used, with the fee payer's signature. */
export const writeTransaction = (bytes: Uint8Array, encoding: TransactionEncoding) => ({
  transaction: (encoding === "base64" ? base64 : base58).decoder.decode(bytes),
  signature: firstSignatureOf(bytes)
})

export const toBase58 = (bytes: Uint8Array): string => base58.decoder.decode(bytes)
export const fromBase58 = (text: string): Uint8Array | undefined => bytesOf(text, "base58")
