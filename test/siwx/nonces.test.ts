import { describe, expect, it } from "vitest"
import { MAX_OUTSTANDING_NONCES, makeNonceStore, NONCE_TTL_MS } from "../../src/siwx/nonces"
import { verifySignIn } from "../../src/siwx/verifySignIn"
import { expectNonMessagesRefused } from "./verifierChecks"

describe("sign-in nonces", () => {
  it("are 32 hex characters, different each time, each accepted once", () => {
    const nonces = makeNonceStore()
    const [a, b] = [nonces.issue(0)!, nonces.issue(0)!]
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(b)
    expect(nonces.consume(a, 1)).toBe(true)
    expect(nonces.consume(a, 1)).toBe(false)
    expect(nonces.consume(b, 1)).toBe(true)
  })

  it("expire after ten minutes, and one never issued is refused", () => {
    const nonces = makeNonceStore()
    const early = nonces.issue(0)!
    const late = nonces.issue(0)!
    expect(nonces.consume(early, NONCE_TTL_MS)).toBe(true)
    expect(nonces.consume(late, NONCE_TTL_MS + 1)).toBe(false)
    expect(nonces.consume("0123456789abcdef0123456789abcdef", 0)).toBe(false)
  })

  it("refuse new ones while full rather than forget one under way (a flood cannot void a sign-in)", () => {
    const nonces = makeNonceStore()
    const visitor = nonces.issue(0)
    for (let i = 1; i < MAX_OUTSTANDING_NONCES; i++) nonces.issue(1)
    expect(nonces.issue(2)).toBeUndefined()
    expect(nonces.consume(visitor!, 3)).toBe(true)
    expect(nonces.issue(4)).toMatch(/^[0-9a-f]{32}$/)
    // Once the flood's nonces expire, new sign-ins are issued again.
    expect(nonces.issue(NONCE_TTL_MS + 2)).toMatch(/^[0-9a-f]{32}$/)
  })
})

describe("verifySignIn", () => {
  it("refuses what is not a sign-in message before using any nonce", async () => {
    const nonces = makeNonceStore()
    const party = { domain: "dapp.example", chainId: 1, nonces, now: 0 }
    await expectNonMessagesRefused((attempt) => verifySignIn(attempt, party), "0x")
  })
})
