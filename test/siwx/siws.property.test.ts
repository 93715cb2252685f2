/**
 * THREATS.md T9 and R15 for Solana: a Sign-In-With-Solana message signed by a real ed25519 key, then
 * exactly one thing changed (domain, uri, scheme, chain, nonce reused or never issued, expired, not yet
 * valid, issued in the future, lifetime, no expiration, a non-canonical spelling, an address that is no
 * key or not the expected one, a line added after signing, another signer, a signature in hex): every
 * change is refused for its own reason, and every well-formed message the verifier's own builder made is
 * accepted, at the clock-skew boundaries too. Keys are 32 random bytes, as `ed25519.utils.randomPrivateKey()`
 * makes them, drawn by fast-check so a failure replays.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { makeNonceStore } from "../../src/siwx/nonces"
import { CLOCK_SKEW_MS, MAX_LIFETIME_MS } from "../../src/siwx/siweMessage"
import { createSiwsMessage, type SiwsMessageInput, type SolanaChainId } from "../../src/siwx/siwsMessage"
import { type SolanaSignInParty, verifySignIn } from "../../src/siwx/verifySignIn"

const RUNS = 1000
const NOW = Date.parse("2026-11-24T12:00:00.000Z")
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const DEVNET: SolanaChainId = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const MAINNET: SolanaChainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

const hostArb = fc.constantFrom("dapp.example", "app.example.org:8443", "127.0.0.1:5173", "localhost:3000")
const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 })
/** The three named clusters, or any other genesis-hash prefix. */
const chainArb = fc.oneof(
  fc.constantFrom<SolanaChainId>(MAINNET, DEVNET, "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"),
  fc
    .string({ unit: fc.constantFrom(...BASE58), minLength: 32, maxLength: 32 })
    .map((reference): SolanaChainId => `solana:${reference}`)
)

/** A well-formed sign-in, valid at NOW: issued up to 10 min before, expiring 1 s to 15 min after issue. */
const signInArb = fc.record({
  host: hostArb,
  seed: seedArb,
  otherSeed: seedArb,
  chainId: chainArb,
  issuedAgo: fc.integer({ min: 0, max: 10 * 60 * 1000 }),
  lifetime: fc.integer({ min: 1000, max: MAX_LIFETIME_MS }),
  notBeforeAgo: fc.option(fc.integer({ min: 0, max: 60 * 60 * 1000 }), { nil: undefined }),
  statement: fc.option(fc.constantFrom("Sign in to the dapp", "Welcome back", "I accept the terms"), {
    nil: undefined
  })
})
type SignIn = typeof signInArb extends fc.Arbitrary<infer A> ? A : never

const schemeOf = (host: string) => (/^(127\.0\.0\.1|localhost)(:|$)/.test(host) ? "http" : "https")
const addressOf = (seed: Uint8Array) => base58.encode(ed25519.getPublicKey(seed))
const sign = (message: string, seed: Uint8Array) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), seed))
/** Another seed for sure: the generated one, or the signer's with its first byte changed. */
const otherSeedOf = (signIn: SignIn) => {
  if (signIn.otherSeed.some((byte, index) => byte !== signIn.seed[index])) return signIn.otherSeed
  const other = Uint8Array.from(signIn.seed)
  other[0] = (other[0]! + 1) % 256
  return other
}
const otherChainOf = (chainId: SolanaChainId): SolanaChainId => (chainId === DEVNET ? MAINNET : DEVNET)
/** 32 bytes that are no point of the curve. */
const OFF_CURVE = (() => {
  for (let value = 0; ; value++) {
    const bytes = new Uint8Array(32).fill(value)
    try {
      ed25519.ExtendedPoint.fromHex(bytes)
    } catch {
      return base58.encode(bytes)
    }
  }
})()

const inputOf = (signIn: SignIn, nonce: string): SiwsMessageInput => {
  const issuedAt = new Date(NOW - signIn.issuedAgo)
  const expirationTime = new Date(issuedAt.getTime() + signIn.lifetime)
  return {
    domain: signIn.host,
    uri: `${schemeOf(signIn.host)}://${signIn.host}/`,
    address: addressOf(signIn.seed),
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

/** The party that issued the nonce, and a message of `input` signed by `seed`. */
const attempt = (
  signIn: SignIn,
  change: (input: SiwsMessageInput) => SiwsMessageInput,
  seed = signIn.seed
) => {
  const nonces = makeNonceStore()
  const nonce = nonces.issue(NOW - signIn.issuedAgo)!
  const message = createSiwsMessage(change(inputOf(signIn, nonce)))
  const signature = sign(message, seed)
  const party: SolanaSignInParty = { domain: signIn.host, chainId: signIn.chainId, nonces, now: NOW }
  return { message, signature, party }
}

type Verdict = Awaited<ReturnType<typeof verifySignIn>>
type Mutation = (signIn: SignIn) => Promise<Verdict>

const viaInput =
  (change: (input: SiwsMessageInput, signIn: SignIn) => SiwsMessageInput): Mutation =>
  (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => change(input, signIn))
    return verifySignIn({ message, signature }, party)
  }

/** The message as built and signed, changed after signing (the signature is of the original). */
const viaText =
  (change: (message: string, signIn: SignIn) => string): Mutation =>
  (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    return verifySignIn({ message: change(message, signIn), signature }, party)
  }

const MUTATIONS: Record<string, Mutation> = {
  domain: viaInput((input) => ({ ...input, domain: input.domain.replace(/^[^:]+/, "evil.example") })),
  uri: viaInput((input, signIn) => ({ ...input, uri: `${schemeOf(signIn.host)}://evil.example/` })),
  scheme: viaInput((input, signIn) => ({
    ...input,
    uri: `${schemeOf(signIn.host) === "https" ? "http" : "ftp"}://${signIn.host}/`
  })),
  chain: viaInput((input, signIn) => ({ ...input, chainId: otherChainOf(signIn.chainId) })),
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
    const { message, signature, party } = attempt(signIn, (input) => input)
    const first = await verifySignIn({ message, signature }, party)
    expect(first.ok, "the first use").toBe(true)
    return verifySignIn({ message, signature }, party)
  },
  "nonce never issued": (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    return verifySignIn({ message, signature }, { ...party, nonces: makeNonceStore() })
  },
  "no expiration": viaText((message) => message.replace(/\nExpiration Time: [^\n]*/, "")),
  "not canonical": viaText((message) => message.replace(/(\nIssued At: [^\n]*)Z\n/, "$1+00:00\n")),
  "address no key": viaText((message, signIn) => message.replace(addressOf(signIn.seed), OFF_CURVE)),
  "another account expected": (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    return verifySignIn({ message, signature }, { ...party, address: addressOf(otherSeedOf(signIn)) })
  },
  "a line added after signing": viaText((message) => `${message}\nResources:\n- https://evil.example/`),
  "another signer": (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input, otherSeedOf(signIn))
    return verifySignIn({ message, signature }, party)
  },
  "another account's message": (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => ({
      ...input,
      address: addressOf(otherSeedOf(signIn))
    }))
    return verifySignIn({ message, signature }, party)
  },
  "signature in hex": async (signIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    const hex = `0x${Buffer.from(base58.decode(signature)).toString("hex")}`
    return verifySignIn({ message, signature: hex }, party)
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
  "no expiration": "no-expiration",
  "not canonical": "not-canonical",
  "address no key": "address",
  "another account expected": "address",
  "a line added after signing": "signature",
  "another signer": "signature",
  "another account's message": "signature",
  "signature in hex": "signature"
}

describe("the Sign-In-With-Solana verifier (THREATS.md R15)", () => {
  it(`accepts every well-formed message it built, signed by its account (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(signInArb, async (signIn) => {
        const { message, signature, party } = attempt(signIn, (input) => input)
        const address = addressOf(signIn.seed)
        const verdict = await verifySignIn({ message, signature }, { ...party, address })
        expect(verdict).toMatchObject({ ok: true, fields: { address, chainId: signIn.chainId } })
      }),
      { numRuns: RUNS }
    )
  })

  it(`refuses every single change (${RUNS} runs)`, async () => {
    const counts = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(signInArb, fc.constantFrom(...Object.keys(MUTATIONS)), async (signIn, name) => {
        const verdict = await MUTATIONS[name]!(signIn)
        counts.set(name, (counts.get(name) ?? 0) + 1)
        expect(verdict, name).toEqual({ ok: false, reason: REASONS[name] })
      }),
      { numRuns: RUNS }
    )
    expect([...counts.keys()].sort()).toEqual(Object.keys(MUTATIONS).sort())
  })

  it("accepts at the clock-skew boundaries and refuses a millisecond past them", async () => {
    const signIn = fc.sample(signInArb, { numRuns: 1, seed: 7 })[0]!
    const verdict = async (change: (input: SiwsMessageInput) => SiwsMessageInput) => {
      const { message, signature, party } = attempt(signIn, change)
      return (await verifySignIn({ message, signature }, party)).ok
    }
    const expiringAt = (at: number) => (input: SiwsMessageInput) => ({
      ...input,
      issuedAt: new Date(at - MAX_LIFETIME_MS),
      expirationTime: new Date(at),
      notBefore: undefined
    })
    expect(await verdict(expiringAt(NOW - CLOCK_SKEW_MS))).toBe(true)
    expect(await verdict(expiringAt(NOW - CLOCK_SKEW_MS - 1))).toBe(false)
    const validFrom = (at: number) => (input: SiwsMessageInput) => ({ ...input, notBefore: new Date(at) })
    expect(await verdict(validFrom(NOW + CLOCK_SKEW_MS))).toBe(true)
    expect(await verdict(validFrom(NOW + CLOCK_SKEW_MS + 1))).toBe(false)
  })
})
