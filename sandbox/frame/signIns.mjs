// Social and Farcaster sign-in on the auth server's side (no HTTP): the one-time `state` of a social
// sign-in, bound to the device that started it, its provider and the app origin its callback page reports
// to; the Farcaster channels a device opened. Both are bounded with rejection, each charged to the client
// (remote address) that started it: a flood of other sign-ins cannot push a pending one out. The stand-in
// (social.mjs) is reached through `client()`; `sessionFor` (core.mjs) finds or creates the user and opens
// the session.
import { BoundedStore } from "../shared/boundedStore.mjs"
import { checkDeviceId, newToken, refuseIf, TOKEN } from "./codes.mjs"
import { AuthError } from "./http.mjs"
import { SOCIAL_PROVIDERS } from "./social.mjs"

export const SOCIAL_STATE_TTL_MS = 10 * 60 * 1000
export const FARCASTER_CHANNEL_TTL_MS = 10 * 60 * 1000

/** @import { SocialClient, SocialProvider } from "./social.mjs" */
/** @typedef {{ token: string, expiresAt: number, userName: string }} SocialSession */
/** @typedef {{ readonly socialStates: number, readonly socialStatesPerClient: number, readonly farcasterChannels: number, readonly farcasterChannelsPerClient: number }} SignInLimits */

/**
 * @param {object} options
 * @param {() => number} options.now
 * @param {SignInLimits} options.limits
 * @param {() => SocialClient} options.client
 * @param {(socialKey: string, fields: { provider: string, userName: string }, deviceId: string, client: string) => Promise<SocialSession>} options.sessionFor
 */
export function createSignIns({ now, limits, client, sessionFor }) {
  /** @type {BoundedStore<{ provider: SocialProvider, deviceId: string, appOrigin: string | undefined }>} */
  const socialStates = new BoundedStore({
    what: "social sign-ins",
    ttlMs: SOCIAL_STATE_TTL_MS,
    max: limits.socialStates,
    perClient: limits.socialStatesPerClient,
    now
  })
  /** @type {BoundedStore<{ deviceId: string }>} */
  const farcasterChannels = new BoundedStore({
    what: "Farcaster sign-ins",
    ttlMs: FARCASTER_CHANNEL_TTL_MS,
    max: limits.farcasterChannels,
    perClient: limits.farcasterChannelsPerClient,
    now
  })

  /** The live entry of `state`, without using it up; undefined when unknown or expired. */
  const liveState = (/** @type {unknown} */ state) =>
    typeof state === "string" && TOKEN.test(state) ? socialStates.get(state) : undefined

  /**
   * GET_SOCIAL_REDIRECT_URI: the stand-in's page for `provider`, returning to `returnUrl` with a state.
   * `appOrigin` (already checked against the allowed list) is where the callback page may post the result.
   * @param {{ readonly provider: unknown, readonly returnUrl: string, readonly appOrigin?: string | undefined, readonly deviceId: unknown, readonly client: string }} input
   */
  const startSocial = ({ provider, returnUrl, appOrigin, deviceId: rawDevice, client: asker }) => {
    const deviceId = checkDeviceId(rawDevice)
    const known = SOCIAL_PROVIDERS.find((name) => name === provider)
    if (known === undefined) throw new AuthError(400, "invalid provider")
    const stand = client()
    const state = newToken()
    refuseIf(socialStates.put(state, { provider: known, deviceId, appOrigin }, asker))
    return { uri: stand.authorizeUrl(known, returnUrl, state) }
  }

  /** The callback page's question: which app origin started `state` (404 when none may be told). */
  const socialReturn = (/** @type {unknown} */ state) => {
    const entry = liveState(state)
    if (entry?.appOrigin === undefined) throw new AuthError(404, "unknown sign-in")
    return { appOrigin: entry.appOrigin, provider: entry.provider }
  }

  /**
   * POST /auth/social: the stand-in's one-time code (with the state it came back with) → a session.
   * @param {{ readonly provider: unknown, readonly code: unknown, readonly state: unknown, readonly deviceId: unknown, readonly client: string }} input
   */
  const finishSocial = async ({ provider, code, state, deviceId: rawDevice, client: asker }) => {
    const deviceId = checkDeviceId(rawDevice)
    const known = SOCIAL_PROVIDERS.find((name) => name === provider)
    if (known === undefined) throw new AuthError(400, "invalid provider")
    if (typeof code !== "string" || !TOKEN.test(code)) throw new AuthError(400, "invalid code")
    const entry = liveState(state)
    // Used up by any attempt, right or wrong: a state is tried once.
    if (typeof state === "string") socialStates.delete(state)
    if (
      typeof state !== "string" ||
      entry === undefined ||
      entry.deviceId !== deviceId ||
      entry.provider !== known
    )
      throw new AuthError(401, "invalid state")
    const account = await client().exchange({ provider: known, code, state })
    if (account === undefined || account.provider !== known) throw new AuthError(401, "invalid code")
    return sessionFor(
      `${known}:${account.subject}`,
      { provider: known, userName: account.userName },
      deviceId,
      asker
    )
  }

  /** @param {{ readonly deviceId: unknown, readonly client: string }} input */
  const startFarcaster = async ({ deviceId: rawDevice, client: asker }) => {
    const deviceId = checkDeviceId(rawDevice)
    refuseIf(farcasterChannels.refusal(asker))
    const { channel, url } = await client().openFarcasterChannel()
    refuseIf(farcasterChannels.put(channel, { deviceId }, asker))
    return { url, channel }
  }

  /** @param {{ readonly channel: unknown, readonly deviceId: unknown, readonly client: string }} input */
  const farcasterStatus = async ({ channel, deviceId: rawDevice, client: asker }) => {
    const deviceId = checkDeviceId(rawDevice)
    const held =
      typeof channel === "string" && TOKEN.test(channel) ? farcasterChannels.entry(channel) : undefined
    if (typeof channel !== "string" || held === undefined || held.value.deviceId !== deviceId)
      throw new AuthError(404, "unknown channel")
    if (held.expiresAt <= now()) {
      farcasterChannels.delete(channel)
      throw new AuthError(410, "channel expired")
    }
    const status = await client().farcasterStatus(channel)
    if (status.status !== "approved") return /** @type {const} */ ({ status: "pending" })
    farcasterChannels.delete(channel)
    const session = await sessionFor(
      `farcaster:${status.subject}`,
      { provider: "farcaster", userName: status.userName },
      deviceId,
      asker
    )
    return /** @type {const} */ ({ status: "approved", ...session })
  }

  return {
    startSocial,
    socialReturn,
    finishSocial,
    startFarcaster,
    farcasterStatus,
    counts: () => ({ socialStates: socialStates.size, farcasterChannels: farcasterChannels.size })
  }
}
