/**
 * The catalogue's error (`errors.ts`) for `modal.pay` while `features.pay` is off: nothing of Pay is fetched,
 * the call is refused at once. Its English words are its message; other locales' are `errorMessages`.
 */
import * as Data from "effect/Data"

export class PayFeatureOffError extends Data.TaggedError("PayFeatureOffError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Pay is not enabled"
}
