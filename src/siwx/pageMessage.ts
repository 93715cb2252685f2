/**
 * The sign-in message for this page: its host as the domain, its origin as the URI, an EVM account and
 * chain (EIP-4361) or a Solana account and chain (Sign-In-With-Solana), the nonce the caller got. Shared by
 * the plugins that make their messages in the browser.
 */
import type { SIWXMessage, SIWXMessageInput, SiwxChainId } from "./config"
import { createSignInMessage, MAX_LIFETIME_MS } from "./siweMessage"
import { createSiwsMessage, isSolanaChain } from "./siwsMessage"

/** The EIP-155 chain id of a CAIP-2 `eip155:` network; anything else is refused. */
export const evmChainId = (chainId: SiwxChainId): number => {
  const match = /^eip155:(\d{1,15})$/.exec(chainId)
  if (match === null) throw new Error("Sign-in is for EVM accounts")
  return Number(match[1])
}

/** Whether two addresses of `chainId` are one: EVM addresses in any case; base58 (Solana) exactly. */
export const sameAddress = (chainId: SiwxChainId, a: string, b: string): boolean =>
  chainId.startsWith("eip155:") ? a.toLowerCase() === b.toLowerCase() : a === b

/** Where the page is; sign-in messages are made only in a browser. */
export const pageLocation = (): { readonly host: string; readonly origin: string } => {
  const location = globalThis.location
  if (location === undefined) throw new Error("Sign-in messages are made in the browser")
  return { host: location.host, origin: location.origin }
}

export const pageSignInMessage = (
  { accountAddress, chainId, notBefore }: SIWXMessageInput,
  nonce: string,
  statement: string | undefined,
  now: number
): SIWXMessage => {
  const { host, origin } = pageLocation()
  const issuedAt = new Date(now)
  const expirationTime = new Date(now + MAX_LIFETIME_MS)
  const common = {
    domain: host,
    uri: origin,
    address: accountAddress,
    nonce,
    issuedAt,
    expirationTime,
    notBefore: notBefore === undefined ? undefined : new Date(notBefore),
    statement
  }
  const text = isSolanaChain(chainId)
    ? createSiwsMessage({ ...common, chainId })
    : chainId.startsWith("eip155:")
      ? createSignInMessage({ ...common, chainId: evmChainId(chainId) })
      : undefined
  if (text === undefined) throw new Error("Sign-in is for EVM and Solana accounts")
  return {
    accountAddress,
    chainId,
    domain: host,
    uri: origin,
    version: "1",
    nonce,
    statement,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expirationTime.toISOString(),
    notBefore,
    toString: () => text
  }
}
