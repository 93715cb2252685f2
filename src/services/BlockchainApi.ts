import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { DecodedBalances } from "../schemas/Balance"
import type {
  ConvertQuote,
  ConvertToken,
  ConvertTransaction,
  FungiblePrice,
  GasPrices,
  Listed
} from "../schemas/Convert"
import type { OnrampOptions, OnrampQuote } from "../schemas/FiatOnramp"
import type { Identity } from "../schemas/Identity"
import type { CaipNetworkId } from "../schemas/Primitives"
import type { AccountProfile, NameSuggestion } from "../schemas/Profile"
import type { SmartSession } from "../schemas/SmartSessions"
import type { DecodedHistory } from "../schemas/Transaction"
import type { ProviderApiError } from "./ProviderApi"

/** Decoded by the `Identity` schema: the API's `null` becomes `undefined`. */
export type { Identity }

/** What a swap quote is asked for: `amount` of `from` into `to` (CAIP-10 tokens), in base units. */
export interface ConvertRequest {
  readonly amount: string
  readonly from: string
  readonly to: string
  readonly userAddress: string
}

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
  /** Tokens that can be swapped on `chainId` (`GET v1/convert/tokens`). */
  readonly convertTokens: (chainId: CaipNetworkId) => Effect.Effect<Listed<ConvertToken>, ProviderApiError>
  /** Quotes for a swap at `gasPrice` (`GET v1/convert/quotes`). */
  readonly convertQuotes: (
    request: ConvertRequest & { readonly gasPrice: string }
  ) => Effect.Effect<Listed<ConvertQuote>, ProviderApiError>
  /**
   * What `userAddress` lets the swap spend of `tokenAddress`, in base units (`GET v1/convert/allowance`);
   * `to`, the token swapped into, names the spender where the provider routes each pair apart.
   */
  readonly convertAllowance: (request: {
    readonly tokenAddress: string
    readonly userAddress: string
    readonly to?: string | undefined
  }) => Effect.Effect<string, ProviderApiError>
  /** `GET v1/convert/gas-price`. */
  readonly convertGasPrice: (chainId: CaipNetworkId) => Effect.Effect<GasPrices, ProviderApiError>
  /** The swap to send, at `slippage` percent (`POST v1/convert/build-transaction`). */
  readonly buildSwapTransaction: (
    request: ConvertRequest & { readonly slippage: number }
  ) => Effect.Effect<ConvertTransaction, ProviderApiError>
  /** The approval the swap needs first (`GET v1/convert/build-approve`). */
  readonly buildApproveTransaction: (
    request: Omit<ConvertRequest, "amount">
  ) => Effect.Effect<ConvertTransaction, ProviderApiError>
  /** The profile a name belongs to (`GET v1/profile/account/{name}`). */
  readonly profile: (name: string) => Effect.Effect<AccountProfile, ProviderApiError>
  /** The names of an address (`GET v1/profile/reverse/{address}`). */
  readonly reverseProfiles: (
    address: string,
    options?: { readonly sender?: string }
  ) => Effect.Effect<ReadonlyArray<AccountProfile>, ProviderApiError>
  /** Names like `name` that are free or taken (`GET v1/profile/suggestions/{name}`). */
  readonly nameSuggestions: (name: string) => Effect.Effect<ReadonlyArray<NameSuggestion>, ProviderApiError>
  /** Registers a name with the account's signature of `message` (`POST v1/profile/account`). */
  readonly registerName: (request: {
    readonly coinType: number
    readonly address: string
    readonly message: string
    readonly signature: string
  }) => Effect.Effect<AccountProfile, ProviderApiError>
  /** `GET v1/onramp/options`. */
  readonly onrampOptions: Effect.Effect<OnrampOptions, ProviderApiError>
  /** `POST v1/onramp/quote`. */
  readonly onrampQuote: (request: {
    readonly purchaseCurrency: string
    readonly paymentCurrency: string
    readonly amount: string
    readonly network: string
    readonly country?: string | undefined
    readonly paymentMethod?: string | undefined
  }) => Effect.Effect<OnrampQuote, ProviderApiError>
  /** The provider's page for buying to `address` (`POST v1/generators/onrampurl`). */
  readonly onrampUrl: (request: {
    readonly address: string
    readonly blockchains: ReadonlyArray<string>
    readonly assets: ReadonlyArray<string>
    readonly partnerUserId: string
    readonly presetFiatAmount?: number | undefined
    readonly country?: string | undefined
    readonly paymentCurrency?: string | undefined
    readonly paymentMethod?: string | undefined
  }) => Effect.Effect<string, ProviderApiError>
  /** The smart sessions (ERC-7715) granted by a CAIP-10 account (`GET v1/sessions/{caipAddress}`). */
  readonly smartSessions: (caipAddress: string) => Effect.Effect<Listed<SmartSession>, ProviderApiError>
  /** Revokes a session with the account's signature of its `pci` (`POST v1/sessions/{address}/revoke`). */
  readonly revokeSmartSession: (request: {
    readonly address: string
    readonly pci: string
    readonly signature: string
  }) => Effect.Effect<void, ProviderApiError>
  /** USD prices of CAIP-10 tokens (`POST v1/fungible/price`). */
  readonly fungiblePrices: (
    addresses: ReadonlyArray<string>
  ) => Effect.Effect<Listed<FungiblePrice>, ProviderApiError>
}

/**
 * The provider's "Blockchain API" on `blockchainApiUrl` (FACTS.md §1.5): supported chains, balances,
 * history, identity, the convert (swap) endpoints, fungible prices, account names, the onramp and smart
 * sessions.
 *
 * @since 0.1.0
 * @category tags
 */
export class BlockchainApi extends Context.Service<BlockchainApi, BlockchainApiShape>()(
  "@airlock/BlockchainApi"
) {}
