// The relay's vocabulary, shared by its modules: the methods it speaks, the tags of the implicit publishes
// of wc_*Session, the bounds (DEFAULT_LIMITS) and the counters. Apart so that the modules that check,
// store and dispatch can name them without importing the server that wires them (relay.mjs).

/**
 * @typedef {"irn_subscribe" | "irn_batchSubscribe" | "irn_publish" | "irn_unsubscribe" | "irn_batchUnsubscribe" | "irn_batchFetchMessages" | "wc_proposeSession" | "wc_approveSession"} RelayMethod
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
