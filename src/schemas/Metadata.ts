import * as Schema from "effect/Schema"

/** What the host says about its app (`metadata` option); shown to wallets during pairing. */
export const AppMetadata = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  url: Schema.String,
  icons: Schema.Array(Schema.String)
}).annotate({ identifier: "AppMetadata" })
export type AppMetadata = typeof AppMetadata.Type
