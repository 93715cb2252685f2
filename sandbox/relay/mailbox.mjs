// The relay's state: each topic's mailbox (stored messages, deduplicated, bounded, kept for their ttl) and
// subscribers, and each client's (JWT iss) sockets and topics. Apart from the sockets' side (delivery.mjs)
// and the methods that call it (methods.mjs): it stores and subscribes, and sends nothing.
import { createHash } from "node:crypto"
import { RpcError, SERVER_ERROR } from "./jsonrpc.mjs"

/** @import { WebSocket } from "ws" */
/** @import { RelayLimits, RelayStats } from "./protocol.mjs" */
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

export const isLive = (/** @type {Message} */ message, /** @type {number} */ now) => message.expiresAt > now

export const subscriptionIdOf = (/** @type {string} */ topic, /** @type {string} */ clientId) =>
  createHash("sha256").update(`${topic}${clientId}`).digest("hex")

/**
 * The relay's topics and clients, with the operations that keep them within `limits`.
 * @param {{ readonly limits: Readonly<RelayLimits>, readonly stats: RelayStats }} deps
 */
export function createMailbox({ limits, stats }) {
  /** @type {Map<string, Topic>} topic → its mailbox (by hash) and subscribers (client ids) */
  const topics = new Map()
  /** @type {Map<string, Client>} clientId → its sockets and topics */
  const clients = new Map()
  let storedCount = 0

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
  const sweep = () => {
    const now = Date.now()
    for (const [topic, entry] of topics) {
      for (const [hash, message] of entry.messages)
        if (!isLive(message, now)) removeMessage(topic, entry, hash)
    }
  }

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
    if (existing !== undefined && isLive(existing, Date.now())) return existing
    // An expired copy the sweep has not removed yet gives way to the new publish.
    removeMessage(topic, entry, existing?.hash)
    if (storedCount >= limits.maxStoredMessages) {
      sweep()
      if (storedCount >= limits.maxStoredMessages) {
        // A refused publish leaves no topic behind (else each one to a new topic would grow the map).
        dropTopicIfEmpty(topic)
        throw new RpcError(SERVER_ERROR, "mailbox full")
      }
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

  return { topics, clients, sweep, subscribe, unsubscribe, store }
}
/** @typedef {ReturnType<typeof createMailbox>} Mailbox */
