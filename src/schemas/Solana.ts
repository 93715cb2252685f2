/**
 * The Solana sign requests (SPEC.md §5–6) and sign-in as Wallet Standard / WalletConnect send them: their
 * params and what the wallet answers. Transactions travel serialised (base58 or base64, the wallet's
 * choice), so only their presence is checked here; messages and signatures are base58.
 */
import * as Schema from "effect/Schema"
import { decodeBase58 } from "../siwx/base58"
import { SolanaAddress, withParseOptions } from "./Primitives"

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

/** A non-empty base58 string (the alphabet has no 0, O, I or l). */
export const Base58String = Schema.String.check(
  Schema.isPattern(BASE58, { message: "Expected a non-empty base58 string" })
)
export type Base58String = typeof Base58String.Type

/**
 * An ed25519 signature, base58: exactly 64 bytes, which encode to 64 (leading zero bytes are one "1"
 * each) to 88 characters; 88 characters also hold some 65-byte values, so the bytes are counted.
 */
export const SolanaSignature = Base58String.check(
  Schema.isBetweenLength(64, 88, {
    message: "Expected a Solana signature: 64 to 88 base58 characters"
  }),
  Schema.makeFilter((text) => decodeBase58(text)?.length === 64, {
    message: "Expected a Solana signature of 64 bytes"
  })
)
export type SolanaSignature = typeof SolanaSignature.Type

/** A serialised transaction; its encoding is between the dapp and the wallet. */
export const SerializedTransaction = Schema.String.check(
  Schema.isMinLength(1, {
    message: "Expected a serialised transaction (a non-empty string)"
  })
)

export const SolanaCommitment = Schema.Literals(["processed", "confirmed", "finalized"]).annotate({
  identifier: "SolanaCommitment",
  message: "Expected a commitment: processed, confirmed or finalized"
})
export type SolanaCommitment = typeof SolanaCommitment.Type

/**
 * SPEC.md §5: the four options of `solana_signAndSendTransaction`. An unknown key is an error, not dropped:
 * the wallet would otherwise send with options the dapp did not ask for.
 */
export const SolanaSignAndSendOptions = withParseOptions(
  Schema.Struct({
    skipPreflight: Schema.optional(Schema.Boolean),
    preflightCommitment: Schema.optional(SolanaCommitment),
    maxRetries: Schema.optional(Schema.Natural),
    minContextSlot: Schema.optional(Schema.Natural)
  }),
  { onExcessProperty: "error" }
).annotate({ identifier: "SolanaSignAndSendOptions" })
export type SolanaSignAndSendOptions = typeof SolanaSignAndSendOptions.Type

export const SolanaSignMessageParams = Schema.Struct({
  message: Base58String,
  pubkey: SolanaAddress
}).annotate({ identifier: "SolanaSignMessageParams" })
export type SolanaSignMessageParams = typeof SolanaSignMessageParams.Type

export const SolanaSignTransactionParams = Schema.Struct({
  transaction: SerializedTransaction
}).annotate({ identifier: "SolanaSignTransactionParams" })
export type SolanaSignTransactionParams = typeof SolanaSignTransactionParams.Type

export const SolanaSignAllTransactionsParams = Schema.Struct({
  transactions: Schema.NonEmptyArray(SerializedTransaction)
}).annotate({ identifier: "SolanaSignAllTransactionsParams" })
export type SolanaSignAllTransactionsParams = typeof SolanaSignAllTransactionsParams.Type

export const SolanaSignAndSendTransactionParams = Schema.Struct({
  transaction: SerializedTransaction,
  options: Schema.optional(SolanaSignAndSendOptions)
}).annotate({ identifier: "SolanaSignAndSendTransactionParams" })
export type SolanaSignAndSendTransactionParams = typeof SolanaSignAndSendTransactionParams.Type

export const SolanaSignMessageResult = Schema.Struct({
  signature: SolanaSignature
}).annotate({ identifier: "SolanaSignMessageResult" })
export type SolanaSignMessageResult = typeof SolanaSignMessageResult.Type

/** Wallets answer either the signature alone or the whole signed transaction. */
export const SolanaSignTransactionResult = Schema.Union([
  Schema.Struct({ signature: SolanaSignature }),
  Schema.Struct({ transaction: SerializedTransaction })
]).annotate({
  identifier: "SolanaSignTransactionResult",
  message: "Expected { signature } (base58) or { transaction } (a serialised signed transaction)"
})
export type SolanaSignTransactionResult = typeof SolanaSignTransactionResult.Type

export const SolanaSignAllTransactionsResult = Schema.Struct({
  transactions: Schema.NonEmptyArray(SerializedTransaction)
}).annotate({ identifier: "SolanaSignAllTransactionsResult" })
export type SolanaSignAllTransactionsResult = typeof SolanaSignAllTransactionsResult.Type

export const SolanaSignAndSendTransactionResult = Schema.Struct({
  signature: SolanaSignature
}).annotate({ identifier: "SolanaSignAndSendTransactionResult" })
export type SolanaSignAndSendTransactionResult = typeof SolanaSignAndSendTransactionResult.Type

/** A text field of a sign-in: a Sign-In-With-Solana message is a few hundred characters. */
const SignInText = Schema.String.check(
  Schema.isMaxLength(2048, { message: "Expected a sign-in field of at most 2048 characters" })
)

/**
 * `solana_signIn` (Wallet Standard `solana:signIn`): the fields of the Sign-In-With-Solana message the
 * wallet writes itself, every one optional (the wallet fills in its domain and account). Times are ISO 8601.
 */
export const SolanaSignInParams = Schema.Struct({
  domain: Schema.optional(SignInText),
  address: Schema.optional(SolanaAddress),
  statement: Schema.optional(SignInText),
  uri: Schema.optional(SignInText),
  version: Schema.optional(SignInText),
  chainId: Schema.optional(SignInText),
  nonce: Schema.optional(SignInText),
  issuedAt: Schema.optional(SignInText),
  expirationTime: Schema.optional(SignInText),
  notBefore: Schema.optional(SignInText),
  requestId: Schema.optional(SignInText),
  resources: Schema.optional(
    Schema.Array(SignInText).check(Schema.isMaxLength(32, { message: "Expected at most 32 resources" }))
  )
}).annotate({ identifier: "SolanaSignInParams" })
export type SolanaSignInParams = typeof SolanaSignInParams.Type

/**
 * What a wallet that signs in answers: the account that signed, the UTF-8 bytes of the message it wrote
 * and signed, and the signature, all base58. The message is bounded as base58 decoding is (4096
 * characters, about 3 KB).
 */
export const SolanaSignInResult = Schema.Struct({
  address: SolanaAddress,
  signedMessage: Base58String.check(
    Schema.isMaxLength(4096, { message: "Expected a signed message of at most 4096 base58 characters" })
  ),
  signature: SolanaSignature
}).annotate({ identifier: "SolanaSignInResult" })
export type SolanaSignInResult = typeof SolanaSignInResult.Type
