import * as Schema from "effect/Schema"

/**
 * A host's `modal.pay(request)`, decoded field by field so that each failure names its reason: the asset
 * (CAIP-19: `<namespace>:<reference>/<asset namespace>:<asset reference>`), the network (CAIP-2, optional),
 * the amount (a decimal string; a number is read as its decimal text) and the recipient. Lengths are bounded:
 * none of these is long.
 */
export const PayAssetId = Schema.String.check(
  Schema.isPattern(/^(eip155|solana):[-_a-zA-Z0-9]{1,32}\/(slip44|erc20|token):[-_a-zA-Z0-9]{1,64}$/)
).annotate({ identifier: "PayAssetId" })

export const PayNetworkId = Schema.String.check(
  Schema.isPattern(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
).annotate({ identifier: "PayNetworkId" })

/** Digits and at most one dot, or a finite number (as JavaScript writes it: an exponent fails the rule later). */
export const PayAmount = Schema.Union([
  Schema.String.check(Schema.isMaxLength(80)),
  Schema.Number.check(Schema.isFinite())
]).annotate({ identifier: "PayAmount" })

export const PayRecipient = Schema.String.check(Schema.isMaxLength(128)).annotate({
  identifier: "PayRecipient"
})
