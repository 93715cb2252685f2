/**
 * What the app tells the embedded-wallet frame unasked about itself (FACTS.md §2): its data, and its
 * theme. A module of its own, read only by the frame's lazily loaded bridge, so the first paint does not
 * carry it.
 */
import * as Schema from "effect/Schema"
import { AppMetadata } from "./Metadata"
import { ThemeMode } from "./Primitives"
import { ThemeVariables } from "./ThemeVariables"

/** What SYNC_DAPP_DATA sends to the frame: the app's metadata beside the project and the SDK. */
export const DappMetadata = Schema.Struct({
  metadata: Schema.optional(AppMetadata),
  projectId: Schema.String,
  sdkVersion: Schema.optional(Schema.String),
  sdkType: Schema.optional(Schema.String)
}).annotate({ identifier: "DappMetadata" })
export type DappMetadata = typeof DappMetadata.Type

/** What SYNC_THEME sends to the frame. */
export const ThemeSync = Schema.Struct({
  themeMode: ThemeMode,
  themeVariables: ThemeVariables
}).annotate({ identifier: "ThemeSync" })
export type ThemeSync = typeof ThemeSync.Type
