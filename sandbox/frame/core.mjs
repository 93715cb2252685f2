// The embedded wallet's auth service, in memory, without HTTP: users (by email, social account or
// Farcaster id), approved devices, one-time codes, device approvals, sessions, email updates, social and
// Farcaster sign-ins (signIns.mjs, through the stand-in of social.mjs), and the mailbox. Every failure is
// an `AuthError` (status + short reason). `now()` is injectable; every collection is bounded.
import { randomBytes } from "node:crypto"
import {
  CODE_TTL_MS,
  CodeBook,
  checkDeviceId,
  hashOf,
  newToken,
  normalizeEmail,
  setBounded,
  TOKEN
} from "./codes.mjs"
import { AuthError } from "./http.mjs"
import { Mailbox } from "./mailbox.mjs"
import { createSignIns } from "./signIns.mjs"
import { makeChainWallet, newUserKeys, userWallet } from "./wallet.mjs"

/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @import { SocialClient } from "./social.mjs" */
/** @import { AccountType, UserWallet } from "./wallet.mjs" */
/**
 * @typedef {object} NewSession
 * @property {string} token 64 hex characters: the bearer token.
 * @property {number} expiresAt ms since epoch.
 */
/**
 * @typedef {object} FrameUser
 * @property {string | null} email
 * @property {string} [userName]
 * @property {string} [socialProvider]
 * @property {`0x${string}`} address The preferred account's address.
 * @property {string} solanaAddress
 * @property {`0x${string}`} smartAccountAddress
 * @property {boolean} smartAccountDeployed
 * @property {ReadonlyArray<number>} smartAccountEnabledNetworks
 * @property {AccountType} preferredAccountType
 * @property {ReadonlyArray<{ readonly address: `0x${string}`, readonly type: AccountType }>} accounts
 * @property {number} sessionExpiresAt
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
/**
 * @typedef {object} FrameAuthOptions
 * @property {ReadonlyArray<Pick<SandboxChain, "chainId" | "rpcUrl"> & { readonly name?: string }>} [chains] The anvil chains keys sign and send on (may be empty: no funding, no sending).
 * @property {() => number} [now] ms since epoch; default Date.now.
 * @property {number} [sessionTtlMs] Default 24 h.
 * @property {AccountType} [defaultAccountType] Default "eoa".
 * @property {number} [faucetIndex] The anvil dev account funding new users; default FAUCET_ACCOUNT_INDEX (7).
 * @property {string} [signUpFundsEth] Ether sent to each new user's key account and smart account on each chain; default "1".
 * @property {Partial<typeof LIMITS>} [limits]
 * @property {Mailbox} [mailbox]
 */
/** @typedef {ReturnType<typeof createFrameAuth>} FrameAuth */

export const APPROVAL_TTL_MS = 10 * 60 * 1000
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60 * 1000
/** @type {Readonly<{ users: number, sessions: number, codes: number, approvals: number, devicesPerUser: number, socialStates: number, farcasterChannels: number, mailsPerAddressPerHour: number }>} */
export const LIMITS = Object.freeze({
  users: 10_000,
  sessions: 20_000,
  codes: 10_000,
  approvals: 10_000,
  devicesPerUser: 100,
  socialStates: 10_000,
  farcasterChannels: 1_000,
  /** Messages (codes, approval links) one address may be sent in an hour: 5 tries each bound guessing. */
  mailsPerAddressPerHour: 30
})
export { CODE_TTL_MS, checkDeviceId, MAX_CODE_ATTEMPTS, newCode, normalizeEmail } from "./codes.mjs"
export { FARCASTER_CHANNEL_TTL_MS, SOCIAL_STATE_TTL_MS } from "./signIns.mjs"
export { SOCIAL_PROVIDERS } from "./social.mjs"
/** @type {ReadonlyArray<AccountType>} */
export const ACCOUNT_TYPES = Object.freeze(["eoa", "smartAccount"])

/**
 * The auth service. `chains` (`{ chainId, rpcUrl }[]`, may be empty) are where keys sign and send; `social`
 * is the stand-in's client (`socialClient(url)` of social.mjs), settable later with `setSocial`.
 * @param {FrameAuthOptions & { readonly publicUrl?: string | undefined, readonly social?: SocialClient | undefined }} [options]
 */
export function createFrameAuth({
  chains = [],
  now = Date.now,
  sessionTtlMs = DEFAULT_SESSION_TTL_MS,
  publicUrl,
  social,
  defaultAccountType = "eoa",
  faucetIndex,
  signUpFundsEth,
  limits: limitOverrides = {},
  mailbox = new Mailbox({ now })
} = {}) {
  if (!Number.isSafeInteger(sessionTtlMs) || sessionTtlMs <= 0)
    throw new TypeError("sessionTtlMs: positive ms")
  if (!ACCOUNT_TYPES.includes(defaultAccountType))
    throw new TypeError("defaultAccountType: eoa or smartAccount")
  const limits = { ...LIMITS, ...limitOverrides }
  const chainWallet = makeChainWallet({ chains, faucetIndex, signUpFundsEth })
  const codes = new CodeBook(now, limits.codes)
  /** @type {Map<string, StoredUser>} */
  const users = new Map()
  /** @type {Map<string, StoredUser>} */
  const usersByEmail = new Map()
  /** @type {Map<string, StoredUser>} */
  const usersBySocial = new Map()
  /** @type {Map<string, Session>} by the token's hash */
  const sessions = new Map()
  /** @type {Map<string, { userId: string, email: string, deviceId: string, expiresAt: number, approved: boolean }>} */
  const approvals = new Map()
  /** @type {Map<string, { newEmail: string, primaryVerified: boolean, expiresAt: number }>} */
  const emailUpdates = new Map()
  let socialClient = social
  let linkBase = publicUrl

  const needSocial = () => {
    if (socialClient === undefined) throw new AuthError(503, "social stand-in not configured")
    return socialClient
  }

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
    user.funded = await chainWallet.fund([user.wallet.eoaAddress, user.wallet.smartAccount.address])
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
   * @param {StoredUser} user
   * @param {string} deviceId
   * @returns {NewSession}
   */
  const openSession = (user, deviceId) => {
    approveDevice(user, deviceId)
    const token = newToken()
    const expiresAt = now() + sessionTtlMs
    setBounded(sessions, hashOf(token), { userId: user.id, deviceId, expiresAt }, limits.sessions)
    return { token, expiresAt }
  }

  /** The session of `token` and its user, or a 401 ('invalid session' / 'session expired'). */
  /** @param {unknown} token */
  const sessionOf = (token) => {
    if (typeof token !== "string" || !TOKEN.test(token)) throw new AuthError(401, "invalid session")
    const session = sessions.get(hashOf(token))
    const user = session === undefined ? undefined : users.get(session.userId)
    if (session === undefined || user === undefined) throw new AuthError(401, "invalid session")
    if (session.expiresAt <= now()) throw new AuthError(401, "session expired")
    return { session, user }
  }

  const validSessionOf = (/** @type {unknown} */ token) => {
    try {
      return sessionOf(token)
    } catch {
      return undefined
    }
  }

  /** @type {Map<string, Array<number>>} Addresses → when they were last sent something (this hour), to bound codes per address. */
  const sent = new Map()
  const HOUR_MS = 60 * 60 * 1000
  /** @param {...string} addresses */
  const quota = (...addresses) => {
    const at = now()
    const recent = addresses.map((a) => (sent.get(a) ?? []).filter((t) => t > at - HOUR_MS))
    if (recent.some((times) => times.length >= limits.mailsPerAddressPerHour))
      throw new AuthError(429, "too many messages, try later")
    for (const [i, address] of addresses.entries())
      setBounded(sent, address, [...(recent[i] ?? []), at], limits.codes)
  }

  const sendLoginCode = (/** @type {string} */ email, /** @type {string} */ deviceId) => {
    const code = codes.issue(`login|${email}|${deviceId}`)
    mailbox.send({
      to: email,
      kind: "login-code",
      subject: "Your sandbox wallet login code",
      text: `Your code is ${code}. It works once, for 10 minutes.`,
      code
    })
  }

  /**
   * POST /auth/email: what the device must do next to log in with `email`.
   * @param {{ readonly email: unknown, readonly deviceId: unknown, readonly token?: string | undefined, readonly linkBase?: string | undefined }} input
   * @returns {{ readonly action: "VERIFY_OTP" | "VERIFY_DEVICE" | "CONNECT" }}
   */
  const startEmailLogin = ({ email: rawEmail, deviceId: rawDevice, token, linkBase: base = linkBase }) => {
    const email = normalizeEmail(rawEmail)
    const deviceId = checkDeviceId(rawDevice)
    const user = usersByEmail.get(email)
    const current = validSessionOf(token)
    if (
      user !== undefined &&
      current !== undefined &&
      current.user === user &&
      current.session.deviceId === deviceId
    )
      return { action: "CONNECT" }
    quota(email)
    if (user === undefined || user.devices.has(deviceId)) {
      sendLoginCode(email, deviceId)
      return { action: "VERIFY_OTP" }
    }
    const approval = newToken()
    setBounded(
      approvals,
      approval,
      { userId: user.id, email, deviceId, expiresAt: now() + APPROVAL_TTL_MS, approved: false },
      limits.approvals
    )
    const link = `${base ?? ""}/auth/device/approve?token=${approval}`
    mailbox.send({
      to: email,
      kind: "device-approval",
      subject: "Approve a new device for your sandbox wallet",
      text: `A new device asked to log in to your sandbox wallet. If it was you, open this link within 10 minutes:\n${link}`,
      link
    })
    return { action: "VERIFY_DEVICE" }
  }

  /**
   * GET /auth/device/approve: the link of the device-approval message; sends the login code.
   * @param {unknown} approval
   * @returns {{ readonly email: string, readonly already: boolean }}
   */
  const approveDeviceLink = (approval) => {
    const entry = typeof approval === "string" && TOKEN.test(approval) ? approvals.get(approval) : undefined
    if (entry === undefined) throw new AuthError(404, "unknown approval link")
    if (entry.expiresAt <= now()) throw new AuthError(410, "approval link expired")
    const user = users.get(entry.userId)
    if (user === undefined || user.email !== entry.email) throw new AuthError(410, "approval link expired")
    if (entry.approved) return { email: entry.email, already: true }
    entry.approved = true
    approveDevice(user, entry.deviceId)
    sendLoginCode(entry.email, entry.deviceId)
    return { email: entry.email, already: false }
  }

  /**
   * POST /auth/device: whether the device is approved for `email` yet (the frame polls).
   * @param {{ readonly email: unknown, readonly deviceId: unknown }} input
   * @returns {{ readonly status: "pending" } | { readonly status: "approved", readonly action: "VERIFY_OTP" }}
   */
  const pollDevice = ({ email: rawEmail, deviceId: rawDevice }) => {
    const email = normalizeEmail(rawEmail)
    const deviceId = checkDeviceId(rawDevice)
    const user = usersByEmail.get(email)
    if (user?.devices.has(deviceId)) return { status: "approved", action: "VERIFY_OTP" }
    for (const entry of approvals.values())
      if (entry.email === email && entry.deviceId === deviceId && entry.expiresAt > now())
        return { status: "pending" }
    throw new AuthError(404, "no device verification pending")
  }

  /**
   * POST /auth/otp: the login code of this device → a session (a new user is created here).
   * @param {{ readonly email: unknown, readonly deviceId: unknown, readonly otp: unknown }} input
   * @returns {Promise<NewSession & { readonly isNewUser: boolean }>}
   */
  const verifyOtp = async ({ email: rawEmail, deviceId: rawDevice, otp }) => {
    const email = normalizeEmail(rawEmail)
    const deviceId = checkDeviceId(rawDevice)
    codes.use(`login|${email}|${deviceId}`, otp)
    const existing = usersByEmail.get(email)
    const user = existing ?? (await once(`email:${email}`, () => createUser({ email })))
    return { ...openSession(user, deviceId), isNewUser: existing === undefined }
  }

  /**
   * GET /auth/user: the user as the frame reports it, on `chainId` (default: the first chain).
   * @param {unknown} token
   * @param {number} [chainId]
   * @returns {Promise<FrameUser>}
   */
  const userOf = async (token, chainId) => {
    const { user, session } = sessionOf(token)
    const { wallet } = user
    const smartAccountDeployed = await chainWallet
      .isDeployed(chainId ?? chainWallet.chainIds[0], wallet.smartAccount.address)
      .catch(() => false)
    return {
      email: user.email,
      ...(user.userName === undefined ? {} : { userName: user.userName }),
      ...(user.provider === undefined ? {} : { socialProvider: user.provider }),
      address: chainWallet.addressOf(wallet, user.preferredAccountType),
      solanaAddress: wallet.solanaAddress,
      smartAccountAddress: wallet.smartAccount.address,
      smartAccountDeployed,
      smartAccountEnabledNetworks: chainWallet.chainIds,
      preferredAccountType: user.preferredAccountType,
      accounts: [
        { address: wallet.eoaAddress, type: "eoa" },
        { address: wallet.smartAccount.address, type: "smartAccount" }
      ],
      sessionExpiresAt: session.expiresAt
    }
  }

  const signOut = (/** @type {unknown} */ token) => {
    if (typeof token === "string" && TOKEN.test(token)) sessions.delete(hashOf(token))
  }

  /**
   * @param {unknown} token
   * @param {unknown} type
   * @returns {{ readonly type: AccountType, readonly address: `0x${string}` }}
   */
  const setPreferredAccount = (token, type) => {
    const { user } = sessionOf(token)
    const accountType = ACCOUNT_TYPES.find((known) => known === type)
    if (accountType === undefined) throw new AuthError(400, "invalid account type")
    user.preferredAccountType = accountType
    return { type: accountType, address: chainWallet.addressOf(user.wallet, accountType) }
  }

  /**
   * POST /auth/rpc: a wallet request signed with the user's keys, as their preferred account.
   * @param {unknown} token
   * @param {{ readonly method: unknown, readonly params?: unknown, readonly chainId?: number | undefined }} call
   * @returns {Promise<unknown>}
   */
  const request = async (token, { method, params, chainId }) => {
    const { user } = sessionOf(token)
    if (typeof method !== "string" || method.length > 64) throw new AuthError(400, "invalid method")
    return chainWallet.request(user.wallet, user.preferredAccountType, { method, params, chainId })
  }

  /**
   * @param {unknown} token
   * @param {unknown} rawEmail
   * @returns {{ readonly action: "VERIFY_PRIMARY_OTP" }}
   */
  const startUpdateEmail = (token, rawEmail) => {
    const { user } = sessionOf(token)
    const newEmail = normalizeEmail(rawEmail)
    if (user.email === null) throw new AuthError(409, "account has no email")
    if (newEmail === user.email) throw new AuthError(400, "same email")
    if (usersByEmail.has(newEmail)) throw new AuthError(409, "email in use")
    quota(user.email, newEmail)
    emailUpdates.set(user.id, { newEmail, primaryVerified: false, expiresAt: now() + CODE_TTL_MS })
    const primary = codes.issue(`update-primary|${user.id}`)
    const secondary = codes.issue(`update-secondary|${user.id}`)
    mailbox.send({
      to: user.email,
      kind: "update-email-primary",
      subject: "Confirm changing your sandbox wallet's email",
      text: `Someone asked to change this wallet's email to ${newEmail}. Your code is ${primary}.`,
      code: primary
    })
    mailbox.send({
      to: newEmail,
      kind: "update-email-secondary",
      subject: "Confirm your new sandbox wallet email",
      text: `Confirm this address for your sandbox wallet with the code ${secondary}.`,
      code: secondary
    })
    return { action: "VERIFY_PRIMARY_OTP" }
  }

  const pendingUpdate = (/** @type {StoredUser} */ user) => {
    const update = emailUpdates.get(user.id)
    if (update === undefined || update.expiresAt <= now()) throw new AuthError(409, "no email update pending")
    return update
  }

  /**
   * @param {unknown} token
   * @param {unknown} otp
   * @returns {{ readonly action: "VERIFY_SECONDARY_OTP" }}
   */
  const verifyUpdatePrimary = (token, otp) => {
    const { user } = sessionOf(token)
    const update = pendingUpdate(user)
    codes.use(`update-primary|${user.id}`, otp)
    update.primaryVerified = true
    return { action: "VERIFY_SECONDARY_OTP" }
  }

  /**
   * @param {unknown} token
   * @param {unknown} otp
   * @returns {{ readonly newEmail: string }}
   */
  const verifyUpdateSecondary = (token, otp) => {
    const { user } = sessionOf(token)
    const update = pendingUpdate(user)
    if (!update.primaryVerified) throw new AuthError(409, "verify the primary code first")
    codes.use(`update-secondary|${user.id}`, otp)
    emailUpdates.delete(user.id)
    if (usersByEmail.has(update.newEmail)) throw new AuthError(409, "email in use")
    if (user.email !== null) usersByEmail.delete(user.email)
    user.email = update.newEmail
    usersByEmail.set(update.newEmail, user)
    return { newEmail: update.newEmail }
  }

  /**
   * A social or Farcaster account's user (created on first sign-in) and a session for `deviceId`.
   * @param {string} socialKey
   * @param {{ provider: string, userName: string }} fields
   * @param {string} deviceId
   */
  const socialSession = async (socialKey, fields, deviceId) => {
    const user =
      usersBySocial.get(socialKey) ?? (await once(socialKey, () => createUser({ socialKey, ...fields })))
    user.userName = fields.userName
    return { ...openSession(user, deviceId), userName: user.userName }
  }
  const signIns = createSignIns({ now, limits, client: needSocial, sessionFor: socialSession })

  return Object.freeze({
    mailbox,
    startEmailLogin,
    approveDeviceLink,
    pollDevice,
    verifyOtp,
    sessionOf,
    user: userOf,
    signOut,
    setPreferredAccount,
    request,
    startUpdateEmail,
    verifyUpdatePrimary,
    verifyUpdateSecondary,
    startSocial: signIns.startSocial,
    socialReturn: signIns.socialReturn,
    finishSocial: signIns.finishSocial,
    startFarcaster: signIns.startFarcaster,
    farcasterStatus: signIns.farcasterStatus,
    setSocial: (/** @type {SocialClient | undefined} */ client) => {
      socialClient = client
    },
    setPublicUrl: (/** @type {string | undefined} */ url) => {
      linkBase = url
    },
    get publicUrl() {
      return linkBase
    },
    counts: () => ({
      users: users.size,
      sessions: sessions.size,
      approvals: approvals.size,
      ...signIns.counts()
    })
  })
}
