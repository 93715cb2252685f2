/**
 * Whether `signature` is `address`'s over an EIP-191 message: a plain account's signature is recovered
 * locally; anything else is asked of the chain (ERC-1271 `isValidSignature`, or ERC-6492 for an account
 * not deployed yet), through the client the caller gives (Airlock's: the ranked RPC fallback).
 */
import { type Client, isAddress, isAddressEqual, isHex, recoverMessageAddress } from "viem"
import { verifyMessage } from "viem/actions"

/** ERC-6492 wraps the deployment too; anything longer than this is no signature. */
const MAX_SIGNATURE_LENGTH = 32 * 1024

export interface SignedMessage {
  readonly address: string
  readonly message: string
  readonly signature: string
}

const recovers = async ({ address, message, signature }: SignedMessage): Promise<boolean> => {
  try {
    const signer = await recoverMessageAddress({ message, signature: signature as `0x${string}` })
    return isAddressEqual(signer, address as `0x${string}`)
  } catch {
    return false
  }
}

/** Plain accounts locally, contract accounts (ERC-1271, ERC-6492) through `client`; never throws. */
export const verifySignature = async (
  client: Client | undefined,
  signed: SignedMessage
): Promise<boolean> => {
  if (
    !isAddress(signed.address) ||
    !isHex(signed.signature) ||
    signed.signature.length > MAX_SIGNATURE_LENGTH
  )
    return false
  if (await recovers(signed)) return true
  if (client === undefined) return false
  try {
    return await verifyMessage(client, {
      address: signed.address,
      message: signed.message,
      signature: signed.signature
    })
  } catch {
    return false
  }
}
