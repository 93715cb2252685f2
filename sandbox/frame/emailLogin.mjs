// Logging in by email on the auth server's side (no HTTP): the one-time login code of a known device, the
// approval link a new device of a known user must be approved through first (bounded with rejection,
// charged to the client that asked), the frame's polling, and the code redeemed into a session (a new user
// is created here). Apart from core.mjs, which composes it with the users store it reads and writes.
import { BoundedStore } from "../shared/boundedStore.mjs"
import { checkDeviceId, newToken, normalizeEmail, refuseIf, TOKEN } from "./codes.mjs"
import { AuthError } from "./http.mjs"

/** @import { CodeBook, MailQuota } from "./codes.mjs" */
/** @import { Mailbox } from "./mailbox.mjs" */
/** @import { NewSession, Users } from "./users.mjs" */

export const APPROVAL_TTL_MS = 10 * 60 * 1000

/**
 * @param {object} options
 * @param {() => number} options.now
 * @param {{ readonly approvals: number, readonly approvalsPerClient: number }} options.limits
 * @param {Users} options.store
 * @param {CodeBook} options.codes
 * @param {MailQuota} options.mailQuota
 * @param {Mailbox} options.mailbox
 * @param {(addresses: ReadonlyArray<string>, client: string, codeKeys: ReadonlyArray<string>) => void} options.checkMail
 * @param {() => string | undefined} options.linkBase The origin of the approval links (the server's public URL).
 */
export function createEmailLogin({ now, limits, store, codes, mailQuota, mailbox, checkMail, linkBase }) {
  const { users, usersByEmail, sessions, createUser, once, approveDevice, openSession, validSessionOf } =
    store
  /** @type {BoundedStore<{ userId: string, email: string, deviceId: string, approved: boolean }>} by the link's token */
  const approvals = new BoundedStore({
    what: "device approvals",
    ttlMs: APPROVAL_TTL_MS,
    max: limits.approvals,
    perClient: limits.approvalsPerClient,
    now
  })

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
    linkBase: base = linkBase(),
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

  return Object.freeze({
    startEmailLogin,
    approveDeviceLink,
    pollDevice,
    verifyOtp,
    approvalCount: () => approvals.size
  })
}
