/**
 * The catalogue's errors (`errors.ts`) of smart sessions (`features.smartSessions`): the feature off, and
 * why a grant or a revoke did not go through. Their sentences are namespace `sessionErrors` (`sentence(catalog)`),
 * apart from the feature's other words, which load with its views.
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { sessionErrorsWords } from "./messages/compiled/en/sessionErrors"

/** `features.smartSessions` is off: `grantPermissions` and the sessions list are refused, their code never fetched. */
export class SmartSessionsOffError extends Data.TaggedError("SmartSessionsOffError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Smart sessions are off (features.smartSessions)"
  /** What the visitor reads (`present()`), in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.sessionErrors ?? sessionErrorsWords).offError()
  }
}

/** Why a smart session was not granted or revoked, in the visitor's terms. */
export type SmartSessionFailure =
  /** The host's request does not decode (its `cause` says where). */
  | "invalid-request"
  /** The visitor rejected it (in the modal or the wallet). */
  | "declined"
  /** The wallet has no `wallet_grantPermissions`. */
  | "unsupported"
  /** The wallet answered the request with an error (permissions it cannot enforce, another account). */
  | "refused"
  /** The wallet's answer does not decode. */
  | "invalid-answer"
  /** The revoke was declined or failed (in the wallet or at the provider's API). */
  | "revoke-failed"

const FAILURES: { readonly [F in SmartSessionFailure]: keyof typeof sessionErrorsWords } = {
  "invalid-request": "invalidRequest",
  declined: "declined",
  unsupported: "unsupported",
  refused: "refused",
  "invalid-answer": "invalidAnswer",
  "revoke-failed": "revokeFailed"
}

export class SmartSessionError extends Data.TaggedError("SmartSessionError")<{
  readonly reason: SmartSessionFailure
  readonly cause?: unknown
}> {
  override readonly message = `Smart session failed: ${this.reason}`
  /** What the visitor reads (`present()`): the sentence for the reason, in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.sessionErrors ?? sessionErrorsWords)[FAILURES[this.reason]]()
  }
}
