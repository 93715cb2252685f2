import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../../errors"
import { BlockchainApi } from "../../services/BlockchainApi"
import type { ModalConfig } from "../../services/ModalConfig"
import { type ChunkLoadError, call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** The Blockchain API's requests (`BlockchainApi.lazy.ts`), loaded with the first one. */
export const BlockchainApiLazy = lazyPart("@airlock/BlockchainApi.lazy", () =>
  accountStage().then((stage) => stage.blockchainApi)
)

/** The API's code did not load: to the visitor, the request to `endpoint` failed on the network. */
const unreachable = (endpoint: string) => (error: ChunkLoadError) =>
  Effect.fail(new ProviderRequestError({ reason: "network", endpoint, cause: error.cause }))

/**
 * The provider's Blockchain API (`blockchainApiUrl`) through the `HttpFetch` in context. Only account data
 * and swaps use it, so its code (`BlockchainApi.lazy.ts`) loads with the first request.
 *
 * @since 0.1.0
 * @category layers
 */
export const BlockchainApiLive: Layer.Layer<BlockchainApi, never, ModalConfig> = Layer.effect(
  BlockchainApi,
  Effect.map(
    lazyImplementation(BlockchainApiLazy, (module) => module.makeBlockchainApi),
    (api) =>
      BlockchainApi.of(
        lazyService(api, {
          supportedChains: effect(unreachable("/v1/supported-chains")),
          balance: call(unreachable("/v1/account/balance")),
          history: call(unreachable("/v1/account/history")),
          identity: call(unreachable("/v1/identity")),
          convertTokens: call(unreachable("/v1/convert/tokens")),
          convertQuotes: call(unreachable("/v1/convert/quotes")),
          convertAllowance: call(unreachable("/v1/convert/allowance")),
          convertGasPrice: call(unreachable("/v1/convert/gas-price")),
          buildSwapTransaction: call(unreachable("/v1/convert/build-transaction")),
          buildApproveTransaction: call(unreachable("/v1/convert/build-approve")),
          profile: call(unreachable("/v1/profile/account")),
          reverseProfiles: call(unreachable("/v1/profile/reverse")),
          nameSuggestions: call(unreachable("/v1/profile/suggestions")),
          registerName: call(unreachable("/v1/profile/account")),
          onrampOptions: effect(unreachable("/v1/onramp/options")),
          onrampQuote: call(unreachable("/v1/onramp/quote")),
          onrampUrl: call(unreachable("/v1/generators/onrampurl")),
          fungiblePrices: call(unreachable("/v1/fungible/price")),
          smartSessions: call(unreachable("/v1/sessions")),
          revokeSmartSession: call(unreachable("/v1/sessions/revoke"))
        })
      )
  )
)
