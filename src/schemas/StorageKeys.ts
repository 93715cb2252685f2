import * as Schema from "effect/Schema"
import * as SchemaGetter from "effect/SchemaGetter"
import { CONNECTION_STATUS_KEY } from "./connectionStatusKey"
import { CaipNetworkId, ChainNamespace, caipNetworkIdParts, nonBlankString } from "./Primitives"
import { RecentWallet } from "./Wallet"

/**
 * A locally stored key and the schema of its *parsed* value. Values are stored as JSON text; the Storage
 * service reads them with `Schema.fromJsonString(key.schema)`.
 */
export interface StorageKey<A, I = A> {
  readonly key: string
  readonly schema: Schema.Codec<A, I>
}

export const storageKey = <A, I>(key: string, schema: Schema.Codec<A, I>): StorageKey<A, I> => ({
  key,
  schema
})

export const ConnectionStatus = Schema.Literals([
  "disconnected",
  "connecting",
  "connected",
  "reconnecting",
  "buffering"
]).annotate({
  identifier: "ConnectionStatus",
  message: "Expected a connection status: disconnected, connecting, connected, reconnecting or buffering"
})
export type ConnectionStatus = typeof ConnectionStatus.Type

/** Partial map namespace -> value (a Schema.Record with literal keys would make every key required). */
export const byNamespace = <S extends Schema.Top>(value: S) =>
  Schema.Struct({
    eip155: Schema.optional(value),
    solana: Schema.optional(value),
    polkadot: Schema.optional(value),
    bip122: Schema.optional(value),
    cosmos: Schema.optional(value)
  })

/** Active network per namespace; each id must belong to the namespace it is stored under. */
export const ActiveNetworkIds = byNamespace(CaipNetworkId)
  .check(
    Schema.makeFilter((ids) => {
      for (const [namespace, id] of Object.entries(ids)) {
        if (id !== undefined && caipNetworkIdParts(id).namespace !== namespace) {
          return { path: [namespace], issue: `${id} is not a ${namespace} network id` }
        }
      }
      return undefined
    })
  )
  .annotate({ identifier: "ActiveNetworkIds" })
export type ActiveNetworkIds = typeof ActiveNetworkIds.Type

export const ConnectionStatuses = byNamespace(ConnectionStatus).annotate({
  identifier: "ConnectionStatuses"
})
export type ConnectionStatuses = typeof ConnectionStatuses.Type

export const MAX_RECENT_WALLETS = 2

/**
 * SPEC §4: at most 2, newest first, no duplicates. Reading is lenient (a longer or duplicated list is
 * trimmed, keeping the first occurrence), writing is strict (more than 2 fails to encode).
 */
export const RecentWallets = Schema.Array(RecentWallet)
  .pipe(
    Schema.decodeTo(
      Schema.Array(Schema.toType(RecentWallet)).check(
        Schema.isMaxLength(MAX_RECENT_WALLETS, {
          message: `Expected at most ${MAX_RECENT_WALLETS} recent wallets`
        })
      ),
      {
        decode: SchemaGetter.transform((wallets) =>
          wallets
            .filter((wallet, index) => wallets.findIndex((w) => w.id === wallet.id) === index)
            .slice(0, MAX_RECENT_WALLETS)
        ),
        encode: SchemaGetter.transform((wallets) => wallets)
      }
    )
  )
  .annotate({ identifier: "RecentWallets" })
export type RecentWallets = typeof RecentWallets.Type

export const DeepLinkChoice = Schema.Struct({
  href: Schema.String,
  name: Schema.String
}).annotate({ identifier: "DeepLinkChoice" })
export type DeepLinkChoice = typeof DeepLinkChoice.Type

const ConnectorId = nonBlankString("connector id")

/** The modal's own keys; the embedded wallet keeps its own (EmbeddedStorageKeys.ts). */
export const StorageKeys = {
  activeNamespace: storageKey("@airlock/active_namespace", ChainNamespace),
  activeNetworkIds: storageKey("@airlock/active_caip_network_ids", ActiveNetworkIds),
  recentWallets: storageKey("@airlock/recent_wallets", RecentWallets),
  connectionStatus: storageKey(CONNECTION_STATUS_KEY, ConnectionStatuses),
  connectedNamespaces: storageKey("@airlock/connected_namespaces", Schema.Array(ChainNamespace)),
  deepLinkChoice: storageKey("@airlock/deeplink_choice", DeepLinkChoice),
  lastUsedChain: storageKey("@airlock/last_used_chain", CaipNetworkId)
} as const

/** Per-namespace key `@airlock/{ns}:connected_connector_id`. */
export const connectedConnectorIdKey = (namespace: ChainNamespace): StorageKey<string> =>
  storageKey(`@airlock/${namespace}:connected_connector_id`, ConnectorId)
