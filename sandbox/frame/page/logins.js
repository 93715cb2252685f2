// The frame's social and Farcaster logins. Social: the app opens the stand-in's page in a popup; the
// stand-in sends the popup back to this origin's callback page (callback.js), which posts the URL to the
// app at the origin the auth server bound to the state; the app hands it back here (CONNECT_SOCIAL) and
// the code is redeemed with this frame's device id. Farcaster: a channel the visitor approves elsewhere,
// polled until it is.

import { api, FrameError, field, keepSession, need, poll, single, text } from "./api.js"

const CALLBACK_PATH = "/social/callback"
/** @type {ReadonlySet<unknown>} */
const PROVIDERS = new Set(["google", "x", "discord", "github", "apple", "facebook"])
const HEX64 = /^[0-9a-f]{64}$/

/**
 * The code, state and provider of a URL of this origin's callback page (a cancel: 4001).
 * @param {unknown} uri
 */
const readCallback = (uri) => {
  const raw = need(text(uri, 4096), "uri")
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  if (url?.origin !== location.origin || url.pathname !== CALLBACK_PATH) throw new FrameError("Invalid uri")
  const query = url.searchParams
  if (query.get("error") === "access_denied") throw new FrameError("Social login cancelled", 4001)
  const code = query.get("code") ?? ""
  const state = query.get("state") ?? ""
  const provider = query.get("provider") ?? ""
  if (!HEX64.test(code) || !HEX64.test(state) || !PROVIDERS.has(provider)) throw new FrameError("Invalid uri")
  return { code, state, provider }
}

/**
 * GET_SOCIAL_REDIRECT_URI: the stand-in's page for the provider, coming back to this origin's callback page,
 * which will post to `appOrigin` (the allowed parent that was greeted) and nowhere else.
 * @param {unknown} payload
 * @param {string} appOrigin
 */
export const socialRedirectUri = async (payload, appOrigin) => {
  const provider = field(payload, "provider")
  if (!PROVIDERS.has(provider)) throw new FrameError("Invalid provider")
  const { uri } = await api("POST", "/auth/social/start", {
    provider,
    returnUrl: `${location.origin}${CALLBACK_PATH}`,
    appOrigin
  })
  return { uri }
}

/**
 * CONNECT_SOCIAL: redeems the callback URL's code (same device as the start) and keeps the session.
 * @param {unknown} payload
 */
export const connectSocial = async (payload) => {
  const { code, state, provider } = readCallback(field(payload, "uri"))
  const { token } = await api("POST", "/auth/social", { provider, code, state })
  keepSession(token)
}

/** @type {string | undefined} The channel GET_FARCASTER_URI opened, which CONNECT_FARCASTER waits on. */
let farcasterChannel

export const farcasterUri = async () => {
  const { url, channel } = await api("POST", "/auth/farcaster/start")
  farcasterChannel = channel
  return { url }
}

/** Forgets the Farcaster channel opened last (RELOAD). */
export const forgetFarcaster = () => {
  farcasterChannel = undefined
}

/** CONNECT_FARCASTER: waits until the channel is approved (25 s at most) and keeps the session. */
export const connectFarcaster = () =>
  single("farcaster", "Already waiting for Farcaster", async () => {
    const channel = need(farcasterChannel, "channel (call GET_FARCASTER_URI first)")
    const token = await poll(async () => {
      const answer = await api("GET", `/auth/farcaster/status?channel=${encodeURIComponent(channel)}`)
      return answer.status === "approved" ? answer.token : undefined
    }, "Farcaster login timed out")
    if (farcasterChannel === channel) farcasterChannel = undefined
    keepSession(token)
  })
