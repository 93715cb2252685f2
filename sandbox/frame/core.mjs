// The embedded wallet's auth service, in memory, without HTTP: users (by email, social account or
// Farcaster id), approved devices, one-time codes, device approvals, sessions, email updates, social and
// Farcaster sign-ins (signIns.mjs, through the stand-in of social.mjs), and the mailbox. Every failure is
// an `AuthError` (status + short reason). `now()` is injectable; every collection is bounded (LIMITS), and
// what expires is bounded with rejection, each entry charged to the client (remote address) that asked for
// it: a store that is full refuses the new entry (429 past the client's quota, 503 when all is full) and
// never drops a pending code, link, sign-in, session or per-address count for it.
import { randomBytes } from "node:crypto"
import { BoundedStore } from "../shared/boundedStore.mjs"
import {
  CODE_TTL_MS,
  CodeBook,
  checkDeviceId,
  hashOf,
  MailQuota,
  newToken,
  normalizeEmail,
  refuseIf,
  TOKEN
} from "./codes.mjs"
import { AuthError } from "./http.mjs"
import { newUserKeys, userWallet } from "./keys.mjs"
import { Mailbox } from "./mailbox.mjs"
import { createSignIns } from "./signIns.mjs"
import { makeChainWallet } from "./wallet.mjs"

/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @import { SocialClient } from "./social.mjs" */
/** @import { UserWallet } from "./keys.mjs" */
/** @import { AccountType } from "./wallet.mjs" */
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
 * @property {(session: unknown) => Promise<void>} [recordSession] Keeps a granted smart session where the provider API lists it (the demo: the sandbox API's `POST /__sandbox/sessions`).
 * @property {Partial<Record<keyof typeof LIMITS, number>>} [limits] Bounds to change (tests).
 * @property {Mailbox} [mailbox]
 */
/** @typedef {ReturnType<typeof createFrameAuth>} FrameAuth */

export const APPROVAL_TTL_MS = 10 * 60 * 1000
export const DEFAULT_SESSION_TTL_MS = 24 * 60 * 60 * 1000
/**
 * Every bound of the service. `X` is how many the store holds in all (full: 503 for everyone new) and
 * `XPerClient` how many of them one client (remote address) may hold (past it: 429 for that client).
 */
export const LIMITS = Object.freeze({
  /** Users are kept for good; past the bound no one new signs up (503). */
  users: 10_000,
  /** Approved devices per user: the user's own oldest goes (only its own logins add one). */
  devicesPerUser: 100,
  sessions: 20_000,
  sessionsPerClient: 1_000,
  /** Pending one-time codes (login, email update). */
  codes: 10_000,
  codesPerClient: 1_000,
  /** Pending device-approval links. */
  approvals: 10_000,
  approvalsPerClient: 1_000,
  /** Messages (codes, approval links) one address may be sent in an hour: 5 tries each bound guessing. */
  mailsPerAddressPerHour: 30,
  /** Addresses whose hourly count is kept (each for an hour after its last message). */
  mailedAddresses: 10_000,
  mailedAddressesPerClient: 1_000,
  /** Pending social sign-ins (their one-time states) and Farcaster channels. */
  socialStates: 10_000,
  socialStatesPerClient: 1_000,
  farcasterChannels: 1_000,
  farcasterChannelsPerClient: 100
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
  recordSession,
  limits: limitOverrides = {},
  mailbox = new Mailbox({ now })
} = {}) {
  if (!Number.isSafeInteger(sessionTtlMs) || sessionTtlMs <= 0)
    throw new TypeError("sessionTtlMs: positive ms")
  if (!ACCOUNT_TYPES.includes(defaultAccountType))
    throw new TypeError("defaultAccountType: eoa or smartAccount")
  const limits = { ...LIMITS, ...limitOverrides }
  const chainWallet = makeChainWallet({ chains, faucetIndex, signUpFundsEth, recordSession })
  const codes = new CodeBook({ now, max: limits.codes, perClient: limits.codesPerClient })
  const mailQuota = new MailQuota({
    now,
    perAddressPerHour: limits.mailsPerAddressPerHour,
    addresses: limits.mailedAddresses,
    addressesPerClient: limits.mailedAddressesPerClient
  })
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
  /** @type {BoundedStore<{ userId: string, email: string, deviceId: string, approved: boolean }>} by the link's token */
  const approvals = new BoundedStore({
    what: "device approvals",
    ttlMs: APPROVAL_TTL_MS,
    max: limits.approvals,
    perClient: limits.approvalsPerClient,
    now
  })
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

  /**
   * Refuses (429/503) unless `client` may have messages sent to `addresses` now and what they carry kept:
   * checked before anything is issued, so a refusal leaves nothing half done.
   * @param {ReadonlyArray<string>} addresses
   * @param {string} client
   * @param {ReadonlyArray<string>} codeKeys the codes to be issued
   */
  const checkMail = (addresses, client, codeKeys) => {
    mailQuota.check(addresses, client)
    for (const address of addresses) mailbox.check(address)
    for (const key of codeKeys) codes.check(key, client)
  }

  /**
   * @param {string} email
   * @param {string} deviceId
   * @param {string} client
   */
  const sendLoginCode = (email, deviceId, client) => {
    const code = codes.issue(`login|${email}|${deviceId}`, client)
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
   * @param {{ readonly email: unknown, readonly deviceId: unknown, readonly token?: string | undefined, readonly linkBase?: string | undefined, readonly client: string }} input
   * @returns {{ readonly action: "VERIFY_OTP" | "VERIFY_DEVICE" | "CONNECT" }}
   */
  const startEmailLogin = ({
    email: rawEmail,
    deviceId: rawDevice,
    token,
    linkBase: base = linkBase,
    client
  }) => {
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
    if (user === undefined || user.devices.has(deviceId)) {
      checkMail([email], client, [`login|${email}|${deviceId}`])
      mailQuota.count([email], client)
      sendLoginCode(email, deviceId, client)
      return { action: "VERIFY_OTP" }
    }
    checkMail([email], client, [])
    const approval = newToken()
    refuseIf(approvals.put(approval, { userId: user.id, email, deviceId, approved: false }, client))
    mailQuota.count([email], client)
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
    const held = typeof approval === "string" && TOKEN.test(approval) ? approvals.entry(approval) : undefined
    if (held === undefined) throw new AuthError(404, "unknown approval link")
    if (held.expiresAt <= now()) throw new AuthError(410, "approval link expired")
    const entry = held.value
    const user = users.get(entry.userId)
    if (user === undefined || user.email !== entry.email) throw new AuthError(410, "approval link expired")
    if (entry.approved) return { email: entry.email, already: true }
    // The code is charged to the client that asked for the login, as the link was.
    const client = approvals.clientOf(String(approval)) ?? "unknown"
    codes.check(`login|${entry.email}|${entry.deviceId}`, client)
    entry.approved = true
    approveDevice(user, entry.deviceId)
    sendLoginCode(entry.email, entry.deviceId, client)
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
      if (entry.email === email && entry.deviceId === deviceId) return { status: "pending" }
    throw new AuthError(404, "no device verification pending")
  }

  /**
   * POST /auth/otp: the login code of this device → a session (a new user is created here).
   * @param {{ readonly email: unknown, readonly deviceId: unknown, readonly otp: unknown, readonly client: string }} input
   * @returns {Promise<NewSession & { readonly isNewUser: boolean }>}
   */
  const verifyOtp = async ({ email: rawEmail, deviceId: rawDevice, otp, client }) => {
    const email = normalizeEmail(rawEmail)
    const deviceId = checkDeviceId(rawDevice)
    // A session this client could not hold is refused before the code is used up.
    refuseIf(sessions.refusal(client))
    codes.use(`login|${email}|${deviceId}`, otp)
    const existing = usersByEmail.get(email)
    const user = existing ?? (await once(`email:${email}`, () => createUser({ email })))
    return { ...openSession(user, deviceId, client), isNewUser: existing === undefined }
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
   * @param {string} client
   * @returns {{ readonly action: "VERIFY_PRIMARY_OTP" }}
   */
  const startUpdateEmail = (token, rawEmail, client) => {
    const { user } = sessionOf(token)
    const newEmail = normalizeEmail(rawEmail)
    if (user.email === null) throw new AuthError(409, "account has no email")
    if (newEmail === user.email) throw new AuthError(400, "same email")
    if (usersByEmail.has(newEmail)) throw new AuthError(409, "email in use")
    const keys = [`update-primary|${user.id}`, `update-secondary|${user.id}`]
    checkMail([user.email, newEmail], client, keys)
    mailQuota.count([user.email, newEmail], client)
    emailUpdates.set(user.id, { newEmail, primaryVerified: false, expiresAt: now() + CODE_TTL_MS })
    const primary = codes.issue(`update-primary|${user.id}`, client)
    const secondary = codes.issue(`update-secondary|${user.id}`, client)
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
   * @param {string} client
   */
  const socialSession = async (socialKey, fields, deviceId, client) => {
    refuseIf(sessions.refusal(client))
    const user =
      usersBySocial.get(socialKey) ?? (await once(socialKey, () => createUser({ socialKey, ...fields })))
    user.userName = fields.userName
    return { ...openSession(user, deviceId, client), userName: user.userName }
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
