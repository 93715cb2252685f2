import * as Schema from "effect/Schema"
import {
  CaipNetworkId,
  ChainNamespace,
  caipNetworkIdParts,
  HttpUrl,
  messageOverride,
  nonBlankString,
  nonEmptyArrayOf,
  RecordKey,
  WebSocketUrl
} from "./Primitives"

// CaipNetwork preserves unknown top-level keys; nested structs go back to dropping them.
const nested = { onExcessProperty: "ignore" } as const

export const NativeCurrency = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Number.pipe(
    Schema.int({ message: () => "Expected native currency decimals as an integer" }),
    Schema.between(0, 36, { message: () => "Expected native currency decimals between 0 and 36" })
  )
}).annotations({ identifier: "NativeCurrency", parseOptions: nested })
export type NativeCurrency = typeof NativeCurrency.Type

/** viem's `ChainRpcUrls`, with at least one http URL. */
export const RpcUrlSet = Schema.Struct({
  http: nonEmptyArrayOf(HttpUrl, "Expected at least one http(s) RPC URL"),
  webSocket: Schema.optional(Schema.Array(WebSocketUrl))
}).annotations({ identifier: "RpcUrlSet", parseOptions: nested })
export type RpcUrlSet = typeof RpcUrlSet.Type

/** `default` is required; other keys (e.g. `chainDefault`) have the same shape, as in viem. */
export const RpcUrls = Schema.Struct(
  { default: RpcUrlSet },
  Schema.Record({ key: RecordKey, value: RpcUrlSet })
).annotations({ identifier: "RpcUrls", parseOptions: nested })
export type RpcUrls = typeof RpcUrls.Type

export const BlockExplorer = Schema.Struct({
  name: Schema.String,
  url: HttpUrl,
  apiUrl: Schema.optional(HttpUrl)
}).annotations({ identifier: "BlockExplorer", parseOptions: nested })
export type BlockExplorer = typeof BlockExplorer.Type

export const BlockExplorers = Schema.Struct(
  { default: BlockExplorer },
  Schema.Record({ key: RecordKey, value: BlockExplorer })
).annotations({ identifier: "BlockExplorers", parseOptions: nested })
export type BlockExplorers = typeof BlockExplorers.Type

export const NetworkAssets = Schema.Struct({
  imageId: Schema.optional(Schema.String),
  imageUrl: Schema.optional(Schema.String)
}).annotations({ identifier: "NetworkAssets", parseOptions: nested })
export type NetworkAssets = typeof NetworkAssets.Type

/**
 * A network: viem's `Chain` plus CAIP fields. Unknown keys are preserved, not stripped, because a viem
 * chain carries `contracts`, `formatters` and `serializers` (functions) that the RPC client still needs.
 */
export const CaipNetwork = Schema.Struct({
  /** Number for EVM chains, string reference for the others (e.g. the Solana genesis hash). */
  id: Schema.Union(Schema.NonNegativeInt, nonBlankString("network id")).annotations({
    message: messageOverride("Expected a network id: a non-negative integer or a non-empty string")
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
  .annotations({ parseOptions: { onExcessProperty: "preserve" } })
  .pipe(
    // Preserving keys copies an own `__proto__` key from JSON.parse, which would swap the prototype and
    // let inherited fields bypass validation.
    Schema.filter((network) => Object.getPrototypeOf(network) === Object.prototype, {
      message: () => "Unexpected __proto__ key in a network"
    }),
    Schema.filter((network) =>
      caipNetworkIdParts(network.caipNetworkId).namespace === network.chainNamespace
        ? undefined
        : {
            path: ["caipNetworkId"],
            message: `caipNetworkId ${network.caipNetworkId} does not belong to chainNamespace ${network.chainNamespace}`
          }
    )
  )
  .annotations({ identifier: "CaipNetwork" })
export type CaipNetwork = typeof CaipNetwork.Type
