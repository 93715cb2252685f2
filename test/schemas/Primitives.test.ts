import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { IsoDateTimeString } from "../../src/schemas/ApiFields"
import { Email } from "../../src/schemas/Email"
import { AccountName, DecimalString } from "../../src/schemas/Formats"
import { AccountType, SocialProvider } from "../../src/schemas/Kinds"
import {
  Address,
  CaipNetworkId,
  ChainNamespace,
  caipNetworkIdParts,
  DefaultSocials,
  EvmAddress,
  FiniteNumber,
  HexString,
  HttpUrl,
  Origin,
  RecordKey,
  SocialOption,
  SolanaAddress,
  ThemeMode,
  WebSocketUrl
} from "../../src/schemas/Primitives"
import {
  accepts,
  alwaysDecodes,
  BASE58,
  caipNetworkIdArb,
  evmAddressArb,
  hostile,
  isoDateArb,
  NUM_RUNS,
  neverThrows,
  rejects,
  solanaAddressArb
} from "./helpers"

describe("EvmAddress", () => {
  it("accepts 0x + 40 hex in any case", () => {
    accepts(EvmAddress, "0x52908400098527886e0f7030069857d2e4169ee7")
    accepts(EvmAddress, "0x8617E340B3D01FA5F11F306F4090FD50E238070D")
    accepts(EvmAddress, "0xde709f2102306220921060314715629080e2fb77")
    accepts(EvmAddress, "0x27b1fdb04752bbc536007a920d24acb045561c26")
  })

  it("rejects wrong length, prefix, characters and types with a readable message", () => {
    const message = "Expected an EVM address: 0x followed by 40 hex characters"
    rejects(EvmAddress, "0x52908400098527886e0f7030069857d2e4169ee", message)
    rejects(EvmAddress, "0x52908400098527886e0f7030069857d2e4169ee77", message)
    rejects(EvmAddress, "52908400098527886e0f7030069857d2e4169ee7aa", message)
    rejects(EvmAddress, "0x52908400098527886e0f7030069857d2e4169eeg", message)
    rejects(EvmAddress, " 0x52908400098527886e0f7030069857d2e4169ee7", message)
    rejects(EvmAddress, 42, "Expected string")
  })

  it("property: every 0x + 40 hex string decodes", () => alwaysDecodes(EvmAddress, evmAddressArb))

  it("property: a decoded value always matches the rule", () =>
    fc.assert(
      fc.property(fc.string(), (s) => Schema.is(EvmAddress)(s) === /^0x[0-9a-fA-F]{40}$/.test(s)),
      { numRuns: NUM_RUNS }
    ))
})

describe("SolanaAddress", () => {
  it("accepts 32 to 44 base58 characters", () => {
    accepts(SolanaAddress, "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    accepts(SolanaAddress, "So11111111111111111111111111111111111111112")
    accepts(SolanaAddress, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
  })

  it("rejects characters outside base58 and bad lengths", () => {
    const message = "Expected a Solana address: 32 to 44 base58 characters"
    rejects(SolanaAddress, "0eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", message)
    rejects(SolanaAddress, "Oeykt4UsFv8P8NJdTREpY1vzqKqZKvdp", message)
    rejects(SolanaAddress, "Ieykt4UsFv8P8NJdTREpY1vzqKqZKvdp", message)
    rejects(SolanaAddress, "leykt4UsFv8P8NJdTREpY1vzqKqZKvdp", message)
    rejects(SolanaAddress, "5eykt4UsFv8P8NJdTREpY1vzqKqZKvd", message)
    rejects(SolanaAddress, "1".repeat(45), message)
  })

  it("property: every base58 string of 32-44 chars decodes", () =>
    alwaysDecodes(SolanaAddress, solanaAddressArb))

  it("property: strings with a non-base58 character are rejected", () =>
    fc.assert(
      fc.property(
        solanaAddressArb,
        fc.constantFrom("0", "O", "I", "l", "+", "/"),
        fc.nat(),
        (address, bad, n) => {
          const i = n % address.length
          return !Schema.is(SolanaAddress)(address.slice(0, i) + bad + address.slice(i + 1))
        }
      ),
      { numRuns: NUM_RUNS }
    ))
})

describe("Address", () => {
  it("accepts either kind", () => {
    accepts(Address, "0x52908400098527886e0f7030069857d2e4169ee7")
    accepts(Address, "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
  })

  it("names both kinds when rejecting", () => {
    rejects(Address, "0x1234", "Expected an EVM address (0x + 40 hex) or a Solana address")
  })

  it("property: EVM and Solana addresses never overlap", () =>
    fc.assert(
      fc.property(evmAddressArb, (address) => !Schema.is(SolanaAddress)(address)),
      { numRuns: NUM_RUNS }
    ))
})

describe("DecimalString", () => {
  it("accepts an optional minus, digits and at most one dot followed by digits", () => {
    for (const value of ["-1.5", "0.25", "10", "0", "-0", "007", "123456789012345678901234567890.1"]) {
      accepts(DecimalString, value)
    }
  })

  it("rejects a trailing or leading dot, several dots, a plus sign, exponents, blanks", () => {
    for (const value of ["1.", ".5", "1.2.3", "+1", "", "-", ".", "1e5", " 1", "1 ", "1,5", "--1", "0x10"]) {
      rejects(DecimalString, value, "Expected a decimal number")
    }
  })

  it("property: formatted integers and fixed-point numbers decode", () =>
    alwaysDecodes(
      DecimalString,
      fc.oneof(
        fc.bigInt().map(String),
        fc.tuple(fc.bigInt(), fc.bigInt({ min: 0n, max: 10n ** 30n })).map(([int, frac]) => `${int}.${frac}`)
      )
    ))
})

describe("Email", () => {
  it("accepts valid addresses", () => {
    for (const value of ["name@example.com", "first.last+tag@sub.example.co.uk", "x@y.io"])
      accepts(Email, value)
  })

  it("rejects invalid ones", () => {
    for (const value of [
      "",
      "name",
      "name@",
      "@example.com",
      "name@example",
      "na me@example.com",
      "a@b@c.com"
    ]) {
      rejects(Email, value, "Expected a valid email address")
    }
    rejects(Email, `${"a".repeat(250)}@example.com`, "at most 254 characters")
  })

  it("property: generated email addresses decode", () =>
    alwaysDecodes(
      Email,
      fc.emailAddress().filter((e) => e.length <= 254)
    ))
})

describe("SocialProvider and SocialOption", () => {
  it("SocialProvider is one of google, github, apple, facebook, x, discord", () => {
    for (const value of ["google", "github", "apple", "facebook", "x", "discord"])
      accepts(SocialProvider, value)
    rejects(SocialProvider, "farcaster", "Expected a social provider")
    rejects(SocialProvider, "Google", "Expected a social provider")
  })

  it("SocialOption adds farcaster; DefaultSocials are all options", () => {
    accepts(SocialOption, "farcaster")
    rejects(SocialOption, "myspace", "Expected a social option")
    assert.deepStrictEqual(accepts(Schema.Array(SocialOption), DefaultSocials), DefaultSocials)
    assert.deepStrictEqual(DefaultSocials, [
      "google",
      "x",
      "discord",
      "farcaster",
      "github",
      "apple",
      "facebook"
    ])
  })
})

describe("ThemeMode, AccountType, ChainNamespace", () => {
  it("accept their literals and reject others with one readable message", () => {
    accepts(ThemeMode, "light")
    accepts(ThemeMode, "dark")
    const message = rejects(ThemeMode, "blue", "Expected a theme mode: light or dark")
    assert.notInclude(message, ";")
    for (const value of ["eoa", "smartAccount", "payment", "ordinal"]) accepts(AccountType, value)
    rejects(AccountType, "contract", "Expected an account type")
    for (const value of ["eip155", "solana", "polkadot", "bip122", "cosmos"]) accepts(ChainNamespace, value)
    rejects(ChainNamespace, "sui", "Expected a chain namespace")
  })
})

describe("AccountName", () => {
  it("accepts letters, digits and hyphens, at least 4", () => {
    for (const value of ["abcd", "my-name-1", "ABCD", "1234", "----"]) accepts(AccountName, value)
  })

  it("rejects shorter names and other characters", () => {
    for (const value of ["abc", "", "ab_c", "name.eth", "ñame", "name space"]) {
      rejects(AccountName, value, "at least 4 characters: letters, digits and hyphens")
    }
  })
})

describe("CaipNetworkId", () => {
  it("accepts namespace:reference ids", () => {
    for (const value of [
      "eip155:1",
      "eip155:8453",
      "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      "bip122:000000000019d6689c085ae165831e93",
      "polkadot:91b171bb158e2d3848fa23a9f1c25182",
      "cosmos:cosmoshub-4"
    ]) {
      accepts(CaipNetworkId, value)
    }
  })

  it("rejects missing parts, unknown namespaces and long references", () => {
    for (const value of [
      "eip155",
      "eip155:",
      ":1",
      "foo:1",
      "EIP155:1",
      "eip155:1:2",
      `eip155:${"1".repeat(33)}`,
      1
    ]) {
      rejects(CaipNetworkId, value, "Expected a CAIP-2 network id")
    }
  })

  it("property: generated ids decode and split back into their parts", () =>
    fc.assert(
      fc.property(caipNetworkIdArb, (id) => {
        const decoded = accepts(CaipNetworkId, id)
        const { namespace, reference } = caipNetworkIdParts(decoded)
        return `${namespace}:${reference}` === id
      }),
      { numRuns: NUM_RUNS }
    ))

  it("property: arbitrary input never throws", () => neverThrows(CaipNetworkId))
})

describe("URLs", () => {
  it("HttpUrl accepts absolute http(s) URLs only", () => {
    accepts(HttpUrl, "https://rpc.example.org/v1?chainId=eip155:1")
    accepts(HttpUrl, "http://localhost:8545")
    for (const value of [
      "javascript:alert(1)",
      "java\tscript:alert(1)",
      " https://example.org",
      "https://exa mple.org",
      "data:text/html,<script>",
      "ftp://example.org",
      "/relative",
      "example.org",
      "https://example.org\u0000"
    ]) {
      rejects(HttpUrl, value, "Expected an absolute http(s) URL")
    }
  })

  it("WebSocketUrl accepts ws(s) only", () => {
    accepts(WebSocketUrl, "wss://relay.walletconnect.org")
    rejects(WebSocketUrl, "https://relay.walletconnect.org", "Expected an absolute WebSocket URL")
  })

  it("Origin accepts scheme + host (+ port) only", () => {
    accepts(Origin, "https://secure.walletconnect.org")
    accepts(Origin, "http://localhost:3000")
    for (const value of [
      "https://secure.walletconnect.org/",
      "https://a.org/sdk",
      "https://A.org",
      "wss://a.org"
    ]) {
      rejects(Origin, value, "Expected an origin")
    }
  })

  it("property: generated web URLs decode as HttpUrl", () =>
    alwaysDecodes(
      HttpUrl,
      fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true })
    ))

  it("property: no decoded HttpUrl has a protocol other than http(s)", () =>
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .constantFrom("javascript", "JavaScript", "data", "vbscript", "file", "blob", "intent")
            .chain((scheme) => fc.string().map((rest) => `${scheme}:${rest}`))
        ),
        (s) => !Schema.is(HttpUrl)(s) || ["http:", "https:"].includes(new URL(s).protocol)
      ),
      { numRuns: NUM_RUNS }
    ))
})

describe("IsoDateTimeString, HexString, FiniteNumber, RecordKey", () => {
  it("IsoDateTimeString", () => {
    accepts(IsoDateTimeString, "2024-05-01T10:00:00Z")
    accepts(IsoDateTimeString, "2024-05-01T10:00:00.123+02:00")
    for (const value of ["2024-05-01", "yesterday", "2024-13-01T00:00:00Z", "", "2024-05-01 10:00:00"]) {
      rejects(IsoDateTimeString, value, "Expected an ISO 8601 date-time")
    }
  })

  it("property: Date#toISOString output decodes", () => alwaysDecodes(IsoDateTimeString, isoDateArb))

  it("HexString", () => {
    accepts(HexString, "0x1")
    accepts(HexString, "0xDeadBeef")
    for (const value of ["0x", "1", "0xg", "0X1"]) rejects(HexString, value, "Expected a hex string")
  })

  it("FiniteNumber rejects NaN and infinities", () => {
    accepts(FiniteNumber, 1.5)
    rejects(FiniteNumber, Number.NaN, "Expected a finite number")
    rejects(FiniteNumber, Number.POSITIVE_INFINITY, "Expected a finite number")
    rejects(FiniteNumber, "1", "Expected number")
  })

  it("RecordKey refuses __proto__", () => {
    accepts(RecordKey, "default")
    rejects(RecordKey, "__proto__", "__proto__")
  })

  it("property: all primitives are total on arbitrary input", () => {
    for (const schema of [
      EvmAddress,
      SolanaAddress,
      DecimalString,
      Email,
      HttpUrl,
      Origin,
      IsoDateTimeString
    ]) {
      neverThrows(schema, hostile, 200)
    }
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...BASE58.split(""), "0", "x") }), (s) => {
        Schema.decodeUnknownResult(Address)(s)
      }),
      { numRuns: NUM_RUNS }
    )
  })
})
