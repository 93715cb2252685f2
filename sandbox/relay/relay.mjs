// The sandbox WalletConnect relay: one loopback WebSocket server speaking the relay JSON-RPC subset the official
// SDKs (core / sign-client 2.25) really use, per ../../../shared/FACTS-WALLETCONNECT.md: irn_subscribe,
// irn_batchSubscribe, irn_publish, irn_unsubscribe (+ irn_batchUnsubscribe, irn_batchFetchMessages),
// irn_subscription pushes with acks, and wc_proposeSession / wc_approveSession with their implicit
// subscriptions. Messages wait in a mailbox (TTL) until a subscriber acks them; nothing is echoed to its
// publisher; a subscribe is answered before the mailbox is flushed; request ids are echoed byte-exactly.
// Clients are identified by the `iss` of their auth JWT (ed25519 did:key), whose signature and expiry are
// checked at the upgrade. See README.md in this folder. Dev-only: node:http, node:crypto and ws.
import { createHash, createPublicKey, verify as verifySignature } from "node:crypto"
import { createServer } from "node:http"
import { WebSocketServer } from "ws"

/** @import { Duplex } from "node:stream" */
/** @import { RawData, WebSocket } from "ws" */
/**
 * @typedef {"irn_subscribe" | "irn_batchSubscribe" | "irn_publish" | "irn_unsubscribe" | "irn_batchUnsubscribe" | "irn_batchFetchMessages" | "wc_proposeSession" | "wc_approveSession"} RelayMethod
 */
/**
 * Fault switches (the facts' `--relay-without=…` and `--dead-relay`).
 * @typedef {object} RelayFaults
 * @property {ReadonlyArray<RelayMethod>} [without] These methods answer JSON-RPC -32601 "Method not found", as a relay without them would.
 * @property {boolean} [dead] Every TCP connection is destroyed at once (the SDK retries silently, as with a relay that is down).
 */
/**
 * @typedef {object} RelayLimits
 * @property {number} maxFrameBytes
 * @property {number} maxMessageChars
 * @property {number} maxTopicChars
 * @property {number} maxTopicsPerClient
 * @property {number} maxBatch
 * @property {number} maxMessagesPerTopic
 * @property {number} maxStoredMessages
 * @property {number} maxPendingPerSocket
 * @property {number} maxConnections
 * @property {number} maxBufferedBytes
 * @property {number} maxTtlSeconds
 * @property {number} maxJwtChars
 * @property {number} maxIdChars
 */
/**
 * @typedef {object} SandboxRelayOptions
 * @property {number} [port] Default 0: a free port. Always 127.0.0.1.
 * @property {RelayFaults} [faults]
 * @property {number} [pingIntervalMs] WebSocket ping period; default 10000, at most 30000 (the SDK drops a socket silent for 35 s).
 * @property {boolean} [emptyAttestation] Send `attestation: ""` in pushes whose publisher gave none (default true), so the SDK's Verify lookup (an HTTP call to verify.walletconnect.org) returns early.
 * @property {number} [clientIdleMs] Subscriptions of a client with no open socket are forgotten after this long; default 300000.
 * @property {Partial<RelayLimits>} [limits]
 * @property {(line: string) => void} [log] Diagnostics (refused connections, socket errors); default silent.
 */
/**
 * Live counters.
 * @typedef {object} RelayStats
 * @property {number} connections Sockets accepted so far.
 * @property {number} open Sockets open now.
 * @property {number} rejected Upgrades refused (bad or expired JWT, too many connections).
 * @property {number} requests
 * @property {number} errors Error answers sent.
 * @property {number} garbage Frames that were not JSON-RPC (binary, unparsable, not an object, bad id).
 * @property {number} published Messages stored (publishes and the implicit ones of wc_*Session), duplicates not counted.
 * @property {number} pushes
 * @property {number} acks
 * @property {number} pings
 * @property {Record<RelayMethod, number>} methods Successful dispatches per method.
 */
/**
 * @typedef {object} StoredRelayMessage
 * @property {string} topic
 * @property {string} message
 * @property {number | undefined} tag
 * @property {number} publishedAt
 */
/**
 * @typedef {object} SandboxRelay
 * @property {string} url `ws://127.0.0.1:PORT`: the SDK's `relayUrl`.
 * @property {Readonly<RelayStats>} stats Live counters (read them, do not write).
 * @property {{ readonly active: { readonly without: ReadonlyArray<RelayMethod>, readonly dead: boolean }, readonly set: (faults: RelayFaults) => void, readonly clear: () => void }} faults `set` replaces the switches; `dead: true` also drops the open sockets.
 * @property {() => void} dropConnections Terminates every open socket (the SDK reconnects and re-subscribes with irn_batchSubscribe).
 * @property {{ readonly clients: () => ReadonlyArray<string>, readonly topics: () => ReadonlyArray<string>, readonly subscribers: (topic: string) => ReadonlyArray<string>, readonly storedMessages: (topic: string) => ReadonlyArray<StoredRelayMessage> }} inspect `clients`: client ids (JWT `iss`) seen and not yet forgotten; `storedMessages`: a topic's unexpired mailbox messages, oldest first.
 * @property {() => Promise<void>} close Stops listening and drops open sockets; safe to call more than once.
 */
/**
 * A message in a topic's mailbox.
 * @typedef {object} Message
 * @property {string} hash
 * @property {string} topic
 * @property {string} message
 * @property {number | undefined} tag
 * @property {string | undefined} attestation
 * @property {string} publisher
 * @property {number} publishedAt
 * @property {number} expiresAt
 * @property {Set<string>} ackedBy
 */
/**
 * One open socket of a client.
 * @typedef {object} Conn
 * @property {WebSocket} ws
 * @property {string} clientId
 * @property {Map<string, Message>} pending push id → message awaiting its ack
 * @property {Set<string>} inFlight hashes of the messages pushed and not acked
 * @property {boolean} alive
 * @property {boolean} starved
 */
/** @typedef {{ sockets: Array<Conn>, topics: Set<string>, idleTimer: NodeJS.Timeout | undefined }} Client */
/** @typedef {{ messages: Map<string, Message>, subscribers: Set<string> }} Topic */
/** @typedef {Record<string, any>} Params The request's params object (JSON, checked by each method). */

/** @type {ReadonlyArray<RelayMethod>} */
export const RELAY_METHODS = Object.freeze([
  "irn_subscribe",
  "irn_batchSubscribe",
  "irn_publish",
  "irn_unsubscribe",
  "irn_batchUnsubscribe",
  "irn_batchFetchMessages",
  "wc_proposeSession",
  "wc_approveSession"
])
/** Tags the implicit publishes of wc_proposeSession / wc_approveSession carry (sign-client 2.25). */
export const TAGS = Object.freeze(
  /** @type {const} */ ({ proposal: 1100, proposalResponse: 1101, settleRequest: 1102 })
)
/** @type {Readonly<RelayLimits>} Defaults; every one can be overridden through `limits`. */
export const DEFAULT_LIMITS = Object.freeze({
  /** Largest accepted frame (bytes); larger ones close the socket with 1009. */
  maxFrameBytes: 512 * 1024,
  /** Largest `message` in a publish (characters). */
  maxMessageChars: 256 * 1024,
  maxTopicChars: 256,
  /** Topics a client (JWT iss) may hold at once. */
  maxTopicsPerClient: 1000,
  /** Topics in one batch call. */
  maxBatch: 500,
  /** Stored messages per topic; the oldest is dropped beyond it. */
  maxMessagesPerTopic: 200,
  /** Stored messages over all topics; publishes beyond it are refused. */
  maxStoredMessages: 20_000,
  /** Unacked pushes per socket; further messages wait in the mailbox until acks arrive. */
  maxPendingPerSocket: 500,
  /** Sockets open at once (all clients). */
  maxConnections: 256,
  /** Bytes queued unsent on a socket before it is dropped as too slow. */
  maxBufferedBytes: 8 * 1024 * 1024,
  /** Longest accepted ttl, seconds (30 days). */
  maxTtlSeconds: 30 * 24 * 3600,
  /** Longest auth JWT, characters. */
  maxJwtChars: 4096,
  /** Longest request id token, characters. */
  maxIdChars: 64
})
const DEFAULT_TTL_SECONDS = 300
const PING_INTERVAL_MS = 10_000
/** The SDK drops a socket that is silent for 35 s; stay well under it. */
const MAX_PING_INTERVAL_MS = 30_000
/** Subscriptions of a client with no open socket are forgotten after this long. */
const CLIENT_IDLE_MS = 5 * 60_000
const MAX_CLOCK_SKEW_S = 300

// JSON-RPC error codes
const PARSE_ERROR = -32700
const INVALID_REQUEST = -32600
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602
const SERVER_ERROR = -32000

// ---------------------------------------------------------------------------------------------------------
// Auth JWT (@walletconnect/relay-auth format): base64url(header).base64url(payload).base64url(signature),
// EdDSA over the ASCII of "header.payload"; iss = did:key:z + base58btc(0xed 0x01 + 32-byte public key).
// ---------------------------------------------------------------------------------------------------------

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const BASE58_MAP = new Map([...BASE58].map((c, i) => [c, BigInt(i)]))
const BASE64URL = /^[A-Za-z0-9_-]*$/

/** @param {string} text */
function base58Decode(text) {
  let value = 0n
  for (const c of text) {
    const digit = BASE58_MAP.get(c)
    if (digit === undefined) return undefined
    value = value * 58n + digit
  }
  /** @type {Array<number>} */
  const bytes = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const c of text) {
    if (c !== "1") break
    bytes.unshift(0)
  }
  return Buffer.from(bytes)
}

/**
 * The 32-byte ed25519 public key of a `did:key:z6Mk…` issuer, or undefined.
 * @param {unknown} iss
 * @returns {Uint8Array | undefined}
 */
export function publicKeyOfDidKey(iss) {
  if (typeof iss !== "string" || iss.length > 128 || !iss.startsWith("did:key:z")) return undefined
  const bytes = base58Decode(iss.slice("did:key:z".length))
  if (bytes === undefined || bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) return undefined
  return bytes.subarray(2)
}

/**
 * A JWT segment's JSON object (its fields unchecked), or undefined.
 * @param {string | undefined} segment
 * @returns {Record<string, any> | undefined}
 */
const decodeJsonSegment = (segment) => {
  if (segment === undefined) return undefined
  if (!BASE64URL.test(segment)) return undefined
  try {
    const value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"))
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks a relay auth JWT: EdDSA header, did:key ed25519 issuer, signature, `exp` not past (the SDK's own
 * verifyJWT checks only the signature). Returns `{ ok: true, clientId, payload }` or `{ ok: false, reason }`.
 * @param {unknown} token
 * @param {{ readonly now?: number, readonly maxChars?: number }} [options]
 * @returns {{ readonly ok: true, readonly clientId: string, readonly payload: Readonly<Record<string, unknown>> } | { readonly ok: false, readonly reason: string }}
 */
export function verifyRelayJwt(token, { now = Date.now(), maxChars = DEFAULT_LIMITS.maxJwtChars } = {}) {
  const fail = (/** @type {string} */ reason) => /** @type {const} */ ({ ok: false, reason })
  if (typeof token !== "string" || token === "") return fail("missing auth")
  if (token.length > maxChars) return fail("auth too long")
  const parts = token.split(".")
  if (parts.length !== 3) return fail("malformed JWT")
  const [head, body, sig] = parts
  const header = decodeJsonSegment(head)
  const payload = decodeJsonSegment(body)
  if (header === undefined || payload === undefined || sig === undefined || !BASE64URL.test(sig))
    return fail("malformed JWT")
  if (header.alg !== "EdDSA" || header.typ !== "JWT") return fail("JWT must use EdDSA")
  const publicKey = publicKeyOfDidKey(payload.iss)
  if (publicKey === undefined) return fail("issuer must be an ed25519 did:key")
  const signature = Buffer.from(sig, "base64url")
  if (signature.length !== 64) return fail("bad signature")
  let valid = false
  try {
    const key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
      format: "jwk"
    })
    valid = verifySignature(null, Buffer.from(`${head}.${body}`, "ascii"), key, signature)
  } catch {
    valid = false
  }
  if (!valid) return fail("bad signature")
  const nowS = Math.floor(now / 1000)
  if (typeof payload.exp !== "number" || !Number.isFinite(payload.exp)) return fail("JWT has no exp")
  if (payload.exp <= nowS) return fail("JWT expired")
  if (typeof payload.iat === "number" && payload.iat > nowS + MAX_CLOCK_SKEW_S)
    return fail("JWT issued in the future")
  return { ok: true, clientId: payload.iss, payload }
}

// ---------------------------------------------------------------------------------------------------------
// Frames: JSON.parse for the structure, plus the raw text of the top-level "id" (ids may exceed 2^53).
// ---------------------------------------------------------------------------------------------------------

const WS = new Set([" ", "\t", "\n", "\r"])

/**
 * Index just past the JSON value starting at `i` (the text is known to be valid JSON).
 * @param {string} text
 * @param {number} i
 * @returns {number}
 */
function skipValue(text, i) {
  const c = text[i]
  if (c === '"') {
    let j = i + 1
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1
    return j + 1
  }
  if (c === "{" || c === "[") {
    let depth = 0
    let j = i
    for (; j < text.length; j++) {
      const d = text[j]
      if (d === '"') j = skipValue(text, j) - 1
      else if (d === "{" || d === "[") depth++
      else if (d === "}" || d === "]") {
        depth--
        if (depth === 0) return j + 1
      }
    }
    return j
  }
  let j = i
  while (j < text.length && !WS.has(text[j] ?? "") && text[j] !== "," && text[j] !== "}" && text[j] !== "]")
    j++
  return j
}
/**
 * @param {string} text
 * @param {number} i
 */
const skipWs = (text, i) => {
  while (WS.has(text[i] ?? "")) i++
  return i
}

/**
 * The raw source text of the top-level object's "id" member (the last one, as JSON.parse keeps), or undefined.
 * @param {string} text
 * @returns {string | undefined}
 */
export function rawIdOf(text) {
  let i = skipWs(text, 0)
  if (text[i] !== "{") return undefined
  i = skipWs(text, i + 1)
  let raw
  while (i < text.length && text[i] !== "}") {
    const keyEnd = skipValue(text, i)
    const key = JSON.parse(text.slice(i, keyEnd))
    i = skipWs(text, keyEnd) + 1 // the colon
    i = skipWs(text, i)
    const valueEnd = skipValue(text, i)
    if (key === "id") raw = text.slice(i, valueEnd)
    i = skipWs(text, valueEnd)
    if (text[i] === ",") i = skipWs(text, i + 1)
  }
  return raw
}

const NUMBER_ID = /^-?(0|[1-9]\d*)$/

// ---------------------------------------------------------------------------------------------------------
// The relay
// ---------------------------------------------------------------------------------------------------------

class RpcError extends Error {
  /**
   * @param {number} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message)
    this.code = code
  }
}
const invalid = (/** @type {string} */ message) => new RpcError(INVALID_PARAMS, message)

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value)

/**
 * @param {unknown} input
 * @returns {{ without: Set<RelayMethod>, dead: boolean }}
 */
function normalizeFaults(input) {
  if (input === undefined || input === null) return { without: new Set(), dead: false }
  if (!isObject(input)) throw new TypeError("faults must be an object")
  const without = input.without ?? []
  if (!Array.isArray(without) || without.some((m) => !RELAY_METHODS.includes(m))) {
    throw new TypeError(`faults.without lists methods of ${RELAY_METHODS.join(", ")}`)
  }
  if (input.dead !== undefined && typeof input.dead !== "boolean")
    throw new TypeError("faults.dead is a boolean")
  return { without: new Set(without), dead: input.dead === true }
}

/**
 * Parses `--relay-without=a,b` and `--dead-relay` from argv-style strings into a faults object.
 * @param {ReadonlyArray<string>} args
 * @returns {{ without: Array<RelayMethod>, dead: boolean }}
 */
export function parseRelayFaultArgs(args) {
  /** @type {Array<RelayMethod>} */
  const without = []
  let dead = false
  for (const arg of args) {
    if (arg === "--dead-relay") dead = true
    else if (arg.startsWith("--relay-without=")) {
      for (const name of arg.slice("--relay-without=".length).split(",")) {
        const trimmed = name.trim()
        if (trimmed === "") continue
        const full = trimmed.includes("_") ? trimmed : `irn_${trimmed}`
        const method = RELAY_METHODS.find((known) => known === full)
        if (method === undefined) throw new TypeError(`unknown relay method: ${trimmed}`)
        without.push(method)
      }
    }
  }
  return { without, dead }
}

/**
 * Starts the relay on 127.0.0.1 (a free port unless `port` is given). Resolves once it listens.
 * @param {SandboxRelayOptions} [options]
 * @returns {Promise<SandboxRelay>}
 */
export async function startSandboxRelay(options = {}) {
  if (!isObject(options)) throw new TypeError("startSandboxRelay options must be an object")
  const limits = { ...DEFAULT_LIMITS, ...(options.limits ?? {}) }
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS
  if (!(pingIntervalMs > 0 && pingIntervalMs <= MAX_PING_INTERVAL_MS)) {
    throw new RangeError(`pingIntervalMs must be in (0, ${MAX_PING_INTERVAL_MS}]`)
  }
  const emptyAttestation = options.emptyAttestation ?? true
  const clientIdleMs = options.clientIdleMs ?? CLIENT_IDLE_MS
  const log = typeof options.log === "function" ? options.log : () => {}
  let faults = normalizeFaults(options.faults)

  /** @type {RelayStats} */
  const stats = {
    connections: 0,
    open: 0,
    rejected: 0,
    requests: 0,
    errors: 0,
    garbage: 0,
    published: 0,
    pushes: 0,
    acks: 0,
    pings: 0,
    methods: {
      irn_subscribe: 0,
      irn_batchSubscribe: 0,
      irn_publish: 0,
      irn_unsubscribe: 0,
      irn_batchUnsubscribe: 0,
      irn_batchFetchMessages: 0,
      wc_proposeSession: 0,
      wc_approveSession: 0
    }
  }

  /** @type {Map<string, Topic>} topic → its mailbox (by hash) and subscribers (client ids) */
  const topics = new Map()
  /** @type {Map<string, Client>} clientId → its sockets and topics */
  const clients = new Map()
  let storedCount = 0
  let pushSeq = 0
  let closed = false

  /**
   * @param {string} topic
   * @returns {Topic}
   */
  const topicOf = (topic) => {
    let entry = topics.get(topic)
    if (entry === undefined) {
      entry = { messages: new Map(), subscribers: new Set() }
      topics.set(topic, entry)
    }
    return entry
  }
  const dropTopicIfEmpty = (/** @type {string} */ topic) => {
    const entry = topics.get(topic)
    if (entry && entry.messages.size === 0 && entry.subscribers.size === 0) topics.delete(topic)
  }
  /**
   * @param {string} topic
   * @param {Topic} entry
   * @param {string | undefined} hash
   */
  const removeMessage = (topic, entry, hash) => {
    if (hash === undefined) return
    if (entry.messages.delete(hash)) storedCount--
    dropTopicIfEmpty(topic)
  }
  const isLive = (/** @type {Message} */ message, /** @type {number} */ now) => message.expiresAt > now
  const sweep = () => {
    const now = Date.now()
    for (const [topic, entry] of topics) {
      for (const [hash, message] of entry.messages)
        if (!isLive(message, now)) removeMessage(topic, entry, hash)
    }
  }

  /** A push id below 2^53 (16 digits), as the SDK parses 17+ digit numbers into BigInt. */
  const nextPushId = () => {
    pushSeq = (pushSeq + 1) % 1000
    return String(Date.now() * 1000 + pushSeq)
  }

  /**
   * @param {Conn} conn
   * @param {string} text
   */
  const send = (conn, text) => {
    if (conn.ws.readyState !== conn.ws.OPEN) return
    if (conn.ws.bufferedAmount > limits.maxBufferedBytes) {
      log("relay: dropping a slow socket")
      conn.ws.terminate()
      return
    }
    conn.ws.send(text)
  }
  /**
   * @param {Conn} conn
   * @param {string} rawId
   * @param {unknown} result
   */
  const reply = (conn, rawId, result) =>
    send(conn, `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`)
  /**
   * @param {Conn} conn
   * @param {string | null | undefined} rawId
   * @param {number} code
   * @param {string} message
   */
  const replyError = (conn, rawId, code, message) => {
    stats.errors++
    send(conn, `{"id":${rawId ?? "null"},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`)
  }

  /**
   * The socket a client's pushes go to: its newest open one.
   * @param {string} clientId
   */
  const socketOf = (clientId) => {
    const client = clients.get(clientId)
    if (client === undefined) return undefined
    for (let i = client.sockets.length - 1; i >= 0; i--) {
      const conn = client.sockets[i]
      if (conn !== undefined && conn.ws.readyState === conn.ws.OPEN) return conn
    }
    return undefined
  }

  /**
   * Pushes one stored message to one client unless it published it, acked it, or has it in flight.
   * @param {string} clientId
   * @param {Message} message
   */
  const deliver = (clientId, message) => {
    if (message.publisher === clientId || message.ackedBy.has(clientId)) return
    const conn = socketOf(clientId)
    if (conn === undefined || conn.inFlight.has(message.hash)) return
    if (conn.pending.size >= limits.maxPendingPerSocket) {
      conn.starved = true
      return
    }
    const id = nextPushId()
    conn.pending.set(id, message)
    conn.inFlight.add(message.hash)
    /** @type {Record<string, unknown>} */
    const data = { topic: message.topic, message: message.message, publishedAt: message.publishedAt }
    if (message.tag !== undefined) data.tag = message.tag
    if (message.attestation !== undefined) data.attestation = message.attestation
    else if (emptyAttestation) data.attestation = ""
    stats.pushes++
    send(
      conn,
      JSON.stringify({
        id: Number(id),
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: { id: subscriptionIdOf(message.topic, clientId), data }
      })
    )
  }

  /**
   * @param {string} clientId
   * @param {Iterable<string>} topicNames
   */
  const flush = (clientId, topicNames) => {
    const now = Date.now()
    for (const topic of topicNames) {
      const entry = topics.get(topic)
      if (entry === undefined) continue
      for (const message of entry.messages.values()) if (isLive(message, now)) deliver(clientId, message)
    }
  }

  const subscriptionIdOf = (/** @type {string} */ topic, /** @type {string} */ clientId) =>
    createHash("sha256").update(`${topic}${clientId}`).digest("hex")

  const subscribe = (/** @type {string} */ clientId, /** @type {string} */ topic) => {
    const client = clients.get(clientId)
    if (client === undefined) throw new RpcError(SERVER_ERROR, "unknown client")
    if (!client.topics.has(topic) && client.topics.size >= limits.maxTopicsPerClient) {
      throw new RpcError(SERVER_ERROR, `at most ${limits.maxTopicsPerClient} subscriptions per client`)
    }
    client.topics.add(topic)
    topicOf(topic).subscribers.add(clientId)
    return subscriptionIdOf(topic, clientId)
  }
  const unsubscribe = (/** @type {string} */ clientId, /** @type {string} */ topic) => {
    clients.get(clientId)?.topics.delete(topic)
    const entry = topics.get(topic)
    if (entry === undefined) return
    entry.subscribers.delete(clientId)
    dropTopicIfEmpty(topic)
  }

  /**
   * Stores a message (deduplicated by topic + message) and returns it for delivery after the reply.
   * @param {string} publisher
   * @param {{ topic: string, message: string, ttl: number, tag: number | undefined, attestation?: string | undefined }} input
   * @returns {Message}
   */
  const store = (publisher, { topic, message, ttl, tag, attestation }) => {
    const entry = topicOf(topic)
    const hash = createHash("sha256").update(topic).update("\0").update(message).digest("hex")
    const existing = entry.messages.get(hash)
    if (existing !== undefined) return existing
    if (storedCount >= limits.maxStoredMessages) {
      sweep()
      if (storedCount >= limits.maxStoredMessages) throw new RpcError(SERVER_ERROR, "mailbox full")
    }
    if (entry.messages.size >= limits.maxMessagesPerTopic) {
      const oldest = entry.messages.keys().next().value
      removeMessage(topic, entry, oldest)
    }
    const publishedAt = Date.now()
    /** @type {Message} */
    const stored = {
      hash,
      topic,
      message,
      tag,
      attestation,
      publisher,
      publishedAt,
      expiresAt: publishedAt + ttl * 1000,
      ackedBy: new Set()
    }
    topicOf(topic).messages.set(hash, stored)
    storedCount++
    stats.published++
    return stored
  }
  const fanOut = (/** @type {Message} */ message) => {
    const entry = topics.get(message.topic)
    if (entry === undefined) return
    for (const clientId of entry.subscribers) deliver(clientId, message)
  }

  // ----- params ------------------------------------------------------------------------------------------

  const topicParam = (/** @type {unknown} */ value, name = "topic") => {
    if (typeof value !== "string" || value === "" || value.length > limits.maxTopicChars) {
      throw invalid(`${name} must be a non-empty string of at most ${limits.maxTopicChars} characters`)
    }
    return value
  }
  const topicsParam = (/** @type {unknown} */ value) => {
    if (!Array.isArray(value) || value.length > limits.maxBatch) {
      throw invalid(`topics must be an array of at most ${limits.maxBatch} topics`)
    }
    return value.map((topic) => topicParam(topic))
  }
  const ttlParam = (/** @type {unknown} */ value) => {
    if (value === undefined) return DEFAULT_TTL_SECONDS
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) throw invalid("ttl must be > 0")
    return Math.min(Math.ceil(value), limits.maxTtlSeconds)
  }
  const messageParam = (/** @type {unknown} */ value, name = "message") => {
    if (typeof value !== "string" || value === "") throw invalid(`${name} must be a non-empty string`)
    if (value.length > limits.maxMessageChars) throw invalid(`${name} longer than ${limits.maxMessageChars}`)
    return value
  }
  const tagParam = (/** @type {unknown} */ value) => {
    if (value === undefined) return undefined
    if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalid("tag must be an integer")
    return value
  }
  const attestationParam = (/** @type {unknown} */ value) => {
    if (value === undefined || value === null) return undefined
    if (typeof value !== "string" || value.length > 8192) throw invalid("attestation must be a short string")
    return value
  }
  const paramsOf = (/** @type {unknown} */ params) => {
    if (!isObject(params)) throw invalid("params must be an object")
    return params
  }

  // ----- methods: each returns [result, afterReply?] ----------------------------------------------------

  /** @type {Record<RelayMethod, (clientId: string, params: unknown) => [unknown, (() => void)?]>} */
  const methods = {
    irn_subscribe: (clientId, params) => {
      const topic = topicParam(paramsOf(params).topic)
      const id = subscribe(clientId, topic)
      return [id, () => flush(clientId, [topic])]
    },
    irn_batchSubscribe: (clientId, params) => {
      const list = topicsParam(paramsOf(params).topics)
      const ids = list.map((topic) => subscribe(clientId, topic))
      return [ids, () => flush(clientId, list)]
    },
    irn_unsubscribe: (clientId, params) => {
      unsubscribe(clientId, topicParam(paramsOf(params).topic))
      return [true]
    },
    irn_batchUnsubscribe: (clientId, params) => {
      const list = paramsOf(params).subscriptions
      if (!Array.isArray(list) || list.length > limits.maxBatch)
        throw invalid("subscriptions must be an array")
      const names = list.map((s) => topicParam(isObject(s) ? s.topic : undefined))
      for (const topic of names) unsubscribe(clientId, topic)
      return [true]
    },
    irn_batchFetchMessages: (clientId, params) => {
      const list = topicsParam(paramsOf(params).topics)
      const now = Date.now()
      /** @type {Array<Record<string, unknown>>} */
      const messages = []
      for (const topic of list) {
        for (const m of topics.get(topic)?.messages.values() ?? []) {
          if (!isLive(m, now) || m.publisher === clientId || m.ackedBy.has(clientId)) continue
          m.ackedBy.add(clientId)
          /** @type {Record<string, unknown>} */
          const out = { topic: m.topic, message: m.message, publishedAt: m.publishedAt }
          if (m.tag !== undefined) out.tag = m.tag
          if (m.attestation !== undefined) out.attestation = m.attestation
          else if (emptyAttestation) out.attestation = ""
          messages.push(out)
        }
      }
      return [{ messages, hasMore: false }]
    },
    irn_publish: (clientId, params) => {
      const p = paramsOf(params)
      const message = store(clientId, {
        topic: topicParam(p.topic),
        message: messageParam(p.message),
        ttl: ttlParam(p.ttl),
        tag: tagParam(p.tag),
        attestation: attestationParam(p.attestation)
      })
      return [true, () => fanOut(message)]
    },
    wc_proposeSession: (clientId, params) => {
      const p = paramsOf(params)
      const pairingTopic = topicParam(p.pairingTopic, "pairingTopic")
      const proposal = messageParam(p.sessionProposal, "sessionProposal")
      const ttl = ttlParam(p.ttl)
      const attestation = attestationParam(p.attestation)
      subscribe(clientId, pairingTopic)
      const stored = store(clientId, {
        topic: pairingTopic,
        message: proposal,
        ttl,
        tag: TAGS.proposal,
        attestation
      })
      return [true, () => fanOut(stored)]
    },
    wc_approveSession: (clientId, params) => {
      const p = paramsOf(params)
      const sessionTopic = topicParam(p.sessionTopic, "sessionTopic")
      const pairingTopic = topicParam(p.pairingTopic, "pairingTopic")
      const response = messageParam(p.sessionProposalResponse, "sessionProposalResponse")
      const settle = messageParam(p.sessionSettlementRequest, "sessionSettlementRequest")
      const ttl = ttlParam(p.ttl)
      subscribe(clientId, sessionTopic)
      const first = store(clientId, {
        topic: pairingTopic,
        message: response,
        ttl,
        tag: TAGS.proposalResponse
      })
      const second = store(clientId, { topic: sessionTopic, message: settle, ttl, tag: TAGS.settleRequest })
      return [
        true,
        () => {
          fanOut(first)
          fanOut(second)
        }
      ]
    }
  }

  // ----- frames -----------------------------------------------------------------------------------------

  /**
   * @param {Conn} conn
   * @param {RawData} data
   * @param {boolean} isBinary
   */
  const onFrame = (conn, data, isBinary) => {
    if (isBinary) {
      stats.garbage++
      replyError(conn, null, PARSE_ERROR, "binary frames are not accepted")
      return
    }
    const text = String(data)
    /** @type {unknown} */
    let frame
    /** @type {string | undefined} */
    let rawId
    try {
      frame = JSON.parse(text)
      rawId = isObject(frame) ? rawIdOf(text) : undefined
    } catch {
      stats.garbage++
      replyError(conn, null, PARSE_ERROR, "Parse error")
      return
    }
    if (!isObject(frame)) {
      stats.garbage++
      replyError(conn, null, INVALID_REQUEST, "Invalid request")
      return
    }
    const id = rawId
    const idOk =
      id !== undefined &&
      id.length <= limits.maxIdChars &&
      (typeof frame.id === "string" || (typeof frame.id === "number" && NUMBER_ID.test(id)))
    // A response: the ack of a push.
    if (frame.method === undefined && ("result" in frame || "error" in frame)) {
      if (!idOk) return
      const key = typeof frame.id === "string" ? frame.id : id
      const message = conn.pending.get(key)
      if (message === undefined) return
      conn.pending.delete(key)
      conn.inFlight.delete(message.hash)
      if ("result" in frame) {
        stats.acks++
        message.ackedBy.add(conn.clientId)
      }
      // Messages held back by maxPendingPerSocket go out as acks make room.
      if (conn.starved && conn.pending.size < limits.maxPendingPerSocket) {
        conn.starved = false
        flush(conn.clientId, clients.get(conn.clientId)?.topics ?? [])
      }
      return
    }
    if (typeof frame.method !== "string" || !idOk) {
      stats.garbage++
      replyError(conn, idOk ? id : null, INVALID_REQUEST, "Invalid request")
      return
    }
    stats.requests++
    const method = RELAY_METHODS.find((known) => known === frame.method)
    if (method === undefined || faults.without.has(method)) {
      replyError(conn, id, METHOD_NOT_FOUND, `Method not found: ${frame.method.slice(0, 64)}`)
      return
    }
    const handler = methods[method]
    stats.methods[method]++
    let outcome
    try {
      outcome = handler(conn.clientId, frame.params)
    } catch (error) {
      if (error instanceof RpcError) replyError(conn, id, error.code, error.message)
      else {
        log(`relay: ${frame.method} failed: ${error}`)
        replyError(conn, id, SERVER_ERROR, "Internal error")
      }
      return
    }
    const [result, afterReply] = outcome
    reply(conn, id, result)
    afterReply?.()
  }

  // ----- connections ------------------------------------------------------------------------------------

  const sockets = new Set()
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false
  })
  const server = createServer((_req, res) => {
    res.writeHead(426, { "content-type": "text/plain", connection: "close" })
    res.end("WebSocket only")
  })
  const rawSockets = new Set()
  server.on("connection", (socket) => {
    rawSockets.add(socket)
    socket.once("close", () => rawSockets.delete(socket))
    if (faults.dead) socket.destroy()
  })

  /**
   * @param {Duplex} socket
   * @param {number} status
   * @param {string} text
   */
  const refuse = (socket, status, text) => {
    stats.rejected++
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nconnection: close\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`
    )
  }

  server.on("upgrade", (req, socket, head) => {
    socket.on("error", () => {})
    if (faults.dead) {
      socket.destroy()
      return
    }
    let auth
    try {
      auth = new URL(req.url ?? "/", "ws://127.0.0.1").searchParams.get("auth")
    } catch {
      auth = null
    }
    const check = verifyRelayJwt(auth ?? "", { maxChars: limits.maxJwtChars })
    if (!check.ok) {
      log(`relay: refused a connection: ${check.reason}`)
      refuse(socket, 401, `Unauthorized: ${check.reason}`)
      return
    }
    if (sockets.size >= limits.maxConnections) {
      refuse(socket, 503, "Service Unavailable: too many connections")
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, check.clientId))
  })

  /**
   * @param {WebSocket} ws
   * @param {string} clientId
   */
  const onConnection = (ws, clientId) => {
    stats.connections++
    /** @type {Conn} */
    const conn = { ws, clientId, pending: new Map(), inFlight: new Set(), alive: true, starved: false }
    sockets.add(conn)
    stats.open = sockets.size
    let client = clients.get(clientId)
    if (client === undefined) {
      client = { sockets: [], topics: new Set(), idleTimer: undefined }
      clients.set(clientId, client)
    }
    clearTimeout(client.idleTimer)
    client.sockets.push(conn)
    ws.on("pong", () => {
      conn.alive = true
    })
    ws.on("message", (/** @type {RawData} */ data, /** @type {boolean} */ isBinary) => {
      conn.alive = true
      try {
        onFrame(conn, data, isBinary)
      } catch (error) {
        log(`relay: frame failed: ${error}`)
      }
    })
    ws.on("error", (/** @type {Error} */ error) => log(`relay: socket error: ${error.message}`))
    ws.on("close", () => {
      sockets.delete(conn)
      stats.open = sockets.size
      // Unacked pushes become deliverable again (on the next subscribe / batchSubscribe).
      conn.pending.clear()
      conn.inFlight.clear()
      const current = clients.get(clientId)
      if (current === undefined) return
      current.sockets = current.sockets.filter((c) => c !== conn)
      if (current.sockets.length === 0 && !closed) {
        current.idleTimer = setTimeout(() => {
          if (current.sockets.length > 0) return
          for (const topic of [...current.topics]) unsubscribe(clientId, topic)
          clients.delete(clientId)
        }, clientIdleMs)
        current.idleTimer.unref()
      }
    })
  }

  const heartbeat = setInterval(() => {
    for (const conn of sockets) {
      if (!conn.alive) {
        conn.ws.terminate()
        continue
      }
      conn.alive = false
      stats.pings++
      try {
        conn.ws.ping()
      } catch {
        conn.ws.terminate()
      }
    }
    sweep()
  }, pingIntervalMs)
  heartbeat.unref()

  await new Promise((/** @type {(value?: undefined) => void} */ resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject)
      resolve()
    })
  })
  const address = server.address()
  const url = `ws://127.0.0.1:${typeof address === "object" && address !== null ? address.port : options.port}`

  /** @type {Promise<void> | undefined} */
  let closing
  const dropConnections = () => {
    for (const conn of sockets) conn.ws.terminate()
  }
  return {
    url,
    stats,
    faults: {
      get active() {
        return { without: [...faults.without], dead: faults.dead }
      },
      set: (/** @type {RelayFaults} */ next) => {
        faults = normalizeFaults(next)
        if (faults.dead) dropConnections()
      },
      clear: () => {
        faults = normalizeFaults(undefined)
      }
    },
    dropConnections,
    inspect: {
      clients: () => [...clients.keys()],
      topics: () => [...topics.keys()],
      subscribers: (/** @type {string} */ topic) => [...(topics.get(topic)?.subscribers ?? [])],
      storedMessages: (/** @type {string} */ topic) => {
        const now = Date.now()
        return [...(topics.get(topic)?.messages.values() ?? [])]
          .filter((m) => isLive(m, now))
          .map((m) => ({ topic: m.topic, message: m.message, tag: m.tag, publishedAt: m.publishedAt }))
      }
    },
    close: () => {
      if (closing) return closing
      closed = true
      clearInterval(heartbeat)
      for (const client of clients.values()) clearTimeout(client.idleTimer)
      closing = new Promise((resolve) => {
        for (const conn of sockets) conn.ws.terminate()
        wss.close()
        server.close(() => resolve())
        for (const socket of rawSockets) socket.destroy()
      })
      return closing
    }
  }
}
