import * as Schema from "effect/Schema"

/** What the host says about its app (`metadata` option); shown to wallets during pairing. */
export const AppMetadata = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  url: Schema.String,
  icons: Schema.Array(Schema.String)
}).annotate({ identifier: "AppMetadata" })
export type AppMetadata = typeof AppMetadata.Type

/** What SYNC_DAPP_DATA sends to the embedded-wallet frame (FACTS.md §2): the app's metadata beside the SDK's. */
export const DappMetadata = Schema.Struct({
  metadata: Schema.optional(AppMetadata),
  projectId: Schema.String,
  sdkVersion: Schema.optional(Schema.String),
  sdkType: Schema.optional(Schema.String)
}).annotate({ identifier: "DappMetadata" })
export type DappMetadata = typeof DappMetadata.Type
