/**
 * The one place that turns third-party links (listing `mobile_link`/`desktop_link`/`webapp_link`, custom
 * wallets, homepages and app-store pages) into URLs we open (THREATS.md T4, R10). Everything else in the
 * SDK goes through here. The input is trimmed, refused if it holds a control or invisible character
 * anywhere (the parser would silently drop a tab inside `java\tscript:`), parsed with the WHATWG `URL`
 * parser, and the result is rebuilt from the parsed parts and parsed again before it is returned.
 */

import { isHandlerScheme } from "./handlerSchemes"

const MAX_LINK_LENGTH = 2048

/** Schemes never opened, whatever a listing registers. */
export const BLOCKED_SCHEMES: ReadonlySet<string> = new Set([
  "javascript",
  "livescript",
  "vbscript",
  "mocha",
  "data",
  "blob",
  "file",
  "about",
  "filesystem",
  "view-source",
  "chrome",
  "chrome-extension",
  "chrome-untrusted",
  "devtools",
  "edge",
  "moz-extension",
  "ms-browser-extension",
  "safari-extension",
  "safari-web-extension",
  "resource",
  "res",
  "jar",
  "mhtml",
  "ms-its",
  "intent",
  "android-app",
  "content",
  "ws",
  "wss",
  "http",
  "https",
  "ftp",
  "sftp",
  "smb",
  "ssh",
  "telnet",
  "ldap",
  "gopher",
  "mailto",
  "tel",
  "sms",
  "cid",
  "mid",
  "feed",
  "opera",
  "brave",
  "vivaldi",
  "wyciwyg",
  "x-javascript",
  "javascript+xml"
])

const CUSTOM_SCHEME = /^[a-z][a-z0-9+.-]*$/
// C0 and C1 controls, DEL, zero-width characters, line/paragraph separators, direction overrides, BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/

/**
 * A scheme a wallet may register for its native links: well-formed, not `https`, not on the blocklist and
 * outside every OS and application handler family (deny by default, THREATS.md §4.2).
 */
export const isAllowedCustomScheme = (scheme: string): boolean =>
  CUSTOM_SCHEME.test(scheme) && !BLOCKED_SCHEMES.has(scheme) && !isHandlerScheme(scheme)

export interface WalletLinkOptions {
  /** The custom schemes this wallet registered (those of its own `mobile_link` / `desktop_link`). */
  readonly registeredSchemes?: ReadonlyArray<string> | undefined
}

/** The input, trimmed, when it is a string of sane length without a control character; else undefined. */
const cleanInput = (value: unknown): string | undefined => {
  if (typeof value !== "string" || value.length > MAX_LINK_LENGTH) return undefined
  if (FORBIDDEN_CHARACTERS.test(value)) return undefined
  const trimmed = value.trim()
  return trimmed.length === 0 ? undefined : trimmed
}

const parse = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const schemeOf = (url: URL): string => url.protocol.slice(0, -1)

/** Whether `href` parses and its scheme is `scheme`: the last check on everything we emit. */
const hasScheme = (href: string, scheme: string): boolean => {
  if (FORBIDDEN_CHARACTERS.test(href)) return false
  const url = parse(href)
  return url !== undefined && schemeOf(url) === scheme
}

type Base = { readonly scheme: string; readonly base: string }

/**
 * A link reduced to what a WalletConnect link is built on: `https://host/path/` (a universal link) or
 * `scheme://authority/path/` (a native link of a registered scheme). Query, fragment and credentials are
 * never carried over.
 */
const linkBase = (link: unknown, options: WalletLinkOptions): Base | undefined => {
  const input = cleanInput(link)
  if (input === undefined) return undefined
  const url = parse(input)
  if (url === undefined || url.username !== "" || url.password !== "") return undefined
  const scheme = schemeOf(url)
  if (scheme === "https") {
    if (url.hostname === "") return undefined
    const path = url.pathname.endsWith("/") ? url.pathname : `${url.pathname}/`
    return { scheme, base: `${url.origin}${path}` }
  }
  const registered = (options.registeredSchemes ?? []).filter(isAllowedCustomScheme)
  if (!isAllowedCustomScheme(scheme) || !registered.includes(scheme)) return undefined
  // `metamask:` (an empty opaque path) reads as `metamask://`; any other opaque path is refused.
  if (url.pathname !== "" && !url.pathname.startsWith("/")) return undefined
  const rest = `${url.host}${url.pathname}`
  const base = rest === "" || rest.endsWith("/") ? `${scheme}://${rest}` : `${scheme}://${rest}/`
  return { scheme, base }
}

/** The custom schemes of a wallet's own native links: what it registers for {@link walletLink}. */
export const registeredSchemesOf = (...links: ReadonlyArray<unknown>): ReadonlyArray<string> => {
  const schemes: Array<string> = []
  for (const link of links) {
    const input = cleanInput(link)
    const url = input === undefined ? undefined : parse(input)
    if (url === undefined) continue
    const scheme = schemeOf(url)
    if (isAllowedCustomScheme(scheme) && !schemes.includes(scheme)) schemes.push(scheme)
  }
  return schemes
}

/**
 * A wallet link checked and normalised (`https://host/path/` or `scheme://…/`), to store and later hand
 * to {@link walletLink}; `undefined` when it is not safe to open.
 */
export const safeWalletLink = (link: unknown, options: WalletLinkOptions = {}): string | undefined => {
  const parsed = linkBase(link, options)
  return parsed !== undefined && hasScheme(parsed.base, parsed.scheme) ? parsed.base : undefined
}

/**
 * The link that opens `wcUri` in a wallet: `https://host/…/wc?uri=<encoded>` for a universal link,
 * `scheme://…/wc?uri=<encoded>` for a native one (FACTS.md §5). `undefined` for anything else: a scheme
 * that is not https and not registered for this wallet, a blocked scheme, a control character,
 * credentials, an unparseable link.
 */
export const walletLink = (
  link: string | undefined,
  wcUri: string,
  options: WalletLinkOptions = {}
): string | undefined => {
  const parsed = linkBase(link, options)
  if (parsed === undefined) return undefined
  let encoded: string
  try {
    encoded = encodeURIComponent(wcUri)
  } catch {
    // A lone surrogate cannot be encoded.
    return undefined
  }
  const href = `${parsed.base}wc?uri=${encoded}`
  return hasScheme(href, parsed.scheme) ? href : undefined
}

/** An `https:` URL to link to (homepage, app store, web app), normalised; else `undefined`. */
export const safeHttpsUrl = (value: unknown): string | undefined => {
  const input = cleanInput(value)
  const url = input === undefined ? undefined : parse(input)
  if (url === undefined || url.protocol !== "https:" || url.hostname === "") return undefined
  if (url.username !== "" || url.password !== "") return undefined
  return hasScheme(url.href, "https") ? url.href : undefined
}
