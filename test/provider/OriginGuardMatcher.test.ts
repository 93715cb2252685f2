// The matcher against a table
import { assert, describe, it } from "@effect/vitest"
import { isOriginAllowed } from "../../src/layers/provider/OriginGuard.lazy"
import { LIST } from "./originGuardList"

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
