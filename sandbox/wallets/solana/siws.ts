/**
 * The Sign-In-With-Solana message a wallet builds from a `solana:signIn` input (Phantom's SIWS spec, the
 * text `createSignInMessageText` of @solana/wallet-standard-util writes): the header with the domain, the
 * address, the statement, then the optional fields in their fixed order and the resources. The wallet fills
 * in the domain (the page's host) and the address (its account) when the dapp leaves them out.
 */
import type { SolanaSignInInput } from "@solana/wallet-standard-features"

export interface SignInFields extends SolanaSignInInput {
  readonly domain: string
  readonly address: string
}

export const signInMessageText = (input: SignInFields): string => {
  let message = `${input.domain} wants you to sign in with your Solana account:\n${input.address}`
  if (input.statement) message += `\n\n${input.statement}`
  const fields: Array<string> = []
  if (input.uri) fields.push(`URI: ${input.uri}`)
  if (input.version) fields.push(`Version: ${input.version}`)
  if (input.chainId) fields.push(`Chain ID: ${input.chainId}`)
  if (input.nonce) fields.push(`Nonce: ${input.nonce}`)
  if (input.issuedAt) fields.push(`Issued At: ${input.issuedAt}`)
  if (input.expirationTime) fields.push(`Expiration Time: ${input.expirationTime}`)
  if (input.notBefore) fields.push(`Not Before: ${input.notBefore}`)
  if (input.requestId) fields.push(`Request ID: ${input.requestId}`)
  if (input.resources && input.resources.length > 0) {
    fields.push("Resources:", ...input.resources.map((resource) => `- ${resource}`))
  }
  if (fields.length > 0) message += `\n\n${fields.join("\n")}`
  return message
}
