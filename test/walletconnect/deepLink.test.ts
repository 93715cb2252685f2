/**
 * THREATS.md T4, R10: the deep-link builder emits only `https:` or a scheme the wallet registered, never
 * `javascript:`/`data:`/`blob:`/`file:`/`intent:`…, whatever control characters, case, percent-encoding or
 * `//` tricks the input carries. The oracle is the WHATWG URL parser, with a blocklist written here
 * independently of the module's.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  BLOCKED_SCHEMES,
  isAllowedCustomScheme,
  registeredSchemesOf,
  safeHttpsUrl,
  safeWalletLink,
  walletLink
} from "../../src/layers/walletconnect/deepLink"
import { sessionFromWire } from "../../src/layers/walletconnect/walletConnectSession"

const WC_URI =
  "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303"
const ENCODED = encodeURIComponent(WC_URI)

/** Never to be emitted, whatever is registered (test-side list, not the module's). */
const NEVER = [
  "javascript:",
  "data:",
  "vbscript:",
  "blob:",
  "file:",
  "about:",
  "filesystem:",
  "view-source:",
  "chrome:",
  "chrome-extension:",
  "intent:",
  "ws:",
  "wss:",
  "http:",
  "ftp:"
]
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

describe("walletLink", () => {
  const native = { registeredSchemes: ["metamask", "trust", "okex", "rainbow"] }

  it.each([
    ["metamask://", native, `metamask://wc?uri=${ENCODED}`],
    ["metamask:", native, `metamask://wc?uri=${ENCODED}`],
    ["MetaMask://", native, `metamask://wc?uri=${ENCODED}`],
    ["  trust://  ", native, `trust://wc?uri=${ENCODED}`],
    ["okex://main", native, `okex://main/wc?uri=${ENCODED}`],
    ["rainbow://open?ref=x#frag", native, `rainbow://open/wc?uri=${ENCODED}`],
    ["https://metamask.app.link", {}, `https://metamask.app.link/wc?uri=${ENCODED}`],
    ["https://link.trustwallet.com/", {}, `https://link.trustwallet.com/wc?uri=${ENCODED}`],
    ["https://wallet.example/app?x=1#y", {}, `https://wallet.example/app/wc?uri=${ENCODED}`],
    ["HTTPS://Wallet.Example", {}, `https://wallet.example/wc?uri=${ENCODED}`]
  ] as const)("builds %j", (link, options, expected) => {
    const built = walletLink(link, WC_URI, options)
    expect(built).toBe(expected)
    expect(new URL(built ?? "").searchParams.get("uri")).toBe(WC_URI)
  })

  it.each([
    ["an unregistered scheme", "metamask://", {}],
    ["a scheme registered in another case", "metamask://", { registeredSchemes: ["MetaMask"] }],
    ["javascript, even registered", "javascript:alert(1)", { registeredSchemes: ["javascript"] }],
    ["javascript in mixed case", "JaVaScRiPt:alert(1)", { registeredSchemes: ["javascript"] }],
    [
      "javascript behind a NUL (ocean#1536)",
      "\u0000javascript:alert(1)",
      { registeredSchemes: ["javascript"] }
    ],
    ["javascript behind spaces", "   javascript:alert(1)", { registeredSchemes: ["javascript"] }],
    ["java<TAB>script", "java\tscript:alert(1)", { registeredSchemes: ["javascript"] }],
    ["java<LF>script", "java\nscript:alert(1)", { registeredSchemes: ["javascript"] }],
    ["a percent-encoded colon", "javascript%3Aalert(1)", { registeredSchemes: ["javascript"] }],
    ["a percent-encoded scheme", "%6Aavascript:alert(1)", {}],
    ["data:", "data:text/html,<script>alert(1)</script>", { registeredSchemes: ["data"] }],
    ["vbscript:", "vbscript:msgbox(1)", { registeredSchemes: ["vbscript"] }],
    ["blob:", "blob:https://evil.example/uuid", { registeredSchemes: ["blob"] }],
    ["file:", "file:///etc/passwd", { registeredSchemes: ["file"] }],
    ["about:", "about:blank", { registeredSchemes: ["about"] }],
    ["filesystem:", "filesystem:https://evil.example/x", { registeredSchemes: ["filesystem"] }],
    ["view-source:", "view-source:https://evil.example", { registeredSchemes: ["view-source"] }],
    ["chrome-extension:", "chrome-extension://abc/popup.html", { registeredSchemes: ["chrome-extension"] }],
    ["intent:", "intent://scan/#Intent;scheme=zxing;end", { registeredSchemes: ["intent"] }],
    ["http:", "http://wallet.example", { registeredSchemes: ["http"] }],
    ["wss:", "wss://relay.example", { registeredSchemes: ["wss"] }],
    ["ftp:", "ftp://files.example", { registeredSchemes: ["ftp"] }],
    ["a protocol-relative link", "//evil.example/wc", {}],
    ["credentials", "https://wallet.example@evil.example", {}],
    ["user and password", "https://user:pass@wallet.example", {}],
    ["a newline inside", "https://wallet.\nexample", {}],
    ["a tab inside", "https://wallet.example/\tpath", {}],
    ["a direction override", "https://wallet.example/\u202efdp.exe", {}],
    ["a zero-width space", "https://wallet\u200b.example", {}],
    ["an opaque custom path", "metamask:alert(1)", native],
    ["an empty string", "", {}],
    ["blanks only", "   ", {}],
    ["undefined", undefined, {}],
    ["a huge link", `https://wallet.example/${"a".repeat(5000)}`, {}]
  ] as const)("refuses %s", (_, link, options) => {
    expect(walletLink(link, WC_URI, options)).toBeUndefined()
  })

  it("refuses a WalletConnect URI that cannot be encoded (a lone surrogate)", () => {
    expect(walletLink("https://wallet.example", "wc:\ud800", {})).toBeUndefined()
  })

  it("encodes the WalletConnect URI as one query parameter", () => {
    const hostile = "wc:x@2?a=1&uri=javascript:alert(1)#frag /wc?uri=evil"
    const built = walletLink("https://wallet.example", hostile, {}) ?? ""
    const url = new URL(built)
    expect(url.protocol).toBe("https:")
    expect([...url.searchParams.keys()]).toEqual(["uri"])
    expect(url.searchParams.get("uri")).toBe(hostile)
    expect(url.hash).toBe("")
  })
})

describe("registeredSchemesOf and safeWalletLink", () => {
  it("registers only well-formed, non-blocked custom schemes of the wallet's own links", () => {
    expect(
      registeredSchemesOf(
        "metamask://",
        "https://metamask.app.link",
        "javascript:alert(1)",
        "\u0000trust://",
        "Rainbow://",
        undefined,
        42
      )
    ).toEqual(["metamask", "rainbow"])
  })

  it("normalises a link to the base walletLink builds on", () => {
    expect(safeWalletLink("metamask:", { registeredSchemes: ["metamask"] })).toBe("metamask://")
    expect(safeWalletLink("https://x.example/a?b#c")).toBe("https://x.example/a/")
    expect(safeWalletLink("javascript:alert(1)", { registeredSchemes: ["javascript"] })).toBeUndefined()
    const base = safeWalletLink("okex://main", { registeredSchemes: ["okex"] })
    expect(walletLink(base, WC_URI, { registeredSchemes: ["okex"] })).toBe(
      walletLink("okex://main", WC_URI, { registeredSchemes: ["okex"] })
    )
  })

  it("refuses OS and application handlers even when the listing registers them (deny by default)", () => {
    const handlers = [
      "ms-msdt",
      "search-ms",
      "vscode",
      "itms-services",
      "ms-settings",
      "ms-officecmd",
      "x-apple-reminderkit",
      "shortcuts",
      "zoommtg",
      "msteams",
      "steam",
      "tel",
      "webcal",
      "magnet",
      "jnlp",
      "microsoft-edge"
    ]
    for (const scheme of handlers) {
      expect(isAllowedCustomScheme(scheme), scheme).toBe(false)
      const link = `${scheme}://open?x=1`
      expect(safeWalletLink(link, { registeredSchemes: [scheme] }), scheme).toBeUndefined()
      expect(walletLink(link, WC_URI, { registeredSchemes: [scheme] }), scheme).toBeUndefined()
    }
    for (const wallet of ["metamask", "trust", "rainbow", "zerion", "phantom", "okex", "cbwallet", "safe"])
      expect(isAllowedCustomScheme(wallet), wallet).toBe(true)
  })

  it("blocks what THREATS.md T4 names", () => {
    for (const scheme of NEVER) expect(isAllowedCustomScheme(scheme.slice(0, -1))).toBe(false)
    expect(isAllowedCustomScheme("https")).toBe(false)
    expect(isAllowedCustomScheme("metamask")).toBe(true)
    expect(isAllowedCustomScheme("Metamask")).toBe(false)
    expect(isAllowedCustomScheme("1inch")).toBe(false)
    expect(BLOCKED_SCHEMES.has("javascript")).toBe(true)
  })
})

describe("safeHttpsUrl", () => {
  it.each([
    ["https://metamask.io", "https://metamask.io/"],
    ["  https://apps.apple.com/app/id1288339409  ", "https://apps.apple.com/app/id1288339409"],
    [
      "https://play.google.com/store/apps/details?id=io.metamask",
      "https://play.google.com/store/apps/details?id=io.metamask"
    ]
  ])("keeps %j", (input, expected) => expect(safeHttpsUrl(input)).toBe(expected))

  it.each([
    "http://metamask.io",
    "javascript:alert(1)",
    "\u0000https://metamask.io",
    "https://meta\tmask.io",
    "//metamask.io",
    "metamask.io",
    "https://a@evil.example",
    "data:text/html,x",
    "",
    null,
    undefined,
    42
  ])("refuses %j", (input) => expect(safeHttpsUrl(input)).toBeUndefined())
})

// -------------------------------------------------------------------------------------------------------
// Property: 10 000 generated inputs (R10)
// -------------------------------------------------------------------------------------------------------

const schemeWords = fc.constantFrom(
  "javascript",
  "JavaScript",
  "JAVASCRIPT",
  "jAvAsCrIpT",
  "java\tscript",
  "java\nscript",
  "java\rscript",
  "java\u0000script",
  "jav&#x09;ascript",
  "%6Aavascript",
  "javascript%3A",
  "\u0130avascript",
  "ｊavascript",
  "data",
  "DATA",
  "vbscript",
  "blob",
  "file",
  "about",
  "filesystem",
  "view-source",
  "chrome",
  "chrome-extension",
  "intent",
  "ws",
  "wss",
  "http",
  "HTTP",
  "ftp",
  "https",
  "HTTPS",
  "hTtPs",
  "metamask",
  "MetaMask",
  "trust",
  "okex",
  "1inch",
  "x-y.z+w",
  ""
)
const separators = fc.constantFrom(
  ":",
  "://",
  ":/",
  ":\\\\",
  ":////",
  "%3A",
  "&colon;",
  "\t:",
  " :",
  ":\t//",
  ""
)
const prefixes = fc.constantFrom(
  "",
  "",
  " ",
  "   ",
  "\u0000",
  "\t",
  "\n",
  "\r\n",
  "\u000b",
  "\u00a0",
  "\ufeff",
  "\u202e",
  "\u200b",
  "//",
  "\\\\",
  "%20",
  "\u3000",
  "\u0085"
)
const bodies = fc.oneof(
  fc.constantFrom(
    "alert(1)",
    "alert(document.domain)//",
    "//evil.example/%0aalert(1)",
    "wallet.example@evil.example",
    "user:pass@wallet.example/",
    "%0d%0aalert(1)",
    "wallet.example/wc?uri=x#javascript:alert(1)",
    "text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "//%2F%2Fevil.example",
    "/\\evil.example",
    "main",
    "metamask.app.link",
    "𝒿avascript:alert(1)",
    "wallet.example/\u202eexe.fdp",
    "[::1]/x",
    "xn--80ak6aa92e.com"
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: "binary" }),
  fc.string({ maxLength: 10, unit: "grapheme" }),
  fc.webPath()
)
const suffixes = fc.constantFrom("", "", " ", "\t", "\n", "\u0000", "/", "?x=1", "#y", "%00")

const mixCase = (text: string, seed: number) =>
  Array.from(text)
    .map((c, i) => ((seed >> (i % 30)) & 1 ? c.toUpperCase() : c.toLowerCase()))
    .join("")

const composed = fc.tuple(prefixes, schemeWords, separators, bodies, suffixes).map((parts) => parts.join(""))

const linkInputs = fc.oneof(
  { weight: 4, arbitrary: composed },
  { weight: 2, arbitrary: fc.tuple(composed, fc.integer()).map(([text, seed]) => mixCase(text, seed)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30, unit: "binary" }) },
  { weight: 2, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  {
    weight: 1,
    arbitrary: fc.tuple(prefixes, fc.webUrl(), suffixes).map((parts) => parts.join(""))
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "metamask",
          "trust",
          "okex",
          "x-y.z+w",
          "MetaMask",
          "ms-msdt",
          "search-ms",
          "vscode",
          "itms-services"
        ),
        fc.constantFrom("://", ":", ":/", "://main/"),
        fc.oneof(fc.webPath(), fc.string({ maxLength: 10 }))
      )
      .map((parts) => parts.join(""))
  }
)

const registrations = fc.oneof(
  fc.constant<ReadonlyArray<string> | undefined>(undefined),
  fc.array(
    fc.constantFrom(
      "metamask",
      "trust",
      "okex",
      "x-y.z+w",
      "javascript",
      "JavaScript",
      "data",
      "intent",
      "http",
      "https",
      "wss",
      "blob",
      "file",
      "java\tscript",
      "ms-msdt",
      "search-ms",
      "vscode",
      "itms-services",
      ""
    ),
    { maxLength: 5 }
  )
)

const wcUris = fc.oneof(
  fc.constant(WC_URI),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 20, unit: "binary" })
)

/**
 * OS and application handler schemes, written here apart from src/layers/walletconnect/handlerSchemes.ts so that the
 * property does not check the builder against itself: Windows, Apple, shell, editors, calls and mail.
 */
const OS_OR_APP_HANDLER =
  /^(ms-|microsoft-|search|shell$|hcp$|itms|x-apple|vscode|mailto$|tel$|sms$|facetime|skype$|msteams$|slack$|steam$|zoommtg$|webcal|magnet$|jnlp|ssh$|smb$|ftp)/

/** The schemes a call may emit: https, and registered ones that are well-formed, not on NEVER, no handler. */
const allowedProtocols = (registered: ReadonlyArray<string> | undefined) =>
  new Set([
    "https:",
    ...(registered ?? [])
      .filter((s) => /^[a-z][a-z0-9+.-]*$/.test(s) && !OS_OR_APP_HANDLER.test(s))
      .map((s) => `${s}:`)
      .filter((p) => !NEVER.includes(p))
  ])

describe("deep links for 10 000 generated inputs (R10)", () => {
  it("walletLink returns undefined or a URL whose parsed protocol is allowed", () => {
    let emitted = 0
    let native = 0
    fc.assert(
      fc.property(
        linkInputs,
        registrations,
        fc.boolean(),
        wcUris,
        (link, registered, selfRegister, wcUri) => {
          // Half the time the wallet registers the schemes of the very link under test (a hostile listing).
          const registeredSchemes = selfRegister
            ? [...(registered ?? []), ...registeredSchemesOf(link)]
            : registered
          const out = walletLink(link, wcUri, { registeredSchemes })
          if (out === undefined) return
          emitted++
          expect(CONTROL.test(out)).toBe(false)
          const url = new URL(out)
          expect(allowedProtocols(registeredSchemes).has(url.protocol)).toBe(true)
          expect(NEVER).not.toContain(url.protocol)
          expect(url.username + url.password).toBe("")
          if (url.protocol !== "https:") native++
          expect(out.endsWith(`wc?uri=${encodeURIComponent(wcUri)}`)).toBe(true)
          expect(url.searchParams.get("uri")).toBe(wcUri)
        }
      ),
      { numRuns: 10_000, seed: 20_260_410 }
    )
    // The property is not vacuous: plenty of https and native links came out.
    expect(emitted).toBeGreaterThan(1000)
    expect(native).toBeGreaterThan(50)
  })

  it("safeHttpsUrl and safeWalletLink return undefined or an allowed URL", () => {
    let https = 0
    fc.assert(
      fc.property(linkInputs, registrations, (link, registeredSchemes) => {
        const page = safeHttpsUrl(link)
        if (page !== undefined) {
          https++
          expect(CONTROL.test(page)).toBe(false)
          expect(new URL(page).protocol).toBe("https:")
        }
        const base = safeWalletLink(link, { registeredSchemes })
        if (base !== undefined) {
          expect(CONTROL.test(base)).toBe(false)
          expect(allowedProtocols(registeredSchemes).has(new URL(base).protocol)).toBe(true)
        }
      }),
      { numRuns: 10_000, seed: 6963 }
    )
    expect(https).toBeGreaterThan(500)
  })
})

describe("a WalletConnect peer's redirect links for 10 000 generated inputs (THREATS.md T4)", () => {
  it("sessionFromWire keeps https or the native link's own well-formed scheme, never a blocked one", () => {
    let kept = 0
    fc.assert(
      fc.property(linkInputs, linkInputs, (native, universal) => {
        const { peer } = sessionFromWire({
          topic: "a".repeat(64),
          namespaces: {},
          peer: { metadata: { name: "Wallet", redirect: { native, universal } } }
        })
        if (peer.redirect === undefined) return
        kept++
        expect(CONTROL.test(peer.redirect)).toBe(false)
        const url = new URL(peer.redirect)
        expect(NEVER).not.toContain(url.protocol)
        expect(url.protocol === "https:" || isAllowedCustomScheme(url.protocol.slice(0, -1))).toBe(true)
        expect(url.username + url.password).toBe("")
      }),
      { numRuns: 10_000, seed: 2_025 }
    )
    expect(kept).toBeGreaterThan(1000)
  })
})
