import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { DecodedWalletList, WalletListing } from "../../src/schemas/WalletListing"
import { ProviderApi, type ProviderApiShape, type WalletQuery } from "../../src/services/ProviderApi"

/** What the explorer's `GET /getWallets` answers for `query` over `listings`: filtered, then one page. */
export const walletPage = (listings: ReadonlyArray<WalletListing>, query: WalletQuery): DecodedWalletList => {
  let pool = listings
  if (query.include !== undefined) pool = pool.filter((l) => query.include?.includes(l.id))
  if (query.exclude !== undefined) pool = pool.filter((l) => !query.exclude?.includes(l.id))
  const search = query.search?.toLowerCase()
  if (search !== undefined) pool = pool.filter((l) => l.name.toLowerCase().includes(search))
  const from = (query.page - 1) * query.entries
  return { count: pool.length, data: pool.slice(from, from + query.entries), dropped: 0 }
}

/** A ProviderApi answering wallet lists with `getWallets`; images on `api.test`, analytics off. */
export const fakeProviderApi = (getWallets: ProviderApiShape["getWallets"]) =>
  Layer.succeed(
    ProviderApi,
    ProviderApi.of({
      getWallets,
      walletImageUrl: (id) => `https://api.test/getWalletImage/${encodeURIComponent(id)}`,
      assetImageUrl: (id) => `https://api.test/public/getAssetImage/${encodeURIComponent(id)}`,
      currencyImageUrl: (code) => `https://api.test/public/getCurrencyImage/${encodeURIComponent(code)}`,
      tokenImageUrl: (symbol) => `https://api.test/public/getTokenImage/${encodeURIComponent(symbol)}`,
      getAllowedOrigins: Effect.succeed([]),
      getAnalyticsConfig: Effect.succeed({ isAnalyticsEnabled: false }),
      sendEvent: () => Effect.void
    })
  )
