// Changing a user's email on the auth server's side (no HTTP): a code to the current address and one to the
// new one, verified in that order, then the address moves. Apart from core.mjs, which composes it with the
// users store it reads and writes.
import { CODE_TTL_MS, normalizeEmail } from "./codes.mjs"
import { AuthError } from "./http.mjs"

/** @import { CodeBook, MailQuota } from "./codes.mjs" */
/** @import { Mailbox } from "./mailbox.mjs" */
/** @import { StoredUser, Users } from "./users.mjs" */

/**
 * @param {object} options
 * @param {() => number} options.now
 * @param {Users} options.store
 * @param {CodeBook} options.codes
 * @param {MailQuota} options.mailQuota
 * @param {Mailbox} options.mailbox
 * @param {(addresses: ReadonlyArray<string>, client: string, codeKeys: ReadonlyArray<string>) => void} options.checkMail
 */
export function createEmailUpdates({ now, store, codes, mailQuota, mailbox, checkMail }) {
  const { usersByEmail, sessionOf } = store
  /** @type {Map<string, { newEmail: string, primaryVerified: boolean, expiresAt: number }>} */
  const emailUpdates = new Map()

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

  return Object.freeze({ startUpdateEmail, verifyUpdatePrimary, verifyUpdateSecondary })
}
