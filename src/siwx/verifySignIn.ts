/**
 * A relying party's whole check of a sign-in: the message (`checkSiweMessage`, or `checkSiwsMessage` for a
 * Solana chain), its nonce used up once in the party's own store, and the signature (plain, ERC-1271 or
 * ERC-6492 on EVM; ed25519 on Solana). The domain and chain are the party's, never the message's; there is
 * no way to call it without them.
 */
import type { Client } from "viem"
import { parseSiweMessage, type SiweMessage } from "viem/siwe"
import type { NonceStore } from "./nonces"
import { verifySignature } from "./signature"
import { checkSiweMessage, type SiweRefusal } from "./siweMessage"
import { checkSiwsMessage, type SiwsFields, type SolanaChainId, siwsNonceOf } from "./siwsMessage"
import { verifySolanaSignature } from "./solanaSignature"

export interface SignInAttempt {
  readonly message: string
  readonly signature: string
}

export interface SignInParty {
  /** The party's own host. */
  readonly domain: string
  /** The chain the sign-in is for. */
  readonly chainId: number
  /** The nonces the party issued. */
  readonly nonces: NonceStore
  /** Asked for contract accounts' signatures; without it only plain accounts can sign in. */
  readonly client?: Client | undefined
  readonly now: number
}

/** A party that signs in Solana accounts: Sign-In-With-Solana messages, ed25519 signatures (base58). */
export interface SolanaSignInParty {
  /** The party's own host. */
  readonly domain: string
  /** The CAIP-2 Solana chain the sign-in is for (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  readonly chainId: SolanaChainId
  /** The nonces the party issued. */
  readonly nonces: NonceStore
  /** The account expected to sign, when the party knows it. */
  readonly address?: string | undefined
  readonly now: number
}

export type SignInVerdict =
  | { readonly ok: true; readonly fields: SiweMessage }
  | { readonly ok: false; readonly reason: SiweRefusal | "signature" }

export type SolanaSignInVerdict =
  | { readonly ok: true; readonly fields: SiwsFields }
  | { readonly ok: false; readonly reason: SiweRefusal | "signature" }

const verifyEvmSignIn = async (attempt: SignInAttempt, party: SignInParty): Promise<SignInVerdict> => {
  const nonce = typeof attempt.message === "string" ? parseSiweMessage(attempt.message).nonce : undefined
  if (nonce === undefined) return { ok: false, reason: "malformed" }
  if (!party.nonces.consume(nonce, party.now)) return { ok: false, reason: "nonce" }
  const checked = checkSiweMessage(attempt.message, {
    domain: party.domain,
    chainId: party.chainId,
    nonce,
    now: party.now
  })
  if (!checked.ok) return checked
  const signed = await verifySignature(party.client, {
    address: checked.fields.address,
    message: attempt.message,
    signature: attempt.signature
  })
  return signed ? checked : { ok: false, reason: "signature" }
}

/** The Solana sign-in check alone: `verifySignIn` with a Solana party. */
export const verifySolanaSignIn = (attempt: SignInAttempt, party: SolanaSignInParty): SolanaSignInVerdict => {
  const nonce = siwsNonceOf(attempt.message)
  if (nonce === undefined) return { ok: false, reason: "malformed" }
  if (!party.nonces.consume(nonce, party.now)) return { ok: false, reason: "nonce" }
  const checked = checkSiwsMessage(attempt.message, {
    domain: party.domain,
    chainId: party.chainId,
    nonce,
    address: party.address,
    now: party.now
  })
  if (!checked.ok) return checked
  const signed = verifySolanaSignature({
    address: checked.fields.address,
    message: attempt.message,
    signature: attempt.signature
  })
  return signed ? checked : { ok: false, reason: "signature" }
}

/** An EVM party (its chain a number) checks EIP-4361; a Solana party (`solana:…`) Sign-In-With-Solana. */
export function verifySignIn(attempt: SignInAttempt, party: SignInParty): Promise<SignInVerdict>
export function verifySignIn(attempt: SignInAttempt, party: SolanaSignInParty): Promise<SolanaSignInVerdict>
export function verifySignIn(
  attempt: SignInAttempt,
  party: SignInParty | SolanaSignInParty
): Promise<SignInVerdict | SolanaSignInVerdict>
export async function verifySignIn(
  attempt: SignInAttempt,
  party: SignInParty | SolanaSignInParty
): Promise<SignInVerdict | SolanaSignInVerdict> {
  return typeof party.chainId === "number"
    ? verifyEvmSignIn(attempt, party as SignInParty)
    : verifySolanaSignIn(attempt, party as SolanaSignInParty)
}
