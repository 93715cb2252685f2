import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { ProviderServiceError } from "../errors"
import type { DecodedWalletList } from "../schemas/WalletListing"

/** Query of `GET /getWallets` (FACTS.md §1.3). */
export interface WalletQuery {
  readonly page: number
  readonly entries: number
  readonly search?: string
  readonly include?: ReadonlyArray<string>
  readonly exclude?: ReadonlyArray<string>
  readonly chains?: ReadonlyArray<string>
  readonly badge?: "none" | "certified"
}

/** One analytics event (FACTS.md §1.4), without the fields the service adds (id, url, time). */
export interface AnalyticsEvent {
  readonly type: "track" | "error"
  readonly event: string
  readonly properties?: Readonly<Record<string, unknown>>
}

/** Every failure of the provider's HTTP APIs, already a catalogue error (403, 503, named messages...). */
export type ProviderApiError = ProviderServiceError

export interface ProviderApiShape {
  readonly getWallets: (query: WalletQuery) => Effect.Effect<DecodedWalletList, ProviderApiError>
  /**
   * An `<img src>` URL for a listing's `image_id` (with the project id and SDK identity); `undefined` for
   * an id that cannot be a path segment (empty, `.`, `..`).
   */
  readonly walletImageUrl: (imageId: string) => string | undefined
  /** The same for network and connector images (`/public/getAssetImage/{id}`). */
  readonly assetImageUrl: (imageId: string) => string | undefined
  /** The same for a fiat currency's image by its code (`/public/getCurrencyImage/{code}`), for Buy. */
  readonly currencyImageUrl: (code: string) => string | undefined
  /** The same for a token's image by its symbol (`/public/getTokenImage/{symbol}`), for Swap and Buy. */
  readonly tokenImageUrl: (symbol: string) => string | undefined
  readonly getAllowedOrigins: Effect.Effect<ReadonlyArray<string>, ProviderApiError>
  readonly getAnalyticsConfig: Effect.Effect<{ readonly isAnalyticsEnabled: boolean }, ProviderApiError>
  readonly sendEvent: (event: AnalyticsEvent) => Effect.Effect<void, ProviderApiError>
}

/**
 * The provider's explorer and analytics hosts (`apiUrl`, `analyticsUrl`): wallet listing, images,
 * allowed origins, analytics config and events.
 *
 * @since 0.1.0
 * @category tags
 */
export class ProviderApi extends Context.Service<ProviderApi, ProviderApiShape>()("@airlock/ProviderApi") {}
