// The Blockchain API's smart sessions (ERC-7715 permissions, FACTS.md §1.5), in memory: list an account's
// sessions, revoke one with the account's signature over its pci. Tests add sessions through the control
// route `POST /__sandbox/sessions`; `POST /__sandbox/reset` clears them. Refusals answer the real API's
// shape, `{ reasons: [{ field, description }] }`, like the names endpoints.
import { createHash, randomUUID } from "node:crypto"
import { getAddress } from "viem"
import { answering, refuse } from "./reasons.mjs"
import { createSignatureVerifier } from "./signatures.mjs"

export const MAX_SESSIONS_PER_ADDRESS = 50
export const MAX_SESSION_ADDRESSES = 1000
export const MAX_SESSION_ITEMS = 16
export const MAX_SESSION_DATA_CHARS = 4096
export const MAX_CONTEXT_CHARS = 8192
/** A session added without `expiry` lasts this long. */
export const DEFAULT_SESSION_SECONDS = 7 * 24 * 3600

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP10 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/
const PCI = /^[A-Za-z0-9_.:-]{1,128}$/
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/
const TYPE = /^[A-Za-z0-9_.:-]{1,64}$/

/**
 * A string of at most `max` characters; empty only when not `required`.
 * @param {unknown} value
 * @param {string} field
 * @param {number} max
 * @param {{ required?: boolean }} [options]
 * @returns {string}
 */
const boundedText = (value, field, max, { required = true } = {}) => {
  if (typeof value !== "string" || (required && value.length === 0) || value.length > max)
    throw refuse(`${field} must be a string of at most ${max} characters`, field)
  return value
}
/**
 * A JSON object off the wire (its fields unchecked).
 * @param {unknown} value
 * @param {string} field
 * @returns {Record<string, any>}
 */
const object = (value, field) => {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw refuse(`${field} must be an object`, field)
  return value
}

/** @import { IncomingMessage } from "node:http" */
/** @import { VerifyingChain } from "./signatures.mjs" */
/**
 * One item of `GET /v1/sessions/{caipAddress}`'s `pcis`.
 * @typedef {object} SmartSession
 * @property {{ readonly id: string, readonly name: string, readonly url: string, readonly iconUrl: string }} project
 * @property {string} pci
 * @property {number} expiry unix seconds
 * @property {number} createdAt unix seconds
 * @property {ReadonlyArray<{ readonly type: string, readonly data: unknown }>} permissions
 * @property {ReadonlyArray<{ readonly type: string, readonly data: unknown }>} policies
 * @property {string} context 0x-hex
 * @property {number} [revokedAt] unix seconds; absent while the session stands.
 */
/** @typedef {SmartSession & { chainId: number | undefined }} StoredSession */
/** @typedef {{ readonly status: number, readonly body: unknown }} SessionsReply */

/**
 * The smart sessions handlers for api.mjs's router; each resolves `{ status, body }`. `chains` are the
 * API's chains (`chainId`, `caip`, `index.rpcUrl`), `readJson(req)` reads a bounded JSON body,
 * `defaultProject()` the project a session added without one belongs to, `clock()` the time in ms.
 * @param {object} options
 * @param {ReadonlyArray<VerifyingChain & { readonly caip?: string }>} options.chains
 * @param {(req: IncomingMessage) => Promise<unknown>} options.readJson
 * @param {() => SmartSession["project"]} options.defaultProject
 * @param {() => number} [options.clock]
 */
export function createSessionsHandlers({ chains, readJson, defaultProject, clock = Date.now }) {
  const verify = createSignatureVerifier()
  const chainById = new Map(chains.map((chain) => [chain.chainId, chain]))
  /** @type {Map<string, Array<StoredSession>>} `chainId:checksummed address` → sessions, oldest first. */
  const byAccount = new Map()
  const nowSeconds = () => Math.floor(clock() / 1000)

  const decode = (/** @type {string | undefined} */ segment) => {
    try {
      return decodeURIComponent(segment ?? "")
    } catch {
      throw refuse("Malformed path segment")
    }
  }
  /**
   * `{ chainId, address }` of a CAIP-10 account; a plain address has `chainId` undefined when allowed.
   * @param {unknown} value
   * @param {{ plain: boolean }} options
   * @returns {{ chainId: number | undefined, address: `0x${string}` }}
   */
  const accountParam = (value, { plain }) => {
    const match = typeof value === "string" ? CAIP10.exec(value) : null
    if (match !== null)
      return { chainId: Number(match[1]), address: getAddress((match[2] ?? "").toLowerCase()) }
    if (plain && typeof value === "string" && ADDRESS.test(value))
      return { chainId: undefined, address: getAddress(value.toLowerCase()) }
    throw refuse(
      plain ? "Invalid address" : "Invalid address: expected CAIP-10 such as eip155:31337:0x…",
      "address"
    )
  }
  const keyOf = (/** @type {number | undefined} */ chainId, /** @type {string} */ address) =>
    `${chainId}:${address}`

  /**
   * @param {unknown} value
   * @param {string} field
   */
  const itemsParam = (value, field) => {
    if (value === undefined) return undefined
    if (!Array.isArray(value) || value.length > MAX_SESSION_ITEMS)
      throw refuse(`${field} must be a list of at most ${MAX_SESSION_ITEMS} items`, field)
    return value.map((item) => {
      const { type, data } = object(item, field)
      if (typeof type !== "string" || !TYPE.test(type))
        throw refuse(`${field} type must be 1 to 64 letters, digits or -_.:`, field)
      const text = JSON.stringify(data ?? null)
      if (text.length > MAX_SESSION_DATA_CHARS)
        throw refuse(`${field} data must be at most ${MAX_SESSION_DATA_CHARS} characters of JSON`, field)
      return { type, data: JSON.parse(text) }
    })
  }
  /**
   * @param {unknown} value
   * @returns {SmartSession["project"]}
   */
  const projectParam = (value) => {
    if (value === undefined) return { ...defaultProject() }
    const project = object(value, "project")
    const url = boundedText(project.url, "project.url", 512)
    if (!/^https?:\/\//.test(url)) throw refuse("project.url must be an http(s) URL", "project.url")
    return {
      id: boundedText(project.id, "project.id", 128),
      name: boundedText(project.name, "project.name", 128),
      url,
      iconUrl:
        project.iconUrl === undefined
          ? ""
          : boundedText(project.iconUrl, "project.iconUrl", 2048, { required: false })
    }
  }
  /**
   * @template {number | undefined} F
   * @param {unknown} value
   * @param {string} field
   * @param {F} fallback
   * @returns {number | F}
   */
  const secondsParam = (value, field, fallback) => {
    if (value === undefined) return fallback
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > 1e11)
      throw refuse(`${field} must be unix seconds`, field)
    return value
  }

  // --- handlers ------------------------------------------------------------------------------------------

  /** @param {{ readonly params: ReadonlyArray<string | undefined> }} context */
  const list = ({ params }) => {
    const { chainId, address } = accountParam(decode(params[0]), { plain: false })
    const sessions = byAccount.get(keyOf(chainId, address)) ?? []
    return {
      status: 200,
      body: { pcis: [...sessions].reverse().map(({ chainId: _, ...session }) => structuredClone(session)) }
    }
  }

  /** @param {{ readonly req: IncomingMessage, readonly params: ReadonlyArray<string | undefined> }} context */
  const revoke = async ({ req, params }) => {
    const { chainId, address } = accountParam(decode(params[0]), { plain: true })
    const body = object(await readJson(req), "body")
    if (typeof body.pci !== "string" || !PCI.test(body.pci)) throw refuse("pci is required", "pci")
    if (typeof body.signature !== "string" || body.signature.length === 0)
      throw refuse("Signature is required", "signature")
    const candidates =
      chainId === undefined
        ? [...byAccount.entries()].filter(([key]) => key.endsWith(`:${address}`)).flatMap(([, s]) => s)
        : (byAccount.get(keyOf(chainId, address)) ?? [])
    const session = candidates.find((s) => s.pci === body.pci)
    if (session === undefined) throw refuse("Session not found", "pci", 404)
    const chain = (session.chainId === undefined ? undefined : chainById.get(session.chainId)) ?? chains[0]
    if (chain === undefined) throw refuse("Session not found", "pci", 404)
    const signed = await verify(chain, { address, message: body.pci, signature: body.signature })
    if (!signed) throw refuse("Invalid signature", "signature")
    session.revokedAt ??= nowSeconds()
    return { status: 200, body: {} }
  }

  /**
   * `POST /__sandbox/sessions`: adds a session; answers it.
   * @param {{ readonly req: IncomingMessage }} context
   */
  const add = async ({ req }) => {
    const body = object(await readJson(req), "body")
    const { chainId, address } = accountParam(body.address, { plain: false })
    const key = keyOf(chainId, address)
    const sessions = byAccount.get(key) ?? []
    if (sessions.length >= MAX_SESSIONS_PER_ADDRESS)
      throw refuse(`At most ${MAX_SESSIONS_PER_ADDRESS} sessions per address`, "address")
    if (!byAccount.has(key) && byAccount.size >= MAX_SESSION_ADDRESSES)
      throw refuse(`At most ${MAX_SESSION_ADDRESSES} addresses hold sessions`, "address")
    const pci = body.pci ?? randomUUID()
    if (typeof pci !== "string" || !PCI.test(pci))
      throw refuse("pci must be 1 to 128 letters, digits or -_.:", "pci")
    if (sessions.some((s) => s.pci === pci)) throw refuse("pci already exists for this address", "pci")
    const now = nowSeconds()
    const context =
      body.context ?? `0x${createHash("sha256").update(`airlock-sandbox-session:${pci}`).digest("hex")}`
    if (typeof context !== "string" || !HEX.test(context) || context.length > MAX_CONTEXT_CHARS)
      throw refuse(`context must be 0x-hex of at most ${MAX_CONTEXT_CHARS} characters`, "context")
    /** @type {StoredSession} */
    const session = {
      chainId,
      project: projectParam(body.project),
      pci,
      expiry: secondsParam(body.expiry, "expiry", now + DEFAULT_SESSION_SECONDS),
      createdAt: secondsParam(body.createdAt, "createdAt", now),
      permissions: itemsParam(body.permissions, "permissions") ?? [
        {
          type: "native-token-recurring-allowance",
          data: { allowance: "0x2386f26fc10000", start: now, period: 86_400 }
        }
      ],
      policies: itemsParam(body.policies, "policies") ?? [],
      context
    }
    const revokedAt = secondsParam(body.revokedAt, "revokedAt", undefined)
    if (revokedAt !== undefined) session.revokedAt = revokedAt
    sessions.push(session)
    byAccount.set(key, sessions)
    const { chainId: _, ...answer } = session
    return { status: 200, body: structuredClone(answer) }
  }

  return {
    list: answering(list),
    revoke: answering(revoke),
    add: answering(add),
    reset: () => byAccount.clear()
  }
}
