// The relay's methods: each one's params checked against the limits, then its effect on the mailbox, and
// what to push once the answer is sent. Apart from the dispatcher (dispatch.mjs), which decodes frames,
// applies the fault switches and answers; a method only returns its result or throws an RpcError.
import { invalid, isObject } from "./jsonrpc.mjs"
import { isLive } from "./mailbox.mjs"
import { TAGS } from "./protocol.mjs"

/** @import { Delivery } from "./delivery.mjs" */
/** @import { Mailbox } from "./mailbox.mjs" */
/** @import { RelayLimits, RelayMethod } from "./protocol.mjs" */
/** @typedef {Record<string, any>} Params The request's params object (JSON, checked by each method). */

const DEFAULT_TTL_SECONDS = 300

/**
 * The method table, over `mailbox` and `delivery`.
 * @param {{ readonly limits: Readonly<RelayLimits>, readonly mailbox: Mailbox, readonly delivery: Delivery, readonly emptyAttestation: boolean }} deps
 */
export function createMethods({ limits, mailbox, delivery, emptyAttestation }) {
  const { topics, subscribe, unsubscribe, store } = mailbox
  const { flush, fanOut } = delivery

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
  return methods
}
/** @typedef {ReturnType<typeof createMethods>} Methods */
