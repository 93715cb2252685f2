import * as Schema from "effect/Schema"
import { optionalNullable } from "./ApiFields"
import { Address } from "./Primitives"

/** The embedded wallet's account kinds (SPEC §4). */
export const EmbeddedAccountType = Schema.Literals(["eoa", "smartAccount"]).annotate({
  identifier: "EmbeddedAccountType",
  message: "Expected an account type: eoa or smartAccount"
})
export type EmbeddedAccountType = typeof EmbeddedAccountType.Type

export const EmbeddedAccount = Schema.Struct({
  address: Address,
  type: EmbeddedAccountType
}).annotate({ identifier: "EmbeddedAccount" })
export type EmbeddedAccount = typeof EmbeddedAccount.Type

/**
 * The user the embedded-wallet frame returns after login (GET_USER / CONNECT_SOCIAL success).
 * Nullable fields decode `null` to an absent key. `email` is display data from the frame, so it is only
 * checked to be a string (the Email rule applies to what the user types).
 */
export const EmbeddedWalletUser = Schema.Struct({
  email: optionalNullable(Schema.String),
  address: Address,
  chainId: Schema.Union([Schema.String, Schema.Finite]).annotate({
    message: "Expected a chain id: a string or a number"
  }),
  accounts: Schema.optional(Schema.Array(EmbeddedAccount)),
  userName: optionalNullable(Schema.String),
  smartAccountDeployed: Schema.optional(Schema.Boolean),
  preferredAccountType: Schema.optional(Schema.String)
}).annotate({ identifier: "EmbeddedWalletUser" })
export type EmbeddedWalletUser = typeof EmbeddedWalletUser.Type
