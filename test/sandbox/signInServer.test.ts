/**
 * The sandbox's sign-in server (`sandbox/signin/server.mjs`) with a Solana account, over real HTTP on
 * loopback: its nonce, a Sign-In-With-Solana message for its own host on a chain it serves (devnet or the
 * local chain), the ed25519 signature, then the session behind its HTTP-only cookie. It verifies with the
 * source of `airlock/siwx` here, not the built package (which a fresh checkout has not built yet).
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeSignInServer } from "../../sandbox/signin/server.mjs"
import { createSiwsMessage } from "../../src/siwx/siwsMessage"

const SEED = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const ADDRESS = base58.encode(ed25519.getPublicKey(SEED))
const sign = (message: string, seed = SEED) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), seed))

let server: Server
let origin: string

beforeAll(async () => {
  const signIn = await makeSignInServer({ chains: [], siwx: await import("../../src/siwx/index") })
  server = createServer((req, res) => {
    void signIn.handle(req, res, new URL(req.url ?? "/", "http://x").pathname)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const call = async (path: string, body?: unknown, cookie?: string) => {
  const response = await fetch(`${origin}/auth/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie === undefined ? {} : { cookie })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, json: await response.json(), cookie: response.headers.get("set-cookie") }
}

/** A message for this server on `chainId`, with a nonce it issued. */
const message = async (chainId: `solana:${string}`) => {
  const { json } = await call("nonce")
  return createSiwsMessage({
    domain: new URL(origin).host,
    uri: origin,
    address: ADDRESS,
    chainId,
    nonce: json.nonce,
    issuedAt: new Date()
  })
}

describe("the sandbox sign-in server with a Solana account", () => {
  for (const chainId of ["solana:localnet", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"] as const) {
    it(`verifies a Sign-In-With-Solana on ${chainId} and keeps the session behind its cookie`, async () => {
      const text = await message(chainId)
      const verified = await call("verify", { message: text, signature: sign(text) })
      expect(verified.status).toBe(200)
      expect(verified.json).toEqual({ address: ADDRESS, chainId })
      const cookie = verified.cookie?.split(";")[0]
      const { json } = await call("session", undefined, cookie)
      expect(json.sessions).toEqual([
        {
          data: expect.objectContaining({ accountAddress: ADDRESS, chainId, domain: new URL(origin).host }),
          message: text,
          signature: sign(text)
        }
      ])
    })
  }

  it("refuses a chain it does not serve, another signer, a replayed nonce", async () => {
    const mainnet = await message("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(await call("verify", { message: mainnet, signature: sign(mainnet) })).toMatchObject({
      status: 401,
      json: { error: "chain" }
    })
    const text = await message("solana:localnet")
    const other = Uint8Array.from({ length: 32 }, (_, index) => 32 - index)
    expect(await call("verify", { message: text, signature: sign(text, other) })).toMatchObject({
      status: 401,
      json: { error: "signature" }
    })
    // The nonce was used up by the refused attempt.
    expect(await call("verify", { message: text, signature: sign(text) })).toMatchObject({
      status: 401,
      json: { error: "nonce" }
    })
  })
})
