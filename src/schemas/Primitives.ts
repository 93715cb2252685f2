import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import * as SchemaParser from "effect/SchemaParser"

/** A string schema that must match `pattern`; `message` is the whole failure message. */
export const patterned = (pattern: RegExp, message: string) =>
  Schema.String.check(Schema.isPattern(pattern, { message }))

/** `0x` followed by 40 hex characters, any case (no checksum check: wallets return lowercase too). */
export const EvmAddress = patterned(
  /^0x[0-9a-fA-F]{40}$/,
  "Expected an EVM address: 0x followed by 40 hex characters"
)
export type EvmAddress = typeof EvmAddress.Type

/** 32 to 44 base58 characters (the base58 alphabet has no 0, O, I or l). */
export const SolanaAddress = patterned(
  /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  "Expected a Solana address: 32 to 44 base58 characters"
)
export type SolanaAddress = typeof SolanaAddress.Type

/** An address of a namespace the embedded wallet supports (eip155 or solana). */
export const Address = Schema.Union([EvmAddress, SolanaAddress]).annotate({
  identifier: "Address",
  message: "Expected an EVM address (0x + 40 hex) or a Solana address (32-44 base58 characters)"
})
export type Address = typeof Address.Type

/** What `features.socials` may list: the social providers plus farcaster, which has its own flow. */
export const SocialOption = Schema.Literals([
  "google",
  "x",
  "discord",
  "farcaster",
  "github",
  "apple",
  "facebook"
]).annotate({
  identifier: "SocialOption",
  message: "Expected a social option: google, x, discord, farcaster, github, apple or facebook"
})
export type SocialOption = typeof SocialOption.Type

/** SPEC §9 default socials, in display order. */
export const DefaultSocials: ReadonlyArray<SocialOption> = [
  "google",
  "x",
  "discord",
  "farcaster",
  "github",
  "apple",
  "facebook"
]

export const ThemeMode = Schema.Literals(["light", "dark"]).annotate({
  identifier: "ThemeMode",
  message: "Expected a theme mode: light or dark"
})
export type ThemeMode = typeof ThemeMode.Type

export const ChainNamespace = Schema.Literals(["eip155", "solana", "polkadot", "bip122", "cosmos"]).annotate({
  identifier: "ChainNamespace",
  message: "Expected a chain namespace: eip155, solana, polkadot, bip122 or cosmos"
})
export type ChainNamespace = typeof ChainNamespace.Type

export const ChainNamespaces: ReadonlyArray<ChainNamespace> = ChainNamespace.literals

/**
 * CAIP-2 chain id `namespace:reference`, restricted to our namespaces; the reference follows CAIP-2
 * (`[-_a-zA-Z0-9]{1,32}`), e.g. `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`.
 */
const CAIP_NETWORK_ID_MESSAGE =
  "Expected a CAIP-2 network id namespace:reference, e.g. eip155:1 (namespace one of eip155, solana, polkadot, bip122, cosmos)"

export const CaipNetworkId = Schema.TemplateLiteral([ChainNamespace, ":", Schema.String])
  .annotate({ message: CAIP_NETWORK_ID_MESSAGE })
  .check(
    Schema.isPattern(/^(eip155|solana|polkadot|bip122|cosmos):[-_a-zA-Z0-9]{1,32}$/, {
      message: CAIP_NETWORK_ID_MESSAGE
    })
  )
export type CaipNetworkId = typeof CaipNetworkId.Type

/** Splits a decoded id; safe because the pattern guarantees exactly one colon and a known namespace. */
export const caipNetworkIdParts = (
  id: CaipNetworkId
): { readonly namespace: ChainNamespace; readonly reference: string } => {
  const index = id.indexOf(":")
  const namespace = ChainNamespaces.find((ns) => ns === id.slice(0, index)) ?? "eip155"
  return { namespace, reference: id.slice(index + 1) }
}

/** Finite numbers only: NaN and Infinity cannot come from JSON and would poison sums and formatting. */
export const FiniteNumber = Schema.Number.check(Schema.isFinite({ message: "Expected a finite number" }))

/** C0 controls and DEL; checked by code so biome's no-control-characters-in-regex rule stays on. */
export const hasControlCharacter = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const urlWithProtocols = (protocols: ReadonlyArray<string>, message: string) =>
  Schema.String.check(
    Schema.makeFilter(
      (value) => {
        // Control characters and whitespace are refused before parsing (THREATS T4: `java\tscript:`).
        if (hasControlCharacter(value) || /\s/.test(value)) return false
        const url = parseUrl(value)
        return url !== undefined && protocols.includes(url.protocol)
      },
      { message }
    )
  )

/** The `locale` option: `"auto"` (the browser's languages) or a BCP 47 language tag ("ja", "pt-BR"). */
export const LocaleRequest = patterned(
  /^(auto|[a-z]{2,3}(-[a-z\d]{2,8})*)$/i,
  'Expected a language tag or "auto"'
)

/** An absolute http(s) URL (http stays allowed for local development hosts). */
export const HttpUrl = urlWithProtocols(["https:", "http:"], "Expected an absolute http(s) URL")
export type HttpUrl = typeof HttpUrl.Type

/** A web origin (`https://host[:port]`, nothing after it), as compared with `MessageEvent.origin`. */
export const Origin = Schema.String.check(
  Schema.makeFilter(
    (value) => {
      const url = parseUrl(value)
      return (
        url !== undefined && (url.protocol === "https:" || url.protocol === "http:") && url.origin === value
      )
    },
    {
      message:
        "Expected an origin such as https://example.org (scheme, host, optional port; no path or trailing slash)"
    }
  )
)
export type Origin = typeof Origin.Type

/** An absolute ws(s) URL, for the relay. */
export const WebSocketUrl = urlWithProtocols(
  ["wss:", "ws:"],
  "Expected an absolute WebSocket URL (wss:// or ws://)"
)
export type WebSocketUrl = typeof WebSocketUrl.Type

/**
 * A key for records decoded from untrusted JSON. `JSON.parse` makes `__proto__` an own key and
 * re-assigning it while building the output would replace the output's prototype.
 */
export const RecordKey = Schema.String.check(
  Schema.makeFilter((key) => key !== "__proto__", {
    message: "The key __proto__ is not allowed"
  })
)

/** `0x`-prefixed hex quantity, e.g. an asset balance or a hex chain id. */
export const HexString = patterned(/^0x[0-9a-fA-F]+$/, "Expected a hex string: 0x followed by hex digits")
export type HexString = typeof HexString.Type

const isNonEmpty = <A>(items: ReadonlyArray<A>): items is readonly [A, ...Array<A>] => items.length > 0

/**
 * A non-empty array whose empty case reads "`message`" at the array's own path; other failures keep the
 * element's own message.
 */
export const nonEmptyArrayOf = <S extends Schema.Top>(item: S, message: string) =>
  Schema.Array(item).pipe(Schema.refine(isNonEmpty<S["Type"]>, { message }))

/** An optional field whose absence (or `undefined`) decodes to `value` (a decoded value, not re-decoded). */
export const optionalWithDefault = <S extends Schema.Top>(schema: S, value: () => S["Type"]) =>
  schema.pipe(Schema.withDecodingDefaultType(Effect.sync(value)))

/** A string with at least one non-whitespace character; `what` names it in the message. */
export const nonBlankString = (what: string) =>
  Schema.String.check(
    Schema.makeFilter((value) => value.trim().length > 0, { message: `Expected a non-empty ${what}` })
  )

/**
 * `schema` decoded with its own parse options, whatever the caller's (effect 4 has no per-schema parse
 * options): `onExcessProperty: "error"` makes a struct or record refuse keys it does not declare.
 */
export const withParseOptions = <S extends Schema.Top>(schema: S, parseOptions: SchemaAST.ParseOptions) =>
  Schema.declareConstructor<S["Type"], S["Encoded"]>()(
    [schema],
    ([codec]) =>
      (input, _ast, options) =>
        SchemaParser.decodeUnknownEffect(codec)(input, { ...options, ...parseOptions })
  )
