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
import { createSignInMessage, type SiweMessageInput } from "../../src/siwx/siweMessage"
import { type SignInParty, verifySignIn } from "../../src/siwx/verifySignIn"
import { type Change, issuedFields, NOW, placeAndTimeArbs, RUNS, verifierUnderTest } from "./verifierChecks"

const keyArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .filter((bytes) => bytes.some((byte) => byte !== 0) && bytes[0]! < 0xf0)
  .map((bytes) => bytesToHex(bytes))

/** A well-formed sign-in, valid at NOW: issued up to 10 min before, expiring 1 s to 15 min after issue. */
const signInArb = fc.record({
  ...placeAndTimeArbs,
  key: keyArb,
  otherKey: keyArb,
  chainId: fc.integer({ min: 1, max: 2 ** 31 })
})
type SignIn = typeof signInArb extends fc.Arbitrary<infer A> ? A : never

/** The party that issued the nonce, and a message of `input` signed by `key`. */
const attempt = async (signIn: SignIn, change: Change<SiweMessageInput>, key = signIn.key) => {
  const { nonces, fields } = issuedFields(signIn)
  const message = createSignInMessage(
    change({ ...fields, address: privateKeyToAccount(signIn.key).address, chainId: signIn.chainId })
  )
  const signature = await privateKeyToAccount(key).signMessage({ message })
  const party: SignInParty = { domain: signIn.host, chainId: signIn.chainId, nonces, now: NOW }
  return { message, signature, party }
}

const verifier = verifierUnderTest(attempt, (signed, party: SignInParty) => verifySignIn(signed, party))

/** The mutations of an EVM sign-in besides those every verifier refuses, and why each is refused. */
const MUTATIONS = {
  chain: verifier.viaInput((input) => ({ ...input, chainId: input.chainId + 1 })),
  "address case": verifier.viaText((message, signIn) => {
    const address = privateKeyToAccount(signIn.key).address
    // Another case of the same address; a checksum without capitals (rare) is changed the other way.
    const recased =
      address.toLowerCase() === address ? `0x${address.slice(2).toUpperCase()}` : address.toLowerCase()
    return message.replace(address, recased)
  }),
  "another signer": async (signIn: SignIn) => {
    // Another key for sure: the generated one, or the signer's with its last byte changed.
    const other =
      signIn.otherKey === signIn.key
        ? `${signIn.key.slice(0, -2)}${((Number.parseInt(signIn.key.slice(-2), 16) % 255) + 1).toString(16).padStart(2, "0")}`
        : signIn.otherKey
    const { message, signature, party } = await attempt(signIn, (input) => input, other as `0x${string}`)
    return verifySignIn({ message, signature }, party)
  }
}
const REASONS = { chain: "chain", "address case": "not-canonical", "another signer": "signature" }

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
    await verifier.expectEveryMutationRefused(signInArb, MUTATIONS, REASONS)
  })

  it("accepts at the clock-skew boundaries and refuses a millisecond past them", async () => {
    await verifier.expectClockSkewBoundaries(signInArb)
  })
})
