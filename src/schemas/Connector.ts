import * as Schema from "effect/Schema"
import { ChainNamespace, nonBlankString } from "./Primitives"

export const ConnectorType = Schema.Literals([
  "MULTI_CHAIN",
  "ANNOUNCED",
  "INJECTED",
  "EXTERNAL",
  "WALLET_CONNECT",
  "AUTH",
  "ID_AUTH"
]).annotate({
  identifier: "ConnectorType",
  message:
    "Expected a connector type: MULTI_CHAIN, ANNOUNCED, INJECTED, EXTERNAL, WALLET_CONNECT, AUTH or ID_AUTH"
})
export type ConnectorType = typeof ConnectorType.Type

export const Connector = Schema.Struct({
  id: nonBlankString("connector id"),
  type: ConnectorType,
  name: Schema.String,
  info: Schema.optional(Schema.Struct({ rdns: Schema.optional(Schema.String) })),
  /** Id in the wallet explorer listing, when known. */
  explorerId: Schema.optional(Schema.String),
  imageId: Schema.optional(Schema.String),
  imageUrl: Schema.optional(Schema.String),
  chain: ChainNamespace
}).annotate({ identifier: "Connector" })
export type Connector = typeof Connector.Type

/**
 * The `info` of an EIP-6963 announcement. Untrusted: `rdns` may imitate another wallet and `icon` is
 * only checked to be a string here (sanitising happens where it is rendered).
 */
export const Eip6963ProviderInfo = Schema.Struct({
  uuid: nonBlankString("uuid"),
  name: nonBlankString("wallet name"),
  icon: Schema.String,
  rdns: Schema.String
}).annotate({ identifier: "Eip6963ProviderInfo" })
export type Eip6963ProviderInfo = typeof Eip6963ProviderInfo.Type
