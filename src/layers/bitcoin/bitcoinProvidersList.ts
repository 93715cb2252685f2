/**
 * The providers list sats-connect wallets put on `window` (`btc_providers`; WBIP004's text at HEAD says
 * `wbip_providers`, so both are read): entries `{id, name, icon, …}` decoded and bounded like EIP-6963
 * announcements, each provider object found from its `id`, a dotted path of `window`'s own properties.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { dataImageUri, readField, sanitizeName } from "../../schemas/ThirdPartyText"
import type { Eip1193Provider, WalletConnector } from "../../services/Connectors"
import type { Subscribe } from "../platform/listen"
import { bitcoinConnector } from "./bitcoinConnector"
import { makeSatsConnectProvider } from "./satsConnectProvider"

/** Ids of the connectors found here. */
export const BTC_PROVIDER_ID_PREFIX = "btc-provider:"
/** Entries one list may give; the rest are not read. */
export const MAX_LISTED_PROVIDERS = 16
/** The lists' names on `window`, in the order they are read. */
const LISTS = ["btc_providers", "wbip_providers"] as const
/** Names a path must never walk: they reach prototypes, not a wallet. */
const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"])

/** A dotted path of JavaScript identifiers (`XverseProviders.BitcoinProvider`), at most 4 deep. */
const ProviderPath = Schema.String.check(
  Schema.isMaxLength(128),
  Schema.isPattern(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,3}$/, { message: "Expected a dotted path" })
)

/** One entry of the list; `name` and `icon` are checked to be strings here and cleaned where they are used. */
const ListedProvider = Schema.Struct({
  id: ProviderPath,
  name: Schema.String,
  icon: Schema.optional(Schema.String)
})
const decodeEntry = Schema.decodeUnknownOption(ListedProvider)

/**
 * The object at `path` on `window`, following own properties only (never a prototype's, never a
 * prototype-reaching name), or none.
 */
export const resolveProviderPath = (root: unknown, path: string): unknown => {
  let value: unknown = root
  for (const name of path.split(".")) {
    if (FORBIDDEN.has(name)) return undefined
    try {
      if (
        (typeof value !== "object" && typeof value !== "function") ||
        value === null ||
        !Object.hasOwn(value, name)
      )
        return undefined
    } catch {
      return undefined
    }
    value = readField(value, name)
  }
  return value
}

const isProvider = (value: unknown): value is Eip1193Provider =>
  typeof readField(value, "request") === "function"

/** The usable entries of the page's lists, as connectors; the first entry of a provider object wins. */
export const listedProviders = (root: unknown): ReadonlyArray<WalletConnector> => {
  const found: Array<WalletConnector> = []
  const seen = new Set<unknown>()
  for (const list of LISTS) {
    const entries = resolveProviderPath(root, list)
    if (!Array.isArray(entries)) continue
    for (const raw of entries.slice(0, MAX_LISTED_PROVIDERS)) {
      if (found.length >= MAX_LISTED_PROVIDERS) return found
      const entry = decodeEntry(raw)
      if (Option.isNone(entry)) continue
      const name = sanitizeName(entry.value.name)
      const provider = resolveProviderPath(root, entry.value.id)
      if (name === undefined || !isProvider(provider) || seen.has(provider)) continue
      seen.add(provider)
      found.push(
        bitcoinConnector(
          `${BTC_PROVIDER_ID_PREFIX}${entry.value.id}`,
          name,
          dataImageUri(entry.value.icon),
          makeSatsConnectProvider(provider),
          undefined
        )
      )
    }
  }
  return found
}

/** The lists now, and once more when the page has loaded (extensions may fill them late). */
export const providersListed: Subscribe<ReadonlyArray<WalletConnector>> = (listener) => {
  const read = () => listener(listedProviders(window))
  read()
  if (document.readyState === "complete") return () => {}
  window.addEventListener("load", read, { once: true })
  return () => window.removeEventListener("load", read)
}
