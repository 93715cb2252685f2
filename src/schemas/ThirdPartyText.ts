/**
 * Third-party strings (wallet names, icons, rdns) made safe to show (THREATS.md T3): names become plain
 * text without control or direction-override characters, icons are only image data or https URLs. The
 * API answers' schemas (ApiFields.ts) apply the same rules while an answer is decoded, so what a view
 * prints is already safe.
 */

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
