/**
 * The embedded wallet's refusals by kind: the frame and its server answer in their own lower-case words
 * ("wrong code", "account has no email"), which are never shown; each known one is named here as a
 * `FrameReason`, and `present()` gives the product's sentence for it (an unknown one reads as a generic
 * sentence). Loaded with the embedded wallet. Pure.
 */
import type { FrameReason } from "../../errors"

/** The frame's words, lower-cased and trimmed, by the reason they name. */
const KNOWN: ReadonlyArray<readonly [string, FrameReason]> = [
  ["wrong code, no tries left", "code-attempts"],
  ["too many attempts", "code-attempts"],
  ["wrong code", "wrong-code"],
  ["invalid code", "wrong-code"],
  ["code expired", "code-expired"],
  ["no code requested", "code-expired"],
  ["invalid email", "invalid-email"],
  ["account has no email", "no-email"],
  ["same email", "same-email"],
  ["email in use", "email-in-use"],
  ["no email update pending", "no-email-update"],
  ["verify the primary code first", "no-email-update"],
  ["too many messages, try later", "too-many-messages"],
  ["invalid session", "session"],
  ["session expired", "session"],
  ["approval link expired", "approval-expired"],
  ["unknown approval link", "approval-expired"],
  ["user rejected the request", "rejected"],
  ["social login cancelled", "cancelled"],
  ["login abandoned", "cancelled"]
]

/** The reason the frame's `message` names (EIP-1193 4001 is the visitor's own refusal); else `unknown`. */
export const frameReasonOf = (message: unknown, code?: number): FrameReason => {
  const words = typeof message === "string" ? message.trim().toLowerCase() : ""
  const known = KNOWN.find(([text]) => text === words)
  if (known !== undefined) return known[1]
  return code === 4001 ? "rejected" : "unknown"
}
