// The relay's frame dispatcher: a text frame is decoded (its id kept as source text), then taken either as
// the ack of a push (freeing room for held-back messages) or as a request, which the fault switches may
// refuse and the method table answers. Garbage gets a JSON-RPC error and the connection stays open. Apart
// from the connections (relay.mjs), which feed it frames, and from the methods (methods.mjs) it calls.
import {
  INVALID_REQUEST,
  isObject,
  METHOD_NOT_FOUND,
  NUMBER_ID,
  PARSE_ERROR,
  RpcError,
  rawIdOf,
  SERVER_ERROR
} from "./jsonrpc.mjs"
import { RELAY_METHODS } from "./protocol.mjs"

/** @import { RawData } from "ws" */
/** @import { Delivery } from "./delivery.mjs" */
/** @import { normalizeFaults } from "./faults.mjs" */
/** @import { Conn, Mailbox } from "./mailbox.mjs" */
/** @import { Methods } from "./methods.mjs" */
/** @import { RelayLimits, RelayStats } from "./protocol.mjs" */

/**
 * The handler of every socket's frames; `activeFaults` reads the switches in force at each frame.
 * @param {{ readonly limits: Readonly<RelayLimits>, readonly stats: RelayStats, readonly mailbox: Mailbox, readonly delivery: Delivery, readonly methods: Methods, readonly activeFaults: () => ReturnType<typeof normalizeFaults>, readonly log: (line: string) => void }} deps
 */
export function createFrameHandler({ limits, stats, mailbox, delivery, methods, activeFaults, log }) {
  const { clients } = mailbox
  const { reply, replyError, flush } = delivery

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
    if (method === undefined || activeFaults().without.has(method)) {
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
  return onFrame
}
