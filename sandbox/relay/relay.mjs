// The sandbox WalletConnect relay: one loopback WebSocket server speaking the relay JSON-RPC subset the official
// SDKs (core / sign-client 2.25) really use, per ../../../shared/FACTS-WALLETCONNECT.md: irn_subscribe,
// irn_batchSubscribe, irn_publish, irn_unsubscribe (+ irn_batchUnsubscribe, irn_batchFetchMessages),
// irn_subscription pushes with acks, and wc_proposeSession / wc_approveSession with their implicit
// subscriptions. Messages wait in a mailbox (TTL) until a subscriber acks them; nothing is echoed to its
// publisher; a subscribe is answered before the mailbox is flushed; request ids are echoed byte-exactly.
// Clients are identified by the `iss` of their auth JWT (ed25519 did:key), whose signature and expiry are
// checked at the upgrade. See README.md in this folder. Dev-only: node:http, node:crypto and ws.
//
// This file is the server that wires the parts: the HTTP side and the upgrade (auth.mjs checks the JWT),
// the connections and their heartbeat, the fault switches in force (faults.mjs), and the handle a test
// holds. The state is in mailbox.mjs, the pushes and answers in delivery.mjs, the frames in dispatch.mjs,
// the methods in methods.mjs, the shared names and bounds in protocol.mjs and jsonrpc.mjs.
import { createServer } from "node:http"
import { WebSocketServer } from "ws"
import { listenOnLoopback } from "../shared/loopback.mjs"
import { verifyRelayJwt } from "./auth.mjs"
import { createDelivery } from "./delivery.mjs"
import { createFrameHandler } from "./dispatch.mjs"
import { normalizeFaults } from "./faults.mjs"
import { isObject } from "./jsonrpc.mjs"
import { createMailbox, isLive } from "./mailbox.mjs"
import { createMethods } from "./methods.mjs"
import { DEFAULT_LIMITS } from "./protocol.mjs"

/** @import { Duplex } from "node:stream" */
/** @import { RawData, WebSocket } from "ws" */
/** @import { RelayFaults } from "./faults.mjs" */
/** @import { Conn } from "./mailbox.mjs" */
/** @import { RelayLimits, RelayMethod, RelayStats, StoredRelayMessage } from "./protocol.mjs" */
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
 * @typedef {object} SandboxRelay
 * @property {string} url `ws://127.0.0.1:PORT`: the SDK's `relayUrl`.
 * @property {Readonly<RelayStats>} stats Live counters (read them, do not write).
 * @property {{ readonly active: { readonly without: ReadonlyArray<RelayMethod>, readonly dead: boolean }, readonly set: (faults: RelayFaults) => void, readonly clear: () => void }} faults `set` replaces the switches; `dead: true` also drops the open sockets.
 * @property {() => void} dropConnections Terminates every open socket (the SDK reconnects and re-subscribes with irn_batchSubscribe).
 * @property {{ readonly clients: () => ReadonlyArray<string>, readonly topics: () => ReadonlyArray<string>, readonly subscribers: (topic: string) => ReadonlyArray<string>, readonly storedMessages: (topic: string) => ReadonlyArray<StoredRelayMessage> }} inspect `clients`: client ids (JWT `iss`) seen and not yet forgotten; `storedMessages`: a topic's unexpired mailbox messages, oldest first.
 * @property {() => Promise<void>} close Stops listening and drops open sockets; safe to call more than once.
 */

const PING_INTERVAL_MS = 10_000
/** The SDK drops a socket that is silent for 35 s; stay well under it. */
const MAX_PING_INTERVAL_MS = 30_000
/** Subscriptions of a client with no open socket are forgotten after this long. */
const CLIENT_IDLE_MS = 5 * 60_000

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

  const mailbox = createMailbox({ limits, stats })
  const { topics, clients, sweep, unsubscribe } = mailbox
  const delivery = createDelivery({ mailbox, limits, stats, emptyAttestation, log })
  const methods = createMethods({ limits, mailbox, delivery, emptyAttestation })
  const onFrame = createFrameHandler({
    limits,
    stats,
    mailbox,
    delivery,
    methods,
    activeFaults: () => faults,
    log
  })
  let closed = false

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

  const url = `ws://127.0.0.1:${await listenOnLoopback(server, options.port)}`

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
