import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { DecodedBalances } from "../schemas/Balance"
import type { Identity } from "../schemas/Identity"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { DecodedHistory } from "../schemas/Transaction"
import type { ProviderApiError } from "./ProviderApi"

/** Decoded by the `Identity` schema: the API's `null` becomes `undefined`. */
export type { Identity }

export interface BlockchainApiShape {
  /** Chains the provider serves (`GET /v1/supported-chains`), cached for the session. */
  readonly supportedChains: Effect.Effect<
    { readonly http: ReadonlyArray<string>; readonly ws: ReadonlyArray<string> },
    ProviderApiError
  >
  readonly balance: (
    address: string,
    chainId: CaipNetworkId,
    options?: { readonly forceUpdate?: boolean }
  ) => Effect.Effect<DecodedBalances, ProviderApiError>
  readonly history: (
    address: string,
    options: { readonly chainId?: CaipNetworkId; readonly cursor?: string }
  ) => Effect.Effect<DecodedHistory, ProviderApiError>
  readonly identity: (
    address: string,
    options?: { readonly sender?: string }
  ) => Effect.Effect<Identity, ProviderApiError>
}

/**
 * The provider's "Blockchain API" on `blockchainApiUrl` (FACTS.md §1.5): supported chains, balances,
 * history, identity. Swap, onramp, names and sessions arrive with their features.
 *
 * @since 0.1.0
 * @category tags
 */
export class BlockchainApi extends Context.Service<BlockchainApi, BlockchainApiShape>()(
  "@airlock/BlockchainApi"
) {}
