/** The legal checkbox's refusal (`features.legalCheckbox`): SPEC.md §8's style, worded by `present()`. */
import * as Data from "effect/Data"

/**
 * A way to connect was asked for (a wallet, WalletConnect, email, a social login) while the app asks the
 * visitor to agree to its terms first (`features.legalCheckbox`) and the visitor has not.
 *
 * @since 0.5.0
 * @category errors
 */
export class LegalConsentRequiredError extends Data.TaggedError("LegalConsentRequiredError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Agree to the terms to connect"
}
