// Properties: a structural oracle over generated origins and patterns
import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { DEFAULT_ALLOWED_ORIGINS, isOriginAllowed } from "../../src/layers/provider/OriginGuard.lazy"
import { hasControlCharacter } from "../../src/schemas/Primitives"
import { LIST } from "./originGuardList"

type Scheme = "http" | "https"

interface OriginParts {
  readonly scheme: Scheme
  readonly labels: ReadonlyArray<string>
  readonly port: string
}

interface PatternParts extends OriginParts {
  readonly wildcard: boolean
  readonly slash: boolean
}

const defaultPort = (scheme: Scheme) => (scheme === "https" ? "443" : "80")

const canonicalPort = (scheme: Scheme, port: string) => (port === defaultPort(scheme) ? "" : port)

const renderOrigin = ({ scheme, labels, port }: OriginParts) =>
  `${scheme}://${labels.join(".")}${port === "" ? "" : `:${port}`}`

const renderPattern = (p: PatternParts) =>
  `${p.scheme}://${p.wildcard ? "*." : ""}${p.labels.join(".")}${p.port === "" ? "" : `:${p.port}`}${p.slash ? "/" : ""}`

/** The defaults, as parts, written out independently of the implementation's list. */
const DEFAULT_PARTS: ReadonlyArray<PatternParts> = [
  ...(["http", "https"] as const).flatMap((scheme) => [
    { scheme, labels: ["localhost"], port: "*", wildcard: false, slash: false },
    { scheme, labels: ["127", "0", "0", "1"], port: "*", wildcard: false, slash: false }
  ]),
  ...[
    ["pages", "dev"],
    ["vercel", "app"],
    ["ngrok-free", "app"]
  ].map((labels) => ({
    scheme: "https" as const,
    labels,
    port: "",
    wildcard: true,
    slash: false
  })),
  ...["com", "org"].map((tld) => ({
    scheme: "https" as const,
    labels: ["secure-mobile", "walletconnect", tld],
    port: "",
    wildcard: false,
    slash: false
  }))
]

const sameLabels = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((label, i) => label === b[i])

/** Structural: scheme, port (default normalised) and whole labels; no URL parsing involved. */
const oracleMatches = (pattern: PatternParts, origin: OriginParts): boolean =>
  pattern.scheme === origin.scheme &&
  (pattern.port === "*" ||
    canonicalPort(pattern.scheme, pattern.port) === canonicalPort(origin.scheme, origin.port)) &&
  (pattern.wildcard
    ? origin.labels.length > pattern.labels.length &&
      sameLabels(origin.labels.slice(origin.labels.length - pattern.labels.length), pattern.labels)
    : sameLabels(origin.labels, pattern.labels))

const oracle = (origin: OriginParts, list: ReadonlyArray<PatternParts>): boolean =>
  list.length === 0 || [...list, ...DEFAULT_PARTS].some((pattern) => oracleMatches(pattern, origin))

const schemeArb = fc.constantFrom<Scheme>("http", "https")

/** A small alphabet, so generated origins often collide with generated patterns and the defaults. */
const labelArb = fc.constantFrom(
  "a",
  "b",
  "app",
  "example",
  "com",
  "org",
  "evil",
  "pages",
  "dev",
  "vercel",
  "ngrok-free",
  "localhost",
  "secure-mobile",
  "walletconnect",
  "xn--bcher-kva"
)

const portArb = fc.constantFrom("", "", "80", "443", "3000", "8080")

const originArb = (labels: fc.Arbitrary<string>): fc.Arbitrary<OriginParts> =>
  fc.record({ scheme: schemeArb, labels: fc.array(labels, { minLength: 1, maxLength: 4 }), port: portArb })

const patternArb = (labels: fc.Arbitrary<string>): fc.Arbitrary<PatternParts> =>
  fc.record({
    scheme: schemeArb,
    labels: fc.array(labels, { minLength: 1, maxLength: 3 }),
    port: fc.constantFrom("", "", "443", "80", "3000", "*"),
    wildcard: fc.boolean(),
    slash: fc.boolean()
  })

/** fc.domain labels, minus `xn--` ones (random punycode is mostly invalid and URL rejects it). */
// A label of digits, or 0x and hex digits, makes a URL parser read a host ending in it as an IPv4 number
// (`http://a.0x` is no URL at all), so such labels are left out.
const domainLabelArb = fc
  .domain()
  .chain((domain) => fc.constantFrom(...domain.split(".")))
  .filter((label) => !label.startsWith("xn--") && /[a-z]/.test(label) && !/^0x[0-9a-f]*$/i.test(label))

describe("isOriginAllowed: properties", () => {
  it("agrees with the structural oracle on 1000 generated origins and lists (small alphabet)", () => {
    const seen = { allowed: 0, refused: 0 }
    fc.assert(
      fc.property(originArb(labelArb), fc.array(patternArb(labelArb), { maxLength: 4 }), (origin, list) => {
        const expected = oracle(origin, list)
        assert.strictEqual(isOriginAllowed(renderOrigin(origin), list.map(renderPattern)), expected)
        seen[expected ? "allowed" : "refused"]++
      }),
      { numRuns: 1000 }
    )
    // Both outcomes are exercised, not just the easy one.
    assert.isAbove(seen.allowed, 100)
    assert.isAbove(seen.refused, 100)
  })

  it("a random origin outside the allowed set is never allowed (random domains)", () => {
    fc.assert(
      fc.property(
        originArb(domainLabelArb),
        fc.array(patternArb(domainLabelArb), { minLength: 1, maxLength: 4 }),
        (origin, list) => {
          assert.strictEqual(
            isOriginAllowed(renderOrigin(origin), list.map(renderPattern)),
            oracle(origin, list)
          )
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("origins built from an allowed entry's own parts are allowed (no false refusals)", () => {
    fc.assert(
      fc.property(
        patternArb(domainLabelArb),
        fc.array(domainLabelArb, { minLength: 1, maxLength: 2 }),
        fc.constantFrom("", "3000", "8443"),
        (pattern, extra, anyPort) => {
          const origin: OriginParts = {
            scheme: pattern.scheme,
            labels: pattern.wildcard ? [...extra, ...pattern.labels] : pattern.labels,
            port: pattern.port === "*" ? anyPort : pattern.port
          }
          assert.isTrue(isOriginAllowed(renderOrigin(origin), [renderPattern(pattern)]))
        }
      ),
      { numRuns: 1000 }
    )
  })

  /** Hostile strings: allowed origins with something spliced in, and other schemes. */
  const spliceArb = fc.constantFrom(
    "@",
    "@evil.com",
    "evil.com@",
    "#",
    "?",
    "/",
    "\\",
    ".",
    "..",
    "%2e",
    "%40",
    ":",
    ":0",
    ":99999",
    "*",
    "*.",
    " ",
    "\t",
    "\n",
    "\u0000",
    "\u200b",
    "\u202e",
    "ä",
    "\u0430",
    "。",
    "．",
    "evil.com",
    ".evil.com",
    "[::1]",
    "javascript:",
    "data:text/html,",
    "//"
  )
  const seedArb = fc.constantFrom(
    "https://app.example.com",
    "https://a.example.org",
    "http://dev.example.net:8080",
    "http://localhost:3000",
    "https://x.vercel.app",
    "https://secure-mobile.walletconnect.com"
  )
  const hostileArb = fc.oneof(
    fc
      .tuple(seedArb, fc.array(fc.tuple(fc.nat(), spliceArb), { minLength: 1, maxLength: 3 }))
      .map(([seed, splices]) =>
        splices.reduce<string>((s, [at, piece]) => {
          const i = at % (s.length + 1)
          return `${s.slice(0, i)}${piece}${s.slice(i)}`
        }, seed)
      ),
    fc
      .tuple(
        fc.constantFrom("javascript:", "data:", "blob:", "file:", "about:", "vbscript:", "JaVaScRiPt:"),
        seedArb
      )
      .map(([scheme, seed]) => `${scheme}${seed}`),
    fc.webUrl({
      withQueryParameters: true,
      withFragments: true,
      authoritySettings: { withUserInfo: true, withPort: true }
    }),
    fc.string({ unit: "binary" }),
    fc.string({ unit: "grapheme" }).map((s) => `https://${s}`)
  )

  /** The oracle applied to what a browser would report as the origin's parts. */
  const soundlyAllowed = (origin: string, list: ReadonlyArray<string>): boolean => {
    if (hasControlCharacter(origin) || /[\s@?#]/u.test(origin)) return false
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return false
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return false
    if (url.href !== `${url.origin}/`) return false
    const parts: OriginParts = {
      scheme: url.protocol === "https:" ? "https" : "http",
      labels: url.hostname.split("."),
      port: url.port
    }
    const patterns = list.map((entry): PatternParts => {
      const parsed = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?(\/)?$/.exec(entry)
      if (parsed === null) throw new Error(`test list entry ${entry} must be simple`)
      return {
        scheme: parsed[1] as Scheme,
        wildcard: parsed[2] !== undefined,
        labels: (parsed[3] ?? "").split("."),
        port: parsed[4] ?? "",
        slash: parsed[5] !== undefined
      }
    })
    return oracle(parts, patterns)
  }

  it("10000 hostile strings: allowed only when structurally inside the list, never a throw", () => {
    let allowedCount = 0
    fc.assert(
      fc.property(hostileArb, (origin) => {
        const allowed = isOriginAllowed(origin, LIST)
        if (allowed) {
          allowedCount++
          assert.isTrue(soundlyAllowed(origin, LIST), JSON.stringify(origin))
        }
        if (/^\s*(javascript|data|blob|file|about|vbscript):/i.test(origin)) assert.isFalse(allowed)
      }),
      { numRuns: 10_000 }
    )
    // Some splices leave a valid allowed origin (e.g. an extra subdomain label): the check is not vacuous.
    assert.isAbove(allowedCount, 0)
  })

  it("never throws on arbitrary inputs, including non-string list entries", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.array(fc.oneof(fc.string(), fc.anything())),
        (origin, list) => {
          const result = isOriginAllowed(origin, list as ReadonlyArray<string>)
          assert.isBoolean(result)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("the implementation's defaults are the documented ones", () => {
    assert.deepStrictEqual([...DEFAULT_ALLOWED_ORIGINS].sort(), DEFAULT_PARTS.map(renderPattern).sort())
  })
})
