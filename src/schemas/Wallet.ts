import * as Schema from "effect/Schema"
import { nonBlankString } from "./Primitives"

/** An entry of the recent-wallets list (SPEC §3, §4: at most 2, newest first). */
export const RecentWallet = Schema.Struct({
  id: nonBlankString("wallet id"),
  rdns: Schema.optional(Schema.String),
  name: Schema.String
}).annotate({ identifier: "RecentWallet" })
export type RecentWallet = typeof RecentWallet.Type

/** A wallet the host adds with `customWallets` (FACTS §3.1 field names). */
export const CustomWallet = Schema.Struct({
  id: nonBlankString("wallet id"),
  name: nonBlankString("wallet name"),
  homepage: Schema.optional(Schema.String),
  image_url: Schema.optional(Schema.String),
  mobile_link: Schema.optional(Schema.String),
  desktop_link: Schema.optional(Schema.String),
  webapp_link: Schema.optional(Schema.String),
  app_store: Schema.optional(Schema.String),
  play_store: Schema.optional(Schema.String)
}).annotate({ identifier: "CustomWallet" })
export type CustomWallet = typeof CustomWallet.Type
