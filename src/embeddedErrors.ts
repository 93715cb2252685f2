/**
 * The catalogue's errors (`errors.ts`) of the embedded wallet (email and social login): its frame not
 * loading or answering, its login window blocked, its session, its code and its cool-down.
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { frameErrorsWords } from "./messages/compiled/en/frameErrors"
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
 * The product's sentence for each refusal (namespace `frameErrors`), never the frame's words. Kept with the
 * error, which only the lazily loaded embedded wallet makes, so the first paint does not carry them.
 */
const FRAME_REASONS: { readonly [R in FrameReason]: keyof typeof frameErrorsWords } = {
  "wrong-code": "wrongCode",
  "code-attempts": "codeAttempts",
  "code-expired": "codeExpired",
  "invalid-email": "invalidEmail",
  "no-email": "noEmail",
  "same-email": "sameEmail",
  "email-in-use": "emailInUse",
  "no-email-update": "noEmailUpdate",
  "too-many-messages": "tooManyMessages",
  session: "session",
  "approval-expired": "approvalExpired",
  rejected: "rejected",
  cancelled: "cancelled",
  unknown: "unknown"
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
  /** What the visitor reads (`present()`): the product's sentence for the reason, in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.frameErrors ?? frameErrorsWords)[FRAME_REASONS[this.reason ?? "unknown"]]()
  }
}
