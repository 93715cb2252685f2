// @vitest-environment happy-dom
import * as Option from "effect/Option"
import { afterEach, describe, expect, it } from "vitest"
import {
  guardVerifyMessages,
  isForgedAttestation,
  unverifiedDomains,
  unverifiedOrigin
} from "../../src/layers/walletconnect/verifyGuard"

const attestation = JSON.stringify({
  type: "verify_attestation",
  attestation: "eyJhbGciOiJFUzI1NiJ9.e30.sig"
})

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** What a listener added after the guard (as the SDK's is) receives, for messages from `origin`. */
const reaching = (messages: ReadonlyArray<{ data: unknown; origin: string }>) => {
  cleanups.push(guardVerifyMessages(window))
  const seen: Array<unknown> = []
  const listener = (event: MessageEvent) => seen.push(event.data)
  window.addEventListener("message", listener)
  cleanups.push(() => window.removeEventListener("message", listener))
  for (const { data, origin } of messages) window.dispatchEvent(new MessageEvent("message", { data, origin }))
  return seen
}

describe("the WalletConnect Verify guard (THREATS.md R11)", () => {
  it("stops an attestation from this window or another origin before the SDK's listener", () => {
    expect(
      reaching([
        { data: attestation, origin: window.location.origin },
        { data: attestation, origin: "https://evil.example" },
        { data: attestation, origin: "https://verify.walletconnect.org.evil.example" },
        { data: attestation, origin: "" }
      ])
    ).toEqual([])
  })

  it("lets Verify's own attestations and every other message through", () => {
    const other = JSON.stringify({ type: "something_else" })
    expect(
      reaching([
        { data: attestation, origin: "https://verify.walletconnect.org" },
        { data: attestation, origin: "https://verify.walletconnect.com" },
        { data: other, origin: "https://evil.example" },
        { data: { type: "verify_attestation" }, origin: "https://evil.example" }
      ])
    ).toEqual([attestation, attestation, other, { type: "verify_attestation" }])
  })

  it("judges only well-formed attestation strings", () => {
    expect(isForgedAttestation("verify_attestation", "https://evil.example")).toBe(false)
    expect(isForgedAttestation("{not json verify_attestation", "https://evil.example")).toBe(false)
    expect(isForgedAttestation(attestation, "https://evil.example")).toBe(true)
  })
})

/** An attestation message whose JWT claims `claims` of the page (header and signature are not read). */
const attestationClaiming = (claims: object) => {
  const payload = btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
  return JSON.stringify({ type: "verify_attestation", attestation: `eyJhbGciOiJFUzI1NiJ9.${payload}.sig` })
}

describe("WalletConnect Verify's verdict on the page's domain (SPEC.md §8 'domain unverified')", () => {
  const page = "https://dapp.example"
  const verify = "https://verify.walletconnect.org"
  const unverified = attestationClaiming({ id: "1", origin: page, isVerified: false, isScam: false })

  it("reads 'unverified' only from a genuine attestation about this page", () => {
    expect(unverifiedOrigin(unverified, verify, page)).toEqual(Option.some(page))
    expect(unverifiedOrigin(unverified, "https://verify.walletconnect.com", page)).toEqual(Option.some(page))
    // Forged (another origin), about another page, verified, or not an attestation at all: nothing.
    expect(unverifiedOrigin(unverified, "https://evil.example", page)).toEqual(Option.none())
    expect(unverifiedOrigin(unverified, verify, "https://other.example")).toEqual(Option.none())
    const verified = attestationClaiming({ origin: page, isVerified: true })
    expect(unverifiedOrigin(verified, verify, page)).toEqual(Option.none())
    const none = JSON.stringify({ type: "verify_attestation", attestation: null })
    expect(unverifiedOrigin(none, verify, page)).toEqual(Option.none())
    for (const junk of ["eyJ.%%%.x", "a.b.c", "", "nodots"]) {
      const message = JSON.stringify({ type: "verify_attestation", attestation: junk })
      expect(unverifiedOrigin(message, verify, page)).toEqual(Option.none())
    }
    expect(unverifiedOrigin(attestationClaiming({ origin: page }), verify, page)).toEqual(Option.none())
  })

  it("tells the page's listener once, for a Verify origin's message only", () => {
    const seen: Array<string> = []
    cleanups.push(unverifiedDomains(window)((origin) => seen.push(origin)))
    const about = (isVerified: boolean) => attestationClaiming({ origin: window.location.origin, isVerified })
    const post = (data: string, origin: string) =>
      window.dispatchEvent(new MessageEvent("message", { data, origin }))
    post(about(false), "https://evil.example")
    post(about(true), verify)
    expect(seen).toEqual([])
    post(about(false), verify)
    post(about(false), verify)
    expect(seen).toEqual([window.location.origin])
  })
})
