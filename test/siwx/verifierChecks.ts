/**
 * What the SIWE and SIWS verifier tests share: the clock, the hosts and timing of a valid sign-in, the
 * changes of place and time every verifier must refuse, and the checks that run a verifier over them.
 */
import fc from "fast-check"
import { expect } from "vitest"
import { makeNonceStore, type NonceStore } from "../../src/siwx/nonces"
import { CLOCK_SKEW_MS, MAX_LIFETIME_MS } from "../../src/siwx/siweMessage"
import type { SignInAttempt } from "../../src/siwx/verifySignIn"

export const RUNS = 1000
export const NOW = Date.parse("2026-11-24T12:00:00.000Z")

/** A well-formed sign-in's place and time, valid at NOW: issued up to 10 min before, expiring 1 s to 15 min after issue. */
export const placeAndTimeArbs = {
  host: fc.constantFrom("dapp.example", "app.example.org:8443", "127.0.0.1:5173", "localhost:3000"),
  issuedAgo: fc.integer({ min: 0, max: 10 * 60 * 1000 }),
  lifetime: fc.integer({ min: 1000, max: MAX_LIFETIME_MS }),
  notBeforeAgo: fc.option(fc.integer({ min: 0, max: 60 * 60 * 1000 }), { nil: undefined }),
  statement: fc.option(fc.constantFrom("Sign in to the dapp", "Welcome back", "I accept the terms"), {
    nil: undefined
  })
}

export interface SignInPlaceAndTime {
  readonly host: string
  readonly issuedAgo: number
  readonly lifetime: number
  readonly notBeforeAgo: number | undefined
  readonly statement: string | undefined
}

/** The fields of place and time that a SIWE and a SIWS message input both have. */
interface PlaceAndTimeInput {
  readonly domain: string
  readonly uri: string
  readonly issuedAt: Date
  readonly expirationTime?: Date | undefined
  readonly notBefore?: Date | undefined
}

const schemeOf = (host: string) => (/^(127\.0\.0\.1|localhost)(:|$)/.test(host) ? "http" : "https")

/** A store of nonces, and the message fields of `signIn`'s place and time with the nonce it issued then. */
export const issuedFields = (signIn: SignInPlaceAndTime) => {
  const nonces = makeNonceStore()
  const issuedAt = new Date(NOW - signIn.issuedAgo)
  const expirationTime = new Date(issuedAt.getTime() + signIn.lifetime)
  const fields = {
    domain: signIn.host,
    uri: `${schemeOf(signIn.host)}://${signIn.host}/`,
    nonce: nonces.issue(issuedAt.getTime())!,
    issuedAt,
    // Valid at NOW: never past its expiration (plus skew).
    expirationTime:
      expirationTime.getTime() + CLOCK_SKEW_MS < NOW ? new Date(NOW - CLOCK_SKEW_MS) : expirationTime,
    notBefore: signIn.notBeforeAgo === undefined ? undefined : new Date(NOW - signIn.notBeforeAgo),
    statement: signIn.statement
  }
  return { nonces, fields }
}

/** A change of a message input before it is signed. */
export type Change<Input> = (input: Input) => Input

interface Signed<Party> {
  readonly message: string
  readonly signature: string
  readonly party: Party
}

/**
 * A verifier under test: `attempt` builds a sign-in's message, changed by `change` before signing, signs it,
 * and gives the party that issued its nonce; `verify` is the verifier. It gives the mutations every verifier
 * refuses alike (place, time, nonce, the text after signing), with why, and the runs that check them.
 */
export const verifierUnderTest = <
  SignIn extends SignInPlaceAndTime,
  Input extends PlaceAndTimeInput,
  Party extends { readonly nonces: NonceStore },
  Verdict extends { readonly ok: boolean }
>(
  attempt: (signIn: SignIn, change: Change<Input>) => Signed<Party> | Promise<Signed<Party>>,
  verify: (attempt: SignInAttempt, party: Party) => Promise<Verdict>
) => {
  type Mutation = (signIn: SignIn) => Promise<Verdict>
  const viaInput =
    (change: (input: Input, signIn: SignIn) => Input): Mutation =>
    async (signIn) => {
      const { message, signature, party } = await attempt(signIn, (input) => change(input, signIn))
      return verify({ message, signature }, party)
    }
  /** The message as built and signed, changed after signing (the signature is of the original). */
  const viaText =
    (change: (message: string, signIn: SignIn) => string): Mutation =>
    async (signIn) => {
      const { message, signature, party } = await attempt(signIn, (input) => input)
      return verify({ message: change(message, signIn), signature }, party)
    }
  const mutations: Record<string, Mutation> = {
    domain: viaInput((input) => ({ ...input, domain: input.domain.replace(/^[^:]+/, "evil.example") })),
    uri: viaInput((input, signIn) => ({ ...input, uri: `${schemeOf(signIn.host)}://evil.example/` })),
    scheme: viaInput((input, signIn) => ({
      ...input,
      uri: `${schemeOf(signIn.host) === "https" ? "http" : "ftp"}://${signIn.host}/`
    })),
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
      const first = await verify({ message, signature }, party)
      expect(first.ok, "the first use").toBe(true)
      return verify({ message, signature }, party)
    },
    "nonce never issued": async (signIn) => {
      const { message, signature, party } = await attempt(signIn, (input) => input)
      return verify({ message, signature }, { ...party, nonces: makeNonceStore() })
    },
    "no expiration": viaText((message) => message.replace(/\nExpiration Time: [^\n]*/, "")),
    "a line added after signing": viaText((message) => `${message}\nResources:\n- https://evil.example/`)
  }
  /** Why each mutation must be refused: the check that catches it, not a later one by chance. */
  const reasons: Record<string, string> = {
    domain: "domain",
    uri: "uri",
    scheme: "scheme",
    expired: "expired",
    "not yet valid": "not-yet-valid",
    "issued in the future": "issued-in-future",
    lifetime: "lifetime",
    "nonce reused": "nonce",
    "nonce never issued": "nonce",
    "no expiration": "no-expiration",
    "a line added after signing": "signature"
  }

  /** Every mutation, these and the verifier's own, refused for its own reason; every one is drawn. */
  const expectEveryMutationRefused = async (
    signInArb: fc.Arbitrary<SignIn>,
    own: Record<string, Mutation>,
    ownReasons: Record<string, string>
  ) => {
    const all = { ...mutations, ...own }
    const why = { ...reasons, ...ownReasons }
    const counts = new Map<string, number>()
    await fc.assert(
      fc.asyncProperty(signInArb, fc.constantFrom(...Object.keys(all)), async (signIn, name) => {
        const verdict = await all[name]!(signIn)
        counts.set(name, (counts.get(name) ?? 0) + 1)
        expect(verdict, name).toEqual({ ok: false, reason: why[name] })
      }),
      { numRuns: RUNS }
    )
    expect([...counts.keys()].sort()).toEqual(Object.keys(all).sort())
  }

  /** A sign-in accepted at the clock-skew boundaries, refused a millisecond past them. */
  const expectClockSkewBoundaries = async (signInArb: fc.Arbitrary<SignIn>) => {
    const signIn = fc.sample(signInArb, { numRuns: 1, seed: 7 })[0]!
    const accepts = async (change: (input: Input) => Input) => {
      const { message, signature, party } = await attempt(signIn, change)
      return (await verify({ message, signature }, party)).ok
    }
    const expiringAt = (at: number) => (input: Input) => ({
      ...input,
      issuedAt: new Date(at - MAX_LIFETIME_MS),
      expirationTime: new Date(at),
      notBefore: undefined
    })
    expect(await accepts(expiringAt(NOW - CLOCK_SKEW_MS))).toBe(true)
    expect(await accepts(expiringAt(NOW - CLOCK_SKEW_MS - 1))).toBe(false)
    const validFrom = (at: number) => (input: Input) => ({ ...input, notBefore: new Date(at) })
    expect(await accepts(validFrom(NOW + CLOCK_SKEW_MS))).toBe(true)
    expect(await accepts(validFrom(NOW + CLOCK_SKEW_MS + 1))).toBe(false)
  }

  return { viaInput, viaText, expectEveryMutationRefused, expectClockSkewBoundaries }
}

/** What is no sign-in message at all is refused as malformed (before any nonce is used). */
export const expectNonMessagesRefused = async (
  verify: (attempt: SignInAttempt) => Promise<unknown>,
  signature: string
) => {
  for (const message of ["hello", 42 as unknown as string])
    expect(await verify({ message, signature }), String(message)).toEqual({ ok: false, reason: "malformed" })
}
