// The auth server behind the sandbox's embedded-wallet frame (issue 14): email one-time codes, device
// approval, sessions, keys that never leave this origin (signing, sending, a smart account per user),
// email updates, social and Farcaster sign-in through the stand-in (social.mjs), and the mailbox. The
// logic is core.mjs (no HTTP); this file is its HTTP face, to mount on the frame's own origin, and a
// loopback server for tests. See README.md in this folder for the API.
import { createFrameAuth } from "./core.mjs"
import {
  AuthError,
  escapeHtml,
  listenLoopback,
  originMatcher,
  originOf,
  page,
  readJsonObject,
  sendError,
  sendHtml,
  sendJson
} from "./http.mjs"
import { renderMailbox } from "./mailbox.mjs"
import { makeSocialCallback } from "./page/callback.mjs"
import { makeFramePage } from "./page/serve.mjs"
import { parseChainId } from "./requestParams.mjs"
import { socialClient } from "./social.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { FrameAuth, FrameAuthOptions } from "./core.mjs" */
/** @import { Mailbox as MailboxType } from "./mailbox.mjs" */
/**
 * @typedef {object} FrameAuthServerExtras
 * @property {ReadonlyArray<string>} [allowedOrigins] Origins (exact, or `http://host:*`) allowed to call from another origin; default none.
 * @property {string} [publicUrl] This server's own origin, for links in messages and same-origin calls; default: the Host header.
 * @property {string} [socialUrl] The social stand-in's URL (or later, `setSocialUrl`).
 */
/** @typedef {FrameAuthOptions & FrameAuthServerExtras} FrameAuthServerOptions */
/**
 * @typedef {object} FrameAuthServer
 * @property {(req: IncomingMessage, res: ServerResponse) => boolean} handle Answers `/auth/*`, `/mailbox`, `/mailbox.json`, `/sdk` (and its files) and `/social/callback` (and its script) and returns true; false for any other path.
 * @property {FrameAuth} core
 * @property {MailboxType} mailbox
 * @property {(url: string) => void} setSocialUrl
 * @property {(url: string | undefined) => void} setPublicUrl
 * @property {(list: ReadonlyArray<string>) => void} setAllowedOrigins
 * @property {() => Promise<void>} close
 */
/**
 * @typedef {object} RunningFrameAuthServer
 * @property {string} url `http://127.0.0.1:PORT`
 * @property {FrameAuthServer} server
 * @property {FrameAuth} core
 * @property {MailboxType} mailbox
 * @property {(url: string) => void} setSocialUrl
 * @property {() => Promise<void>} close
 */
/** @typedef {(req: IncomingMessage, res: ServerResponse, url: URL) => unknown} Route */
/** @typedef {import("./social.mjs").SocialClient} SocialClient */
/** @typedef {import("./social.mjs").SocialStandIn} SocialStandIn */
/** @typedef {import("./mailbox.mjs").MailMessage} MailMessage */
/** @typedef {import("./mailbox.mjs").MailKind} MailKind */
/** @typedef {import("./wallet.mjs").AccountType} AccountType */

export * from "./core.mjs"
export { AuthError } from "./http.mjs"
export { CREATE2_DEPLOYER, SANDBOX_ACCOUNT_ABI, smartAccountOf } from "./keys.mjs"
export { MAIL_TTL_MS, MAX_ADDRESSES, MAX_MESSAGES_PER_ADDRESS, Mailbox } from "./mailbox.mjs"
export { forwardRead, MAX_READ_ANSWER, READ_METHODS, READ_TIMEOUT_MS } from "./reads.mjs"
export { socialClient, startSocialStandIn } from "./social.mjs"
export { FAUCET_ACCOUNT_INDEX, SIGN_UP_FUNDS_ETH } from "./wallet.mjs"

/** The header carrying the frame's device id (kept in the frame's own storage). */
export const DEVICE_HEADER = /** @type {const} */ ("x-device-id")
export const BODY_LIMIT = 8 * 1024
export const RPC_BODY_LIMIT = 256 * 1024
const BEARER = /^Bearer ([0-9a-f]{64})$/
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/
const CORS_HEADERS = {
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": `content-type, authorization, ${DEVICE_HEADER}`,
  "access-control-max-age": "600"
}

const tokenOf = (/** @type {IncomingMessage} */ req) =>
  BEARER.exec(String(req.headers.authorization ?? ""))?.[1]
const deviceOf = (/** @type {IncomingMessage} */ req) => {
  const value = req.headers[DEVICE_HEADER]
  return typeof value === "string" ? value : undefined
}
/**
 * The client a request's pending codes, links, sign-ins and sessions are charged to: its remote address
 * (the frame sends no cookie; its device id is the client's own choice, so no bound can rest on it).
 * @param {IncomingMessage} req
 */
const clientOf = (req) => req.socket.remoteAddress ?? "unknown"
/**
 * The bearer token, or a 401 when there is none.
 * @param {IncomingMessage} req
 */
const requireToken = (req) => {
  const token = tokenOf(req)
  if (token === undefined) throw new AuthError(401, "invalid session")
  return token
}

/**
 * The frame's auth endpoints (`/auth/*`, `/mailbox`, `/mailbox.json`) as a request handler. `chains`
 * (`{ chainId, rpcUrl }[]`, may be empty: no funding, no sending) are the sandbox's anvil chains;
 * `allowedOrigins` (exact origins or `http://host:*`) may call it from other origins (CORS; any other
 * Origin is refused); `publicUrl` is this server's own origin (links in messages; same-origin calls);
 * `socialUrl` the social stand-in's.
 * @param {FrameAuthServerOptions} [options]
 * @returns {FrameAuthServer}
 */
export function makeFrameAuthServer({ allowedOrigins = [], publicUrl, socialUrl, ...options } = {}) {
  const core = createFrameAuth({
    ...options,
    publicUrl,
    social: socialUrl === undefined ? undefined : socialClient(socialUrl)
  })
  let isAllowed = originMatcher(allowedOrigins)
  let allowedList = [...allowedOrigins]
  const framePage = makeFramePage(() => allowedList)
  const socialCallback = makeSocialCallback(core.socialReturn)
  /**
   * This server's origin: `publicUrl`'s, else the Host header's when it names loopback (a Host header is the
   * client's to choose: a link mailed to someone must never point wherever the asker says).
   * @param {IncomingMessage} req
   */
  const selfOrigin = (req) => {
    const configured = originOf(core.publicUrl)
    if (configured !== undefined) return configured
    const host = String(req.headers.host ?? "")
    return LOOPBACK_HOST.test(host) ? `http://${host}` : undefined
  }

  const body = (/** @type {IncomingMessage} */ req) => readJsonObject(req, BODY_LIMIT)

  /**
   * A return URL the social stand-in may send the browser back to: this origin or an allowed one.
   * @param {IncomingMessage} req
   * @param {unknown} returnUrl
   * @returns {string}
   */
  const checkReturnUrl = (req, returnUrl) => {
    const origin = originOf(returnUrl)
    if (
      typeof returnUrl !== "string" ||
      origin === undefined ||
      (origin !== selfOrigin(req) && !isAllowed(origin))
    )
      throw new AuthError(400, "return URL not allowed")
    return returnUrl
  }

  /**
   * The app origin a social callback page may post to: exactly an origin, and an allowed one.
   * @param {unknown} appOrigin
   * @returns {string | undefined}
   */
  const checkAppOrigin = (appOrigin) => {
    if (appOrigin === undefined) return undefined
    if (typeof appOrigin !== "string" || originOf(appOrigin) !== appOrigin || !isAllowed(appOrigin))
      throw new AuthError(400, "app origin not allowed")
    return appOrigin
  }

  /** @type {Record<string, Route>} */
  const routes = {
    "POST /auth/email": async (req) => {
      const { email } = await body(req)
      return core.startEmailLogin({
        email,
        deviceId: deviceOf(req),
        token: tokenOf(req),
        linkBase: selfOrigin(req) ?? "",
        client: clientOf(req)
      })
    },
    "POST /auth/otp": async (req) => {
      const { email, otp } = await body(req)
      return core.verifyOtp({ email, otp, deviceId: deviceOf(req), client: clientOf(req) })
    },
    "POST /auth/device": async (req) => {
      const { email } = await body(req)
      return core.pollDevice({ email, deviceId: deviceOf(req) })
    },
    "GET /auth/device/approve": (_req, res, url) => {
      let text = ""
      let status = 200
      try {
        const { email, already } = core.approveDeviceLink(url.searchParams.get("token"))
        text = already
          ? `This device was already approved for ${email}.`
          : `Device approved for ${email}. A login code is on its way: enter it in the app.`
      } catch (error) {
        status = error instanceof AuthError ? error.status : 500
        text =
          error instanceof AuthError ? `This link cannot be used: ${error.reason}.` : "Something went wrong."
      }
      const title = status === 200 ? "Device approved" : "Device not approved"
      sendHtml(res, status, page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`))
    },
    "GET /auth/session": (req) => {
      const { session } = core.sessionOf(requireToken(req))
      return { connected: true, expiresAt: session.expiresAt }
    },
    "GET /auth/user": (req, _res, url) =>
      core.user(requireToken(req), parseChainId(url.searchParams.get("chainId") ?? undefined)),
    "POST /auth/sign-out": (req) => {
      core.signOut(tokenOf(req))
      return { ok: true }
    },
    "POST /auth/preferred-account": async (req) => {
      const token = requireToken(req)
      const { type } = await body(req)
      return core.setPreferredAccount(token, type)
    },
    "POST /auth/rpc": async (req) => {
      const token = requireToken(req)
      const { method, params, chainId } = await readJsonObject(req, RPC_BODY_LIMIT)
      return { result: await core.request(token, { method, params, chainId: parseChainId(chainId) }) }
    },
    "POST /auth/update-email": async (req) => {
      const token = requireToken(req)
      const { email } = await body(req)
      return core.startUpdateEmail(token, email, clientOf(req))
    },
    "POST /auth/update-email/primary": async (req) => {
      const token = requireToken(req)
      const { otp } = await body(req)
      return core.verifyUpdatePrimary(token, otp)
    },
    "POST /auth/update-email/secondary": async (req) => {
      const token = requireToken(req)
      const { otp } = await body(req)
      return core.verifyUpdateSecondary(token, otp)
    },
    "POST /auth/social/start": async (req) => {
      const { provider, returnUrl, appOrigin } = await body(req)
      return core.startSocial({
        provider,
        returnUrl: checkReturnUrl(req, returnUrl),
        appOrigin: checkAppOrigin(appOrigin),
        deviceId: deviceOf(req),
        client: clientOf(req)
      })
    },
    "POST /auth/social": async (req) => {
      const { provider, code, state } = await body(req)
      return core.finishSocial({ provider, code, state, deviceId: deviceOf(req), client: clientOf(req) })
    },
    "POST /auth/farcaster/start": (req) =>
      core.startFarcaster({ deviceId: deviceOf(req), client: clientOf(req) }),
    "GET /auth/farcaster/status": (req, _res, url) =>
      core.farcasterStatus({
        channel: url.searchParams.get("channel"),
        deviceId: deviceOf(req),
        client: clientOf(req)
      }),
    "GET /mailbox": (_req, res, url) => {
      const to = url.searchParams.get("to") ?? undefined
      sendHtml(res, 200, renderMailbox(core.mailbox.list(to?.trim().toLowerCase()), to))
    },
    "GET /mailbox.json": (_req, _res, url) => {
      const to = url.searchParams.get("to")
      if (to !== null && to.length > 254) throw new AuthError(400, "invalid email")
      return { messages: core.mailbox.list(to === null ? undefined : to.trim().toLowerCase()) }
    }
  }
  const paths = new Set(Object.keys(routes).map((key) => key.slice(key.indexOf(" ") + 1)))

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {URL} url
   */
  const serve = async (req, res, url) => {
    const origin = req.headers.origin
    const crossOrigin = origin !== undefined && origin !== selfOrigin(req)
    if (crossOrigin && !isAllowed(origin)) return sendJson(res, 403, { error: "origin not allowed" })
    const cors = crossOrigin ? { "access-control-allow-origin": origin, vary: "origin" } : {}
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...cors, ...CORS_HEADERS, "cache-control": "no-store" })
      return res.end()
    }
    const route = routes[`${req.method} ${url.pathname}`]
    if (route === undefined)
      return sendJson(
        res,
        paths.has(url.pathname) ? 405 : 404,
        { error: paths.has(url.pathname) ? "method not allowed" : "not found" },
        cors
      )
    try {
      const answer = await route(req, res, url)
      if (answer !== undefined && !res.headersSent) sendJson(res, 200, answer, cors)
    } catch (error) {
      if (!res.headersSent) {
        // An unread or oversized body: do not keep the connection for what the client still sends.
        const close = error instanceof AuthError && error.status === 413 ? { connection: "close" } : {}
        sendError(res, error, { ...cors, ...close })
      }
    }
  }

  return Object.freeze({
    /**
     * Answers `/auth/*`, `/mailbox`, `/mailbox.json`, the frame page (`/sdk` and its files) and the social
     * callback page (`/social/callback` and its script) (true); leaves any other path alone (false).
     */
    handle: (/** @type {IncomingMessage} */ req, /** @type {ServerResponse} */ res) => {
      const url = new URL(req.url ?? "/", "http://frame.invalid")
      if (framePage(req, res, url.pathname) || socialCallback(req, res, url)) return true
      if (
        !url.pathname.startsWith("/auth/") &&
        url.pathname !== "/mailbox" &&
        url.pathname !== "/mailbox.json"
      )
        return false
      serve(req, res, url).catch(() => {
        if (!res.headersSent && !res.destroyed) sendJson(res, 500, { error: "internal error" })
        else res.destroy()
      })
      return true
    },
    core,
    mailbox: core.mailbox,
    /** Points social and Farcaster sign-in at the stand-in at `url`. */
    setSocialUrl: (/** @type {string} */ url) => core.setSocial(socialClient(url)),
    setPublicUrl: (/** @type {string | undefined} */ url) => core.setPublicUrl(url),
    setAllowedOrigins: (/** @type {ReadonlyArray<string>} */ list) => {
      isAllowed = originMatcher(list)
      allowedList = [...list]
    },
    close: async () => {}
  })
}

/**
 * Serves {@link makeFrameAuthServer} alone on 127.0.0.1:`port` (0: a free one), for tests.
 * @param {FrameAuthServerOptions & { readonly port?: number }} [options]
 * @returns {Promise<RunningFrameAuthServer>}
 */
export async function startFrameAuthServer({ port = 0, ...options } = {}) {
  /** @type {FrameAuthServer | undefined} */
  let server
  const listener = await listenLoopback(port, (req, res) => {
    if (server === undefined || !server.handle(req, res)) sendJson(res, 404, { error: "not found" })
  })
  const running = makeFrameAuthServer({ ...options, publicUrl: options.publicUrl ?? listener.url })
  server = running
  return Object.freeze({
    url: listener.url,
    server: running,
    core: running.core,
    mailbox: running.mailbox,
    setSocialUrl: running.setSocialUrl,
    close: async () => {
      await running.close()
      await listener.close()
    }
  })
}
