import * as Schema from "effect/Schema"
import {
  CaipNetworkId,
  ChainNamespace,
  caipNetworkIdParts,
  HttpUrl,
  nonBlankString,
  nonEmptyArrayOf,
  RecordKey,
  WebSocketUrl
} from "./Primitives"

export const NativeCurrency = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Number.check(
    Schema.isInt({ message: "Expected native currency decimals as an integer" }),
    Schema.isBetween(
      { minimum: 0, maximum: 36 },
      { message: "Expected native currency decimals between 0 and 36" }
    )
  )
}).annotate({ identifier: "NativeCurrency" })
export type NativeCurrency = typeof NativeCurrency.Type

/** viem's `ChainRpcUrls`, with at least one http URL. */
export const RpcUrlSet = Schema.Struct({
  http: nonEmptyArrayOf(HttpUrl, "Expected at least one http(s) RPC URL"),
  webSocket: Schema.optional(Schema.Array(WebSocketUrl))
}).annotate({ identifier: "RpcUrlSet" })
export type RpcUrlSet = typeof RpcUrlSet.Type

/** `default` is required; other keys (e.g. `chainDefault`) have the same shape, as in viem. */
export const RpcUrls = Schema.StructWithRest(Schema.Struct({ default: RpcUrlSet }), [
  Schema.Record(RecordKey, RpcUrlSet)
]).annotate({ identifier: "RpcUrls" })
export type RpcUrls = typeof RpcUrls.Type

export const BlockExplorer = Schema.Struct({
  name: Schema.String,
  url: HttpUrl,
  apiUrl: Schema.optional(HttpUrl)
}).annotate({ identifier: "BlockExplorer" })
export type BlockExplorer = typeof BlockExplorer.Type

export const BlockExplorers = Schema.StructWithRest(Schema.Struct({ default: BlockExplorer }), [
  Schema.Record(RecordKey, BlockExplorer)
]).annotate({ identifier: "BlockExplorers" })
export type BlockExplorers = typeof BlockExplorers.Type

export const NetworkAssets = Schema.Struct({
  imageId: Schema.optional(Schema.String),
  imageUrl: Schema.optional(Schema.String)
}).annotate({ identifier: "NetworkAssets" })
export type NetworkAssets = typeof NetworkAssets.Type

const NetworkFields = Schema.Struct({
  /** Number for EVM chains, string reference for the others (e.g. the Solana genesis hash). */
  id: Schema.Union([Schema.Natural, nonBlankString("network id")]).annotate({
    message: "Expected a network id: a non-negative integer or a non-empty string"
  }),
  caipNetworkId: CaipNetworkId,
  deprecatedCaipNetworkId: Schema.optional(Schema.String),
  chainNamespace: ChainNamespace,
  name: Schema.String,
  nativeCurrency: NativeCurrency,
  rpcUrls: RpcUrls,
  blockExplorers: Schema.optional(BlockExplorers),
  testnet: Schema.optional(Schema.Boolean),
  assets: Schema.optional(NetworkAssets)
})

/**
 * A network: viem's `Chain` plus CAIP fields. Unknown keys are kept, not stripped, because a viem chain
 * carries `contracts`, `formatters` and `serializers` (functions) that the RPC client still needs.
 */
export const CaipNetwork = Schema.StructWithRest(NetworkFields, [
  Schema.Record(Schema.String, Schema.Unknown)
])
  .check(
    // Kept keys include an own `__proto__` key from JSON.parse, which a later spread would turn into the
    // prototype and so let inherited fields bypass validation.
    Schema.makeFilter((network) => !Object.hasOwn(network, "__proto__"), {
      message: "Unexpected __proto__ key in a network"
    }),
    Schema.makeFilter((network) =>
      caipNetworkIdParts(network.caipNetworkId).namespace === network.chainNamespace
        ? undefined
        : {
            path: ["caipNetworkId"],
            issue: `caipNetworkId ${network.caipNetworkId} does not belong to chainNamespace ${network.chainNamespace}`
          }
    )
  )
  .annotate({ identifier: "CaipNetwork" })
export type CaipNetwork = typeof CaipNetwork.Type
