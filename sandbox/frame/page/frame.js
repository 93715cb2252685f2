// The embedded-wallet frame page's script (issue 14): the frame's side of src/internal/frameProtocol.ts.
// Served as a plain ES module from the auth server's origin (no build step, no inline script). It reads
// the handshake nonce from the URL fragment (and drops it from the URL), greets only an allowed parent
// origin with a MessageChannel port, then answers the app's requests on that port alone (port.js), calling
// the auth server (same origin, api.js) with the device id and session token kept in this origin's storage.
// Unsafe wallet requests wait for the visitor on this document's own approval screen (approval.js) or, when
// it cannot prove it is seen, in a review window of this origin (reviewWindow.js); social and Farcaster
// logins are logins.js.

import {
  abandonLogins,
  api,
  dropSession,
  FrameError,
  field,
  keepSession,
  need,
  onSessionChange,
  poll,
  sessionToken,
  single,
  text
} from "./api.js"
import { abortApproval, approvalShown, askApproval } from "./approval.js"
import { describeRequest, READ_METHODS, UNSAFE_METHODS } from "./describe.js"
import {
  connectFarcaster,
  connectSocial,
  farcasterUri,
  forgetFarcaster,
  socialRedirectUri
} from "./logins.js"
import { isRequestId, serve } from "./port.js"

const FRAME_PREFIX = "@w3m-frame/"
const NONCE = /^[0-9a-f]{32}$/

/**
 * The server's configuration (a JSON script element, never inline code), its fields unchecked.
 * @returns {Record<string, unknown>}
 */
const readConfig = () => {
  try {
    const value = JSON.parse(document.getElementById("config")?.textContent ?? "{}")
    return typeof value === "object" && value !== null ? value : {}
  } catch {
    return {}
  }
}

/**
 * Exact origins, or `scheme://host:*` (any port): the same rule as the server's originMatcher.
 * @param {unknown} list
 * @param {unknown} origin
 * @returns {origin is string}
 */
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

/**
 * A chain id as the app sends it: a number, or a CAIP-2 / hex string.
 * @param {unknown} value
 * @returns {number | string | undefined}
 */
const chainIdOf = (value) => {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value
  return text(value, 64)
}
/**
 * @param {number | string | undefined} chainId
 * @returns {number | undefined}
 */
const numericChain = (chainId) => {
  if (typeof chainId === "number") return chainId
  const match = /^(?:eip155:)?(\d{1,15})$/.exec(String(chainId ?? ""))
  if (match) return Number(match[1])
  if (/^0x[0-9a-f]{1,13}$/i.test(String(chainId ?? ""))) return Number.parseInt(String(chainId), 16)
  return undefined
}

const config = readConfig()
/** @type {string | undefined} The allowed parent this frame greeted (set before any request can arrive). */
let appOrigin
/** @type {{ chainId: number | string | undefined, email: string | undefined, dappData: unknown, theme: unknown }} */
const state = {
  chainId: chainIdOf(new URLSearchParams(location.search).get("chainId") ?? undefined),
  email: undefined,
  dappData: undefined,
  theme: undefined
}

const onSolana = () => String(state.chainId ?? "").startsWith("solana:")

/** The user as the app reads it: on a Solana chain, the user's Solana key is the (only, eoa) account. */
/** @param {any} user The auth server's user (JSON). */
const userPayload = (user) => ({
  email: user.email,
  ...(user.userName === undefined ? {} : { userName: user.userName }),
  address: onSolana() ? user.solanaAddress : user.address, // else the preferred account's
  chainId: state.chainId,
  smartAccountDeployed: user.smartAccountDeployed,
  accounts: onSolana()
    ? [{ address: user.solanaAddress, type: "eoa" }]
    : Array.isArray(user.accounts)
      ? user.accounts.map((/** @type {{ address: unknown, type: unknown }} */ { address, type }) => ({
          address,
          type
        }))
      : [],
  preferredAccountType: onSolana() ? "eoa" : user.preferredAccountType
})

/** The auth server's user on the frame's chain (its smart account's state is per chain). */
const fetchUser = () => {
  const chain = numericChain(state.chainId)
  return api("GET", `/auth/user${chain === undefined ? "" : `?chainId=${chain}`}`)
}
const getUser = async () => userPayload(await fetchUser())

/**
 * The numeric chain an EVM `method` goes to (undefined for Solana's, which name no chain); an EVM method
 * asked on another namespace's chain must not fall back to the server's default chain.
 */
const rpcChain = (/** @type {string} */ method, /** @type {number | string | undefined} */ chainId) => {
  if (method.startsWith("solana_") || chainId === undefined) return undefined
  const chain = numericChain(chainId)
  if (chain === undefined) throw new FrameError("Not an EVM chain")
  return chain
}

/**
 * One wallet request through the auth server, on `chain` (numeric) when there is one.
 * @param {string} method
 * @param {unknown} params
 * @param {number | undefined} chain
 */
const walletRpc = async (method, params, chain) => {
  const { result } = await api("POST", "/auth/rpc", {
    method,
    params: params ?? [],
    ...(chain === undefined ? {} : { chainId: chain })
  })
  return result
}

/** @type {Record<string, (payload: unknown, id: string) => unknown>} */
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
  CONNECT_DEVICE: () =>
    single("device", "Already waiting for device approval", async () => {
      const email = need(state.email, "email (call CONNECT_EMAIL first)")
      await poll(async () => {
        const { status } = await api("POST", "/auth/device", { email })
        return status === "approved" ? true : undefined
      }, "Device approval timed out")
      return undefined
    }),
  CONNECT_OTP: async (payload) => {
    const email = need(state.email, "email (call CONNECT_EMAIL first)")
    const otp = need(text(field(payload, "otp"), 32), "otp")
    const { token } = await api("POST", "/auth/otp", { email, otp })
    keepSession(token)
    return undefined
  },
  // The app names the account type it wants (its stored choice, else the host's default): an EVM user
  // is switched to it first, as the provider's frame does.
  GET_USER: async (payload) => {
    const chainId = chainIdOf(field(payload, "chainId"))
    if (chainId !== undefined) state.chainId = chainId
    const wanted = field(payload, "preferredAccountType")
    const user = await fetchUser()
    if (onSolana() || (wanted !== "eoa" && wanted !== "smartAccount") || wanted === user.preferredAccountType)
      return userPayload(user)
    await api("POST", "/auth/preferred-account", { type: wanted })
    return getUser()
  },
  SIGN_OUT: async () => {
    try {
      if (sessionToken() !== undefined) await api("POST", "/auth/sign-out", {})
    } finally {
      dropSession()
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
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => {
    const { smartAccountEnabledNetworks } = await fetchUser()
    return { smartAccountEnabledNetworks }
  },
  GET_SOCIAL_REDIRECT_URI: (payload) => socialRedirectUri(payload, need(appOrigin, "app origin")),
  CONNECT_SOCIAL: async (payload) => {
    await connectSocial(payload)
    return getUser()
  },
  GET_FARCASTER_URI: farcasterUri,
  CONNECT_FARCASTER: async () => {
    await connectFarcaster()
    return getUser()
  },
  // The server deploys the smart account with its first transaction on a chain: init only reports it.
  INIT_SMART_ACCOUNT: async () => {
    const user = await fetchUser()
    return { address: user.smartAccountAddress, isDeployed: user.smartAccountDeployed }
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
  // The app gives up what it started (AppKit sends it when the visitor leaves the Farcaster view): the
  // frame forgets its half-done logins and the app's synced data, as a reloaded frame would, but keeps its
  // session and its port; port.js then says READY again, and the app syncs anew.
  RELOAD: () => {
    abandonLogins()
    forgetFarcaster()
    state.email = undefined
    state.dappData = undefined
    state.theme = undefined
    return undefined
  },
  RPC_ABORT: (payload) => {
    const id = field(payload, "id")
    if (!isRequestId(id)) throw new FrameError("Invalid id")
    if (!abortApproval(id)) throw new FrameError("No such request waiting for approval")
    return undefined
  }
}

const greet = () => {
  const nonce = new URLSearchParams(location.hash.slice(1)).get("nonce")
  history.replaceState(null, "", location.pathname + location.search)
  if (nonce === null || !NONCE.test(nonce)) return "no nonce"
  if (window.parent === window) return "not framed"
  const parentOrigin = location.ancestorOrigins?.[0]
  if (!originAllowed(config.allowedOrigins, parentOrigin)) return "parent origin not allowed"
  const channel = new MessageChannel()
  appOrigin = parentOrigin
  const tell = serve(channel.port1, handlers)
  window.parent.postMessage({ type: `${FRAME_PREFIX}HELLO`, nonce }, parentOrigin, [channel.port2])
  // The session changed in another tab of this site: the app hears its new label, never the token.
  onSessionChange((token) => tell("SESSION_UPDATE", { token }))
  return "greeted"
}

document.documentElement.dataset.approval = "none"
document.documentElement.dataset.frameState = greet()
