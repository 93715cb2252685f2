/**
 * Third-party strings (wallet names, icons, rdns) made safe to show (THREATS.md T3): names become plain
 * text without control or direction-override characters, icons are only image data or https URLs. The
 * schemas at the end apply the same rules while an answer is decoded, so what a view prints is already safe.
 */
import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"

const MAX_NAME_LENGTH = 64
const MAX_ICON_LENGTH = 128 * 1024
const IMAGE_DATA_URI = /^data:image\/(png|jpeg|webp|gif|svg\+xml)(;[a-z0-9=.+-]+)*(;base64)?,/i
// C0/C1 controls, zero-width characters and bidirectional overrides, which can disguise a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g
const HAS_INVISIBLE = new RegExp(INVISIBLE.source)

/** One field of a third party's object; a getter that throws reads as missing. */
export const readField = (value: unknown, key: string): unknown => {
  try {
    return (typeof value === "object" || typeof value === "function") && value !== null
      ? Reflect.get(value, key)
      : undefined
  } catch {
    return undefined
  }
}

/** A name fit to render as text, or `undefined` when nothing readable is left. */
export const sanitizeName = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined
  const clean = value
    .slice(0, MAX_NAME_LENGTH * 4)
    .replace(INVISIBLE, "")
    .replace(/\s+/g, " ")
    .trim()
  if (clean.length === 0) return undefined
  return clean.length > MAX_NAME_LENGTH ? `${clean.slice(0, MAX_NAME_LENGTH - 1)}…` : clean
}

/** Dot-separated lowercase labels of letters, digits, `_` and inner `-`; a last label of 2+ letters or digits. */
const ENS_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9]{2,63}$/
const MAX_ENS_NAME_LENGTH = 100

/**
 * A name that may stand for an account: a valid, normalised ENS-style name (`alice.eth`,
 * `alice.reown.id`), else `undefined`. A name service's `name` can be any text; only this shape is shown
 * as the account's title, so no sentence or look-alike text can pose as one.
 */
export const ensName = (value: unknown): string | undefined =>
  typeof value === "string" && value.length <= MAX_ENS_NAME_LENGTH && ENS_NAME.test(value) ? value : undefined

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * A page or image URL a link may open: https, or plain http only from the visitor's own machine (a local
 * development server, which a remote page cannot put there); never with credentials in it.
 */
export const safeWebUrl = (value: unknown): string | undefined => {
  if (typeof value !== "string" || value !== value.trim() || HAS_INVISIBLE.test(value)) return undefined
  try {
    const url = new URL(value)
    if (url.username !== "" || url.password !== "") return undefined
    return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))
      ? url.href
      : undefined
  } catch {
    return undefined
  }
}

/** An icon URL safe for `<img src>`: an image data URI of an allowed type, or a `safeWebUrl`. */
export const safeIconUrl = (value: unknown): string | undefined => {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_ICON_LENGTH) return undefined
  if (IMAGE_DATA_URI.test(value) && value === value.trim() && !HAS_INVISIBLE.test(value)) return value
  return safeWebUrl(value)
}

/**
 * An EIP-6963 wallet icon: the EIP says a data URI, so nothing else is loaded (an https icon would let a
 * wallet make the page fetch a tracking pixel).
 */
export const dataImageUri = (value: unknown): string | undefined => {
  const safe = safeIconUrl(value)
  return safe !== undefined && IMAGE_DATA_URI.test(safe) ? safe : undefined
}

/** A reverse-DNS id (`io.metamask`), lower-cased; anything else is dropped. */
export const sanitizeRdns = (value: unknown): string | undefined => {
  if (typeof value !== "string" || value.length > 253) return undefined
  const rdns = value.trim().toLowerCase()
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(rdns) ? rdns : undefined
}

/** First 4 and last 6 characters: `0xf39F…b92266` (SPEC.md §9). */
export const truncateAddress = (address: string): string =>
  address.length <= 12 ? address : `${address.slice(0, 4)}…${address.slice(-6)}`

/** Third-party text decoded by {@link sanitizeName}: plain text, or `undefined` when nothing readable is left. */
export const SanitizedName = Schema.String.pipe(
  Schema.decodeTo(Schema.UndefinedOr(Schema.String), {
    decode: SchemaGetter.transform(sanitizeName),
    encode: SchemaGetter.transform((name) => name ?? "")
  })
)

/** A third-party image URL decoded by {@link safeIconUrl}: fit for `<img src>`, else `undefined`. */
export const SafeImageUrl = Schema.String.pipe(
  Schema.decodeTo(Schema.UndefinedOr(Schema.String), {
    decode: SchemaGetter.transform(safeIconUrl),
    encode: SchemaGetter.transform((url) => url ?? "")
  })
)
