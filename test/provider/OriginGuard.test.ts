import { afterEach, assert, describe, it, vi } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as TestClock from "effect/testing/TestClock"
import fc from "fast-check"
import {
  DEFAULT_ALLOWED_ORIGINS,
  isOriginAllowed,
  makeOriginGuard
} from "../../src/layers/provider/OriginGuard.lazy"
import { OriginGuardLive } from "../../src/layers/provider/OriginGuardLive"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { present } from "../../src/presentation"
import { decodeModalOptions, type ModalOptions } from "../../src/schemas/ModalOptions"
import { hasControlCharacter } from "../../src/schemas/Primitives"
import { HttpFetch } from "../../src/services/HttpFetch"
import { ModalConfig } from "../../src/services/ModalConfig"
import { OriginGuard } from "../../src/services/OriginGuard"
import { preloadedParts } from "../kit/lazyParts"
import { countedSleeps, type Sleeps, sleepsStarted } from "../kit/sleeps"
import { mainnet } from "../schemas/networks"

// ---------------------------------------------------------------------------------------------------------
// The matcher against a table
// ---------------------------------------------------------------------------------------------------------

const LIST = ["https://app.example.com", "https://*.example.org", "http://dev.example.net:8080"]

const table: ReadonlyArray<readonly [origin: string, allowed: boolean, why: string]> = [
  ["https://app.example.com", true, "exact entry"],
  ["https://app.example.com:443", true, "default port normalised"],
  ["https://APP.Example.COM", true, "host case"],
  ["https://app.example.com/", true, "a trailing slash is still the origin"],
  ["http://app.example.com", false, "scheme counts"],
  ["https://app.example.com:8443", false, "port counts"],
  ["https://example.com", false, "parent of an exact entry"],
  ["https://evil.app.example.com", false, "an exact entry has no subdomains"],
  ["https://a.example.org", true, "wildcard, one label"],
  ["https://a.b.example.org", true, "wildcard, two labels"],
  ["https://example.org", false, "a wildcard needs at least one label"],
  ["https://evilexample.org", false, "a wildcard matches whole labels"],
  ["https://evil.com/.example.org", false, "path posing as a suffix"],
  ["https://example.org.evil.com", false, "allowed domain as a prefix of another"],
  ["https://a.example.org.evil.com", false, "allowed subdomain as a prefix of another"],
  ["https://a.example.org@evil.com", false, "userinfo posing as the host"],
  ["https://example.com@evil.com", false, "userinfo posing as the host (exact)"],
  ["https://evil.com@a.example.org", false, "userinfo is refused outright"],
  ["https://@a.example.org", false, "an empty userinfo is refused too"],
  ["https://a.example.org#.x", false, "fragment"],
  ["https://a.example.org?x", false, "query"],
  ["https://a.example.org?", false, "an empty query"],
  ["https://a.example.org/path", false, "path"],
  ["https://evil.com\\.example.org", false, "backslash is a path separator"],
  ["https://a.example.org.", false, "a trailing dot is another origin"],
  ["https://..example.org", false, "empty labels"],
  ["http://a.example.org", false, "wildcard scheme counts"],
  ["https://a.example.org:444", false, "wildcard port counts"],
  ["http://dev.example.net:8080", true, "explicit port"],
  ["http://dev.example.net", false, "explicit port required"],
  ["https://dev.example.net:8080", false, "explicit port, other scheme"],
  [" https://app.example.com", false, "leading space"],
  ["https://app.example.com\t", false, "tab"],
  ["https://app.exa\nmple.com", false, "newline that URL would drop"],
  ["https://app.example.com\u0000", false, "NUL"],
  ["javascript:alert(1)", false, "javascript:"],
  ["javascript://app.example.com", false, "javascript: with an authority"],
  ["data:text/html,<script>alert(1)</script>", false, "data:"],
  ["file:///etc/passwd", false, "file:"],
  ["blob:https://app.example.com/uuid", false, "blob:"],
  ["null", false, "an opaque origin"],
  ["", false, "empty"],
  ["app.example.com", false, "no scheme"],
  ["wss://app.example.com", false, "not http(s)"],
  // Defaults
  ["http://localhost:3000", true, "localhost, any port"],
  ["https://localhost", true, "localhost, default port"],
  ["http://localhost", true, "localhost over http"],
  ["http://127.0.0.1:5173", true, "loopback IPv4, any port"],
  ["http://localhost.evil.com", false, "localhost as a label of another host"],
  ["http://evil.localhost", false, "a subdomain of localhost is not localhost"],
  ["http://127.0.0.1.nip.io", false, "loopback as a prefix"],
  ["http://[::1]:3000", false, "IPv6 loopback is not on the list"],
  ["https://my-app.vercel.app", true, "*.vercel.app"],
  ["https://vercel.app", false, "vercel.app itself"],
  ["http://my-app.vercel.app", false, "preview hosts are https only"],
  ["https://x.pages.dev", true, "*.pages.dev"],
  ["https://abc.ngrok-free.app", true, "*.ngrok-free.app"],
  ["https://secure-mobile.walletconnect.com", true, "secure mobile .com"],
  ["https://secure-mobile.walletconnect.org", true, "secure mobile .org"],
  ["https://evil.secure-mobile.walletconnect.com", false, "secure mobile is exact"],
  ["http://secure-mobile.walletconnect.org", false, "secure mobile is https"]
]

describe("isOriginAllowed: table", () => {
  for (const [origin, allowed, why] of table) {
    it(`${allowed ? "allows" : "refuses"} ${JSON.stringify(origin)}: ${why}`, () => {
      assert.strictEqual(isOriginAllowed(origin, LIST), allowed)
    })
  }

  it("an empty list allows every origin (the project set no restriction)", () => {
    for (const [origin] of table) assert.isTrue(isOriginAllowed(origin, []))
  })

  /** Each origin against a list of one entry: all allowed, or all refused. */
  const eachAllowed = (allowed: boolean, cases: ReadonlyArray<readonly [origin: string, entry: string]>) => {
    for (const [origin, entry] of cases)
      assert.strictEqual(isOriginAllowed(origin, [entry]), allowed, `${origin} against ${entry}`)
  }

  it("IDN hosts compare in their ASCII form; look-alikes do not match", () => {
    eachAllowed(true, [
      ["https://xn--bcher-kva.example", "https://bücher.example"],
      ["https://bücher.example", "https://xn--bcher-kva.example"],
      ["https://shop.bücher.example", "https://*.bücher.example"]
    ])
    // The second: Cyrillic "а" in place of Latin "a".
    eachAllowed(false, [
      ["https://bucher.example", "https://bücher.example"],
      ["https://ex\u0430mple.com", "https://example.com"]
    ])
  })

  it("entries: default ports, trailing slash, any-port wildcards", () => {
    eachAllowed(true, [
      ["https://example.com", "https://example.com:443"],
      ["https://example.com", "https://example.com/"],
      ["https://a.example.com:8443", "https://*.example.com:*"],
      ["https://example.com:8443", "https://example.com:*"]
    ])
    assert.isFalse(isOriginAllowed("http://a.example.com:8443", ["https://*.example.com:*"]))
  })

  it("malformed entries match nothing, and never widen the list", () => {
    const odd = [
      "*",
      "https://*",
      "https://*.",
      "*.example.com",
      "example.com",
      "https://foo*.example.com",
      "https://a.*.example.com",
      "https://*.*.example.com",
      "https://example.*",
      "https://*example.com",
      "https://example.com/path",
      "https://user@example.com",
      "https://*.example.com@evil.com",
      "https://*.example.com/x",
      "javascript:alert(1)",
      "https://*.1.2.3",
      " https://example.com",
      "https://example.com\t"
    ]
    for (const origin of [
      "https://example.com",
      "https://a.example.com",
      "https://evil.com",
      "https://x.1.2.3"
    ]) {
      assert.isFalse(isOriginAllowed(origin, odd), origin)
    }
    // The defaults still apply next to a list of nonsense.
    assert.isTrue(isOriginAllowed("http://localhost:3000", odd))
    const notStrings = [42, null, { origin: "https://example.com" }] as unknown as ReadonlyArray<string>
    assert.isFalse(isOriginAllowed("https://example.com", notStrings))
  })
})

// ---------------------------------------------------------------------------------------------------------
// Properties: a structural oracle over generated origins and patterns
// ---------------------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------------------
// The service: fetching the list through ProviderApi
// ---------------------------------------------------------------------------------------------------------

const configOf = (overrides: Record<string, unknown> = {}): ModalOptions =>
  Result.getOrThrow(decodeModalOptions({ projectId: "p1", networks: [mainnet], ...overrides }))

const fakeFetch = (respond: (n: number) => Response | Promise<Response>) => {
  const seen: Array<string> = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    seen.push(new Request(input, init).url)
    return Promise.resolve(respond(seen.length))
  }
  return { fetch, seen }
}

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status })

const guardLayer = (origin: string | undefined, config: ModalOptions = configOf()) =>
  Layer.effect(
    OriginGuard,
    makeOriginGuard(() => origin)
  ).pipe(Layer.provide(ProviderApiLive), Layer.provide(Layer.succeed(ModalConfig, config)))

const withGuard =
  (fetch: typeof globalThis.fetch, origin: string | undefined, config?: ModalOptions) =>
  <A, E>(effect: Effect.Effect<A, E, OriginGuard | Sleeps>) =>
    effect.pipe(
      Effect.provide(guardLayer(origin, config)),
      Effect.provide(Layer.merge(countedSleeps, preloadedParts)),
      Effect.provideService(HttpFetch, fetch)
    )

const advance = (millis: number) => TestClock.adjust(Duration.millis(millis))

const check = Effect.flatMap(OriginGuard, (guard) => guard.check)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("OriginGuard.check", () => {
  it.effect("passes an origin on the list, asks /projects/v1/origins once per session", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      yield* check
      yield* check
      assert.deepStrictEqual(seen, [
        "https://api.web3modal.org/projects/v1/origins?projectId=p1&st=airlock&sv=airlock-react-0.1.0"
      ])
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("refuses an origin off the list: 'Invalid App Configuration' (origin-not-allowed), kept", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "InvalidAppConfigurationError")
      if (error._tag === "InvalidAppConfigurationError") {
        assert.strictEqual(error.reason, "origin-not-allowed")
        assert.strictEqual(error.origin, "https://evil.example")
      }
      assert.strictEqual(present(error).message, "Invalid App Configuration")
      assert.strictEqual((yield* Effect.flip(check))._tag, "InvalidAppConfigurationError")
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://evil.example"))
  })

  it.effect("an empty list allows every origin; localhost passes any list", () => {
    const empty = fakeFetch(() => json({ allowedOrigins: [] }))
    const strict = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      yield* check.pipe(withGuard(empty.fetch, "https://anything.example"))
      yield* check.pipe(withGuard(strict.fetch, "http://localhost:5173"))
    })
  })

  it.effect("'Unauthorized: invalid key' is 'Invalid App Configuration' (invalid-project-id)", () => {
    const { fetch, seen } = fakeFetch(() => json({ message: "Unauthorized: invalid key" }, 401))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(
        error._tag === "InvalidAppConfigurationError" ? error.reason : error._tag,
        "invalid-project-id"
      )
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("a 403 blocks ('Invalid App Configuration') without retries", () => {
    const { fetch, seen } = fakeFetch(() => json({}, 403))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "InvalidAppConfigurationError")
      assert.strictEqual(seen.length, 1)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  for (const status of [429, 500, 503]) {
    it.effect(`a ${status} after 3 retries does not block the modal, and a later check asks again`, () => {
      const { fetch, seen } = fakeFetch((n) =>
        n <= 4 ? json({}, status) : json({ allowedOrigins: ["https://other.example"] })
      )
      return Effect.gen(function* () {
        // Each attempt runs under a time-out (a sleep), and each retry waits its delay (the next one).
        const fiber = yield* Effect.forkChild(check)
        yield* sleepsStarted(2)
        yield* advance(1000)
        yield* sleepsStarted(4)
        yield* advance(2000)
        yield* sleepsStarted(6)
        yield* advance(4000)
        yield* Fiber.join(fiber)
        assert.strictEqual(seen.length, 4)
        // The outage verdict was not kept: the next check fetches the list, which refuses this origin.
        const error = yield* Effect.flip(check)
        assert.strictEqual(error._tag, "InvalidAppConfigurationError")
        assert.strictEqual(seen.length, 5)
      }).pipe(withGuard(fetch, "https://app.example.com"))
    })
  }

  it.effect("a garbled list does not block", () => {
    const { fetch } = fakeFetch(() => new Response("<html>oops</html>"))
    return check.pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("a hanging origins endpoint lets the check pass after 10 s", () => {
    const { fetch } = fakeFetch(() => new Promise<Response>(() => {}))
    return Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(check)
      // The request's time-out is waiting.
      yield* sleepsStarted(1)
      yield* advance(9_999)
      assert.isUndefined(fiber.pollUnsafe())
      yield* advance(1)
      yield* Fiber.join(fiber)
    }).pipe(withGuard(fetch, "https://app.example.com"))
  })

  it.effect("without a page origin (no `location`) it allows, asking nobody", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: ["https://x.example"] }))
    return Effect.gen(function* () {
      yield* check
      assert.strictEqual(seen.length, 0)
    }).pipe(withGuard(fetch, undefined))
  })

  it.effect("a blank project id is 'Project ID Not Configured', asking nobody", () => {
    const { fetch, seen } = fakeFetch(() => json({ allowedOrigins: [] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(error._tag, "ProjectIdMissingError")
      assert.strictEqual(present(error).message, "Project ID Not Configured")
      assert.strictEqual(seen.length, 0)
    }).pipe(withGuard(fetch, "https://app.example.com", { ...configOf(), projectId: "  " }))
  })

  it.effect("OriginGuardLive reads location.origin", () => {
    vi.stubGlobal("location", { origin: "https://evil.example" })
    const { fetch } = fakeFetch(() => json({ allowedOrigins: ["https://app.example.com"] }))
    return Effect.gen(function* () {
      const error = yield* Effect.flip(check)
      assert.strictEqual(
        error._tag === "InvalidAppConfigurationError" ? error.origin : undefined,
        "https://evil.example"
      )
    }).pipe(
      Effect.provide(
        OriginGuardLive.pipe(
          Layer.provide(ProviderApiLive),
          Layer.provide(Layer.succeed(ModalConfig, configOf()))
        )
      ),
      Effect.provide(preloadedParts),
      Effect.provideService(HttpFetch, fetch)
    )
  })
})
