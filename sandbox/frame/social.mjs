// The social sign-in stand-in, on a loopback origin of its own: one page per provider of SPEC §9's social
// list where the tester continues as an account name of their choice, then a redirect back to the return
// URL (only to an allowed origin: default-deny) with a one-time code; the auth server redeems the code over
// the back channel (`POST /token`). Farcaster: a channel the auth server opens, a page to open or scan with
// an Approve button, and the channel's status the auth server polls (as Farcaster's relay does).
import { createHash, randomBytes } from "node:crypto"
import { BoundedStore } from "../shared/boundedStore.mjs"
import {
  AuthError,
  escapeHtml,
  listenLoopback,
  originMatcher,
  originOf,
  page,
  readForm,
  readJsonObject,
  sendError,
  sendHtml,
  sendJson
} from "./http.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @typedef {"google" | "x" | "discord" | "github" | "apple" | "facebook"} SocialProvider */
/**
 * @typedef {object} SocialStandIn
 * @property {string} url `http://127.0.0.1:PORT`
 * @property {ReadonlyArray<SocialProvider>} providers
 * @property {(list: ReadonlyArray<string>) => void} setAllowedReturnOrigins Replaces the extra allowed return origins (`frameAuthUrl`'s origin stays allowed).
 * @property {() => Promise<void>} close
 */
/**
 * The auth server's back channel to the stand-in.
 * @typedef {object} SocialClient
 * @property {string} url
 * @property {(provider: string, returnUrl: string, state: string) => string} authorizeUrl
 * @property {(input: { readonly provider: string, readonly code: string, readonly state: string }) => Promise<{ readonly provider: unknown, readonly subject: string, readonly userName: string } | undefined>} exchange
 * @property {() => Promise<{ readonly channel: string, readonly url: string }>} openFarcasterChannel
 * @property {(channel: string) => Promise<{ readonly status: "pending" } | { readonly status: "approved", readonly subject: string, readonly userName: string, readonly fid: unknown }>} farcasterStatus
 */
/**
 * @typedef {{ status: "pending" | "approved", userName?: string, subject?: string, fid?: number }} Channel
 */

/** SPEC §5 / §9: the providers with a redirect flow. */
/** @type {ReadonlyArray<SocialProvider>} */
export const SOCIAL_PROVIDERS = Object.freeze(["google", "x", "discord", "github", "apple", "facebook"])
/** @type {Readonly<Record<SocialProvider, string>>} */
const PROVIDER_NAMES = {
  google: "Google",
  x: "X",
  discord: "Discord",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook"
}
export const SOCIAL_CODE_TTL_MS = 5 * 60 * 1000
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60 * 1000
/**
 * Pending codes and channels, bounded with rejection (sandbox/shared/boundedStore.mjs): a code is charged to
 * the browser (remote address) that continued, a channel to the caller that opened it (the frame's auth
 * server, which bounds channels per client itself).
 */
const MAX_CODES = 10_000
const MAX_CODES_PER_CLIENT = 1_000
const MAX_CHANNELS = 1_000
const MAX_FORM_BYTES = 4 * 1024
const HEX64 = /^[0-9a-f]{64}$/
const USERNAME = /^[A-Za-z0-9_.-]{1,39}$/

/** The client a request is charged to: its remote address. */
const clientOf = (/** @type {IncomingMessage} */ req) => req.socket.remoteAddress ?? "unknown"

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
const notice = (res, status, text) =>
  sendHtml(res, status, page("Sandbox sign-in", `<h1>Sandbox sign-in</h1><p>${escapeHtml(text)}</p>`))

/**
 * Starts the stand-in on 127.0.0.1:`port`. Return URLs may only point at `allowedReturnOrigins` (exact
 * origins or `http://host:*`) and at `frameAuthUrl`'s origin (the frame's own origin).
 * @param {{ readonly port?: number, readonly frameAuthUrl?: string, readonly allowedReturnOrigins?: ReadonlyArray<string>, readonly now?: () => number }} [options]
 * @returns {Promise<SocialStandIn>}
 */
export async function startSocialStandIn({
  port = 0,
  frameAuthUrl,
  allowedReturnOrigins = [],
  now = Date.now
} = {}) {
  const frameOrigin = frameAuthUrl === undefined ? undefined : originOf(frameAuthUrl)
  if (frameAuthUrl !== undefined && frameOrigin === undefined)
    throw new TypeError("frameAuthUrl: an http(s) URL")
  let isAllowed = originMatcher([
    ...allowedReturnOrigins,
    ...(frameOrigin === undefined ? [] : [frameOrigin])
  ])
  /** @type {BoundedStore<{ provider: SocialProvider, subject: string, userName: string, state: string }>} */
  const codes = new BoundedStore({
    what: "sign-ins",
    ttlMs: SOCIAL_CODE_TTL_MS,
    max: MAX_CODES,
    perClient: MAX_CODES_PER_CLIENT,
    now
  })
  /** @type {BoundedStore<Channel>} */
  const channels = new BoundedStore({
    what: "Farcaster channels",
    ttlMs: FARCASTER_CHANNEL_TTL_MS,
    max: MAX_CHANNELS,
    perClient: MAX_CHANNELS,
    now
  })
  let baseUrl = ""

  /** The return URL if it is allowed, else undefined. */
  const returnUrlOf = (/** @type {unknown} */ raw) => {
    const origin = originOf(raw)
    return origin !== undefined && isAllowed(origin) ? new URL(String(raw)) : undefined
  }

  /**
   * @param {ServerResponse} res
   * @param {SocialProvider} provider
   * @param {string} redirectUri
   * @param {string} state
   */
  const authorizePage = (res, provider, redirectUri, state) => {
    const name = PROVIDER_NAMES[provider]
    const hidden =
      `<input type="hidden" name="redirect_uri" value="${escapeHtml(redirectUri)}">` +
      `<input type="hidden" name="state" value="${escapeHtml(state)}">`
    const presets = ["alice", "bob"]
      .map((n) => `<button name="username" value="${n}-${provider}">Continue as ${n}-${provider}</button> `)
      .join("")
    const action = `/${provider}/continue`
    sendHtml(
      res,
      200,
      page(
        `Sign in with ${name} (sandbox)`,
        `<h1>Sign in with ${escapeHtml(name)}</h1><p>A sandbox stand-in for ${escapeHtml(name)}: nothing leaves this machine. ` +
          `You will return to <b>${escapeHtml(new URL(redirectUri).origin)}</b>.</p>` +
          `<form method="post" action="${action}">${hidden}<p>${presets}</p></form>` +
          `<form method="post" action="${action}">${hidden}` +
          `<p><label>Account name <input name="username" value="sandbox-${provider}-user" maxlength="39" pattern="[A-Za-z0-9_.\\-]{1,39}" required></label></p>` +
          `<p><button type="submit">Continue</button></p></form>` +
          `<form method="post" action="${action}">${hidden}<input type="hidden" name="cancel" value="1"><button>Cancel</button></form>`
      ),
      { formAction: isAllowed.sources }
    )
  }

  /** @type {Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => unknown>} */
  const routes = {
    "GET /": (_req, res) =>
      sendHtml(
        res,
        200,
        page(
          "Sandbox social sign-in",
          `<h1>Sandbox social sign-in</h1><p>Stand-ins for ${SOCIAL_PROVIDERS.map((p) => escapeHtml(PROVIDER_NAMES[p])).join(", ")} and Farcaster.</p>`
        )
      ),
    "POST /token": async (req, res) => {
      const { code, state, provider } = await readJsonObject(req, MAX_FORM_BYTES)
      const entry = typeof code === "string" && HEX64.test(code) ? codes.take(code) : undefined
      if (entry === undefined || entry.state !== state || entry.provider !== provider)
        return sendJson(res, 400, { error: "invalid code" })
      sendJson(res, 200, { provider: entry.provider, subject: entry.subject, userName: entry.userName })
    },
    "POST /farcaster/channel": (req, res) => {
      const channel = randomBytes(32).toString("hex")
      const refused = channels.put(channel, { status: "pending" }, clientOf(req))
      if (refused !== undefined) return sendJson(res, refused.status, { error: refused.reason })
      sendJson(res, 200, { channel, url: `${baseUrl}/farcaster/connect?channel=${channel}` })
    },
    "GET /farcaster/channel/status": (_req, res, url) => {
      const entry = channelOf(url.searchParams.get("channel"))
      if (entry === undefined) return sendJson(res, 404, { error: "unknown channel" })
      sendJson(
        res,
        200,
        entry.status === "approved"
          ? { status: "approved", userName: entry.userName, subject: entry.subject, fid: entry.fid }
          : { status: "pending" }
      )
    },
    "GET /farcaster/connect": (_req, res, url) => {
      const channel = url.searchParams.get("channel")
      const entry = channelOf(channel)
      if (entry === undefined) return notice(res, 404, "This Farcaster request is unknown or has expired.")
      if (entry.status === "approved") return notice(res, 200, `Already approved as @${entry.userName}.`)
      sendHtml(
        res,
        200,
        page(
          "Sign in with Farcaster (sandbox)",
          `<h1>Sign in with Farcaster</h1><p>A sandbox stand-in for the Farcaster app: approve to sign in to the app that showed this link.</p>` +
            `<form method="post" action="/farcaster/approve"><input type="hidden" name="channel" value="${escapeHtml(channel)}">` +
            `<p><label>Username <input name="username" value="sandbox-farcaster-user" maxlength="39" required></label></p>` +
            `<p><button type="submit">Approve</button></p></form>`
        )
      )
    },
    "POST /farcaster/approve": async (req, res) => {
      const form = await readForm(req, MAX_FORM_BYTES)
      const entry = channelOf(form.get("channel"))
      const userName = form.get("username") ?? ""
      if (entry === undefined) return notice(res, 404, "This Farcaster request is unknown or has expired.")
      if (!USERNAME.test(userName))
        return notice(res, 400, "Usernames are 1 to 39 letters, digits, _ . or -.")
      if (entry.status !== "approved") {
        const subject = userName.toLowerCase()
        const fid =
          (Number.parseInt(createHash("sha256").update(subject).digest("hex").slice(0, 8), 16) % 900_000) +
          1000
        Object.assign(entry, { status: "approved", userName, subject, fid })
      }
      notice(res, 200, `Approved as @${entry.userName}. You can go back to the app.`)
    }
  }

  const channelOf = (/** @type {unknown} */ channel) =>
    typeof channel === "string" && HEX64.test(channel) ? channels.get(channel) : undefined

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {SocialProvider} provider
   * @param {string | undefined} action
   * @param {URL} url
   */
  const providerRoute = async (req, res, provider, action, url) => {
    if (action === "authorize" && req.method === "GET") {
      const redirectUri = url.searchParams.get("redirect_uri")
      const state = url.searchParams.get("state")
      if (redirectUri === null || returnUrlOf(redirectUri) === undefined)
        return notice(res, 400, "This return address is not allowed.")
      if (state === null || !HEX64.test(state))
        return notice(res, 400, "The sign-in request has no valid state.")
      return authorizePage(res, provider, redirectUri, state)
    }
    if (action === "continue" && req.method === "POST") {
      const form = await readForm(req, MAX_FORM_BYTES)
      const target = returnUrlOf(form.get("redirect_uri"))
      const state = form.get("state") ?? ""
      const userName = form.get("username") ?? ""
      if (target === undefined) return notice(res, 400, "This return address is not allowed.")
      if (!HEX64.test(state)) return notice(res, 400, "The sign-in request has no valid state.")
      target.searchParams.set("state", state)
      target.searchParams.set("provider", provider)
      if (form.get("cancel") === "1") target.searchParams.set("error", "access_denied")
      else {
        const name = userName
        if (!USERNAME.test(name))
          return notice(res, 400, "Account names are 1 to 39 letters, digits, _ . or -.")
        const code = randomBytes(32).toString("hex")
        const refused = codes.put(
          code,
          { provider, subject: name.toLowerCase(), userName: name, state },
          clientOf(req)
        )
        if (refused !== undefined)
          return notice(res, refused.status, `This sign-in is refused: ${refused.reason}.`)
        target.searchParams.set("code", code)
      }
      res.writeHead(303, {
        location: target.href,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer"
      })
      return res.end()
    }
    sendJson(res, 405, { error: "method not allowed" })
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in.invalid")
    const match = /^\/([a-z]{1,16})\/(authorize|continue)$/.exec(url.pathname)
    if (match !== null) {
      const provider = SOCIAL_PROVIDERS.find((known) => known === match[1])
      if (provider === undefined) return sendJson(res, 404, { error: "unknown provider" })
      return providerRoute(req, res, provider, match[2], url)
    }
    const route = routes[`${req.method} ${url.pathname}`]
    if (route === undefined) return sendJson(res, 404, { error: "not found" })
    try {
      await route(req, res, url)
    } catch (error) {
      sendError(res, error)
    }
  }

  const listener = await listenLoopback(port, handle)
  baseUrl = listener.url
  return Object.freeze({
    url: listener.url,
    providers: SOCIAL_PROVIDERS,
    /** Replaces the extra allowed return origins (`frameAuthUrl`'s origin stays allowed). */
    setAllowedReturnOrigins: (/** @type {ReadonlyArray<string>} */ list) => {
      isAllowed = originMatcher([...list, ...(frameOrigin === undefined ? [] : [frameOrigin])])
    },
    close: listener.close
  })
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value)

/**
 * What the auth server needs of the stand-in at `baseUrl`, over HTTP (its back channel).
 * @param {string} baseUrl
 * @param {{ readonly timeoutMs?: number }} [options]
 * @returns {SocialClient}
 */
export const socialClient = (baseUrl, { timeoutMs = 5_000 } = {}) => {
  /**
   * @param {string} path
   * @param {RequestInit} [init]
   */
  const call = async (path, init) => {
    let response
    try {
      response = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw new AuthError(502, "social stand-in unreachable")
    }
    const text = await response.text()
    if (text.length > 16 * 1024) throw new AuthError(502, "social stand-in answer too large")
    /** @type {unknown} */
    let body
    try {
      body = JSON.parse(text)
    } catch {
      throw new AuthError(502, "social stand-in answer malformed")
    }
    return { ok: response.ok, body: isRecord(body) ? body : {} }
  }
  const post = (/** @type {string} */ path, /** @type {unknown} */ value = {}) =>
    call(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(value)
    })
  /** @type {SocialClient} */
  const client = {
    url: baseUrl,
    authorizeUrl: (
      /** @type {string} */ provider,
      /** @type {string} */ returnUrl,
      /** @type {string} */ state
    ) => `${baseUrl}/${provider}/authorize?${new URLSearchParams({ redirect_uri: returnUrl, state })}`,
    exchange: async (
      /** @type {{ provider: string, code: string, state: string }} */ { provider, code, state }
    ) => {
      const { ok, body } = await post("/token", { provider, code, state })
      if (!ok || typeof body.subject !== "string" || typeof body.userName !== "string") return undefined
      return { provider: body.provider, subject: body.subject, userName: body.userName }
    },
    openFarcasterChannel: async () => {
      const { ok, body } = await post("/farcaster/channel")
      if (!ok || typeof body.channel !== "string" || typeof body.url !== "string")
        throw new AuthError(502, "social stand-in refused")
      return { channel: body.channel, url: body.url }
    },
    farcasterStatus: async (/** @type {string} */ channel) => {
      const { ok, body } = await call(`/farcaster/channel/status?channel=${encodeURIComponent(channel)}`)
      if (!ok) throw new AuthError(410, "channel expired")
      if (body.status === "approved" && typeof body.subject === "string" && typeof body.userName === "string")
        return { status: "approved", subject: body.subject, userName: body.userName, fid: body.fid }
      return { status: "pending" }
    }
  }
  return Object.freeze(client)
}
