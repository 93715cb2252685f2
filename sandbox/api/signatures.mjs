// EIP-191 (personal_sign) signature checks for the sandbox API's names and smart sessions endpoints: a plain
// account's signature is recovered locally; anything else is asked of the sandbox chain through viem's public
// client `verifyMessage` (ERC-1271 `isValidSignature`, ERC-6492 for a smart account not deployed yet).
import { createPublicClient, http, isAddressEqual, isHex, recoverMessageAddress } from "viem"
import { UpstreamError } from "./indexer.mjs"

/** @import { PublicClient } from "viem" */
/**
 * A chain the API verifies on: its id and its node.
 * @typedef {{ readonly chainId: number, readonly index: { readonly rpcUrl: string } }} VerifyingChain
 */

/** ERC-6492 wraps the deployment too; anything longer is no signature. */
export const MAX_SIGNATURE_LENGTH = 32 * 1024

const unreachable = (/** @type {any} */ error) =>
  typeof error?.walk === "function" &&
  error.walk((/** @type {any} */ e) => e?.name === "HttpRequestError" || e?.name === "TimeoutError") !== null

/**
 * A verifier over the API's chains (`chainId`, `index.rpcUrl`): `verify(chain, { address, message,
 * signature })` resolves true or false, and rejects with UpstreamError only when the chain cannot be reached.
 * @returns {(chain: VerifyingChain, signed: { address: `0x${string}`, message: string, signature: unknown }) => Promise<boolean>}
 */
export function createSignatureVerifier() {
  /** @type {Map<number, PublicClient>} */
  const clients = new Map()
  /** @param {VerifyingChain} chain */
  const clientOf = (chain) => {
    const known = clients.get(chain.chainId)
    if (known !== undefined) return known
    const client = createPublicClient({
      transport: http(chain.index.rpcUrl, { retryCount: 0, timeout: 15_000 })
    })
    clients.set(chain.chainId, client)
    return client
  }
  return async (chain, { address, message, signature }) => {
    if (typeof signature !== "string" || !isHex(signature) || signature.length > MAX_SIGNATURE_LENGTH)
      return false
    try {
      if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true
    } catch {
      // Not a 65-byte ECDSA signature: a contract account's, maybe.
    }
    try {
      return await clientOf(chain).verifyMessage({ address, message, signature })
    } catch (error) {
      if (unreachable(error)) throw new UpstreamError(`chain ${chain.chainId} unavailable`, { cause: error })
      return false
    }
  }
}
