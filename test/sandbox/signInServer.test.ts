/**
 * The sandbox's sign-in server (`sandbox/signin/server.mjs`) with a Solana account, over real HTTP on
 * loopback: its nonce (bound to the client's cookie), a Sign-In-With-Solana message for the origin it was
 * made for on a chain it serves (devnet or the local chain), the ed25519 signature, then the session behind
 * its HTTP-only cookie; and what a client cannot do: sign in for another host by sending another Host
 * header, use a nonce issued to another client, or push a visitor's nonce or session out with a flood. It
 * verifies with the source of `airlock/siwx` here, not the built package (which a fresh checkout has not
 * built yet).
 */
import { Agent, createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeSignInServer, type SignInServer } from "../../sandbox/signin/server.mjs"
import { createSiwsMessage } from "../../src/siwx/siwsMessage"

const SEED = Uint8Array.from({ length: 32 }, (_, index) => index + 1)
const ADDRESS = base58.encode(ed25519.getPublicKey(SEED))
const sign = (message: string, seed = SEED) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), seed))
const LOCALNET = "solana:localnet"
const FLOOD = 10_000

/** A sign-in server made for its own loopback origin (known once it listens), over real HTTP. */
const start = async (
  options: { readonly limits?: Record<string, number>; readonly now?: () => number } = {}
) => {
  let signIn: SignInServer | undefined
  const server = createServer((req, res) => {
    void signIn?.handle(req, res, new URL(req.url ?? "/", "http://x").pathname)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const made = await makeSignInServer({
    origin,
    chains: [],
    siwx: await import("../../src/siwx/index"),
    ...options
  })
  signIn = made
  return {
    origin,
    signIn: made,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

let world: Awaited<ReturnType<typeof start>>
let origin: string

beforeAll(async () => {
  world = await start()
  origin = world.origin
})
afterAll(() => world.close())

interface Answer {
  readonly status: number
  readonly json: Record<string, unknown>
  readonly setCookies: ReadonlyArray<string>
}

/**
 * A client of the server with its own cookies, from a loopback address of its own (`127.0.0.2` is another
 * client's address, as the server sees it); `headers` are sent as they are (a forged Host).
 */
const client = (localAddress = "127.0.0.1", base = () => origin) => {
  const agent = new Agent({ keepAlive: true, localAddress })
  const jar = new Map<string, string>()
  const call = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ")
      const req = request(
        `${base()}/auth/${path}`,
        {
          agent,
          method: payload === undefined ? "GET" : "POST",
          headers: {
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
            ...(cookie === "" ? {} : { cookie }),
            ...headers
          }
        },
        (res) => {
          const chunks: Array<Buffer> = []
          res.on("data", (chunk: Buffer) => chunks.push(chunk))
          res.on("end", () => {
            const setCookies = res.headers["set-cookie"] ?? []
            for (const line of setCookies) {
              const [pair = ""] = line.split(";")
              const [name = "", value = ""] = pair.split("=")
              if (/Max-Age=0(?:;|$)/.test(line)) jar.delete(name)
              else jar.set(name, value)
            }
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString()),
              setCookies
            })
          })
        }
      )
      req.on("error", reject)
      req.end(payload)
    })
  return {
    jar,
    call,
    /** A nonce the server issued to this client. */
    nonce: async () => {
      const { status, json } = await call("nonce")
      expect(status).toBe(200)
      return String(json.nonce)
    },
    close: () => agent.destroy()
  }
}

/** A Sign-In-With-Solana message with `nonce`, for this server's origin unless `at` says otherwise. */
const messageFor = (
  nonce: string,
  chainId: `solana:${string}` = LOCALNET,
  at: { readonly domain?: string; readonly uri?: string } = {}
) =>
  createSiwsMessage({
    domain: at.domain ?? new URL(origin).host,
    uri: at.uri ?? origin,
    address: ADDRESS,
    chainId,
    nonce,
    issuedAt: new Date()
  })

/** Signs in `visitor` (a fresh nonce, the message, its signature). */
const signInAs = async (visitor: ReturnType<typeof client>) => {
  const text = messageFor(await visitor.nonce())
  return visitor.call("verify", { message: text, signature: sign(text) })
}

describe("the sandbox sign-in server with a Solana account", () => {
  for (const chainId of ["solana:localnet", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"] as const) {
    it(`verifies a Sign-In-With-Solana on ${chainId} and keeps the session behind its cookie`, async () => {
      const visitor = client()
      const text = messageFor(await visitor.nonce(), chainId)
      const verified = await visitor.call("verify", { message: text, signature: sign(text) })
      expect(verified.status).toBe(200)
      expect(verified.json).toEqual({ address: ADDRESS, chainId })
      const { json } = await visitor.call("session")
      expect(json.sessions).toEqual([
        {
          data: expect.objectContaining({ accountAddress: ADDRESS, chainId, domain: new URL(origin).host }),
          message: text,
          signature: sign(text)
        }
      ])
      expect((await visitor.call("sign-out", {})).status).toBe(200)
      expect((await visitor.call("session")).json.sessions).toEqual([])
      visitor.close()
    })
  }

  it("refuses a chain it does not serve, another signer, a replayed nonce", async () => {
    const visitor = client()
    const mainnet = messageFor(await visitor.nonce(), "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(await visitor.call("verify", { message: mainnet, signature: sign(mainnet) })).toMatchObject({
      status: 401,
      json: { error: "chain" }
    })
    const text = messageFor(await visitor.nonce())
    const other = Uint8Array.from({ length: 32 }, (_, index) => 32 - index)
    expect(await visitor.call("verify", { message: text, signature: sign(text, other) })).toMatchObject({
      status: 401,
      json: { error: "signature" }
    })
    // The nonce was used up by the refused attempt.
    expect(await visitor.call("verify", { message: text, signature: sign(text) })).toMatchObject({
      status: 401,
      json: { error: "nonce" }
    })
    visitor.close()
  })
})

describe("the domain and URI are the origin it was made for, never a request's headers", () => {
  it("refuses a message for another host posted with that Host header", async () => {
    const attacker = client()
    const text = messageFor(await attacker.nonce(), LOCALNET, {
      domain: "evil.example",
      uri: "http://evil.example"
    })
    expect(
      await attacker.call("verify", { message: text, signature: sign(text) }, { host: "evil.example" })
    ).toMatchObject({ status: 401, json: { error: "domain" } })
    expect((await attacker.call("session")).json.sessions).toEqual([])
    attacker.close()
  })

  it("refuses a URI on its host but not its origin (another scheme)", async () => {
    const visitor = client()
    const text = messageFor(await visitor.nonce(), LOCALNET, { uri: origin.replace("http:", "https:") })
    expect(await visitor.call("verify", { message: text, signature: sign(text) })).toMatchObject({
      status: 401,
      json: { error: "uri" }
    })
    visitor.close()
  })

  it("refuses to be made without an origin, or with more than an origin", async () => {
    const siwx = await import("../../src/siwx/index")
    for (const bad of ["", "127.0.0.1:5173", "http://127.0.0.1:5173/app"])
      await expect(makeSignInServer({ origin: bad, chains: [], siwx })).rejects.toThrow(TypeError)
  })
})

describe("a nonce is bound to the cookie of the client it was issued to", () => {
  it("sets an HTTP-only, same-site cookie for the endpoints' path with the nonce", async () => {
    const visitor = client()
    const { setCookies } = await visitor.call("nonce")
    expect(setCookies).toEqual([
      expect.stringMatching(
        /^airlock_demo_signin=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=\/auth\/; Max-Age=600$/
      )
    ])
    // The same client keeps its cookie for its next nonce.
    const cookie = visitor.jar.get("airlock_demo_signin")
    await visitor.nonce()
    expect(visitor.jar.get("airlock_demo_signin")).toBe(cookie)
    visitor.close()
  })

  it("refuses a nonce used without its cookie or with another client's, and leaves it to its client", async () => {
    const visitor = client()
    const text = messageFor(await visitor.nonce())
    const attempt = { message: text, signature: sign(text) }
    const stranger = client()
    expect(await stranger.call("verify", attempt)).toMatchObject({ status: 401, json: { error: "nonce" } })
    await stranger.nonce()
    expect(await stranger.call("verify", attempt)).toMatchObject({ status: 401, json: { error: "nonce" } })
    expect((await stranger.call("session")).json.sessions).toEqual([])
    expect((await visitor.call("verify", attempt)).status).toBe(200)
    visitor.close()
    stranger.close()
  })
})

describe("a flood of other clients cannot evict a visitor's nonce or session", () => {
  it(`keeps a visitor's pending sign-in through ${FLOOD} nonces asked by another client`, async () => {
    const visitor = client()
    const text = messageFor(await visitor.nonce())
    const flooder = client("127.0.0.2")
    const statuses = new Map<number, number>()
    for (let sent = 0; sent < FLOOD; sent += 100) {
      // Without cookies, as a flooder would: each nonce is charged to its address.
      const batch = await Promise.all(
        Array.from({ length: 100 }, () => flooder.call("nonce", undefined, { cookie: "" }))
      )
      for (const { status } of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    // The visitor still signs in with the nonce it had, and can ask for more.
    expect((await visitor.call("verify", { message: text, signature: sign(text) })).status).toBe(200)
    expect((await signInAs(visitor)).status).toBe(200)
    // It got its quota of clients, and was refused past it.
    expect(statuses.get(200)).toBe(500)
    expect(statuses.get(429)).toBe(FLOOD - 500)
    expect(await flooder.call("nonce", undefined, { cookie: "" })).toMatchObject({
      status: 429,
      json: { error: "too many clients signing in from this client, try later" }
    })
    visitor.close()
    flooder.close()
  }, 120_000)

  it("refuses a client more than its quota of unused nonces, and no one else", async () => {
    const greedy = client("127.0.0.3")
    for (let i = 0; i < 16; i++) await greedy.nonce()
    expect(await greedy.call("nonce")).toMatchObject({
      status: 429,
      json: { error: "too many unused nonces from this client, try later" }
    })
    const visitor = client("127.0.0.3")
    expect((await signInAs(visitor)).status).toBe(200)
    greedy.close()
    visitor.close()
  })

  it(`keeps a visitor's session through ${FLOOD} throw-away sign-ins of another client`, async () => {
    const visitor = client()
    expect((await signInAs(visitor)).status).toBe(200)
    const session = (await visitor.call("session")).json.sessions
    expect(session).toHaveLength(1)
    const flooder = client("127.0.0.4")
    const statuses = new Map<number, number>()
    await flooder.nonce()
    // Its client cookie only: each sign-in is a new session, none replaces another.
    const cookie = { cookie: `airlock_demo_signin=${flooder.jar.get("airlock_demo_signin")}` }
    const throwAway = async () => {
      const asked = await flooder.call("nonce", undefined, cookie)
      const text = messageFor(String(asked.json.nonce))
      return asked.status === 200
        ? flooder.call("verify", { message: text, signature: sign(text) }, cookie)
        : asked
    }
    for (let sent = 0; sent < FLOOD; sent += 8)
      for (const { status } of await Promise.all(Array.from({ length: 8 }, throwAway)))
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
    expect((await visitor.call("session")).json.sessions).toEqual(session)
    expect(statuses.get(200)).toBe(1_000)
    expect(statuses.get(429)).toBe(FLOOD - 1_000)
    expect(await flooder.call("verify", {})).toMatchObject({ status: 400 })
    // Its unused nonces (refused sign-ins leave them) are its own quota; a fresh cookie is refused the session.
    const again = client("127.0.0.4")
    expect(await signInAs(again)).toMatchObject({
      status: 429,
      json: { error: "too many sessions from this client, try later" }
    })
    for (const each of [visitor, flooder, again]) each.close()
  }, 300_000)
})

describe("its stores' bounds", () => {
  it("refuses with 503 when full, keeps what it holds, and takes new entries once old ones expire", async () => {
    let clock = Date.now()
    const small = await start({ limits: { nonces: 2 }, now: () => clock })
    const first = client("127.0.0.1", () => small.origin)
    const second = client("127.0.0.1", () => small.origin)
    const nonce = await first.nonce()
    await second.nonce()
    const third = client("127.0.0.1", () => small.origin)
    expect(await third.call("nonce")).toMatchObject({
      status: 503,
      json: { error: "too many unused nonces, try later" }
    })
    // A refused client is not kept either.
    expect(small.signIn.counts()).toEqual({ clients: 2, nonces: 2, sessions: 0 })
    const text = messageFor(nonce, LOCALNET, { domain: new URL(small.origin).host, uri: small.origin })
    clock += 10 * 60 * 1000
    expect(small.signIn.counts()).toEqual({ clients: 0, nonces: 0, sessions: 0 })
    expect(await first.call("verify", { message: text, signature: sign(text) })).toMatchObject({
      status: 401,
      json: { error: "nonce" }
    })
    expect((await third.call("nonce")).status).toBe(200)
    for (const each of [first, second, third]) each.close()
    await small.close()
  })
})
