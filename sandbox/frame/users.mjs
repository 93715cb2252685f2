// The embedded wallet's users and their sessions: users by id, email and social account, each user's
// approved devices, sign-ups that run once per email or account, and the bearer sessions (bounded with
// rejection, charged to the client that opened them). Apart from core.mjs, which composes it with the logins
// and email updates that read and write it.
import { randomBytes } from "node:crypto"
import { BoundedStore } from "../shared/boundedStore.mjs"
import { hashOf, newToken, refuseIf, TOKEN } from "./codes.mjs"
import { AuthError } from "./http.mjs"
import { newUserKeys, userWallet } from "./keys.mjs"

/** @import { UserWallet } from "./keys.mjs" */
/** @import { AccountType } from "./wallet.mjs" */
/**
 * @typedef {object} NewSession
 * @property {string} token 64 hex characters: the bearer token.
 * @property {number} expiresAt ms since epoch.
 */
/**
 * A user as the service keeps it.
 * @typedef {object} StoredUser
 * @property {string} id
 * @property {string | null} email
 * @property {string | undefined} userName
 * @property {string | undefined} provider
 * @property {UserWallet} wallet
 * @property {Set<string>} devices
 * @property {AccountType} preferredAccountType
 * @property {number} createdAt
 * @property {boolean} [funded]
 */
/** @typedef {{ userId: string, deviceId: string, expiresAt: number }} Session */
/** @typedef {{ readonly users: number, readonly devicesPerUser: number, readonly sessions: number, readonly sessionsPerClient: number }} UserLimits */
/** @typedef {ReturnType<typeof createUsers>} Users */

/**
 * @param {object} options
 * @param {() => number} options.now
 * @param {number} options.sessionTtlMs
 * @param {UserLimits} options.limits
 * @param {AccountType} options.defaultAccountType
 * @param {(addresses: ReadonlyArray<`0x${string}`>) => Promise<boolean>} options.fund Funds a new user's accounts (the chain wallet's faucet).
 */
export function createUsers({ now, sessionTtlMs, limits, defaultAccountType, fund }) {
  /** @type {Map<string, StoredUser>} */
  const users = new Map()
  /** @type {Map<string, StoredUser>} */
  const usersByEmail = new Map()
  /** @type {Map<string, StoredUser>} */
  const usersBySocial = new Map()
  /** @type {BoundedStore<Session>} by the token's hash */
  const sessions = new BoundedStore({
    what: "sessions",
    ttlMs: sessionTtlMs,
    max: limits.sessions,
    perClient: limits.sessionsPerClient,
    now
  })

  /**
   * @param {{ email?: string | null, socialKey?: string, userName?: string, provider?: string }} input
   * @returns {Promise<StoredUser>}
   */
  const createUser = async ({ email = null, socialKey, userName, provider }) => {
    if (users.size >= limits.users) throw new AuthError(503, "too many users")
    const id = randomBytes(16).toString("hex")
    /** @type {StoredUser} */
    const user = {
      id,
      email,
      userName,
      provider,
      wallet: userWallet(id, newUserKeys()),
      devices: new Set(),
      preferredAccountType: defaultAccountType,
      createdAt: now()
    }
    users.set(id, user)
    if (email !== null) usersByEmail.set(email, user)
    if (socialKey !== undefined) usersBySocial.set(socialKey, user)
    user.funded = await fund([user.wallet.eoaAddress, user.wallet.smartAccount.address])
    return user
  }

  /** @type {Map<string, Promise<StoredUser>>} Sign-ups in flight by key: two at once for the same email or account make one user. */
  const creating = new Map()
  /**
   * @param {string} key
   * @param {() => Promise<StoredUser>} task
   */
  const once = (key, task) => {
    let pending = creating.get(key)
    if (pending === undefined) {
      pending = task().finally(() => creating.delete(key))
      creating.set(key, pending)
    }
    return pending
  }

  /**
   * @param {StoredUser} user
   * @param {string} deviceId
   */
  const approveDevice = (user, deviceId) => {
    user.devices.delete(deviceId)
    for (const oldest of user.devices) {
      if (user.devices.size < limits.devicesPerUser) break
      user.devices.delete(oldest)
    }
    user.devices.add(deviceId)
  }

  /**
   * A new session of `user` on `deviceId`, charged to `client`.
   * @param {StoredUser} user
   * @param {string} deviceId
   * @param {string} client
   * @returns {NewSession}
   */
  const openSession = (user, deviceId, client) => {
    const token = newToken()
    const expiresAt = now() + sessionTtlMs
    refuseIf(sessions.put(hashOf(token), { userId: user.id, deviceId, expiresAt }, client))
    approveDevice(user, deviceId)
    return { token, expiresAt }
  }

  /** The session of `token` and its user, or a 401 ('invalid session' / 'session expired'). */
  /** @param {unknown} token */
  const sessionOf = (token) => {
    if (typeof token !== "string" || !TOKEN.test(token)) throw new AuthError(401, "invalid session")
    const held = sessions.entry(hashOf(token))
    const user = held === undefined ? undefined : users.get(held.value.userId)
    if (held === undefined || user === undefined) throw new AuthError(401, "invalid session")
    if (held.expiresAt <= now()) throw new AuthError(401, "session expired")
    return { session: held.value, user }
  }

  const validSessionOf = (/** @type {unknown} */ token) => {
    try {
      return sessionOf(token)
    } catch {
      return undefined
    }
  }

  const signOut = (/** @type {unknown} */ token) => {
    if (typeof token === "string" && TOKEN.test(token)) sessions.delete(hashOf(token))
  }

  return Object.freeze({
    users,
    usersByEmail,
    usersBySocial,
    sessions,
    createUser,
    once,
    approveDevice,
    openSession,
    sessionOf,
    validSessionOf,
    signOut
  })
}
