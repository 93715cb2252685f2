// The relay's sending side: answers and errors on a socket (dropping one too slow to drain), and the
// irn_subscription pushes of stored messages to their subscribers' newest sockets, at most
// maxPendingPerSocket unacked per socket. Apart from the mailbox (mailbox.mjs), which it reads and never
// changes, and from the frame dispatcher (dispatch.mjs), which settles the acks.
import { isLive, subscriptionIdOf } from "./mailbox.mjs"

/** @import { Conn, Mailbox, Message } from "./mailbox.mjs" */
/** @import { RelayLimits, RelayStats } from "./protocol.mjs" */

/**
 * The sending side over `mailbox`.
 * @param {{ readonly mailbox: Mailbox, readonly limits: Readonly<RelayLimits>, readonly stats: RelayStats, readonly emptyAttestation: boolean, readonly log: (line: string) => void }} deps
 */
export function createDelivery({ mailbox, limits, stats, emptyAttestation, log }) {
  const { topics, clients } = mailbox
  let pushSeq = 0

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
  const fanOut = (/** @type {Message} */ message) => {
    const entry = topics.get(message.topic)
    if (entry === undefined) return
    for (const clientId of entry.subscribers) deliver(clientId, message)
  }

  return { reply, replyError, flush, fanOut }
}
/** @typedef {ReturnType<typeof createDelivery>} Delivery */
