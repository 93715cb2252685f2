// The frame's end of the MessageChannel port (src/internal/frameProtocol.ts is the contract): reads each
// message, drops whatever is not a request it may answer, and answers the rest through `handlers`. Every
// drop is counted on `<html data-dropped>` (THREATS.md R11): the wrong shape, a name outside the protocol,
// over 64 KiB, a bad id, and an id already seen (a replay is never answered twice).

import { FrameError } from "./api.js"

const APP_PREFIX = "@w3m-app/"
const FRAME_PREFIX = "@w3m-frame/"
const MAX_MESSAGE_LENGTH = 64 * 1024
const MAX_PENDING = 16
/** Ids remembered against replay; past this the oldest go (far more than a session's requests). */
const MAX_SEEN_IDS = 10_000
const ID = /^[0-9a-f]{32}$/

/** The app's request names (frameProtocol's APP_REQUESTS); any other name is a forgery. */
const APP_REQUESTS = new Set([
  "SWITCH_NETWORK",
  "CONNECT_EMAIL",
  "CONNECT_DEVICE",
  "CONNECT_OTP",
  "CONNECT_SOCIAL",
  "CONNECT_FARCASTER",
  "GET_FARCASTER_URI",
  "GET_SOCIAL_REDIRECT_URI",
  "GET_USER",
  "SIGN_OUT",
  "IS_CONNECTED",
  "GET_CHAIN_ID",
  "RPC_REQUEST",
  "UPDATE_EMAIL",
  "UPDATE_EMAIL_PRIMARY_OTP",
  "UPDATE_EMAIL_SECONDARY_OTP",
  "SYNC_THEME",
  "SYNC_DAPP_DATA",
  "GET_SMART_ACCOUNT_ENABLED_NETWORKS",
  "INIT_SMART_ACCOUNT",
  "SET_PREFERRED_ACCOUNT",
  "RELOAD",
  "RPC_ABORT"
])

/**
 * @param {unknown} value
 * @returns {value is string}
 */
export const isRequestId = (value) => typeof value === "string" && ID.test(value)

const jsonLength = (/** @type {unknown} */ value) => {
  try {
    return JSON.stringify(value)?.length
  } catch {
    return undefined
  }
}

/**
 * A request from the port, or undefined for anything that is not one of the protocol's.
 * @param {unknown} data
 * @returns {{ name: string, id: string, payload: unknown } | undefined}
 */
const readRequest = (data) => {
  const length = jsonLength(data)
  if (length === undefined || length > MAX_MESSAGE_LENGTH) return undefined
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const { type, id, payload } = /** @type {Record<string, unknown>} */ (data)
  if (typeof type !== "string" || type.length > 96 || !type.startsWith(APP_PREFIX)) return undefined
  if (!isRequestId(id)) return undefined
  const name = type.slice(APP_PREFIX.length)
  if (!APP_REQUESTS.has(name)) return undefined
  return { name, id, payload }
}

/**
 * Answers `handlers[NAME](payload, id)` on `port`, then says READY (again after a RELOAD it answered, as
 * a reloaded frame would). Returns how to tell the app something unasked (`@w3m-frame/<name>`).
 * @param {MessagePort} port
 * @param {Readonly<Record<string, (payload: unknown, id: string) => unknown>>} handlers
 * @returns {(name: string, payload: unknown) => void}
 */
export const serve = (port, handlers) => {
  const root = document.documentElement
  let dropped = 0
  const drop = () => {
    dropped++
    root.dataset.dropped = String(dropped)
  }
  root.dataset.dropped = "0"
  /** @type {Set<string>} */
  const seen = new Set()
  let pending = 0
  /** @param {{ type: string, id: string, payload?: unknown }} message */
  const reply = (message) => {
    if ((jsonLength(message) ?? Number.POSITIVE_INFINITY) <= MAX_MESSAGE_LENGTH) port.postMessage(message)
    else
      port.postMessage({
        type: message.type.replace(/_SUCCESS$/, "_ERROR"),
        id: message.id,
        payload: { message: "Reply too large" }
      })
  }
  port.onmessage = async (event) => {
    const request = readRequest(event.data)
    if (request === undefined || seen.has(request.id)) return drop()
    const { name, id, payload } = request
    for (const oldest of seen) {
      if (seen.size < MAX_SEEN_IDS) break
      seen.delete(oldest)
    }
    seen.add(id)
    const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined
    if (handler === undefined || pending >= MAX_PENDING) {
      const message = handler === undefined ? "Unsupported request" : "Too many requests"
      reply({ type: `${FRAME_PREFIX}${name}_ERROR`, id, payload: { message } })
      return
    }
    pending++
    try {
      const result = await handler(payload, id)
      reply({
        type: `${FRAME_PREFIX}${name}_SUCCESS`,
        id,
        ...(result === undefined ? {} : { payload: result })
      })
      if (name === "RELOAD") ready()
    } catch (error) {
      const known = error instanceof FrameError
      const message = known ? error.message : "Internal error"
      const code = known && error.code !== undefined ? { code: error.code } : {}
      reply({ type: `${FRAME_PREFIX}${name}_ERROR`, id, payload: { message, ...code } })
    } finally {
      pending--
    }
  }
  /** @type {(name: string, payload: unknown) => void} */
  const tell = (name, payload) => port.postMessage({ type: `${FRAME_PREFIX}${name}`, payload })
  const ready = () => tell("READY", { version: "4" })
  port.start()
  ready()
  return tell
}
