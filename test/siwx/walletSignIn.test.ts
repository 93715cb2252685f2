/**
 * A wallet that signs in itself: the input it is given makes, in the wallet's own rendering (the sandbox
 * Solana wallet's, as @solana/wallet-standard-util writes it), exactly the plugin's message; its answer is
 * accepted only when it signed that message with the account.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { signInMessageText } from "../../sandbox/wallets/solana/siws"
import { createSiwsMessage, type SiwsMessageInput } from "../../src/siwx/siwsMessage"
import { checkWalletSignIn, signInInputOf } from "../../src/siwx/walletSignIn"

const SEED = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const OTHER_SEED = Uint8Array.from({ length: 32 }, (_, index) => 32 - index)
const ADDRESS = base58.encode(ed25519.getPublicKey(SEED))
const OTHER = base58.encode(ed25519.getPublicKey(OTHER_SEED))
const NOW = Date.parse("2026-11-24T12:00:00.000Z")
const utf8 = (text: string) => new TextEncoder().encode(text)

const asked = (overrides: Partial<SiwsMessageInput> = {}) =>
  createSiwsMessage({
    domain: "dapp.example",
    uri: "https://dapp.example",
    address: ADDRESS,
    chainId: "solana:localnet",
    nonce: "0123456789abcdef0123456789abcdef",
    issuedAt: new Date(NOW),
    statement: "Sign in to the demo.",
    ...overrides
  })

/** What a wallet answers for `text`, signed with `seed` as `address`. */
const answer = (text: string, seed = SEED, address = ADDRESS) => ({
  address,
  signedMessage: base58.encode(utf8(text)),
  signature: base58.encode(ed25519.sign(utf8(text), seed))
})

/** The wallet's side: it writes the message from the input (domain and address are always given here). */
const walletText = (message: string) => {
  const input = signInInputOf(message)
  if (input === undefined) throw new Error("no input")
  return signInMessageText({ ...input, domain: input.domain ?? "", address: input.address ?? "" })
}

describe("signInInputOf", () => {
  it("gives the fields whose wallet rendering is the plugin's message, word for word", () => {
    const message = asked({ requestId: "r-1", resources: ["https://dapp.example/terms"] })
    expect(signInInputOf(message)).toEqual({
      domain: "dapp.example",
      address: ADDRESS,
      statement: "Sign in to the demo.",
      uri: "https://dapp.example",
      version: "1",
      chainId: "localnet",
      nonce: "0123456789abcdef0123456789abcdef",
      issuedAt: "2026-11-24T12:00:00.000Z",
      expirationTime: "2026-11-24T12:15:00.000Z",
      requestId: "r-1",
      resources: ["https://dapp.example/terms"]
    })
    expect(walletText(message)).toBe(message)
    // Absent fields are left out, not sent as undefined.
    expect(Object.keys(signInInputOf(asked({ statement: undefined })) ?? {})).not.toContain("statement")
  })

  it("property: any message createSiwsMessage makes comes back from the wallet unchanged", () => {
    const text = fc.stringMatching(/^[A-Za-z0-9 .,]{1,40}$/).filter((s) => s.trim() === s && s !== "")
    fc.assert(
      fc.property(
        fc.record({
          chainId: fc.constantFrom(
            "solana:localnet",
            "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
            "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
            "solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69"
          ),
          statement: fc.option(text, { nil: undefined }),
          requestId: fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { nil: undefined }),
          notBefore: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
          resources: fc.option(
            fc.array(fc.constantFrom("https://a.example", "ipfs://bafy"), { maxLength: 3 }),
            {
              nil: undefined
            }
          )
        }),
        ({ notBefore, ...rest }) => {
          const message = asked({
            ...rest,
            notBefore: notBefore === undefined ? undefined : new Date(NOW + notBefore)
          })
          expect(walletText(message)).toBe(message)
        }
      )
    )
  })

  it("none for what is not a canonical Sign-In-With-Solana message", () => {
    expect(
      signInInputOf("dapp.example wants you to sign in with your Ethereum account:\n0x…")
    ).toBeUndefined()
    expect(signInInputOf(`${asked()}\n`)).toBeUndefined()
    expect(signInInputOf("hello")).toBeUndefined()
  })
})

describe("checkWalletSignIn", () => {
  const message = asked()

  it("accepts the asked message signed by the account", () => {
    expect(checkWalletSignIn(message, ADDRESS, answer(message), NOW + 1000)).toEqual({ ok: true, message })
  })

  it("refuses another nonce, domain, chain, account or wording, a stale message, a wrong signature", () => {
    const cases: ReadonlyArray<readonly [string, ReturnType<typeof answer>, number?]> = [
      ["nonce", answer(asked({ nonce: "fedcba9876543210fedcba9876543210" }))],
      ["domain", answer(asked({ domain: "evil.example", uri: "https://evil.example" }))],
      ["chain", answer(asked({ chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" }))],
      ["address", answer(asked({ address: OTHER }), OTHER_SEED, OTHER)],
      ["address", answer(message, SEED, OTHER)],
      ["address", answer(asked({ address: OTHER }))],
      ["altered", answer(asked({ statement: "Send all your tokens." }))],
      ["altered", answer(asked({ issuedAt: new Date(NOW - 1000) }))],
      ["altered", answer(asked({ statement: undefined }))],
      ["expired", answer(message), NOW + 17 * 60 * 1000],
      ["not-canonical", answer(message.replace(".000Z", "Z"))],
      ["malformed", answer(`${message}\n`)],
      ["malformed", { ...answer(message), signedMessage: base58.encode(Uint8Array.of(0xff, 0xfe)) }],
      ["malformed", { ...answer(message), signedMessage: "0OIl" }],
      ["signature", { ...answer(message), signature: answer(message, OTHER_SEED).signature }],
      ["signature", { ...answer(message), signature: answer(asked({ requestId: "x" })).signature }]
    ]
    for (const [reason, reply, now] of cases)
      expect(checkWalletSignIn(message, ADDRESS, reply, now ?? NOW), reason).toEqual({ ok: false, reason })
  })

  it("refuses the bytes of another text whose decoding looks the same (a byte-order mark)", () => {
    const bom = Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8(message))
    const reply = {
      address: ADDRESS,
      signedMessage: base58.encode(bom),
      signature: base58.encode(ed25519.sign(bom, SEED))
    }
    expect(checkWalletSignIn(message, ADDRESS, reply, NOW)).toEqual({ ok: false, reason: "malformed" })
  })
})
