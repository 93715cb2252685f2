// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest"
import { guardVerifyMessages, isForgedAttestation } from "../../src/layers/walletconnect/verifyGuard"

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
