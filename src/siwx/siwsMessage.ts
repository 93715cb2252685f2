/**
 * Sign-In-With-Solana messages (CAIP-122 for the `solana` namespace, in the field order of Phantom's SIWS
 * spec), built and checked as strictly as `checkSiweMessage` checks EIP-4361: the relying party's own
 * domain, the nonce it issued and the chain are always compared, the message must carry an expiration
 * within the maximum lifetime, and a message is accepted only in its canonical rendering. Pure functions:
 * the time is passed in.
 */
import type { SiwxChainId } from "./config"
import { MAX_LIFETIME_MS, ownUri, type SiweRefusal, timeWindowRefusal } from "./siweMessage"
import { isSolanaAddress } from "./solanaSignature"

/**
 * A CAIP-2 Solana chain: `solana:` and the first 32 characters of the genesis hash, or `solana:localnet`
 * (a local validator has no genesis hash anyone else knows).
 */
export type SolanaChainId = `solana:${string}`

const MAX_MESSAGE_LENGTH = 4096
const SOLANA_CHAIN = /^solana:([1-9A-HJ-NP-Za-km-z]{32})$/
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A host, with its port: `dapp.example`, `127.0.0.1:5173`, `[::1]:3000`. */
const DOMAIN = /^[A-Za-z0-9.\-[\]:]{1,256}$/
/** The SIWS spec's nonce: at least 8 letters and digits. */
const NONCE = /^[A-Za-z0-9]{8,96}$/
/** Control characters and direction overrides: nothing a wallet shows may hide or reorder text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/
const HEADER = " wants you to sign in with your Solana account:"
const FIELDS = [
  "URI",
  "Version",
  "Chain ID",
  "Nonce",
  "Issued At",
  "Expiration Time",
  "Not Before",
  "Request ID"
] as const
type Field = (typeof FIELDS)[number]

const LOCALNET = "localnet"

/** The clusters the SIWS spec names: their messages say the name, any other chain its reference. */
const NAMED_CLUSTERS: ReadonlyArray<readonly [name: string, reference: string]> = [
  ["mainnet", "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
  ["devnet", "EtWTRABZaYq6iMfeYKouRu166VU2xqa1"],
  ["testnet", "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"],
  [LOCALNET, LOCALNET]
]

/**
 * Whether `chainId` is a CAIP-2 Solana chain: `solana:` and a 32-character base58 reference, or
 * `solana:localnet`.
 */
export const isSolanaChain = (chainId: string): chainId is SolanaChainId =>
  typeof chainId === "string" && (SOLANA_CHAIN.test(chainId) || chainId === `solana:${LOCALNET}`)

/**
 * What a message's `Chain ID` line says for a chain: `mainnet`, `devnet`, `testnet`, `localnet`, or the
 * reference.
 */
export const siwsChainId = (chainId: SolanaChainId): string => {
  const reference = chainId.slice("solana:".length)
  return NAMED_CLUSTERS.find(([, known]) => known === reference)?.[0] ?? reference
}

/** The CAIP-2 chain of a message's `Chain ID`, when it is one `siwsChainId` writes. */
const chainOfSiwsChainId = (text: string): SolanaChainId | undefined => {
  const named = NAMED_CLUSTERS.find(([name]) => name === text)
  const chainId = `solana:${named?.[1] ?? text}`
  return isSolanaChain(chainId) && siwsChainId(chainId) === text ? chainId : undefined
}

/** A Sign-In-With-Solana message's fields. */
export interface SiwsFields {
  readonly domain: string
  readonly address: string
  readonly statement?: string | undefined
  readonly uri: string
  readonly version: "1"
  readonly chainId: SolanaChainId
  readonly nonce: string
  readonly issuedAt: Date
  readonly expirationTime?: Date | undefined
  readonly notBefore?: Date | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/** The one text of `fields`; `parseSiws` reads exactly this back. */
const render = (fields: SiwsFields): string => {
  const lines = [`${fields.domain}${HEADER}`, fields.address]
  if (fields.statement !== undefined) lines.push("", fields.statement)
  lines.push(
    "",
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${siwsChainId(fields.chainId)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`
  )
  if (fields.expirationTime !== undefined)
    lines.push(`Expiration Time: ${fields.expirationTime.toISOString()}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore.toISOString()}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources !== undefined && fields.resources.length > 0)
    lines.push("Resources:", ...fields.resources.map((resource) => `- ${resource}`))
  return lines.join("\n")
}

const dateOf = (text: string | undefined): Date | undefined | "invalid" => {
  if (text === undefined) return undefined
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? "invalid" : date
}

/** The `Field: value` lines (in the spec's order, each once) and the resources after them. */
const readFields = (
  lines: ReadonlyArray<string>
): { values: Partial<Record<Field, string>>; resources?: Array<string> } | undefined => {
  const values: Partial<Record<Field, string>> = {}
  let last = -1
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ""
    if (line === "Resources:") {
      const resources = lines.slice(index + 1).map((item) => /^- (\S.*)$/.exec(item)?.[1])
      if (resources.length === 0 || resources.some((item) => item === undefined)) return undefined
      return { values, resources: resources as Array<string> }
    }
    const colon = line.indexOf(": ")
    const position = FIELDS.indexOf(line.slice(0, colon) as Field)
    if (colon < 0 || position <= last) return undefined
    values[FIELDS[position] as Field] = line.slice(colon + 2)
    last = position
  }
  return { values }
}

/** The message's fields when it has the SIWS shape, whatever their values; else "malformed". */
const parseSiws = (message: string): SiwsFields | "malformed" => {
  if (typeof message !== "string" || message.length > MAX_MESSAGE_LENGTH || HIDDEN.test(message))
    return "malformed"
  const lines = message.split("\n")
  const [header = "", address = "", blank] = lines
  if (!header.endsWith(HEADER) || !ADDRESS.test(address) || blank !== "") return "malformed"
  const domain = header.slice(0, -HEADER.length)
  const hasStatement = !(lines[3] ?? "").startsWith("URI: ")
  if (hasStatement && (lines[3] === "" || lines[4] !== "")) return "malformed"
  const read = readFields(lines.slice(hasStatement ? 5 : 3))
  if (read === undefined) return "malformed"
  const { values } = read
  const chainId = chainOfSiwsChainId(values["Chain ID"] ?? "")
  const issuedAt = dateOf(values["Issued At"])
  const expirationTime = dateOf(values["Expiration Time"])
  const notBefore = dateOf(values["Not Before"])
  if (
    !DOMAIN.test(domain) ||
    values.URI === undefined ||
    values.Version !== "1" ||
    chainId === undefined ||
    values.Nonce === undefined ||
    !NONCE.test(values.Nonce) ||
    issuedAt === undefined ||
    [issuedAt, expirationTime, notBefore].includes("invalid")
  )
    return "malformed"
  return {
    domain,
    address,
    statement: hasStatement ? lines[3] : undefined,
    uri: values.URI,
    version: "1",
    chainId,
    nonce: values.Nonce,
    issuedAt: issuedAt as Date,
    expirationTime: expirationTime as Date | undefined,
    notBefore: notBefore as Date | undefined,
    requestId: values["Request ID"],
    resources: read.resources
  }
}

/** The message's fields, when it parses completely and is exactly their canonical rendering. */
const canonicalFields = (message: string): SiwsFields | "malformed" | "not-canonical" => {
  const fields = parseSiws(message)
  if (fields === "malformed") return fields
  return render(fields) === message ? fields : "not-canonical"
}

/** The fields of a canonical Sign-In-With-Solana message (nothing checked against a party); else undefined. */
export const parseSiwsMessage = (message: string): SiwsFields | undefined => {
  const fields = canonicalFields(message)
  return typeof fields === "string" ? undefined : fields
}

/** Whether a message is meant for a Solana account (its first line says so); it may still be malformed. */
export const isSiwsMessage = (message: string): boolean =>
  typeof message === "string" && (message.split("\n", 1)[0] ?? "").endsWith(HEADER)

/** The nonce a message claims, read before anything else is checked (so that it is used up either way). */
export const siwsNonceOf = (message: string): string | undefined =>
  typeof message === "string" && message.length <= MAX_MESSAGE_LENGTH
    ? /\nNonce: ([A-Za-z0-9]{1,96})(?:\n|$)/.exec(message)?.[1]
    : undefined

/** What the relying party expects, never read from the message itself. */
export interface SiwsExpectations {
  /** The relying party's own host (`example.com` or `127.0.0.1:5173`): the page's, or the server's. */
  readonly domain: string
  /** The nonce it issued for this sign-in. */
  readonly nonce: string
  /** The CAIP-2 Solana chain the session is for. */
  readonly chainId: SiwxChainId
  /** The account expected to sign, when known (base58 is case-sensitive: compared exactly). */
  readonly address?: string | undefined
  /** "Now", in ms since the epoch. */
  readonly now: number
}

export type SiwsCheck =
  | { readonly ok: true; readonly fields: SiwsFields }
  | { readonly ok: false; readonly reason: SiweRefusal }

const refuse = (reason: SiweRefusal): SiwsCheck => ({ ok: false, reason })

/**
 * Checks a Sign-In-With-Solana message against what the relying party expects, with the refusals of
 * `checkSiweMessage`; the signature is checked apart (`verifySolanaSignature`).
 */
export const checkSiwsMessage = (message: string, expected: SiwsExpectations): SiwsCheck => {
  const fields = canonicalFields(message)
  if (fields === "malformed" || fields === "not-canonical") return refuse(fields)
  const uri = ownUri(fields, expected.domain)
  if (typeof uri === "string") return refuse(uri)
  if (fields.chainId !== expected.chainId) return refuse("chain")
  if (fields.nonce !== expected.nonce) return refuse("nonce")
  if (!isSolanaAddress(fields.address)) return refuse("address")
  if (expected.address !== undefined && fields.address !== expected.address) return refuse("address")
  const outside = timeWindowRefusal(fields, expected.now)
  return outside === undefined ? { ok: true, fields } : refuse(outside)
}

/** What a Sign-In-With-Solana message is built from. */
export interface SiwsMessageInput {
  readonly domain: string
  readonly uri: string
  /** A base58 ed25519 public key. */
  readonly address: string
  /** A CAIP-2 Solana chain (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  readonly chainId: SiwxChainId
  readonly nonce: string
  readonly issuedAt: Date
  /** Defaults to `issuedAt` plus the maximum lifetime. */
  readonly expirationTime?: Date | undefined
  readonly notBefore?: Date | undefined
  /** One line; an empty statement is left out. */
  readonly statement?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/**
 * The Sign-In-With-Solana message for `input`, in the canonical rendering `checkSiwsMessage` accepts.
 * Throws when the input cannot make one (not a Solana chain or address, a statement of several lines, …).
 */
export const createSiwsMessage = (input: SiwsMessageInput): string => {
  if (!isSolanaChain(input.chainId)) throw new Error("Sign-In-With-Solana is for Solana chains")
  if (!isSolanaAddress(input.address)) throw new Error("Sign-In-With-Solana needs a Solana account's address")
  const text = render({
    domain: input.domain,
    address: input.address,
    statement: input.statement === "" ? undefined : input.statement,
    uri: input.uri,
    version: "1",
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt: input.issuedAt,
    expirationTime: input.expirationTime ?? new Date(input.issuedAt.getTime() + MAX_LIFETIME_MS),
    notBefore: input.notBefore,
    requestId: input.requestId,
    resources: input.resources
  })
  const read = canonicalFields(text)
  if (typeof read === "string") throw new Error(`The sign-in message cannot be made (${read})`)
  return text
}
