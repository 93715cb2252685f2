/**
 * EIP-4361 messages, built and checked strictly (THREATS.md T9, R15). viem's SIWE helpers render and parse;
 * what viem leaves to the caller is mandatory here: the relying party's own domain, the nonce it issued and
 * the chain are always compared, the message must carry an expiration within the maximum lifetime, and a
 * message is accepted only in its canonical rendering, so nothing can hide in extra lines or odd spellings.
 * Pure functions: the time is passed in.
 */
import { getAddress, isAddress } from "viem"
import { createSiweMessage, parseSiweMessage, type SiweMessage } from "viem/siwe"

/** Messages older than this are refused whatever their expiration says (THREATS.md R15: 15 minutes). */
export const MAX_LIFETIME_MS = 15 * 60 * 1000
/** Clock skew tolerated on issued-at, not-before and expiration (THREATS.md T9: ±60 s). */
export const CLOCK_SKEW_MS = 60 * 1000
/** A sane bound on a message to sign; EIP-4361 messages are a few hundred characters. */
const MAX_MESSAGE_LENGTH = 4096

/** What the relying party expects, never read from the message itself. */
export interface SiweExpectations {
  /** The relying party's own host (`example.com` or `127.0.0.1:5173`): the page's, or the server's. */
  readonly domain: string
  /** The nonce it issued for this sign-in. */
  readonly nonce: string
  /** The EIP-155 chain the session is for. */
  readonly chainId: number
  /** The account expected to sign, when known. */
  readonly address?: string | undefined
  /** "Now", in ms since the epoch. */
  readonly now: number
}

/** Why a message is refused. */
export type SiweRefusal =
  | "malformed"
  | "not-canonical"
  | "domain"
  | "uri"
  | "scheme"
  | "chain"
  | "nonce"
  | "address"
  | "no-expiration"
  | "lifetime"
  | "issued-in-future"
  | "expired"
  | "not-yet-valid"

export type SiweCheck =
  | { readonly ok: true; readonly fields: SiweMessage }
  | { readonly ok: false; readonly reason: SiweRefusal }

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"])

/** The URI's scheme must be https, or http on the visitor's own machine. */
const allowedScheme = (url: URL): boolean =>
  url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTNAMES.has(url.hostname))

const refuse = (reason: SiweRefusal): SiweCheck => ({ ok: false, reason })

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/**
 * The message's URI, when the message names the relying party's own domain and its URI is on that host over
 * https (http only on loopback); otherwise why not. Shared by EIP-4361 and Sign-In-With-Solana.
 */
export const ownUri = (
  fields: { readonly domain: string; readonly uri: string },
  domain: string
): URL | "domain" | "uri" | "scheme" => {
  if (fields.domain !== domain) return "domain"
  const uri = parseUrl(fields.uri)
  if (uri === undefined || uri.host !== domain) return "uri"
  return allowedScheme(uri) ? uri : "scheme"
}

/** The message's fields, when it parses completely and is exactly their canonical rendering. */
const canonicalFields = (message: string): SiweMessage | "malformed" | "not-canonical" => {
  if (message.length > MAX_MESSAGE_LENGTH) return "malformed"
  const parsed = parseSiweMessage(message)
  const { address, chainId, domain, nonce, uri, version, issuedAt } = parsed
  if (
    address === undefined ||
    chainId === undefined ||
    domain === undefined ||
    nonce === undefined ||
    uri === undefined ||
    version !== "1" ||
    issuedAt === undefined ||
    [issuedAt, parsed.expirationTime, parsed.notBefore].some(
      (date) => date !== undefined && Number.isNaN(date.getTime())
    )
  )
    return "malformed"
  const fields: SiweMessage = { ...parsed, address, chainId, domain, nonce, uri, version, issuedAt }
  try {
    return createSiweMessage(fields) === message ? fields : "not-canonical"
  } catch {
    return "malformed"
  }
}

/**
 * Checks an EIP-4361 message against what the relying party expects; the signature is checked apart
 * (`verifySiweSignature`). Every field viem leaves optional to check is checked.
 */
export const checkSiweMessage = (message: string, expected: SiweExpectations): SiweCheck => {
  const fields = canonicalFields(message)
  if (fields === "malformed" || fields === "not-canonical") return refuse(fields)
  const uri = ownUri(fields, expected.domain)
  if (typeof uri === "string") return refuse(uri)
  if (fields.scheme !== undefined && `${fields.scheme}:` !== uri.protocol) return refuse("scheme")
  if (fields.chainId !== expected.chainId) return refuse("chain")
  if (fields.nonce !== expected.nonce) return refuse("nonce")
  if (!isAddress(fields.address, { strict: true }) || getAddress(fields.address) !== fields.address)
    return refuse("address")
  if (expected.address !== undefined && fields.address.toLowerCase() !== expected.address.toLowerCase())
    return refuse("address")
  const outside = timeWindowRefusal(fields, expected.now)
  return outside === undefined ? { ok: true, fields } : refuse(outside)
}

/**
 * Why a message's times are refused at `now`, or `undefined`: an expiration is mandatory, at most
 * `MAX_LIFETIME_MS` after issue; issue, expiry and not-before are each allowed `CLOCK_SKEW_MS` of skew.
 * Shared by EIP-4361 and Sign-In-With-Solana.
 */
export const timeWindowRefusal = (
  times: {
    readonly issuedAt?: Date | undefined
    readonly expirationTime?: Date | undefined
    readonly notBefore?: Date | undefined
  },
  now: number
): "no-expiration" | "lifetime" | "issued-in-future" | "expired" | "not-yet-valid" | undefined => {
  const issuedAt = times.issuedAt?.getTime() ?? Number.NaN
  const expiresAt = times.expirationTime?.getTime()
  if (expiresAt === undefined) return "no-expiration"
  if (expiresAt - issuedAt > MAX_LIFETIME_MS || expiresAt < issuedAt) return "lifetime"
  if (issuedAt > now + CLOCK_SKEW_MS) return "issued-in-future"
  if (now > expiresAt + CLOCK_SKEW_MS) return "expired"
  const notBefore = times.notBefore?.getTime()
  if (notBefore !== undefined && notBefore > now + CLOCK_SKEW_MS) return "not-yet-valid"
  return undefined
}

/** What a sign-in message is built from. */
export interface SiweMessageInput {
  readonly domain: string
  readonly uri: string
  readonly address: string
  readonly chainId: number
  readonly nonce: string
  readonly issuedAt: Date
  /** Defaults to `issuedAt` plus the maximum lifetime. */
  readonly expirationTime?: Date | undefined
  readonly notBefore?: Date | undefined
  readonly statement?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/** The EIP-4361 message for `input`, in the canonical rendering `checkSiweMessage` accepts. */
export const createSignInMessage = (input: SiweMessageInput): string =>
  createSiweMessage({
    domain: input.domain,
    uri: input.uri,
    address: getAddress(input.address),
    chainId: input.chainId,
    nonce: input.nonce,
    version: "1",
    issuedAt: input.issuedAt,
    expirationTime: input.expirationTime ?? new Date(input.issuedAt.getTime() + MAX_LIFETIME_MS),
    ...(input.notBefore === undefined ? {} : { notBefore: input.notBefore }),
    ...(input.statement === undefined ? {} : { statement: input.statement }),
    ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
    ...(input.resources === undefined ? {} : { resources: [...input.resources] })
  })
