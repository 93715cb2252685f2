import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { safeIconUrl, sanitizeName, sanitizeRdns, truncateAddress } from "../../src/schemas/ThirdPartyText"
import { ALICE } from "../kit/accounts"

/** THREATS.md T3: the image types an icon may carry. */
const ALLOWED_DATA_ICON = /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/

/** Undefined, or an icon `<img src>` may load without running anything (THREATS.md T3, R9). */
const isSafeIcon = (icon: string | undefined): boolean => {
  if (icon === undefined) return true
  let url: URL
  try {
    url = new URL(icon)
  } catch {
    return false
  }
  if (url.protocol === "https:") return true
  if (url.protocol === "http:") return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
  return url.protocol === "data:" && ALLOWED_DATA_ICON.test(icon)
}

const MB = "x".repeat(1024 * 1024)
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
const SVG_WITH_SCRIPT = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned=1</script></svg>')}`

describe("sanitizeName", () => {
  const cases: ReadonlyArray<readonly [string, unknown, string | undefined]> = [
    ["plain", "MetaMask", "MetaMask"],
    ["trims and collapses spaces", "  Rabby \t  Wallet  ", "Rabby Wallet"],
    ["keeps a quote breaker as text", '"><img src=x onerror=alert(1)>', '"><img src=x onerror=alert(1)>'],
    ["keeps a script tag as text", "<script>alert(1)</script>", "<script>alert(1)</script>"],
    ["drops the RTL override", "Safe\u202eWallet", "SafeWallet"],
    ["drops LRE/RLE/PDF/LRO", "a\u202ab\u202bc\u202cd\u202de", "abcde"],
    ["drops isolates", "a\u2066b\u2067c\u2068d\u2069e", "abcde"],
    ["drops zero-width characters", "Meta\u200bMa\u200csk\u200d\ufeff", "MetaMask"],
    ["drops the word joiner", "Meta\u2060Mask", "MetaMask"],
    ["drops NUL", "Meta\u0000Mask", "MetaMask"],
    ["drops C1 controls", "Meta\u0085\u009bMask", "MetaMask"],
    ["newlines become nothing, not a line break", "Meta\nMask\r\n", "MetaMask"],
    ["line and paragraph separators are dropped", "a\u2028b\u2029c", "abc"],
    ["nothing readable left", "\u202e\u200b\u0000 \t", undefined],
    ["empty", "", undefined],
    ["number", 42, undefined],
    ["null", null, undefined],
    ["undefined", undefined, undefined],
    ["object", { toString: () => "MetaMask" }, undefined],
    ["array", ["MetaMask"], undefined]
  ]
  for (const [label, input, expected] of cases) {
    it(label, () => assert.strictEqual(sanitizeName(input), expected))
  }

  it("caps a 1 MB name at 64 characters, ending with an ellipsis", () => {
    const name = sanitizeName(MB)
    assert.strictEqual(name?.length, 64)
    assert.isTrue(name?.endsWith("…"))
  })

  it("keeps a 64-character name whole", () => {
    const name = "n".repeat(64)
    assert.strictEqual(sanitizeName(name), name)
  })

  it("is idempotent and never leaves an invisible character (1000 runs)", () => {
    const nasty = fc.constantFrom(
      "\u202e",
      "\u202d",
      "\u200b",
      "\u200f",
      "\ufeff",
      "\u0000",
      "\u0007",
      "\u009b",
      "\n",
      "\t",
      " ",
      "\u00a0",
      "<",
      '"',
      "…"
    )
    const input = fc.oneof(
      fc.string({ maxLength: 100, unit: "grapheme" }),
      fc.string({ maxLength: 100, unit: "binary" }),
      fc
        .array(fc.oneof(nasty, fc.string({ maxLength: 4 })), { maxLength: 120 })
        .map((parts) => parts.join(""))
    )
    fc.assert(
      fc.property(input, (value) => {
        const name = sanitizeName(value)
        if (name === undefined) return
        assert.isAbove(name.length, 0)
        assert.isAtMost(name.length, 64)
        assert.notMatch(name, INVISIBLE)
        assert.strictEqual(name, name.trim())
        assert.notMatch(name, /\s\s/)
        assert.strictEqual(sanitizeName(name), name)
      }),
      { numRuns: 1000 }
    )
  })
})

describe("safeIconUrl", () => {
  const cases: ReadonlyArray<readonly [string, unknown, string | undefined]> = [
    ["a png data URI", PNG, PNG],
    ["an svg data URI (rendered through <img>, so its scripts never run)", SVG_WITH_SCRIPT, SVG_WITH_SCRIPT],
    ["jpeg, webp and gif", "data:image/jpeg;base64,AAAA", "data:image/jpeg;base64,AAAA"],
    ["webp", "data:image/webp;base64,AAAA", "data:image/webp;base64,AAAA"],
    ["gif", "data:image/gif;base64,R0lG", "data:image/gif;base64,R0lG"],
    ["upper-case data type", "DATA:IMAGE/PNG;base64,AAAA", "DATA:IMAGE/PNG;base64,AAAA"],
    ["an https URL, normalised", "https://wallet.example/icon.png", "https://wallet.example/icon.png"],
    ["an https origin gets its slash", "HTTPS://Wallet.Example", "https://wallet.example/"],
    ["http is refused", "http://wallet.example/icon.png", undefined],
    [
      "http from the visitor's own machine is allowed",
      "http://127.0.0.1:4000/icon.svg",
      "http://127.0.0.1:4000/icon.svg"
    ],
    ["http that only looks local is refused", "http://127.0.0.1.evil.example/icon.svg", undefined],
    ["http with credentials is refused", "http://user:pw@localhost/icon.svg", undefined],
    ["javascript: is refused", "javascript:alert(1)", undefined],
    ["mixed-case javascript: is refused", "JaVaScRiPt:alert(document.domain)", undefined],
    ["javascript: behind a tab is refused", "java\tscript:alert(1)", undefined],
    ["javascript: behind a leading NUL is refused", "\u0000javascript:alert(1)", undefined],
    ["leading space is refused", " https://wallet.example/icon.png", undefined],
    ["a newline inside is refused", "https://wallet.example/\nicon.png", undefined],
    ["an RTL override inside is refused", "https://wallet.example/\u202egnp.exe", undefined],
    ["a zero-width space inside is refused", "https://wallet\u200b.example/icon.png", undefined],
    ["data:text/html is refused", "data:text/html,<script>alert(1)</script>", undefined],
    [
      "data:text/html;base64 is refused",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      undefined
    ],
    ["data:image/svg without +xml is refused", "data:image/svg,<svg/onload=alert(1)>", undefined],
    ["data:image/x-icon is refused", "data:image/x-icon;base64,AAAA", undefined],
    ["data:application/javascript is refused", "data:application/javascript,alert(1)", undefined],
    [
      "data:image/png with a quote breaker in the type is refused",
      'data:image/png"onerror="alert(1),AAAA',
      undefined
    ],
    ["a quote breaker as the whole value is refused", '"><img src=x onerror=alert(1)>', undefined],
    ["onerror= as the whole value is refused", "x onerror=alert(1)", undefined],
    ["vbscript: is refused", "vbscript:msgbox(1)", undefined],
    ["blob: is refused", "blob:https://wallet.example/1234", undefined],
    ["file: is refused", "file:///etc/passwd", undefined],
    ["a relative path is refused", "/icon.png", undefined],
    ["a protocol-relative URL is refused", "//evil.example/icon.png", undefined],
    ["empty is refused", "", undefined],
    ["a number is refused", 1, undefined],
    ["null is refused", null, undefined],
    ["an object is refused", { href: "https://wallet.example" }, undefined],
    ["a 1 MB https URL is refused", `https://wallet.example/${MB}`, undefined],
    ["a 1 MB data URI is refused", `data:image/png;base64,${MB}`, undefined]
  ]
  for (const [label, input, expected] of cases) {
    it(label, () => assert.strictEqual(safeIconUrl(input), expected))
  }

  it("keeps a quote inside an allowed data URI as data: it only ever goes into <img src>", () => {
    const icon = 'data:image/svg+xml,<svg onload="alert(1)"></svg>'
    assert.strictEqual(safeIconUrl(icon), icon)
    assert.isTrue(isSafeIcon(safeIconUrl(icon)))
  })

  it("only ever answers undefined, https: or an allowed image data URI (1000 runs)", () => {
    const prefix = fc.constantFrom(
      "",
      "https://",
      "HTTPS://",
      "http://",
      "javascript:",
      "JavaScript:",
      "java\tscript:",
      "\u0000javascript:",
      " javascript:",
      "data:",
      "data:image/",
      "data:image/png,",
      "data:image/png;base64,",
      "data:image/svg+xml,",
      "data:image/svg+xml;charset=utf-8,",
      "data:image/svg+xml;base64,",
      "data:image/jpeg;",
      "data:text/html,",
      "data:text/html;base64,",
      "data:application/xhtml+xml,",
      "vbscript:",
      "blob:",
      "file:",
      "//",
      "\u202e",
      "https:\\\\"
    )
    const body = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ maxLength: 80, unit: "binary" }),
      fc.constantFrom(
        '"><img src=x onerror=alert(1)>',
        "<script>alert(1)</script>",
        "' onerror='alert(1)",
        "%0ajavascript:alert(1)",
        "evil.example/icon.png",
        "<svg onload=alert(1)>",
        "\u0000",
        "\u202e"
      )
    )
    const input = fc.oneof(
      fc.tuple(prefix, body).map(([p, b]) => p + b),
      fc.webUrl({ withFragments: true, withQueryParameters: true }),
      fc.anything()
    )
    fc.assert(
      fc.property(input, (value) => {
        const icon = safeIconUrl(value)
        assert.isTrue(isSafeIcon(icon), `unsafe icon let through: ${String(icon)}`)
        if (icon !== undefined) {
          assert.notMatch(icon, INVISIBLE)
          assert.isAtMost(icon.length, 128 * 1024)
        }
      }),
      { numRuns: 1000 }
    )
  })
})

describe("sanitizeRdns", () => {
  const cases: ReadonlyArray<readonly [string, unknown, string | undefined]> = [
    ["plain", "io.metamask", "io.metamask"],
    ["lower-cased and trimmed", "  IO.MetaMask ", "io.metamask"],
    ["three labels with a hyphen", "com.coinbase-wallet.app", "com.coinbase-wallet.app"],
    ["a single label is refused", "metamask", undefined],
    ["a trailing dot is refused", "io.metamask.", undefined],
    ["an empty label is refused", "io..metamask", undefined],
    ["markup is refused", 'io.metamask"><script>', undefined],
    ["an onerror payload is refused", "io.metamask onerror=alert(1)", undefined],
    ["a javascript: URL is refused", "javascript:alert(1)", undefined],
    ["an RTL override is refused", "io.\u202eksamatem", undefined],
    ["a zero-width space is refused", "io.meta\u200bmask", undefined],
    ["NUL is refused", "io.metamask\u0000", undefined],
    ["a homoglyph (Cyrillic a) is refused", "io.met\u0430mask", undefined],
    ["a slash is refused", "io.metamask/evil", undefined],
    ["empty", "", undefined],
    ["a number", 1, undefined],
    ["null", null, undefined],
    ["an object", { rdns: "io.metamask" }, undefined],
    ["longer than 253 characters", `io.${"a".repeat(251)}`, undefined],
    ["1 MB", `io.${MB}`, undefined]
  ]
  for (const [label, input, expected] of cases) {
    it(label, () => assert.strictEqual(sanitizeRdns(input), expected))
  }

  it("answers only lower-case dotted labels (1000 runs)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.domain(), fc.anything()), (value) => {
        const rdns = sanitizeRdns(value)
        if (rdns !== undefined) assert.match(rdns, /^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
      }),
      { numRuns: 1000 }
    )
  })
})

describe("truncateAddress", () => {
  it("keeps the first 4 and last 6 characters", () => {
    assert.strictEqual(truncateAddress(ALICE), "0xf3…b92266")
  })

  it("leaves a short string alone", () => {
    assert.strictEqual(truncateAddress("0x1234"), "0x1234")
    assert.strictEqual(truncateAddress("0x1234567890"), "0x1234567890")
  })

  it("gives 4 + ellipsis + 6 for any longer string (1000 runs)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 13, maxLength: 100 }), (address) => {
        const short = truncateAddress(address)
        assert.strictEqual(short, `${address.slice(0, 4)}…${address.slice(-6)}`)
        assert.strictEqual(short.length, 11)
      }),
      { numRuns: 1000 }
    )
  })
})
