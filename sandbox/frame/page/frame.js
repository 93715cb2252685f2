// The embedded-wallet frame page's script (issue 14): the frame's side of src/internal/frameProtocol.ts.
// Served as a plain ES module from the auth server's origin (no build step, no inline script). It reads
// the handshake nonce from the URL fragment (and drops it from the URL), greets only an allowed parent
// origin with a MessageChannel port, then answers the app's requests on that port alone, calling the auth
// server (same origin) with the device id and session token kept in this origin's storage. Unsafe wallet
// requests wait for the visitor on this document's own approval screen (approval.js).

import { abortApproval, approvalShown, askApproval } from "./approval.js"
import { describeRequest, READ_METHODS, UNSAFE_METHODS } from "./describe.js"

const APP_PREFIX = "@w3m-app/"
const FRAME_PREFIX = "@w3m-frame/"
const MAX_MESSAGE_LENGTH = 64 * 1024
const MAX_PENDING = 16
const DEVICE_POLL_MS = 1000
const DEVICE_POLL_LIMIT_MS = 25_000
const FETCH_TIMEOUT_MS = 15_000
const DEVICE_KEY = "@appkit-wallet/DEVICE_ID"
const TOKEN_KEY = "@appkit-wallet/SESSION_TOKEN_KEY"
const NONCE = /^[0-9a-f]{32}$/
const ID = /^[0-9a-f]{32}$/

/** The server's configuration (a JSON script element, never inline code). */
const readConfig = () => {
  try {
    const value = JSON.parse(document.getElementById("config")?.textContent ?? "{}")
    return typeof value === "object" && value !== null ? value : {}
  } catch {
    return {}
  }
}

/** Exact origins, or `scheme://host:*` (any port): the same rule as the server's originMatcher. */
const originAllowed = (list, origin) => {
  if (!Array.isArray(list) || typeof origin !== "string") return false
  return list.some((entry) => {
    if (typeof entry !== "string") return false
    if (entry === origin) return true
    if (!entry.endsWith(":*")) return false
    const base = entry.slice(0, -2)
    return origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1))
  })
}

/** This origin's storage, or memory when storage is unavailable (blocked third-party storage). */
const storage = (() => {
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
    get: (key) => (local ? local.getItem(key) : (memory.get(key) ?? null)),
    set: (key, value) => (local ? local.setItem(key, value) : memory.set(key, value)),
    remove: (key) => (local ? local.removeItem(key) : memory.delete(key))
  }
})()

const randomHex = (bytes) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("")

const deviceId = () => {
  let id = storage.get(DEVICE_KEY)
  if (typeof id !== "string" || !/^[A-Za-z0-9_-]{16,128}$/.test(id)) {
    id = randomHex(16)
    storage.set(DEVICE_KEY, id)
  }
  return id
}
const sessionToken = () => {
  const token = storage.get(TOKEN_KEY)
  return typeof token === "string" && /^[0-9a-f]{64}$/.test(token) ? token : undefined
}

/** A failure the app is told about: its message, and `code` (EIP-1193, e.g. 4001) when there is one. */
class FrameError extends Error {
  constructor(message, code) {
    super(message)
    this.code = code
  }
}

/** Calls the auth server; its `{ error }` becomes the thrown message, a 401 `session expired` 'Session Expired'. */
const api = async (method, path, body) => {
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
  let answer
  try {
    answer = await response.json()
  } catch {
    answer = {}
  }
  if (response.ok) return answer
  const reason = typeof answer?.error === "string" ? answer.error.slice(0, 200) : `HTTP ${response.status}`
  if (response.status === 401 && reason === "session expired") {
    storage.remove(TOKEN_KEY)
    throw new FrameError("Session Expired")
  }
  throw new FrameError(reason)
}

const text = (value, max) =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined
const field = (payload, key) =>
  typeof payload === "object" && payload !== null && !Array.isArray(payload) ? payload[key] : undefined
const need = (value, what) => {
  if (value === undefined) throw new FrameError(`Invalid ${what}`)
  return value
}
/** A chain id as the app sends it: a number, or a CAIP-2 / hex string. */
const chainIdOf = (value) => {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value
  return text(value, 64)
}
const numericChain = (chainId) => {
  if (typeof chainId === "number") return chainId
  const match = /^(?:eip155:)?(\d{1,15})$/.exec(String(chainId ?? ""))
  if (match) return Number(match[1])
  if (/^0x[0-9a-f]{1,13}$/i.test(String(chainId ?? ""))) return Number.parseInt(chainId, 16)
  return undefined
}

const config = readConfig()
const state = {
  chainId: chainIdOf(new URLSearchParams(location.search).get("chainId") ?? undefined),
  email: undefined,
  dappData: undefined,
  theme: undefined
}

const userPayload = (user) => ({
  email: user.email,
  ...(user.userName === undefined ? {} : { userName: user.userName }),
  address: user.address, // the preferred account's
  chainId: state.chainId,
  smartAccountDeployed: user.smartAccountDeployed,
  accounts: Array.isArray(user.accounts) ? user.accounts.map(({ address, type }) => ({ address, type })) : [],
  preferredAccountType: user.preferredAccountType
})

const getUser = async () => {
  const chain = numericChain(state.chainId)
  return userPayload(await api("GET", `/auth/user${chain === undefined ? "" : `?chainId=${chain}`}`))
}

/**
 * The numeric chain an EVM `method` goes to (undefined for Solana's, which name no chain); an EVM method
 * asked on another namespace's chain must not fall back to the server's default chain.
 */
const rpcChain = (method, chainId) => {
  if (method.startsWith("solana_") || chainId === undefined) return undefined
  const chain = numericChain(chainId)
  if (chain === undefined) throw new FrameError("Not an EVM chain")
  return chain
}

/** One wallet request through the auth server, on `chain` (numeric) when there is one. */
const walletRpc = async (method, params, chain) => {
  const { result } = await api("POST", "/auth/rpc", {
    method,
    params: params ?? [],
    ...(chain === undefined ? {} : { chainId: chain })
  })
  return result
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
let devicePolling = false

const handlers = {
  SYNC_DAPP_DATA: (payload) => {
    state.dappData = payload
  },
  SYNC_THEME: (payload) => {
    state.theme = payload
  },
  GET_CHAIN_ID: () => ({ chainId: state.chainId }),
  SWITCH_NETWORK: (payload) => {
    state.chainId = need(chainIdOf(field(payload, "chainId")), "chainId")
    return { chainId: state.chainId }
  },
  IS_CONNECTED: async () => {
    if (sessionToken() === undefined) return { isConnected: false }
    try {
      await api("GET", "/auth/session")
      return { isConnected: true }
    } catch (error) {
      if (error instanceof FrameError && error.message === "Session Expired") return { isConnected: false }
      throw error
    }
  },
  CONNECT_EMAIL: async (payload) => {
    const email = need(text(field(payload, "email"), 254), "email")
    const { action } = await api("POST", "/auth/email", { email })
    state.email = email
    return { action }
  },
  CONNECT_DEVICE: async () => {
    const email = need(state.email, "email (call CONNECT_EMAIL first)")
    if (devicePolling) throw new FrameError("Already waiting for device approval")
    devicePolling = true
    try {
      const deadline = Date.now() + DEVICE_POLL_LIMIT_MS
      while (Date.now() < deadline) {
        const { status } = await api("POST", "/auth/device", { email })
        if (status === "approved") return undefined
        await sleep(DEVICE_POLL_MS)
      }
      throw new FrameError("Device approval timed out")
    } finally {
      devicePolling = false
    }
  },
  CONNECT_OTP: async (payload) => {
    const email = need(state.email, "email (call CONNECT_EMAIL first)")
    const otp = need(text(field(payload, "otp"), 32), "otp")
    const { token } = await api("POST", "/auth/otp", { email, otp })
    if (typeof token !== "string" || !/^[0-9a-f]{64}$/.test(token)) throw new FrameError("Invalid session")
    storage.set(TOKEN_KEY, token)
    return undefined
  },
  GET_USER: async (payload) => {
    const chainId = chainIdOf(field(payload, "chainId"))
    if (chainId !== undefined) state.chainId = chainId
    return getUser()
  },
  SIGN_OUT: async () => {
    try {
      if (sessionToken() !== undefined) await api("POST", "/auth/sign-out", {})
    } finally {
      storage.remove(TOKEN_KEY)
      state.email = undefined
    }
    return undefined
  },
  UPDATE_EMAIL: async (payload) => {
    const email = need(text(field(payload, "email"), 254), "email")
    const { action } = await api("POST", "/auth/update-email", { email })
    return { action }
  },
  UPDATE_EMAIL_PRIMARY_OTP: async (payload) => {
    const otp = need(text(field(payload, "otp"), 32), "otp")
    const { action } = await api("POST", "/auth/update-email/primary", { otp })
    return { action }
  },
  UPDATE_EMAIL_SECONDARY_OTP: async (payload) => {
    const otp = need(text(field(payload, "otp"), 32), "otp")
    const { newEmail } = await api("POST", "/auth/update-email/secondary", { otp })
    return { newEmail }
  },
  SET_PREFERRED_ACCOUNT: async (payload) => {
    const type = field(payload, "type")
    if (type !== "eoa" && type !== "smartAccount") throw new FrameError("Invalid account type")
    const answer = await api("POST", "/auth/preferred-account", { type })
    return { type: answer.type, address: answer.address }
  },
  RPC_REQUEST: async (payload, id) => {
    const method = need(text(field(payload, "method"), 64), "method")
    const params = field(payload, "params")
    const chainId = chainIdOf(field(payload, "chainId")) ?? state.chainId
    if (method === "eth_chainId") {
      const chain = numericChain(state.chainId)
      if (chain === undefined) throw new FrameError("Not an EVM chain")
      return `0x${chain.toString(16)}`
    }
    // The accounts are the same on every chain: asked without one.
    if (method === "eth_accounts") return walletRpc("eth_accounts", [], undefined)
    const chain = rpcChain(method, chainId)
    if (READ_METHODS.has(method)) return walletRpc(method, Array.isArray(params) ? params : [], chain)
    if (!UNSAFE_METHODS.has(method)) throw new FrameError("Unsupported method")
    if (approvalShown()) throw new FrameError("Another request is waiting for approval")
    const described = need(describeRequest(method, params, String(chainId ?? "unknown")), "params")
    const outcome = await askApproval(id, described, location.ancestorOrigins?.[0] ?? "an unknown site")
    if (outcome === "abort") throw new FrameError("Request aborted")
    if (outcome !== "approve") throw new FrameError("User rejected the request", 4001)
    return walletRpc(method, params, chain)
  },
  RPC_ABORT: (payload) => {
    const id = field(payload, "id")
    if (typeof id !== "string" || !ID.test(id)) throw new FrameError("Invalid id")
    if (!abortApproval(id)) throw new FrameError("No such request waiting for approval")
    return undefined
  }
}

const jsonLength = (value) => {
  try {
    return JSON.stringify(value)?.length
  } catch {
    return undefined
  }
}

/** A request from the port, or undefined for anything that is not one (dropped unanswered). */
const readRequest = (data) => {
  const length = jsonLength(data)
  if (length === undefined || length > MAX_MESSAGE_LENGTH) return undefined
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined
  const { type, id, payload } = data
  if (typeof type !== "string" || type.length > 96 || !type.startsWith(APP_PREFIX)) return undefined
  if (typeof id !== "string" || !ID.test(id)) return undefined
  const name = type.slice(APP_PREFIX.length)
  if (!/^[A-Z_]{1,64}$/.test(name)) return undefined
  return { name, id, payload }
}

const serve = (port) => {
  let pending = 0
  const reply = (message) => {
    if (jsonLength(message) <= MAX_MESSAGE_LENGTH) port.postMessage(message)
    else
      port.postMessage({
        type: message.type.replace(/_SUCCESS$/, "_ERROR"),
        id: message.id,
        payload: { message: "Reply too large" }
      })
  }
  port.onmessage = async (event) => {
    const request = readRequest(event.data)
    if (request === undefined) return
    const { name, id, payload } = request
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
    } catch (error) {
      const known = error instanceof FrameError
      const message = known ? error.message : "Internal error"
      const code = known && error.code !== undefined ? { code: error.code } : {}
      reply({ type: `${FRAME_PREFIX}${name}_ERROR`, id, payload: { message, ...code } })
    } finally {
      pending--
    }
  }
  port.start()
  port.postMessage({ type: `${FRAME_PREFIX}READY`, payload: { version: "4" } })
}

const greet = () => {
  const nonce = new URLSearchParams(location.hash.slice(1)).get("nonce")
  history.replaceState(null, "", location.pathname + location.search)
  if (nonce === null || !NONCE.test(nonce)) return "no nonce"
  if (window.parent === window) return "not framed"
  const parentOrigin = location.ancestorOrigins?.[0]
  if (!originAllowed(config.allowedOrigins, parentOrigin)) return "parent origin not allowed"
  const channel = new MessageChannel()
  serve(channel.port1)
  window.parent.postMessage({ type: `${FRAME_PREFIX}HELLO`, nonce }, parentOrigin, [channel.port2])
  return "greeted"
}

document.documentElement.dataset.approval = "none"
document.documentElement.dataset.frameState = greet()
