/**
 * The Solana JSON-RPC answers a send and its watch read (the `result` of `getLatestBlockhash`,
 * `getAccountInfo`, `getFeeForMessage`, `getMinimumBalanceForRentExemption`, `getSignatureStatuses`): only
 * the fields Airlock uses are checked, the node's other fields are ignored.
 */
import * as Schema from "effect/Schema"
import { decodeUnknownResult } from "./decode"
import { SolanaAddress } from "./Primitives"

/** A count of lamports or blocks: JSON numbers are exact up to 2^53, beyond any fee, rent or height. */
const Count = Schema.Number.check(
  Schema.isInt({ message: "Expected a whole number" }),
  Schema.isGreaterThanOrEqualTo(0, { message: "Expected a number of at least 0" })
)

/** The `{ context, value }` envelope of Solana's contextual answers; the context is not read. */
const contextual = <S extends Schema.Top>(value: S) => Schema.Struct({ value })

export const LatestBlockhashResponse = contextual(
  Schema.Struct({
    // A blockhash is 32 bytes in base58, as an address is.
    blockhash: SolanaAddress,
    lastValidBlockHeight: Count
  })
).annotate({ identifier: "LatestBlockhashResponse" })
export type LatestBlockhashResponse = typeof LatestBlockhashResponse.Type

/** `value` is `null` when the account does not exist. */
export const AccountInfoResponse = contextual(
  Schema.NullOr(Schema.Struct({ owner: SolanaAddress }))
).annotate({ identifier: "AccountInfoResponse" })
export type AccountInfoResponse = typeof AccountInfoResponse.Type

/** `value` is `null` when the node no longer knows the message's blockhash. */
export const FeeForMessageResponse = contextual(Schema.NullOr(Count)).annotate({
  identifier: "FeeForMessageResponse"
})
export type FeeForMessageResponse = typeof FeeForMessageResponse.Type

export const RentExemptionResponse = Count.annotate({ identifier: "RentExemptionResponse" })

export const SignatureStatus = Schema.Struct({
  /** `null` when the transaction succeeded; the instruction error otherwise. */
  err: Schema.Unknown,
  confirmationStatus: Schema.optional(Schema.NullOr(Schema.Literals(["processed", "confirmed", "finalized"])))
}).annotate({ identifier: "SignatureStatus" })
export type SignatureStatus = typeof SignatureStatus.Type

/** One status per signature asked, `null` for a signature the node does not know (yet). */
export const SignatureStatusesResponse = contextual(Schema.Array(Schema.NullOr(SignatureStatus))).annotate({
  identifier: "SignatureStatusesResponse"
})
export type SignatureStatusesResponse = typeof SignatureStatusesResponse.Type

export const decodeLatestBlockhash = decodeUnknownResult(LatestBlockhashResponse, "Latest blockhash")
export const decodeAccountInfo = decodeUnknownResult(AccountInfoResponse, "Account info")
export const decodeFeeForMessage = decodeUnknownResult(FeeForMessageResponse, "Fee for message")
export const decodeRentExemption = decodeUnknownResult(RentExemptionResponse, "Rent exemption")
export const decodeSignatureStatuses = decodeUnknownResult(SignatureStatusesResponse, "Signature statuses")
