import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../errors"
import { BlockchainApi } from "../services/BlockchainApi"
import type { ModalConfig } from "../services/ModalConfig"
import { type ChunkLoadError, deferredImplementation } from "./deferred"

/** The API's code did not load: to the visitor, the request failed on the network. */
const unreachable = (endpoint: string) => (error: ChunkLoadError) =>
  new ProviderRequestError({ reason: "network", endpoint, cause: error.cause })

/**
 * The provider's Blockchain API (`blockchainApiUrl`) over the `HttpClient` in context. Only account data
 * and swaps use it, so its code (`deferred/BlockchainApi.ts`) loads with the first request.
 *
 * @since 0.1.0
 * @category layers
 */
export const BlockchainApiLive: Layer.Layer<BlockchainApi, never, ModalConfig | HttpClient.HttpClient> =
  Layer.effect(
    BlockchainApi,
    Effect.gen(function* () {
      const api = yield* deferredImplementation(() =>
        import("./deferred/BlockchainApi").then((module) => module.makeBlockchainApi)
      )
      const use = <A, E>(endpoint: string, f: (loaded: BlockchainApi["Service"]) => Effect.Effect<A, E>) =>
        Effect.flatMap(Effect.mapError(api, unreachable(endpoint)), f)
      return BlockchainApi.of({
        supportedChains: use("/v1/supported-chains", (loaded) => loaded.supportedChains),
        balance: (address, chainId, options) =>
          use("/v1/account/balance", (loaded) => loaded.balance(address, chainId, options)),
        history: (address, options) =>
          use("/v1/account/history", (loaded) => loaded.history(address, options)),
        identity: (address, options) => use("/v1/identity", (loaded) => loaded.identity(address, options)),
        convertTokens: (chainId) => use("/v1/convert/tokens", (loaded) => loaded.convertTokens(chainId)),
        convertQuotes: (request) => use("/v1/convert/quotes", (loaded) => loaded.convertQuotes(request)),
        convertAllowance: (request) =>
          use("/v1/convert/allowance", (loaded) => loaded.convertAllowance(request)),
        convertGasPrice: (chainId) =>
          use("/v1/convert/gas-price", (loaded) => loaded.convertGasPrice(chainId)),
        buildSwapTransaction: (request) =>
          use("/v1/convert/build-transaction", (loaded) => loaded.buildSwapTransaction(request)),
        buildApproveTransaction: (request) =>
          use("/v1/convert/build-approve", (loaded) => loaded.buildApproveTransaction(request)),
        profile: (name) => use("/v1/profile/account", (loaded) => loaded.profile(name)),
        reverseProfiles: (address, options) =>
          use("/v1/profile/reverse", (loaded) => loaded.reverseProfiles(address, options)),
        nameSuggestions: (name) => use("/v1/profile/suggestions", (loaded) => loaded.nameSuggestions(name)),
        registerName: (request) => use("/v1/profile/account", (loaded) => loaded.registerName(request)),
        onrampOptions: use("/v1/onramp/options", (loaded) => loaded.onrampOptions),
        onrampQuote: (request) => use("/v1/onramp/quote", (loaded) => loaded.onrampQuote(request)),
        onrampUrl: (request) => use("/v1/generators/onrampurl", (loaded) => loaded.onrampUrl(request)),
        fungiblePrices: (addresses) => use("/v1/fungible/price", (loaded) => loaded.fungiblePrices(addresses))
      })
    })
  )
