/**
 * A Solana wallet that signs in itself (Wallet Standard `solana:signIn`) writes the Sign-In-With-Solana
 * text from the fields it is given. The fields are read from the plugin's own message, so a wallet that
 * writes them as the SIWS spec does signs exactly that message; its answer is checked against that message
 * before anything reaches the plugin. Pure and total.
 */
import type { SolanaSignInParams, SolanaSignInResult } from "../schemas/Solana"
import { decodeBase58 } from "./base58"
import type { SiweRefusal } from "./siweMessage"
import { checkSiwsMessage, parseSiwsMessage, siwsChainId } from "./siwsMessage"
import { verifySolanaSignature } from "./solanaSignature"

/**
 * The `solana:signIn` input a wallet writes `message` from; none when `message` is not a canonical
 * Sign-In-With-Solana message (the wallet is then asked to sign it as it is).
 */
export const signInInputOf = (message: string): SolanaSignInParams | undefined => {
  const fields = parseSiwsMessage(message)
  if (fields === undefined) return undefined
  const input: Record<string, string | ReadonlyArray<string> | undefined> = {
    domain: fields.domain,
    address: fields.address,
    statement: fields.statement,
    uri: fields.uri,
    version: fields.version,
    // What the message's `Chain ID` line says (`devnet`, `localnet`, or the genesis hash's prefix).
    chainId: siwsChainId(fields.chainId),
    nonce: fields.nonce,
    issuedAt: fields.issuedAt.toISOString(),
    expirationTime: fields.expirationTime?.toISOString(),
    notBefore: fields.notBefore?.toISOString(),
    requestId: fields.requestId,
    resources: fields.resources
  }
  // A field left out is one the wallet does not write; an `undefined` one would reach it all the same.
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined)
  ) as SolanaSignInParams
}

/** Why a wallet's sign-in is refused: the message's refusals, another text than asked, or the signature. */
export type WalletSignInRefusal = SiweRefusal | "altered" | "signature"

export type WalletSignInCheck =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly reason: WalletSignInRefusal }

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })

/** The UTF-8 text of base58 bytes; none when either encoding is broken. */
const textOf = (base58: string): string | undefined => {
  const bytes = decodeBase58(base58)
  if (bytes === undefined) return undefined
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * Whether a wallet's `solana:signIn` answer is `asked` signed by `address`: the text it signed is a
 * Sign-In-With-Solana message for the asked domain, nonce and chain and for this account, inside its time
 * window at `now`, word for word the one asked, and the signature is the account's.
 */
export const checkWalletSignIn = (
  asked: string,
  address: string,
  answer: SolanaSignInResult,
  now: number
): WalletSignInCheck => {
  const expected = parseSiwsMessage(asked)
  const signed = textOf(answer.signedMessage)
  if (expected === undefined || signed === undefined) return { ok: false, reason: "malformed" }
  if (answer.address !== address) return { ok: false, reason: "address" }
  const checked = checkSiwsMessage(signed, {
    domain: expected.domain,
    nonce: expected.nonce,
    chainId: expected.chainId,
    address,
    now
  })
  if (!checked.ok) return checked
  if (signed !== asked) return { ok: false, reason: "altered" }
  return verifySolanaSignature({ address, message: signed, signature: answer.signature })
    ? { ok: true, message: signed }
    : { ok: false, reason: "signature" }
}
