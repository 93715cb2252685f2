// The frame page's link to its auth server (same origin): the device id and session token kept in this
// origin's storage, the calls themselves, the errors the app is told, and the small readers every request
// handler uses.

const FETCH_TIMEOUT_MS = 15_000
const POLL_MS = 1000
const POLL_LIMIT_MS = 25_000
const DEVICE_KEY = "@appkit-wallet/DEVICE_ID"
const TOKEN_KEY = "@appkit-wallet/SESSION_TOKEN_KEY"

/** This origin's storage, or memory when storage is unavailable (blocked third-party storage). */
const storage = (() => {
  /** @type {Map<string, string>} */
  const memory = new Map()
  const local = (() => {
    try {
      const probe = "@appkit-wallet/probe"
      window.localStorage.setItem(probe, "1")
      window.localStorage.removeItem(probe)
      return window.localStorage
    } catch {
      return undefined
    }
  })()
  return {
    get: (/** @type {string} */ key) => (local ? local.getItem(key) : (memory.get(key) ?? null)),
    set: (/** @type {string} */ key, /** @type {string} */ value) =>
      local ? local.setItem(key, value) : memory.set(key, value),
    remove: (/** @type {string} */ key) => (local ? local.removeItem(key) : memory.delete(key))
  }
})()

const randomHex = (/** @type {number} */ bytes) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("")

const deviceId = () => {
  let id = storage.get(DEVICE_KEY)
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) {
    id = randomHex(16)
    storage.set(DEVICE_KEY, id)
  }
  return id
}

export const sessionToken = () => {
  const token = storage.get(TOKEN_KEY)
  return typeof token === "string" && /^[0-9a-f]{64}$/.test(token) ? token : undefined
}

/** A failure the app is told about: its message, and `code` (EIP-1193, e.g. 4001) when there is one. */
export class FrameError extends Error {
  /**
   * @param {string} message
   * @param {number} [code]
   */
  constructor(message, code) {
    super(message)
    this.code = code
  }
}

/** Keeps a login's session token (it never goes to the app). */
export const keepSession = (/** @type {unknown} */ token) => {
  if (typeof token !== "string" || !/^[0-9a-f]{64}$/.test(token)) throw new FrameError("Invalid session")
  storage.set(TOKEN_KEY, token)
}

export const dropSession = () => storage.remove(TOKEN_KEY)

/**
 * Calls `changed` with the session's new label whenever another document of this origin (a frame in
 * another tab of the same site) changes the session: signs in, out, or as someone else. The label is a
 * digest of the token, so it tells sessions apart without being one.
 * @param {(label: string) => void} changed
 */
export const onSessionChange = (changed) =>
  window.addEventListener("storage", (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return
    void crypto.subtle
      .digest("SHA-256", new TextEncoder().encode(sessionToken() ?? ""))
      .then((digest) =>
        changed(
          Array.from(new Uint8Array(digest).slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("")
        )
      )
  })

/**
 * Calls the auth server; its `{ error }` becomes the thrown message, a 401 `session expired` 'Session Expired'.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} The server's JSON answer (each handler reads what it needs).
 */
export const api = async (method, path, body) => {
  /** @type {Record<string, string>} */
  const headers = { "x-device-id": deviceId() }
  const token = sessionToken()
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers["content-type"] = "application/json"
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS)
  let response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store",
      signal: controller.signal
    })
  } catch {
    throw new FrameError("Network error")
  } finally {
    clearTimeout(timer)
  }
  /** @type {any} */
  let answer
  try {
    answer = await response.json()
  } catch {
    answer = {}
  }
  if (response.ok) return answer
  const reason = typeof answer?.error === "string" ? answer.error.slice(0, 200) : `HTTP ${response.status}`
  if (response.status === 401 && reason === "session expired") {
    dropSession()
    throw new FrameError("Session Expired")
  }
  throw new FrameError(reason)
}

/** Ends the logins that wait (a device approval, a Farcaster channel) when the app gives them up. */
let waits = new AbortController()

/** @type {Map<string, object>} The kinds of login that wait now, each with the wait's own token. */
const running = new Map()

/** Gives up every login that waits (RELOAD): each ends at once with `Login abandoned` (4001). */
export const abandonLogins = () => {
  waits.abort()
  waits = new AbortController()
  running.clear()
}

const sleep = (/** @type {number} */ ms, /** @type {AbortSignal} */ signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener("abort", () => {
      clearTimeout(timer)
      resolve(undefined)
    })
  })

/**
 * Asks `check()` every second until it answers something other than undefined, at most 25 s (then
 * `timeoutMessage`): under the app's 30 s wait for a login request, so the app hears why. A login given
 * up meanwhile ({@link abandonLogins}) ends with `Login abandoned`.
 * @template T
 * @param {() => Promise<T | undefined>} check
 * @param {string} timeoutMessage
 * @returns {Promise<T>}
 */
export const poll = async (check, timeoutMessage) => {
  const { signal } = waits
  const deadline = Date.now() + POLL_LIMIT_MS
  while (Date.now() < deadline) {
    if (signal.aborted) break
    const done = await check()
    if (signal.aborted) break
    if (done !== undefined) return done
    await sleep(POLL_MS, signal)
  }
  throw signal.aborted ? new FrameError("Login abandoned", 4001) : new FrameError(timeoutMessage)
}

/**
 * Runs `task` unless one of the same `kind` is still running (one poll per kind at a time); a kind given
 * up ({@link abandonLogins}) may start again at once.
 * @template T
 * @param {string} kind
 * @param {string} busyMessage
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export const single = async (kind, busyMessage, task) => {
  if (running.has(kind)) throw new FrameError(busyMessage)
  const token = {}
  running.set(kind, token)
  try {
    return await task()
  } finally {
    if (running.get(kind) === token) running.delete(kind)
  }
}

export const text = (/** @type {unknown} */ value, /** @type {number} */ max) =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined
/**
 * The field `key` of a payload object (unchecked JSON), or undefined.
 * @param {unknown} payload
 * @param {string} key
 * @returns {unknown}
 */
export const field = (payload, key) =>
  typeof payload === "object" && payload !== null && !Array.isArray(payload)
    ? /** @type {Record<string, unknown>} */ (payload)[key]
    : undefined
/**
 * @template T
 * @param {T | undefined} value
 * @param {string} what
 * @returns {T}
 */
export const need = (value, what) => {
  if (value === undefined) throw new FrameError(`Invalid ${what}`)
  return value
}
