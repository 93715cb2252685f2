/**
 * Whether the embedded login has an email to update (issue 30): an email login has one; a social login
 * has one only when its provider gave one (a GitHub login may have none, and its update could only fail).
 * The one rule behind the Account view's Update email and the UpdateEmail view's admission. Pure.
 */
import * as Option from "effect/Option"
import type { EmbeddedWalletUser } from "../../schemas/EmbeddedWallet"

export const hasEmailToUpdate = (user: Option.Option<EmbeddedWalletUser>): boolean =>
  Option.isSome(user) && user.value.email !== undefined && user.value.email.trim() !== ""
