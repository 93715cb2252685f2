import * as Schema from "effect/Schema"
import { CaipNetworkId } from "./Primitives"

/** A bounded text field of a sign-in message. */
const Text = (max: number) =>
  Schema.String.check(Schema.isMaxLength(max, { message: `Expected at most ${max} characters` }))

/** The data of a sign-in message, as a SIWX plugin answers it (bounded: a plugin is host code, but still). */
export const SiwxMessageData = Schema.Struct({
  accountAddress: Text(128),
  chainId: CaipNetworkId,
  domain: Text(256),
  uri: Text(2048),
  version: Text(8),
  nonce: Text(256),
  statement: Schema.optional(Text(1024)),
  resources: Schema.optional(
    Schema.Array(Text(2048)).check(Schema.isMaxLength(32, { message: "Expected at most 32 resources" }))
  ),
  requestId: Schema.optional(Text(256)),
  issuedAt: Schema.optional(Text(64)),
  expirationTime: Schema.optional(Text(64)),
  notBefore: Schema.optional(Text(64))
}).annotate({ identifier: "SiwxMessageData" })
export type SiwxMessageData = typeof SiwxMessageData.Type

/** A signed sign-in message. */
export const SiwxSession = Schema.Struct({
  data: SiwxMessageData,
  message: Text(4096),
  signature: Text(32 * 1024),
  cacao: Schema.optional(Schema.Unknown)
}).annotate({ identifier: "SiwxSession" })
export type SiwxSession = typeof SiwxSession.Type

/** A plugin's list of sessions, bounded. */
export const SiwxSessions = Schema.Array(SiwxSession).check(
  Schema.isMaxLength(64, { message: "Expected at most 64 sessions" })
)
