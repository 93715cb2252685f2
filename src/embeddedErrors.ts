/**
 * The catalogue's errors (`errors.ts`) of the embedded wallet (email and social login): its frame not
 * loading or answering, its login window blocked, its session, its code and its cool-down.
 */
import * as Data from "effect/Data"
import { boundedText } from "./walletErrors"

/** The embedded-wallet frame did not load (or did not become ready within 20 s). */
export class FrameLoadError extends Data.TaggedError("FrameLoadError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Network Error - Could not load embedded wallet"
}

/** The browser blocked the window a social login runs in. */
export class SocialLoginPopupError extends Data.TaggedError("SocialLoginPopupError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Allow pop-ups for this site to continue"
}

/** A login request to the embedded-wallet frame got no answer in time. */
export class FrameTimeoutError extends Data.TaggedError("FrameTimeoutError")<{
  readonly request?: string | undefined
  readonly timeoutMs?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Embedded Wallet Request Timed Out"
}

/** An invalid session, typically a JWT "not yet valid" because the device clock is off. */
export class SessionExpiredError extends Data.TaggedError("SessionExpiredError")<{
  readonly status?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = "Session Expired"
}

/** An email login within 30 s of the last one (SPEC.md §5); `seconds` is rounded up. */
export class EmailLoginCooldownError extends Data.TaggedError("EmailLoginCooldownError")<{
  readonly seconds: number
}> {
  override get message() {
    return `Please try again after ${this.seconds} seconds`
  }
}

/**
 * What an embedded-wallet refusal is about (`layers/embedded/frameReasons.ts` reads it from the frame's
 * words; the error's `sentence` is what a visitor reads).
 */
export type FrameReason =
  | "wrong-code"
  | "code-attempts"
  | "code-expired"
  | "invalid-email"
  | "no-email"
  | "same-email"
  | "email-in-use"
  | "no-email-update"
  | "too-many-messages"
  | "session"
  | "approval-expired"
  | "rejected"
  | "cancelled"
  | "unknown"

/**
 * The product's sentence for each refusal, never the frame's words. Kept with the error, which only the
 * lazily loaded embedded wallet makes, so the first paint does not carry them.
 */
const FRAME_REASONS: Record<FrameReason, string> = {
  "wrong-code": "That code is not right. Check the email and try again.",
  "code-attempts": "Too many wrong codes. Ask for a new code.",
  "code-expired": "This code has expired. Ask for a new code.",
  "invalid-email": "Enter a valid email address.",
  "no-email": "This login has no email address to update.",
  "same-email": "This is already your email address.",
  "email-in-use": "Another account uses this email address.",
  "no-email-update": "Start the email update again.",
  "too-many-messages": "Too many emails sent. Try again in a few minutes.",
  session: "Your login has expired. Log in again.",
  "approval-expired": "This approval link has expired. Log in again.",
  rejected: "You rejected the request.",
  cancelled: "The login was cancelled.",
  unknown: "Something went wrong. Try again."
}

/**
 * The frame answered a request with an error: `reason` names it; the frame's own words are kept for
 * logs and never shown (`present()` shows the reason's `sentence`).
 */
export class FrameRequestError extends Data.TaggedError("FrameRequestError")<{
  readonly request?: string | undefined
  readonly reason?: FrameReason | undefined
  /** The frame's own message, untrusted: kept only if a short non-empty string. */
  readonly frameMessage?: unknown
  /** The frame's EIP-1193 code, e.g. 4001 when the visitor rejected in its approval screen. */
  readonly frameCode?: number | undefined
  readonly cause?: unknown
}> {
  override readonly message = boundedText(this.frameMessage) ?? "An error occurred"
  /** What the visitor reads (`present()`): the product's sentence for the reason. */
  get sentence(): string {
    return FRAME_REASONS[this.reason ?? "unknown"]
  }
}
