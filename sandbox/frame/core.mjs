// The embedded wallet's auth service, in memory, without HTTP: users (by email, social account or
// Farcaster id), approved devices, one-time codes, device approvals, sessions, email updates, social and
// Farcaster sign-ins (signIns.mjs, through the stand-in of social.mjs), and the mailbox. The users and
// sessions are users.mjs, the email login emailLogin.mjs, the email update emailUpdate.mjs. Every failure is
// an `AuthError` (status + short reason). `now()` is injectable; every collection is bounded (LIMITS), and
// what expires is bounded with rejection, each entry charged to the client (remote address) that asked for
// it: a store that is full refuses the new entry (429 past the client's quota, 503 when all is full) and
// never drops a pending code, link, sign-in, session or per-address count for it.
import { CodeBook, MailQuota, refuseIf } from "./codes.mjs"
import { createEmailLogin } from "./emailLogin.mjs"
import { createEmailUpdates } from "./emailUpdate.mjs"
import { AuthError } from "./http.mjs"
import { Mailbox } from "./mailbox.mjs"
import { createSignIns } from "./signIns.mjs"
import { createUsers } from "./users.mjs"
import { makeChainWallet } from "./wallet.mjs"

/** @import { SandboxChain } from "../chain/chain.mjs" */
/** @import { SocialClient } from "./social.mjs" */
/** @import { AccountType } from "./wallet.mjs" */
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
export { APPROVAL_TTL_MS } from "./emailLogin.mjs"
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
  const userStore = createUsers({ now, sessionTtlMs, limits, defaultAccountType, fund: chainWallet.fund })
  const { users, usersBySocial, sessions, createUser, once, openSession, sessionOf, signOut } = userStore
  let socialClient = social
  let linkBase = publicUrl

  const needSocial = () => {
    if (socialClient === undefined) throw new AuthError(503, "social stand-in not configured")
    return socialClient
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

  const { startEmailLogin, approveDeviceLink, pollDevice, verifyOtp, approvalCount } = createEmailLogin({
    now,
    limits,
    store: userStore,
    codes,
    mailQuota,
    mailbox,
    checkMail,
    linkBase: () => linkBase
  })
  const { startUpdateEmail, verifyUpdatePrimary, verifyUpdateSecondary } = createEmailUpdates({
    now,
    store: userStore,
    codes,
    mailQuota,
    mailbox,
    checkMail
  })

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
      approvals: approvalCount(),
      ...signIns.counts()
    })
  })
}
