/**
 * A relying party's whole check of a sign-in: the message (`checkSiweMessage`), its nonce used up once in
 * the party's own store, and the signature (plain, ERC-1271 or ERC-6492). The domain and chain are the
 * party's, never the message's; there is no way to call it without them.
 */
import type { Client } from "viem"
import { parseSiweMessage, type SiweMessage } from "viem/siwe"
import type { NonceStore } from "./nonces"
import { verifySignature } from "./signature"
import { checkSiweMessage, type SiweRefusal } from "./siweMessage"

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

export type SignInVerdict =
  | { readonly ok: true; readonly fields: SiweMessage }
  | { readonly ok: false; readonly reason: SiweRefusal | "signature" }

export const verifySignIn = async (attempt: SignInAttempt, party: SignInParty): Promise<SignInVerdict> => {
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
