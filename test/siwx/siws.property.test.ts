/**
 * THREATS.md T9 and R15 for Solana: a Sign-In-With-Solana message signed by a real ed25519 key, then
 * exactly one thing changed (domain, uri, scheme, chain, nonce reused or never issued, expired, not yet
 * valid, issued in the future, lifetime, no expiration, a non-canonical spelling, an address that is no
 * key or not the expected one, a line added after signing, another signer, a signature in hex): every
 * change is refused for its own reason, and every well-formed message the verifier's own builder made is
 * accepted, at the clock-skew boundaries too. Keys are 32 random bytes, as `ed25519.utils.randomPrivateKey()`
 * makes them, drawn by fast-check so a failure replays.
 */
import { base58 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createSiwsMessage, type SiwsMessageInput, type SolanaChainId } from "../../src/siwx/siwsMessage"
import { type SolanaSignInParty, verifySignIn } from "../../src/siwx/verifySignIn"
import { addressOf, OFF_CURVE, signWith } from "./solanaKeys"
import { type Change, issuedFields, NOW, placeAndTimeArbs, RUNS, verifierUnderTest } from "./verifierChecks"

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const DEVNET: SolanaChainId = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const MAINNET: SolanaChainId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 })
/** The three named clusters, or any other genesis-hash prefix. */
const chainArb = fc.oneof(
  fc.constantFrom<SolanaChainId>(MAINNET, DEVNET, "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z"),
  fc
    .string({ unit: fc.constantFrom(...BASE58), minLength: 32, maxLength: 32 })
    .map((reference): SolanaChainId => `solana:${reference}`)
)

/** A well-formed sign-in, valid at NOW: issued up to 10 min before, expiring 1 s to 15 min after issue. */
const signInArb = fc.record({ ...placeAndTimeArbs, seed: seedArb, otherSeed: seedArb, chainId: chainArb })
type SignIn = typeof signInArb extends fc.Arbitrary<infer A> ? A : never

/** Another seed for sure: the generated one, or the signer's with its first byte changed. */
const otherSeedOf = (signIn: SignIn) => {
  if (signIn.otherSeed.some((byte, index) => byte !== signIn.seed[index])) return signIn.otherSeed
  const other = Uint8Array.from(signIn.seed)
  other[0] = (other[0]! + 1) % 256
  return other
}
const otherChainOf = (chainId: SolanaChainId): SolanaChainId => (chainId === DEVNET ? MAINNET : DEVNET)
/** The party that issued the nonce, and a message of `input` signed by `seed`. */
const attempt = (signIn: SignIn, change: Change<SiwsMessageInput>, seed = signIn.seed) => {
  const { nonces, fields } = issuedFields(signIn)
  const message = createSiwsMessage(
    change({ ...fields, address: addressOf(signIn.seed), chainId: signIn.chainId })
  )
  const signature = signWith(message, seed)
  const party: SolanaSignInParty = { domain: signIn.host, chainId: signIn.chainId, nonces, now: NOW }
  return { message, signature, party }
}

const verifier = verifierUnderTest(attempt, (signed, party: SolanaSignInParty) => verifySignIn(signed, party))

/** The changes of a Solana sign-in besides those every verifier refuses, and why each is refused. */
const MUTATIONS = {
  chain: verifier.viaInput((input, signIn) => ({ ...input, chainId: otherChainOf(signIn.chainId) })),
  "not canonical": verifier.viaText((message) => message.replace(/(\nIssued At: [^\n]*)Z\n/, "$1+00:00\n")),
  "address no key": verifier.viaText((message, signIn) => message.replace(addressOf(signIn.seed), OFF_CURVE)),
  "another account expected": (signIn: SignIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    return verifySignIn({ message, signature }, { ...party, address: addressOf(otherSeedOf(signIn)) })
  },
  "another signer": (signIn: SignIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input, otherSeedOf(signIn))
    return verifySignIn({ message, signature }, party)
  },
  "another account's message": verifier.viaInput((input, signIn) => ({
    ...input,
    address: addressOf(otherSeedOf(signIn))
  })),
  "signature in hex": (signIn: SignIn) => {
    const { message, signature, party } = attempt(signIn, (input) => input)
    const hex = `0x${Buffer.from(base58.decode(signature)).toString("hex")}`
    return verifySignIn({ message, signature: hex }, party)
  }
}
const REASONS = {
  chain: "chain",
  "not canonical": "not-canonical",
  "address no key": "address",
  "another account expected": "address",
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
    await verifier.expectEveryMutationRefused(signInArb, MUTATIONS, REASONS)
  })

  it("accepts at the clock-skew boundaries and refuses a millisecond past them", async () => {
    await verifier.expectClockSkewBoundaries(signInArb)
  })
})
