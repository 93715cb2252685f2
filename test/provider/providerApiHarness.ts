/** The ProviderApi its tests run against (its wire format, failures and hostile answers), a wallet listing, one call. */
import * as Effect from "effect/Effect"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { ProviderApi } from "../../src/services/ProviderApi"
import { apiHarness } from "../kit/fakeFetch"

export const { apiLayer, withApi } = apiHarness(ProviderApiLive)

export const wallet = (id: string) => ({
  id,
  name: `Wallet ${id}`,
  image_id: `img-${id}`,
  rdns: null,
  chains: ["eip155:1"],
  mobile_link: null
})

export const getWallets = Effect.flatMap(ProviderApi, (api) => api.getWallets({ page: 1, entries: 40 }))
