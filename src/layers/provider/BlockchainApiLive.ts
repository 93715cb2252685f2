import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../../errors"
import { BlockchainApi, type BlockchainApiShape } from "../../services/BlockchainApi"
import type { ModalConfig } from "../../services/ModalConfig"
import { ChunkLoadError, deferredImplementation, deferredMembers } from "../runtime/deferred"

/** The API's code did not load: to the visitor, the request failed on the network. */
const unreachable = (endpoint: string) => (error: ChunkLoadError) =>
  new ProviderRequestError({ reason: "network", endpoint, cause: error.cause })

type Member = keyof BlockchainApiShape

/** Each member's endpoint, which names it when its code does not load. */
const ENDPOINTS: { readonly [K in Member]: string } = {
  supportedChains: "/v1/supported-chains",
  balance: "/v1/account/balance",
  history: "/v1/account/history",
  identity: "/v1/identity",
  convertTokens: "/v1/convert/tokens",
  convertQuotes: "/v1/convert/quotes",
  convertAllowance: "/v1/convert/allowance",
  convertGasPrice: "/v1/convert/gas-price",
  buildSwapTransaction: "/v1/convert/build-transaction",
  buildApproveTransaction: "/v1/convert/build-approve",
  profile: "/v1/profile/account",
  reverseProfiles: "/v1/profile/reverse",
  nameSuggestions: "/v1/profile/suggestions",
  registerName: "/v1/profile/account",
  onrampOptions: "/v1/onramp/options",
  onrampQuote: "/v1/onramp/quote",
  onrampUrl: "/v1/generators/onrampurl",
  fungiblePrices: "/v1/fungible/price",
  smartSessions: "/v1/sessions",
  revokeSmartSession: "/v1/sessions/revoke"
}
/** The members that are effects rather than functions. */
const ENDPOINT_EFFECTS: ReadonlySet<string> = new Set<Member>(["supportedChains", "onrampOptions"])

/**
 * The provider's Blockchain API (`blockchainApiUrl`) over the `HttpClient` in context. Only account data
 * and swaps use it, so its code (`BlockchainApi.lazy.ts`) loads with the first request.
 *
 * @since 0.1.0
 * @category layers
 */
export const BlockchainApiLive: Layer.Layer<BlockchainApi, never, ModalConfig | HttpClient.HttpClient> =
  Layer.effect(
    BlockchainApi,
    Effect.gen(function* () {
      const api = yield* deferredImplementation(() =>
        import("./BlockchainApi.lazy").then((module) => module.makeBlockchainApi)
      )
      const members = deferredMembers(
        api,
        Object.fromEntries(Object.keys(ENDPOINTS).map((name) => [name, !ENDPOINT_EFFECTS.has(name)])),
        (name, call) =>
          Effect.mapError(call, (error) =>
            error instanceof ChunkLoadError ? unreachable(ENDPOINTS[name as Member])(error) : error
          )
      )
      return BlockchainApi.of(members as unknown as BlockchainApiShape)
    })
  )
