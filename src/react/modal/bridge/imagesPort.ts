import type { NetworkAssets } from "../../../schemas/Network"
import { safeIconUrl } from "../../../schemas/ThirdPartyText"
import type { ProviderApiShape } from "../../../services/ProviderApi"

/** The provider's image URL builders (`ProviderApi`), built with the modal's API host and project id. */
export type ImageUrls = Pick<ProviderApiShape, "assetImageUrl" | "currencyImageUrl" | "tokenImageUrl">

/**
 * Which image the views show for a network, a token and a fiat currency: each an `<img src>`-safe URL, or
 * `undefined` for the placeholder (THREATS.md T3).
 */
export interface ImagesPort {
  /** The network's own `assets.imageUrl` when it is a safe image URL, else the provider's `assets.imageId`. */
  readonly network: (network: { readonly assets?: NetworkAssets | undefined }) => string | undefined
  /** The balance's own icon (made safe when it was decoded), else the provider's image of its symbol. */
  readonly token: (token: {
    readonly iconUrl?: string | undefined
    readonly symbol?: string | undefined
  }) => string | undefined
  /** The provider's image of a fiat currency, by its code (`USD`). */
  readonly currency: (code: string) => string | undefined
}

/**
 * The images port over the provider's builders. Only the views that show these images import it, so its
 * rules load with them rather than with the first paint; the controller carries the builders alone.
 */
export const makeImagesPort = (urls: ImageUrls): ImagesPort => ({
  network: ({ assets }) =>
    safeIconUrl(assets?.imageUrl) ??
    (assets?.imageId === undefined ? undefined : urls.assetImageUrl(assets.imageId)),
  token: ({ iconUrl, symbol }) => iconUrl ?? (symbol === undefined ? undefined : urls.tokenImageUrl(symbol)),
  currency: urls.currencyImageUrl
})
