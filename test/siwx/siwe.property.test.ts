/**
 * THREATS.md T9 and R15: a sign-in message signed by a real key, then exactly one field mutated (domain,
 * uri, scheme, chain, nonce reused, address case, expired, not yet valid, issued in the future, lifetime,
 * no expiration, a line added after signing, another signer): every mutation is refused, and every
 * well-formed message the verifier's own builder made is accepted, at the clock-skew boundaries too.
 */
import fc from "fast-check"
import { bytesToHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { makeNonceStore } from "../../src/siwx/nonces"
import {
  CLOCK_SKEW_MS,
  createSignInMessage,
  MAX_LIFETIME_MS,
  type SiweMessageInput
} from "../../src/siwx/siweMessage"
import { verifySignIn } from "../../src/siwx/verifySignIn"

const RUNS = 1000
const NOW = Date.parse("2026-11-24T12:00:00.000Z")

const hostArb = fc.constantFrom("dapp.example", "app.example.org:8443", "127.0.0.1:5173", "localhost:3000")
const keyArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => bytes.some((byte) => byte !== 0) && bytes[0]! < 0xf0)
  .map((bytes) => bytesToHex(bytes))

/** A well-formed sign-in, valid at NOW: issued up to 10 min before, expiring 1 s to 15 min after issue. */
const signInArb = fc.record({
  host: hostArb,
  key: keyArb,
  otherKey: keyArb,
  chainId: fc.integer({ min: 1, max: 2 ** 31 }),
  issuedAgo: fc.integer({ min: 0, max: 10 * 60 * 1000 }),
  lifetime: fc.integer({ min: 1000, max: MAX_LIFETIME_MS }),
  notBeforeAgo: fc.option(fc.integer({ min: 0, max: 60 * 60 * 1000 }), { nil: undefined }),
  statement: fc.option(fc.constantFrom("Sign in to the dapp", "Welcome back", "I accept the terms"), {
    nil: undefined
  })
})
type SignIn = typeof signInArb extends fc.Arbitrary<infer A> ? A : never

const schemeOf = (host: string) => (/^(127\.0\.0\.1|localhost)(:|$)/.test(host) ? "http" : "https")

const inputOf = (signIn: SignIn, nonce: string): SiweMessageInput => {
  const issuedAt = new Date(NOW - signIn.issuedAgo)
  const expirationTime = new Date(issuedAt.getTime() + signIn.lifetime)
  return {
    domain: signIn.host,
    uri: `${schemeOf(signIn.host)}://${signIn.host}/`,
    address: privateKeyToAccount(signIn.key).address,
    chainId: signIn.chainId,
    nonce,
    issuedAt,
    // Valid at NOW: never past its expiration (plus skew).
    expirationTime:
      expirationTime.getTime() + CLOCK_SKEW_MS < NOW ? new Date(NOW - CLOCK_SKEW_MS) : expirationTime,
    notBefore: signIn.notBeforeAgo === undefined ? undefined : new Date(NOW - signIn.notBeforeAgo),
    statement: signIn.statement
  }
}

/** The party that issued the nonce, and a message of `input` signed by `key`. */
const attempt = async (
  signIn: SignIn,
  change: (input: SiweMessageInput) => SiweMessageInput,
  key = signIn.key
) => {
  const nonces = makeNonceStore()
  const nonce = nonces.issue(NOW - signIn.issuedAgo)!
  const message = createSignInMessage(change(inputOf(signIn, nonce)))
  const signature = await privateKeyToAccount(key).signMessage({ message })
  const party = { domain: signIn.host, chainId: signIn.chainId, nonces, now: NOW }
  return { message, signature, party, nonces }
}

type Mutation = (signIn: SignIn) => Promise<{ readonly verdict: Awaited<ReturnType<typeof verifySignIn>> }>

const viaInput =
  (change: (input: SiweMessageInput, signIn: SignIn) => SiweMessageInput): Mutation =>
  async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => change(input, signIn))
    return { verdict: await verifySignIn({ message, signature }, party) }
  }

const MUTATIONS: Record<string, Mutation> = {
  domain: viaInput((input) => ({ ...input, domain: input.domain.replace(/^[^:]+/, "evil.example") })),
  uri: viaInput((input, signIn) => ({ ...input, uri: `${schemeOf(signIn.host)}://evil.example/` })),
  scheme: viaInput((input, signIn) => ({
    ...input,
    uri: `${schemeOf(signIn.host) === "https" ? "http" : "ftp"}://${signIn.host}/`
  })),
  chain: viaInput((input) => ({ ...input, chainId: input.chainId + 1 })),
  expired: viaInput((input) => ({
    ...input,
    issuedAt: new Date(NOW - CLOCK_SKEW_MS - 60_000),
    expirationTime: new Date(NOW - CLOCK_SKEW_MS - 1),
    notBefore: undefined
  })),
  "not yet valid": viaInput((input) => ({ ...input, notBefore: new Date(NOW + CLOCK_SKEW_MS + 1) })),
  "issued in the future": viaInput((input) => ({
    ...input,
    issuedAt: new Date(NOW + CLOCK_SKEW_MS + 1),
    expirationTime: new Date(NOW + CLOCK_SKEW_MS + 60_000),
    notBefore: undefined
  })),
  lifetime: viaInput((input) => ({
    ...input,
    expirationTime: new Date(input.issuedAt.getTime() + MAX_LIFETIME_MS + 1)
  })),
  "nonce reused": async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => input)
    const first = await verifySignIn({ message, signature }, party)
    expect(first.ok, "the first use").toBe(true)
    return { verdict: await verifySignIn({ message, signature }, party) }
  },
  "nonce never issued": async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => input)
    return { verdict: await verifySignIn({ message, signature }, { ...party, nonces: makeNonceStore() }) }
  },
  "address case": async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => input)
    const address = privateKeyToAccount(signIn.key).address
    // Another case of the same address; a checksum without capitals (rare) is changed the other way.
    const recased =
      address.toLowerCase() === address ? `0x${address.slice(2).toUpperCase()}` : address.toLowerCase()
    const lowered = message.replace(address, recased)
    return { verdict: await verifySignIn({ message: lowered, signature }, party) }
  },
  "no expiration": async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => input)
    const stripped = message.replace(/\nExpiration Time: [^\n]*/, "")
    return { verdict: await verifySignIn({ message: stripped, signature }, party) }
  },
  "a line added after signing": async (signIn) => {
    const { message, signature, party } = await attempt(signIn, (input) => input)
    return {
      verdict: await verifySignIn(
        { message: `${message}\nResources:\n- https://evil.example/`, signature },
        party
      )
    }
  },
  "another signer": async (signIn) => {
    // Another key for sure: the generated one, or the signer's with its last byte changed.
    const other =
      signIn.otherKey === signIn.key
        ? `${signIn.key.slice(0, -2)}${((Number.parseInt(signIn.key.slice(-2), 16) % 255) + 1).toString(16).padStart(2, "0")}`
        : signIn.otherKey
    const { message, signature, party } = await attempt(signIn, (input) => input, other as `0x${string}`)
    return { verdict: await verifySignIn({ message, signature }, party) }
  }
}

/** Why each mutation must be refused: the check that catches it, not a later one by chance. */
const REASONS: Record<string, string> = {
  domain: "domain",
  uri: "uri",
  scheme: "scheme",
  chain: "chain",
  expired: "expired",
  "not yet valid": "not-yet-valid",
  "issued in the future": "issued-in-future",
  lifetime: "lifetime",
  "nonce reused": "nonce",
  "nonce never issued": "nonce",
  "address case": "not-canonical",
  "no expiration": "no-expiration",
  "a line added after signing": "signature",
  "another signer": "signature"
}

describe("the sign-in verifier (THREATS.md R15)", () => {
  it(`accepts every well-formed message it built, signed by its account (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(signInArb, async (signIn) => {
        const { message, signature, party } = await attempt(signIn, (input) => input)
        const verdict = await verifySignIn({ message, signature }, party)
        expect(verdict).toMatchObject({ ok: true })
      }),
      { numRuns: RUNS }
    )
  })

  it(`refuses every single-field mutation (${RUNS} runs)`, async () => {
    const counts = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(signInArb, fc.constantFrom(...Object.keys(MUTATIONS)), async (signIn, name) => {
        const { verdict } = await MUTATIONS[name]!(signIn)
        counts.set(name, (counts.get(name) ?? 0) + 1)
        expect(verdict, name).toEqual({ ok: false, reason: REASONS[name] })
      }),
      { numRuns: RUNS }
    )
    expect([...counts.keys()].sort()).toEqual(Object.keys(MUTATIONS).sort())
  })

  it("accepts at the clock-skew boundaries and refuses a millisecond past them", async () => {
    const signIn = fc.sample(signInArb, { numRuns: 1, seed: 7 })[0]!
    const verdict = async (change: (input: SiweMessageInput) => SiweMessageInput) => {
      const { message, signature, party } = await attempt(signIn, change)
      return (await verifySignIn({ message, signature }, party)).ok
    }
    const expiringAt = (at: number) => (input: SiweMessageInput) => ({
      ...input,
      issuedAt: new Date(at - MAX_LIFETIME_MS),
      expirationTime: new Date(at),
      notBefore: undefined
    })
    expect(await verdict(expiringAt(NOW - CLOCK_SKEW_MS))).toBe(true)
    expect(await verdict(expiringAt(NOW - CLOCK_SKEW_MS - 1))).toBe(false)
    const validFrom = (at: number) => (input: SiweMessageInput) => ({ ...input, notBefore: new Date(at) })
    expect(await verdict(validFrom(NOW + CLOCK_SKEW_MS))).toBe(true)
    expect(await verdict(validFrom(NOW + CLOCK_SKEW_MS + 1))).toBe(false)
  })
})
