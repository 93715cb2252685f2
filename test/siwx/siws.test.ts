/**
 * Sign-In-With-Solana: the message text (CAIP-122 / Phantom's SIWS field order), its strict parser and
 * checker, the ed25519 signature check, base58, and `verifySignIn` with a Solana party.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { decodeBase58 as decodeFromRequestValues } from "../../src/layers/requests/requestValues"
import { decodeBase58, encodeBase58 } from "../../src/siwx/base58"
import { makeNonceStore } from "../../src/siwx/nonces"
import {
  checkSiwsMessage,
  createSiwsMessage,
  isSiwsMessage,
  isSolanaChain,
  parseSiwsMessage,
  type SiwsExpectations,
  type SiwsMessageInput,
  siwsChainId
} from "../../src/siwx/siwsMessage"
import {
  isSolanaAddress,
  solanaPublicKey,
  solanaSignMessageRequest,
  verifySolanaSignature
} from "../../src/siwx/solanaSignature"
import { verifySignIn } from "../../src/siwx/verifySignIn"
import { OFF_CURVE } from "./solanaKeys"
import { expectNonMessagesRefused } from "./verifierChecks"

const MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const LOCAL = "solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69"
const SEED = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const ADDRESS = base58.encode(ed25519.getPublicKey(SEED))
const NONCE = "0123456789abcdef0123456789abcdef"
const NOW = Date.parse("2026-11-24T12:00:00.000Z")
const utf8 = (text: string) => new TextEncoder().encode(text)
const sign = (message: string, seed: Uint8Array = SEED) => base58.encode(ed25519.sign(utf8(message), seed))

/** The identity point: on the curve, of small order, so anyone can "sign" for it. */
const smallOrder = base58.encode(Uint8Array.from({ length: 32 }, (_, index) => (index === 0 ? 1 : 0)))

const input = (overrides: Partial<SiwsMessageInput> = {}): SiwsMessageInput => ({
  domain: "dapp.example",
  uri: "https://dapp.example",
  address: ADDRESS,
  chainId: DEVNET,
  nonce: NONCE,
  issuedAt: new Date(NOW),
  ...overrides
})
const expected: SiwsExpectations = { domain: "dapp.example", nonce: NONCE, chainId: DEVNET, now: NOW }

describe("createSiwsMessage", () => {
  it("writes the SIWS fields in the spec's order, the spec's name for a public cluster", () => {
    expect(createSiwsMessage(input({ statement: "Sign in to the demo" }))).toBe(
      [
        "dapp.example wants you to sign in with your Solana account:",
        ADDRESS,
        "",
        "Sign in to the demo",
        "",
        "URI: https://dapp.example",
        "Version: 1",
        "Chain ID: devnet",
        `Nonce: ${NONCE}`,
        "Issued At: 2026-11-24T12:00:00.000Z",
        "Expiration Time: 2026-11-24T12:15:00.000Z"
      ].join("\n")
    )
  })

  it("leaves out an absent statement, and writes every optional field", () => {
    const text = createSiwsMessage(
      input({
        chainId: LOCAL,
        statement: "",
        expirationTime: new Date(NOW + 60_000),
        notBefore: new Date(NOW - 1000),
        requestId: "req-1",
        resources: ["https://dapp.example/terms", "ipfs://bafy"]
      })
    )
    expect(text).toBe(
      [
        "dapp.example wants you to sign in with your Solana account:",
        ADDRESS,
        "",
        "URI: https://dapp.example",
        "Version: 1",
        "Chain ID: GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69",
        `Nonce: ${NONCE}`,
        "Issued At: 2026-11-24T12:00:00.000Z",
        "Expiration Time: 2026-11-24T12:01:00.000Z",
        "Not Before: 2026-11-24T11:59:59.000Z",
        "Request ID: req-1",
        "Resources:",
        "- https://dapp.example/terms",
        "- ipfs://bafy"
      ].join("\n")
    )
    expect(parseSiwsMessage(text)).toMatchObject({
      chainId: LOCAL,
      requestId: "req-1",
      resources: ["https://dapp.example/terms", "ipfs://bafy"],
      statement: undefined
    })
  })

  it("names mainnet, devnet, testnet and localnet; any other chain by its reference", () => {
    expect(siwsChainId(MAINNET)).toBe("mainnet")
    expect(siwsChainId(DEVNET)).toBe("devnet")
    expect(siwsChainId("solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z")).toBe("testnet")
    expect(siwsChainId("solana:localnet")).toBe("localnet")
    expect(siwsChainId(LOCAL)).toBe("GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69")
    expect(isSolanaChain(MAINNET)).toBe(true)
    expect(isSolanaChain("solana:localnet")).toBe(true)
    const local = createSiwsMessage(input({ chainId: "solana:localnet" }))
    expect(local).toContain("\nChain ID: localnet\n")
    expect(parseSiwsMessage(local)?.chainId).toBe("solana:localnet")
    for (const chain of [
      "eip155:1",
      "solana:mainnet",
      "solana:short",
      `${MAINNET}x`,
      "solana:0OIl",
      "solana:localnetx",
      "solana:Localnet"
    ])
      expect(isSolanaChain(chain), chain).toBe(false)
  })

  it("refuses what cannot make a message", () => {
    const refused: ReadonlyArray<Partial<SiwsMessageInput>> = [
      { chainId: "eip155:1" },
      { address: "0x1234567890123456789012345678901234567890" },
      { address: OFF_CURVE },
      { address: smallOrder },
      { statement: "two\nlines" },
      { statement: "URI: https://evil.example" },
      { statement: "right-to-left \u202e override" },
      { nonce: "short" },
      { nonce: "not alphanumeric!" },
      { domain: "dapp.example/path" },
      { resources: ["two\nlines"] },
      { issuedAt: new Date(Number.NaN) }
    ]
    for (const change of refused)
      expect(() => createSiwsMessage(input(change)), JSON.stringify(change)).toThrow()
  })
})

describe("parseSiwsMessage and checkSiwsMessage", () => {
  const message = createSiwsMessage(
    input({ statement: "Hello", requestId: "r", resources: ["https://a.example"] })
  )

  it("reads back exactly what was written, and checks it against the party", () => {
    expect(isSiwsMessage(message)).toBe(true)
    expect(parseSiwsMessage(message)).toMatchObject({
      domain: "dapp.example",
      address: ADDRESS,
      statement: "Hello",
      chainId: DEVNET,
      nonce: NONCE,
      issuedAt: new Date(NOW)
    })
    expect(checkSiwsMessage(message, expected)).toMatchObject({ ok: true })
    expect(checkSiwsMessage(message, { ...expected, address: ADDRESS })).toMatchObject({ ok: true })
  })

  it("refuses any other shape as malformed, and another spelling of the same fields as not canonical", () => {
    const malformed = [
      `${message}\n`,
      message.replace("Version: 1\nChain ID: devnet", "Chain ID: devnet\nVersion: 1"),
      message.replace("Version: 1", "Version: 1\nVersion: 1"),
      message.replace("Version: 1", "Version: 2"),
      message.replace("Version: 1", "Colour: blue\nVersion: 1"),
      message.replace("Chain ID: devnet", "Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1"),
      message.replace("Chain ID: devnet", "Chain ID: solana:devnet"),
      message.replace("Chain ID: devnet", "Chain ID: solana:localnet"),
      message.replace("Solana account", "Ethereum account"),
      message.replace("\n\nHello\n\n", "\n\nHello\n"),
      message.replace("Hello", "Hel\rlo"),
      message.replace("Hello", "Hel\u202elo"),
      message.replace("Resources:\n- https://a.example", "Resources:"),
      message.replace(ADDRESS, "0x1234567890123456789012345678901234567890"),
      `${message}${" ".repeat(4096)}`,
      "hello"
    ]
    for (const text of malformed) {
      expect(parseSiwsMessage(text), text).toBeUndefined()
      expect(checkSiwsMessage(text, expected), text).toEqual({ ok: false, reason: "malformed" })
    }
    const respelled = message.replace(
      "Issued At: 2026-11-24T12:00:00.000Z",
      "Issued At: 2026-11-24T12:00:00Z"
    )
    expect(checkSiwsMessage(respelled, expected)).toEqual({ ok: false, reason: "not-canonical" })
  })

  it("refuses an address that is no signing key, or not the one expected (base58 is case-sensitive)", () => {
    const other = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const refusals: ReadonlyArray<readonly [text: string, party: SiwsExpectations]> = [
      ...[OFF_CURVE, smallOrder, base58.encode(new Uint8Array(31).fill(7))].map(
        (address) => [message.replace(ADDRESS, address), expected] as const
      ),
      [message, { ...expected, address: other }]
    ]
    for (const [text, party] of refusals)
      expect(checkSiwsMessage(text, party), text).toEqual({ ok: false, reason: "address" })
  })

  it("refuses another domain, URI, scheme, chain or nonce", () => {
    const refusals: ReadonlyArray<readonly [string, Partial<SiwsExpectations>, string]> = [
      ["domain", { domain: "evil.example" }, message],
      ["uri", {}, message.replace("URI: https://dapp.example", "URI: https://evil.example")],
      ["scheme", {}, message.replace("URI: https://dapp.example", "URI: http://dapp.example")],
      ["chain", { chainId: MAINNET }, message],
      ["chain", {}, message.replace("Chain ID: devnet", "Chain ID: localnet")],
      ["nonce", { nonce: "fedcba9876543210" }, message]
    ]
    for (const [reason, party, text] of refusals)
      expect(checkSiwsMessage(text, { ...expected, ...party }), reason).toEqual({ ok: false, reason })
  })
})

describe("Solana signatures", () => {
  it("takes a base58 ed25519 public key of 32 bytes on the curve, not of small order", () => {
    expect(solanaPublicKey(ADDRESS)).toEqual(ed25519.getPublicKey(SEED))
    for (const address of [OFF_CURVE, smallOrder, "1".repeat(32), "0x00", "", ADDRESS.toLowerCase()])
      expect(isSolanaAddress(address), address).toBe(false)
  })

  it("verifies the detached signature of the message's UTF-8 bytes, base58, and nothing else", () => {
    const message = createSiwsMessage(input({ statement: "Grüße, ✓" }))
    const signature = sign(message)
    expect(verifySolanaSignature({ address: ADDRESS, message, signature })).toBe(true)
    const other = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    const hex = `0x${Buffer.from(base58.decode(signature)).toString("hex")}`
    const refused = [
      { address: other, message, signature },
      { address: ADDRESS, message: `${message} `, signature },
      { address: ADDRESS, message, signature: hex },
      { address: ADDRESS, message, signature: base58.encode(base58.decode(signature).slice(0, 63)) },
      { address: ADDRESS, message, signature: `${signature}1` },
      { address: ADDRESS, message, signature: sign(message, ed25519.utils.randomPrivateKey()) },
      { address: ADDRESS, message: "x".repeat(5000), signature: sign("x".repeat(5000)) },
      { address: ADDRESS, message, signature: 42 as unknown as string }
    ]
    for (const attempt of refused) expect(verifySolanaSignature(attempt)).toBe(false)
  })

  it("asks the wallet with solana_signMessage: the message's bytes in base58 and the account", () => {
    const message = createSiwsMessage(input())
    const request = solanaSignMessageRequest(message, ADDRESS)
    expect(request).toEqual({
      method: "solana_signMessage",
      params: { message: base58.encode(utf8(message)), pubkey: ADDRESS }
    })
    expect(new TextDecoder().decode(base58.decode(request.params.message))).toBe(message)
  })

  it("base58 agrees with @scure/base both ways, and the request views still decode with it", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = base58.encode(bytes)
        expect(encodeBase58(bytes)).toBe(text)
        expect(decodeBase58(text)).toEqual(bytes)
      }),
      { numRuns: 300 }
    )
    expect(decodeFromRequestValues).toBe(decodeBase58)
    expect(decodeBase58("0OIl")).toBeUndefined()
  })
})

describe("verifySignIn with a Solana party", () => {
  const party = () =>
    ({ domain: "dapp.example", chainId: DEVNET, nonces: makeNonceStore(), now: NOW }) as const

  it("uses the nonce up once, checks the message and the signature", async () => {
    const solana = party()
    const nonce = solana.nonces.issue(NOW)
    const message = createSiwsMessage(input({ nonce }))
    const verdict = await verifySignIn({ message, signature: sign(message) }, solana)
    expect(verdict).toMatchObject({ ok: true, fields: { address: ADDRESS, chainId: DEVNET, nonce } })
    expect(await verifySignIn({ message, signature: sign(message) }, solana)).toEqual({
      ok: false,
      reason: "nonce"
    })
  })

  it("refuses what is not a Solana sign-in before using any nonce, and an EVM party refuses a SIWS one", async () => {
    const solana = party()
    await expectNonMessagesRefused((attempt) => verifySignIn(attempt, solana), "1")
    const nonce = solana.nonces.issue(NOW)
    const message = createSiwsMessage(input({ nonce }))
    const evm = { domain: "dapp.example", chainId: 1, nonces: solana.nonces, now: NOW }
    expect(await verifySignIn({ message, signature: sign(message) }, evm)).toMatchObject({ ok: false })
  })
})
