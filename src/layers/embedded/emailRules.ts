/**
 * The email login's pure rules: the 30 s cooldown between logins (SPEC.md §5: 'Please try again after {n}
 * seconds', n rounded up) and the frame's answers read strictly (its actions, the new email).
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { Email } from "../../schemas/Email"

/** SPEC.md §9: one email login per 30 s. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** Whole seconds left before another login, rounded up; `undefined` when one may start now. */
export const cooldownSeconds = (now: number, lastLogin: number | undefined): number | undefined => {
  if (lastLogin === undefined || lastLogin > now) return undefined
  const left = lastLogin + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : undefined
}

const ConnectEmailAnswer = Schema.Struct({
  action: Schema.Literals(["VERIFY_DEVICE", "VERIFY_OTP", "CONNECT"])
})
const UpdateEmailAnswer = Schema.Struct({
  action: Schema.Literals(["VERIFY_PRIMARY_OTP", "VERIFY_SECONDARY_OTP"])
})
const NewEmailAnswer = Schema.Struct({ newEmail: Email })

/** What the frame asks next after an email was submitted; `None` for any other answer. */
export const connectEmailAction = (answer: unknown) =>
  Option.map(Schema.decodeUnknownOption(ConnectEmailAnswer)(answer), (a) => a.action)

/** Which code the email update waits for first. */
export const updateEmailAction = (answer: unknown) =>
  Option.map(Schema.decodeUnknownOption(UpdateEmailAnswer)(answer), (a) => a.action)

/** The address an email update ended on. */
export const updatedEmail = (answer: unknown) =>
  Option.map(Schema.decodeUnknownOption(NewEmailAnswer)(answer), (a) => a.newEmail)
