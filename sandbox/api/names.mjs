// The Blockchain API's names registry (FACTS.md §1.5, SPEC.md §5 and §9), in memory: register a
// `<label>.reown.id` name with a signed message, look a name up (legacy `.wcn.id` too), list an address's
// names, suggest free names. Refusals answer the real API's shape,
// `400 { reasons: [{ field, description }] }`, which the client shows as the server's first reason.
// Signatures are checked against the sandbox chain (signatures.mjs), so smart accounts register too.
import { getAddress } from "viem"
import { answering, refuse } from "./reasons.mjs"
import { createSignatureVerifier } from "./signatures.mjs"

export const NAME_SUFFIX = /** @type {const} */ ("reown.id")
export const LEGACY_NAME_SUFFIX = /** @type {const} */ ("wcn.id")
export const MIN_LABEL_LENGTH = 4
export const MAX_LABEL_LENGTH = 63
/** How far a registration message's `timestamp` may be from the server clock. */
export const MESSAGE_MAX_AGE_SECONDS = 600
/** The newest names of one address are kept; the client reads at most 20. */
export const MAX_NAMES_PER_ADDRESS = 20
export const MAX_NAMES = 10_000
export const MAX_SUGGESTIONS = 5
/** SLIP-44's coin type of Ethereum: every EVM address. */
export const EVM_COIN_TYPE = /** @type {const} */ (60)
const MAX_MESSAGE_LENGTH = 4096
const MAX_NAME_TEXT = 256
/** @type {Readonly<Record<string, number>>} */
const ATTRIBUTE_LIMITS = { avatar: 2048, bio: 512 }
const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** ENSIP-11's coin type of an EVM chain. */
export const coinTypeOf = (/** @type {number} */ chainId) => (0x80000000 | chainId) >>> 0

/**
 * The name rule on a label (the part before `.reown.id`): undefined when it may be registered, else why
 * not, as the API's reason. Letters, digits and hyphens, 4 to 63 characters, no hyphen first or last;
 * case-insensitive (names are stored lower-cased).
 * @param {unknown} label
 * @returns {string | undefined}
 */
export function nameLabelProblem(label) {
  if (typeof label !== "string" || label.length === 0) return "Name is required"
  if (label.length < MIN_LABEL_LENGTH) return `Name must be at least ${MIN_LABEL_LENGTH} characters`
  if (label.length > MAX_LABEL_LENGTH) return `Name must be at most ${MAX_LABEL_LENGTH} characters`
  if (!/^[A-Za-z0-9-]+$/.test(label)) return "Name may contain only letters, digits and hyphens"
  if (label.startsWith("-") || label.endsWith("-")) return "Name cannot start or end with a hyphen"
  return undefined
}

/** Whether `label` passes the name rule (see {@link nameLabelProblem}). */
export const isValidNameLabel = (/** @type {unknown} */ label) => nameLabelProblem(label) === undefined

/**
 * `{ label, suffix }` of a full name, lower-cased; `suffix` is undefined when it has no dot.
 * @param {string} name
 */
const splitName = (name) => {
  const lower = name.toLowerCase()
  for (const suffix of [NAME_SUFFIX, LEGACY_NAME_SUFFIX]) {
    if (lower.endsWith(`.${suffix}`)) return { label: lower.slice(0, -suffix.length - 1), suffix }
  }
  const dot = lower.indexOf(".")
  return dot === -1
    ? { label: lower, suffix: undefined }
    : { label: lower.slice(0, dot), suffix: lower.slice(dot + 1) }
}

/** @import { IncomingMessage } from "node:http" */
/** @import { VerifyingChain } from "./signatures.mjs" */
/**
 * @typedef {object} NameRecord
 * @property {string} label
 * @property {`0x${string}`} address
 * @property {number} coinType
 * @property {string} registeredAt
 * @property {string} updatedAt
 * @property {Record<string, string>} attributes
 * @property {number} seq
 */
/** @typedef {{ readonly status: number, readonly body: unknown }} NamesReply */
/**
 * @typedef {object} NamesHandlers
 * @property {(context: { readonly req: IncomingMessage }) => Promise<NamesReply>} register
 * @property {(context: { readonly params: ReadonlyArray<string | undefined> }) => Promise<NamesReply>} lookup
 * @property {(context: { readonly params: ReadonlyArray<string | undefined> }) => Promise<NamesReply>} reverse
 * @property {(context: { readonly params: ReadonlyArray<string | undefined>, readonly query: URLSearchParams }) => Promise<NamesReply>} suggestions
 * @property {(address: string) => string | undefined} primaryNameOf The newest name of a checksummed address, or undefined.
 * @property {() => void} reset
 */

/**
 * The names handlers for api.mjs's router; each resolves `{ status, body }`. `chains` are the API's chains
 * (`chainId`, `index.rpcUrl`; coin type 60 is verified on the first), `readJson(req)` reads a bounded JSON
 * body, `seed` pre-registers `{ name, address }`s (to coin type 60), `clock()` is the server's time in ms.
 * @param {object} options
 * @param {ReadonlyArray<VerifyingChain>} options.chains
 * @param {(req: IncomingMessage) => Promise<any>} options.readJson
 * @param {ReadonlyArray<{ readonly name: string, readonly address: string }>} [options.seed]
 * @param {() => number} [options.clock]
 * @returns {NamesHandlers}
 */
export function createNamesHandlers({ chains, readJson, seed = [], clock = Date.now }) {
  const verify = createSignatureVerifier()
  /** @type {Map<number, VerifyingChain>} */
  const chainOfCoinType = new Map()
  if (chains[0] !== undefined) chainOfCoinType.set(EVM_COIN_TYPE, chains[0])
  for (const chain of chains) chainOfCoinType.set(coinTypeOf(chain.chainId), chain)

  /** @type {Map<string, NameRecord>} label → record */
  let byLabel = new Map()
  let seq = 0
  const nowIso = () => new Date(clock()).toISOString()

  const namesOf = (/** @type {string} */ address) =>
    [...byLabel.values()].filter((r) => r.address === address).sort((a, b) => b.seq - a.seq)

  const store = (/** @type {NameRecord} */ record) => {
    byLabel.set(record.label, record)
    // Oldest first out when an address holds too many.
    const held = namesOf(record.address)
    for (const old of held.slice(MAX_NAMES_PER_ADDRESS)) byLabel.delete(old.label)
  }

  const seeded = seed.map(({ name, address }) => {
    const { label, suffix } = splitName(String(name ?? ""))
    const problem = nameLabelProblem(label)
    if (problem !== undefined || suffix !== NAME_SUFFIX)
      throw new TypeError(
        `options.names: ${name} is not a valid .${NAME_SUFFIX} name (${problem ?? "suffix"})`
      )
    if (typeof address !== "string" || !ADDRESS.test(address))
      throw new TypeError(`options.names: bad address for ${name}`)
    return { label, address: getAddress(address.toLowerCase()) }
  })
  const reset = () => {
    byLabel = new Map()
    seq = 0
    const at = nowIso()
    for (const { label, address } of seeded) {
      store({
        label,
        address,
        coinType: EVM_COIN_TYPE,
        registeredAt: at,
        updatedAt: at,
        attributes: {},
        seq: ++seq
      })
    }
  }
  reset()

  const profileOf = (/** @type {NameRecord} */ record) => ({
    name: `${record.label}.${NAME_SUFFIX}`,
    registered_at: record.registeredAt,
    updated_at: record.updatedAt,
    addresses: { [String(record.coinType)]: { address: record.address, created: record.registeredAt } },
    attributes: Object.keys(record.attributes).length === 0 ? [] : [{ ...record.attributes }]
  })

  const decode = (/** @type {string | undefined} */ segment) => {
    try {
      return decodeURIComponent(segment ?? "")
    } catch {
      throw refuse("Malformed path segment")
    }
  }

  // --- input ---------------------------------------------------------------------------------------------

  const addressParam = (/** @type {unknown} */ value, field = "address") => {
    if (typeof value !== "string" || !ADDRESS.test(value)) throw refuse("Invalid address", field)
    return getAddress(value.toLowerCase())
  }
  const coinTypeParam = (/** @type {unknown} */ value) => {
    const number = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value
    const chain =
      typeof number === "number" && Number.isSafeInteger(number) ? chainOfCoinType.get(number) : undefined
    if (chain === undefined || typeof number !== "number") throw refuse("Unsupported coin type", "coin_type")
    return { coinType: number, chain }
  }
  /**
   * A label from a full name to register or suggest: the name rule, then the suffix.
   * @param {unknown} name
   * @param {{ requireSuffix: boolean }} options
   */
  const labelOf = (name, { requireSuffix }) => {
    if (typeof name !== "string" || name.length === 0) throw refuse("Name is required", "name")
    if (name.length > MAX_NAME_TEXT)
      throw refuse(`Name must be at most ${MAX_LABEL_LENGTH} characters`, "name")
    const { label, suffix } = splitName(name)
    if (suffix === undefined && requireSuffix) throw refuse(`Names end in .${NAME_SUFFIX}`, "name")
    if (suffix !== undefined && suffix !== NAME_SUFFIX) {
      // A dotted label (`a.b.reown.id`) breaks the character rule; any other zone is not ours.
      if (name.toLowerCase().endsWith(`.${NAME_SUFFIX}`))
        throw refuse("Name may contain only letters, digits and hyphens", "name")
      throw refuse(`Names end in .${NAME_SUFFIX}`, "name")
    }
    const problem = nameLabelProblem(label)
    if (problem !== undefined) throw refuse(problem, "name")
    return label
  }
  const attributesParam = (/** @type {unknown} */ value) => {
    if (value === undefined || value === null) return {}
    if (typeof value !== "object" || Array.isArray(value))
      throw refuse("Attributes must be an object", "attributes")
    /** @type {Record<string, string>} */
    const out = {}
    for (const [key, text] of Object.entries(value)) {
      const limit = ATTRIBUTE_LIMITS[key]
      if (limit === undefined) throw refuse(`Unknown attribute ${key.slice(0, 32)}`, "attributes")
      if (typeof text !== "string" || text.length > limit)
        throw refuse(`Attribute ${key} must be a string of at most ${limit} characters`, "attributes")
      out[key] = text
    }
    return out
  }
  const messageParam = (/** @type {unknown} */ value) => {
    if (typeof value !== "string" || value.length === 0) throw refuse("Message is required", "message")
    if (value.length > MAX_MESSAGE_LENGTH)
      throw refuse(`Message must be at most ${MAX_MESSAGE_LENGTH} characters`, "message")
    let parsed
    try {
      parsed = JSON.parse(value)
    } catch {
      throw refuse("Message must be JSON", "message")
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      throw refuse("Message must be a JSON object", "message")
    const { timestamp } = parsed
    if (!Number.isSafeInteger(timestamp) || timestamp < 0)
      throw refuse("Message timestamp must be unix seconds", "message")
    return {
      label: labelOf(parsed.name, { requireSuffix: true }),
      attributes: attributesParam(parsed.attributes),
      timestamp
    }
  }

  // --- handlers ------------------------------------------------------------------------------------------

  /** @param {{ readonly req: IncomingMessage }} context */
  const register = async ({ req }) => {
    const body = await readJson(req)
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw refuse("Body must be a JSON object")
    const address = addressParam(body.address)
    const { coinType, chain } = coinTypeParam(body.coin_type)
    const { label, attributes, timestamp } = messageParam(body.message)
    const skew = Math.floor(clock() / 1000) - timestamp
    if (skew > MESSAGE_MAX_AGE_SECONDS) throw refuse("Message expired", "message")
    if (skew < -MESSAGE_MAX_AGE_SECONDS) throw refuse("Message timestamp is in the future", "message")
    const taken = () => {
      const holder = byLabel.get(label)
      if (holder !== undefined && holder.address !== address)
        throw refuse("Name is already registered", "name")
    }
    taken()
    if (typeof body.signature !== "string" || body.signature.length === 0)
      throw refuse("Signature is required", "signature")
    const signed = await verify(chain, { address, message: body.message, signature: body.signature })
    if (!signed) throw refuse("Invalid signature", "signature")
    // Another registration may have won while the chain answered.
    taken()
    const existing = byLabel.get(label)
    const at = nowIso()
    if (existing === undefined && byLabel.size >= MAX_NAMES)
      throw refuse("The registry is full", undefined, 507)
    const record =
      existing === undefined
        ? { label, address, coinType, registeredAt: at, updatedAt: at, attributes, seq: ++seq }
        : { ...existing, coinType, attributes, updatedAt: at }
    store(record)
    return { status: 200, body: profileOf(record) }
  }

  /** @param {{ readonly params: ReadonlyArray<string | undefined> }} context */
  const lookup = ({ params }) => {
    const name = decode(params[0])
    const { label, suffix } = name.length > MAX_NAME_TEXT ? { label: "", suffix: undefined } : splitName(name)
    const record = suffix === NAME_SUFFIX || suffix === LEGACY_NAME_SUFFIX ? byLabel.get(label) : undefined
    if (record === undefined) throw refuse("Name not found", undefined, 404)
    return { status: 200, body: profileOf(record) }
  }

  /** @param {{ readonly params: ReadonlyArray<string | undefined> }} context */
  const reverse = ({ params }) => {
    const address = addressParam(decode(params[0]))
    return { status: 200, body: namesOf(address).map(profileOf) }
  }

  /** @param {{ readonly params: ReadonlyArray<string | undefined>, readonly query: URLSearchParams }} context */
  const suggestions = ({ params, query }) => {
    const zone = query.get("zone")
    if (zone !== null && zone !== "" && zone !== NAME_SUFFIX) throw refuse("Unsupported zone", "zone")
    const label = labelOf(decode(params[0]), { requireSuffix: false })
    const year = new Date(clock()).getUTCFullYear()
    const room = (/** @type {number} */ extra) => label.slice(0, MAX_LABEL_LENGTH - extra).replace(/-+$/, "")
    const candidates = [
      `${room(2)}-1`,
      `${room(4)}${year}`,
      `my${room(2)}`,
      `${room(4)}-app`,
      `the${room(3)}`,
      ...Array.from({ length: 20 }, (_, n) => `${room(3)}-${n + 2}`)
    ]
    /** @type {Array<string>} */
    const free = []
    for (const candidate of candidates) {
      if (free.length === MAX_SUGGESTIONS) break
      if (candidate === label || free.includes(candidate) || byLabel.has(candidate)) continue
      if (isValidNameLabel(candidate)) free.push(candidate)
    }
    return {
      status: 200,
      body: {
        suggestions: [
          { name: `${label}.${NAME_SUFFIX}`, registered: byLabel.has(label) },
          ...free.map((candidate) => ({ name: `${candidate}.${NAME_SUFFIX}`, registered: false }))
        ]
      }
    }
  }

  return {
    register: answering(register),
    lookup: answering(lookup),
    reverse: answering(reverse),
    suggestions: answering(suggestions),
    /** The primary (newest) name of `address` (checksummed), or undefined. */
    primaryNameOf: (/** @type {string} */ address) => {
      const newest = namesOf(address)[0]
      return newest === undefined ? undefined : `${newest.label}.${NAME_SUFFIX}`
    },
    /** Back to the seed. */
    reset
  }
}
