// The sandbox's sign-in server: the recipe a dapp's backend can copy. Four endpoints on the page's own
// origin (so the session cookie is first-party and HTTP-only): GET nonce, POST verify, GET session and
// POST sign-out. Verification is airlock/siwx's strict one: this server's own host as the domain, a nonce it
// issued (used once), the chain it serves, and the signature of a plain or contract account, checked
// against that chain; for a Solana account (a Sign-In-With-Solana message), its ed25519 signature.
import { randomBytes } from "node:crypto"
import { createPublicClient, http } from "viem"
import { SOLANA_LOCALNET } from "../solana/accounts.mjs"

/** @import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http" */
/** @import { PublicClient } from "viem" */
/** @typedef {typeof import("../../src/siwx/index")} Siwx */
/**
 * An EVM chain the server verifies sign-ins on, and where it reads contract accounts' signatures.
 * @typedef {{ readonly chainId: number, readonly rpcUrl: string }} SignInServerChain
 */
/**
 * @typedef {object} SignInServer
 * @property {(req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>} handle Answers `/auth/<name>`; false for any other path.
 */

const COOKIE = "airlock_demo_session"
const SESSION_TTL_MS = 24 * 60 * 60 * 1000
const MAX_BODY_BYTES = 16 * 1024
const MAX_SESSIONS = 10_000

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

/**
 * The body's JSON (unchecked), or undefined when too large or not JSON.
 * @param {IncomingMessage} req
 * @returns {Promise<any>}
 */
const readJson = (req) =>
  new Promise((resolve) => {
    /** @type {Array<Buffer>} */
    const chunks = []
    let size = 0
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(undefined)
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")))
      } catch {
        resolve(undefined)
      }
    })
    req.on("error", () => resolve(undefined))
  })

const sessionIdOf = (/** @type {IncomingMessage} */ req) => {
  const cookies = req.headers.cookie ?? ""
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([0-9a-f]{64})(?:;|$)`).exec(cookies)
  return match?.[1]
}

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

/**
 * The sign-in endpoints for `chains` (`{ chainId, rpcUrl }`, EVM) and `solanaChains` (CAIP-2 ids, by
 * default the sandbox's), to mount under `/auth/` of the page's server. Verifies with `siwx`, the built
 * package's `airlock/siwx` (`dist/siwx.js`) unless a test hands it the source.
 * @param {{ readonly chains: ReadonlyArray<SignInServerChain>, readonly solanaChains?: ReadonlyArray<string>, readonly siwx?: Siwx }} options `siwx`: `airlock/siwx` itself; the built package (`dist/siwx.js`) when absent.
 * @returns {Promise<SignInServer>}
 */
export async function makeSignInServer({ chains, solanaChains = SANDBOX_SOLANA_CHAINS, siwx }) {
  /** @type {Siwx} */
  const { isSiwsMessage, makeNonceStore, parseSiwsMessage, verifySignIn } = siwx ?? (await import(BUILT_SIWX))
  const solana = new Set(solanaChains)
  const nonces = makeNonceStore()
  /** @type {Map<number, PublicClient>} */
  const clients = new Map(
    chains.map((chain) => [chain.chainId, createPublicClient({ transport: http(chain.rpcUrl) })])
  )
  /** @type {Map<string, { data: ReturnType<typeof sessionData>, message: string, signature: string, expiresAt: number }>} Session id → the verified sign-in and when it ends. */
  const sessions = new Map()

  const current = (/** @type {IncomingMessage} */ req) => {
    const id = sessionIdOf(req)
    const session = id === undefined ? undefined : sessions.get(id)
    if (session === undefined || session.expiresAt <= Date.now()) return undefined
    return session
  }

  /**
   * An EIP-4361 sign-in, on the EVM chain its message names, if this server serves it.
   * @param {IncomingMessage} req
   * @param {string} message
   * @param {string} signature
   * @returns {Promise<{ error: string } | { error?: undefined, data: ReturnType<typeof sessionData>, chainId: number | string }>}
   */
  const verifyEvm = async (req, message, signature) => {
    const chainId = Number(/\nChain ID: (\d{1,15})\n/.exec(message)?.[1])
    const client = clients.get(chainId)
    if (client === undefined) return { error: "chain" }
    const verdict = await verifySignIn(
      { message, signature },
      { domain: req.headers.host ?? "", chainId, nonces, client, now: Date.now() }
    )
    if (!verdict.ok) return { error: verdict.reason }
    const { fields } = verdict
    return { data: sessionData(fields, `eip155:${fields.chainId}`), chainId: fields.chainId }
  }

  /**
   * A Sign-In-With-Solana sign-in, on the Solana chain its message names, if this server serves it.
   * @param {IncomingMessage} req
   * @param {string} message
   * @param {string} signature
   * @returns {Promise<{ error: string } | { error?: undefined, data: ReturnType<typeof sessionData>, chainId: number | string }>}
   */
  const verifySolana = async (req, message, signature) => {
    const chainId = parseSiwsMessage(message)?.chainId
    if (chainId === undefined || !solana.has(chainId)) return { error: "chain" }
    const verdict = await verifySignIn(
      { message, signature },
      { domain: req.headers.host ?? "", chainId, nonces, now: Date.now() }
    )
    if (!verdict.ok) return { error: verdict.reason }
    return { data: sessionData(verdict.fields, chainId), chainId }
  }

  /** @type {Record<string, (req: IncomingMessage, res: ServerResponse) => unknown>} */
  const routes = {
    "GET nonce": (_req, res) => json(res, 200, { nonce: nonces.issue(Date.now()) }),
    "POST verify": async (req, res) => {
      const body = await readJson(req)
      const { message, signature } = body ?? {}
      if (typeof message !== "string" || typeof signature !== "string")
        return json(res, 400, { error: "malformed" })
      const verified = await (isSiwsMessage(message) ? verifySolana : verifyEvm)(req, message, signature)
      if (verified.error !== undefined) return json(res, 401, { error: verified.error })
      const { data, chainId } = verified
      const id = randomBytes(32).toString("hex")
      for (const oldest of sessions.keys()) {
        if (sessions.size < MAX_SESSIONS) break
        sessions.delete(oldest)
      }
      sessions.set(id, { data, message, signature, expiresAt: Date.now() + SESSION_TTL_MS })
      json(
        res,
        200,
        { address: data.accountAddress, chainId },
        {
          "set-cookie": `${COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_TTL_MS / 1000}`
        }
      )
    },
    "GET session": (req, res) => {
      const session = current(req)
      json(res, 200, {
        sessions:
          session === undefined
            ? []
            : [{ data: session.data, message: session.message, signature: session.signature }]
      })
    },
    "POST sign-out": (req, res) => {
      const id = sessionIdOf(req)
      if (id !== undefined) sessions.delete(id)
      json(
        res,
        200,
        { ok: true },
        { "set-cookie": `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0` }
      )
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
    }
  }
}
