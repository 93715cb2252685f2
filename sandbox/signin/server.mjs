// The sandbox's sign-in server: the recipe a dapp's backend can copy. Four endpoints on the page's own
// origin (so its cookies are first-party and HTTP-only): GET nonce, POST verify, GET session and POST
// sign-out. Verification is airlock/siwx's strict one: the configured origin's host as the domain and the
// origin as the URI (never a request's headers), a nonce it issued to this client's cookie (used once), the
// chain it serves, and the signature of a plain or contract account, checked against that chain; for a
// Solana account (a Sign-In-With-Solana message), its ed25519 signature. What it keeps is bounded with
// rejection (sandbox/shared/boundedStore.mjs): a flood of other clients cannot evict a visitor's nonce or
// session.
import { randomBytes } from "node:crypto"
import { createPublicClient, http } from "viem"
import { BoundedStore } from "../shared/boundedStore.mjs"
import { BodyTooLarge, readCappedBody } from "../shared/requestBody.mjs"
import { SOLANA_LOCALNET } from "../solana/accounts.mjs"

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */
/** @import { PublicClient } from "viem" */
/** @import { Refusal } from "../shared/boundedStore.mjs" */
/** @import { NonceStore } from "../../src/siwx/index" */
/** @typedef {typeof import("../../src/siwx/index")} Siwx */
/**
 * An EVM chain the server verifies sign-ins on, and where it reads contract accounts' signatures.
 * @typedef {{ readonly chainId: number, readonly rpcUrl: string }} SignInServerChain
 */
/**
 * @typedef {object} SignInServer
 * @property {(req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>} handle Answers `/auth/<name>`; false for any other path.
 * @property {() => { clients: number, nonces: number, sessions: number }} counts What the stores hold (tests).
 */

/** The session's cookie, and the cookie of a client asking for nonces (which binds them to it). */
const SESSION_COOKIE = "airlock_demo_session"
const CLIENT_COOKIE = "airlock_demo_signin"
/** Both cookies are sent to the endpoints only, HTTP-only, and never with a request another site starts. */
const COOKIE_ATTRIBUTES = "HttpOnly; SameSite=Strict; Path=/auth/"
const SESSION_TTL_MS = 24 * 60 * 60 * 1000
/** How long an issued nonce can be used (THREATS.md T9: at most 10 minutes). */
const NONCE_TTL_MS = 10 * 60 * 1000
const MAX_BODY_BYTES = 16 * 1024

/**
 * What the server keeps, each bound with its quota per client. A store that is full refuses (429 when the
 * client's own quota is used up, 503 when the whole store is) and never drops what another client holds;
 * entries go when they expire, when used, or on sign-out.
 */
export const SIGN_IN_LIMITS = Object.freeze({
  /** Clients holding unused nonces (each a cookie), in all and per remote address. */
  clients: 10_000,
  clientsPerAddress: 500,
  /** Unused nonces, in all and per client cookie. */
  nonces: 10_000,
  noncesPerClient: 16,
  /** Signed-in sessions, in all and per remote address. */
  sessions: 10_000,
  sessionsPerAddress: 1_000
})

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} value
 * @param {OutgoingHttpHeaders} [headers]
 */
const json = (res, status, value, headers = {}) => {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers
  })
  res.end(body)
}

/** A store's refusal, thrown where a function can only answer a value. */
class Refused extends Error {
  /** @param {Refusal} refusal */
  constructor(refusal) {
    super(refusal.reason)
    this.refusal = refusal
  }
}

/**
 * A full store's answer: its status (429: this client's quota; 503: the whole store) and why.
 * @param {ServerResponse} res
 * @param {Refusal} refusal
 */
const refuse = (res, refusal) => json(res, refusal.status, { error: refusal.reason })

/**
 * A `set-cookie` value for `name` that lasts `ttlMs` (0: removes it).
 * @param {string} name
 * @param {string} value
 * @param {number} ttlMs
 */
const cookie = (name, value, ttlMs) => `${name}=${value}; ${COOKIE_ATTRIBUTES}; Max-Age=${ttlMs / 1000}`

/**
 * The body's JSON (unchecked), or undefined when too large or not JSON.
 * @param {IncomingMessage} req
 * @returns {Promise<any>}
 */
const readJson = (req) =>
  readCappedBody(req, MAX_BODY_BYTES).then(
    (bytes) => {
      try {
        return JSON.parse(bytes.toString("utf8"))
      } catch {
        return undefined
      }
    },
    (error) => {
      // Too large: the rest is not read, the connection is dropped.
      if (error instanceof BodyTooLarge) req.destroy()
      return undefined
    }
  )

/**
 * The value of cookie `name` (64 hex characters), if the request carries one.
 * @param {IncomingMessage} req
 * @param {string} name
 */
const cookieOf = (req, name) => {
  const cookies = req.headers.cookie ?? ""
  return new RegExp(`(?:^|;\\s*)${name}=([0-9a-f]{64})(?:;|$)`).exec(cookies)?.[1]
}

/**
 * The client a request is charged to where it has no cookie yet: its remote address (behind a proxy, the
 * address the proxy reports, from configuration you trust, never from a header anyone can send).
 * @param {IncomingMessage} req
 */
const remoteAddressOf = (req) => req.socket.remoteAddress ?? "unknown"

/**
 * The sandbox's Solana chains, as `sandbox/shared/solana.ts` names them: devnet (its genesis-hash prefix),
 * where the Sandbox WalletConnect Wallet signs, and the local chain (`solana:localnet`, a message's
 * `Chain ID: localnet`), where the Sandbox Solana Wallet signs in.
 */
const SANDBOX_SOLANA_CHAINS = ["solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", SOLANA_LOCALNET]

/**
 * What a verified sign-in keeps: the data of its message, as a SIWX session says it.
 * @param {{ address: string, domain: string, uri: string, version: string, nonce: string, statement?: string | undefined, issuedAt?: Date | undefined, expirationTime?: Date | undefined }} fields
 * @param {string} chainId
 */
const sessionData = (fields, chainId) => ({
  accountAddress: fields.address,
  chainId,
  domain: fields.domain,
  uri: fields.uri,
  version: fields.version,
  nonce: fields.nonce,
  ...(fields.statement === undefined ? {} : { statement: fields.statement }),
  issuedAt: fields.issuedAt?.toISOString(),
  ...(fields.expirationTime === undefined ? {} : { expirationTime: fields.expirationTime.toISOString() })
})

/**
 * The built package's `airlock/siwx`, by a computed specifier: the typecheck reads the source's types
 * (`Siwx`) and never the build output.
 */
const BUILT_SIWX = "../../dist/siwx.js"

/** @typedef {{ data: ReturnType<typeof sessionData>, message: string, signature: string }} Session */
/** @typedef {{ error: string } | { error?: undefined, data: ReturnType<typeof sessionData>, chainId: number | string }} Verified */

/**
 * The sign-in endpoints of the page at `origin` (e.g. `https://app.example`), to mount under `/auth/` of
 * the page's own server: a message must name `origin`'s host as its domain and `origin` as its URI, whatever
 * a request's headers say. `chains` (`{ chainId, rpcUrl }`, EVM) and `solanaChains` (CAIP-2 ids, by
 * default the sandbox's) are the chains it serves. Verifies with `siwx`, the built package's
 * `airlock/siwx` (`dist/siwx.js`) unless a test hands it the source. `limits` overrides `SIGN_IN_LIMITS`
 * (tests); `now` is the clock (default `Date.now`).
 * @param {{ readonly origin: string, readonly chains: ReadonlyArray<SignInServerChain>, readonly solanaChains?: ReadonlyArray<string>, readonly siwx?: Siwx, readonly limits?: Partial<typeof SIGN_IN_LIMITS>, readonly now?: () => number }} options `siwx`: `airlock/siwx` itself; the built package (`dist/siwx.js`) when absent.
 * @returns {Promise<SignInServer>}
 */
export async function makeSignInServer({
  origin,
  chains,
  solanaChains = SANDBOX_SOLANA_CHAINS,
  siwx,
  limits: overrides = {},
  now = Date.now
}) {
  const own = URL.canParse(origin) ? new URL(origin) : undefined
  if (own === undefined || own.origin !== origin)
    throw new TypeError(`origin: the page's origin, like https://app.example (got ${origin})`)
  const domain = own.host
  /** @type {Siwx} */
  const { isSiwsMessage, parseSiwsMessage, verifySignIn } = siwx ?? (await import(BUILT_SIWX))
  const limits = { ...SIGN_IN_LIMITS, ...overrides }
  const solana = new Set(solanaChains)
  /** @type {Map<number, PublicClient>} */
  const rpcClients = new Map(
    chains.map((chain) => [chain.chainId, createPublicClient({ transport: http(chain.rpcUrl) })])
  )
  /** @type {BoundedStore<true>} Client cookies that asked for nonces, charged to their remote address. */
  const clients = new BoundedStore({
    what: "clients signing in",
    ttlMs: NONCE_TTL_MS,
    max: limits.clients,
    perClient: limits.clientsPerAddress,
    now
  })
  /** @type {BoundedStore<string>} Unused nonces → the client cookie they were issued to. */
  const nonces = new BoundedStore({
    what: "unused nonces",
    ttlMs: NONCE_TTL_MS,
    max: limits.nonces,
    perClient: limits.noncesPerClient,
    now
  })
  /** @type {BoundedStore<Session>} Session id → the verified sign-in, charged to its remote address. */
  const sessions = new BoundedStore({
    what: "sessions",
    ttlMs: SESSION_TTL_MS,
    max: limits.sessions,
    perClient: limits.sessionsPerAddress,
    now
  })

  /** The live client cookie the request carries. */
  const clientOf = (/** @type {IncomingMessage} */ req) => {
    const id = cookieOf(req, CLIENT_COOKIE)
    return id !== undefined && clients.get(id) !== undefined ? id : undefined
  }

  /**
   * The nonces issued to `client`, as `verifySignIn` uses them: a nonce counts only for the client it was
   * issued to (another client's attempt leaves it unused), and once.
   * @param {string} client
   * @returns {NonceStore}
   */
  const noncesOf = (client) => ({
    issue: () => {
      const nonce = randomBytes(16).toString("hex")
      const refused = nonces.put(nonce, client, client)
      if (refused !== undefined) throw new Refused(refused)
      return nonce
    },
    consume: (nonce) => nonces.get(nonce) === client && nonces.take(nonce) !== undefined
  })

  /**
   * An EIP-4361 sign-in, on the EVM chain its message names, if this server serves it.
   * @param {string} client
   * @param {string} message
   * @param {string} signature
   * @returns {Promise<Verified>}
   */
  const verifyEvm = async (client, message, signature) => {
    const chainId = Number(/\nChain ID: (\d{1,15})\n/.exec(message)?.[1])
    const rpc = rpcClients.get(chainId)
    if (rpc === undefined) return { error: "chain" }
    const verdict = await verifySignIn(
      { message, signature },
      { domain, chainId, nonces: noncesOf(client), client: rpc, now: now() }
    )
    if (!verdict.ok) return { error: verdict.reason }
    const { fields } = verdict
    return { data: sessionData(fields, `eip155:${fields.chainId}`), chainId: fields.chainId }
  }

  /**
   * A Sign-In-With-Solana sign-in, on the Solana chain its message names, if this server serves it.
   * @param {string} client
   * @param {string} message
   * @param {string} signature
   * @returns {Promise<Verified>}
   */
  const verifySolana = async (client, message, signature) => {
    const chainId = parseSiwsMessage(message)?.chainId
    if (chainId === undefined || !solana.has(chainId)) return { error: "chain" }
    const verdict = await verifySignIn(
      { message, signature },
      { domain, chainId, nonces: noncesOf(client), now: now() }
    )
    if (!verdict.ok) return { error: verdict.reason }
    return { data: sessionData(verdict.fields, chainId), chainId }
  }

  /** @type {Record<string, (req: IncomingMessage, res: ServerResponse) => unknown>} */
  const routes = {
    "GET nonce": (req, res) => {
      // A client cookie binds the nonce to this client; a request without one is charged to its address.
      const known = clientOf(req)
      const client = known ?? randomBytes(32).toString("hex")
      const admitted = clients.put(client, true, remoteAddressOf(req))
      if (admitted !== undefined) return refuse(res, admitted)
      try {
        const nonce = noncesOf(client).issue(now())
        json(res, 200, { nonce }, { "set-cookie": cookie(CLIENT_COOKIE, client, NONCE_TTL_MS) })
      } catch (error) {
        if (!(error instanceof Refused)) throw error
        if (known === undefined) clients.delete(client)
        refuse(res, error.refusal)
      }
    },
    "POST verify": async (req, res) => {
      const body = await readJson(req)
      const { message, signature } = body ?? {}
      if (typeof message !== "string" || typeof signature !== "string")
        return json(res, 400, { error: "malformed" })
      const client = clientOf(req)
      // Without the cookie its nonce was issued with, no nonce is this client's.
      if (client === undefined) return json(res, 401, { error: "nonce" })
      const address = remoteAddressOf(req)
      const full = sessions.refusal(address)
      if (full !== undefined) return refuse(res, full)
      const verified = await (isSiwsMessage(message) ? verifySolana : verifyEvm)(client, message, signature)
      if (verified.error !== undefined) return json(res, 401, { error: verified.error })
      const { data, chainId } = verified
      if (!URL.canParse(data.uri) || new URL(data.uri).origin !== origin)
        return json(res, 401, { error: "uri" })
      const id = randomBytes(32).toString("hex")
      const refused = sessions.put(id, { data, message, signature }, address)
      if (refused !== undefined) return refuse(res, refused)
      // This client's previous session, if any, is replaced.
      const previous = cookieOf(req, SESSION_COOKIE)
      if (previous !== undefined) sessions.delete(previous)
      json(
        res,
        200,
        { address: data.accountAddress, chainId },
        { "set-cookie": cookie(SESSION_COOKIE, id, SESSION_TTL_MS) }
      )
    },
    "GET session": (req, res) => {
      const id = cookieOf(req, SESSION_COOKIE)
      const session = id === undefined ? undefined : sessions.get(id)
      json(res, 200, { sessions: session === undefined ? [] : [session] })
    },
    "POST sign-out": (req, res) => {
      const id = cookieOf(req, SESSION_COOKIE)
      if (id !== undefined) sessions.delete(id)
      json(res, 200, { ok: true }, { "set-cookie": cookie(SESSION_COOKIE, "", 0) })
    }
  }

  return {
    /** Answers `/auth/<name>`; false for any other path. */
    handle: async (req, res, pathname) => {
      if (!pathname.startsWith("/auth/")) return false
      const route = routes[`${req.method} ${pathname.slice("/auth/".length)}`]
      if (route === undefined) json(res, 404, { error: "not found" })
      else await route(req, res)
      return true
    },
    counts: () => ({ clients: clients.size, nonces: nonces.size, sessions: sessions.size })
  }
}
