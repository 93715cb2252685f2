/**
 * The world the Buy (Onramp) tests run in: `OnrampLive` over the kit's account world (ALICE on the sandbox
 * chain, her balances Ready; `refresh` may change them, as a purchase landing does) and this flow's fake: a
 * Blockchain API answering the onramp endpoints (options, quote, the provider page's URL). Every call the
 * flow makes is recorded, in order, in `log`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import * as OnrampFlow from "../../../src/layers/flows/onramp/Onramp.lazy"
import { OnrampLazy, OnrampLive } from "../../../src/layers/flows/onramp/OnrampLive"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { OnrampOptions, OnrampQuote } from "../../../src/schemas/FiatOnramp"
import { BlockchainApi, type BlockchainApiShape } from "../../../src/services/BlockchainApi"
import { Onramp } from "../../../src/services/Onramp"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import { ALICE } from "../../kit/accounts"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { accountWorld, runnerOf, type Tokens, tokenBalance } from "../../kit/flowWorld"
import { mainnetNetwork, SUSD_ADDRESS, sandboxNetwork } from "../../kit/networks"
import { preloadedFlow, type WorldOf } from "../preloadedFlow"

export const PAGE_URL = "https://buy.example/checkout?session=1"

export type QuoteRequest = Parameters<BlockchainApiShape["onrampQuote"]>[0]
export type UrlRequest = Parameters<BlockchainApiShape["onrampUrl"]>[0]

/** A balance on the sandbox chain, at 1 USD. */
export const balance = (symbol: string, numeric: string, decimals: number, address?: string) =>
  tokenBalance(sandboxNetwork.caipNetworkId, symbol, numeric, decimals, { value: Number(numeric), address })

/** 1 ETH and 100 sUSD. */
export const defaultBalances: ReadonlyArray<TokenBalance> = [
  balance("ETH", "1", 18),
  balance("sUSD", "100", 6, SUSD_ADDRESS)
]

/** sUSD, sold on the sandbox chain (the provider's network `sandbox`), its contract lower-cased. */
export const sUSD: OnrampOptions["crypto"][number] = {
  id: "sUSD",
  name: "Sandbox USD",
  symbol: "sUSD",
  networks: [
    {
      name: "sandbox",
      display_name: "Sandbox",
      chain_id: "31337",
      contract_address: SUSD_ADDRESS.toLowerCase()
    }
  ]
}

/** Ether sold on mainnet only. */
export const mainnetEth: OnrampOptions["crypto"][number] = {
  id: "ETH",
  name: "Ether",
  symbol: "ETH",
  networks: [{ name: "ethereum", display_name: "Ethereum", chain_id: "1", contract_address: "" }]
}

export const defaultOptions: OnrampOptions = {
  fiat: [
    {
      id: "USD",
      limits: [
        { method: "card", min: 20, max: 1000 },
        { method: "bank_account", min: 50, max: 5000 }
      ]
    },
    { id: "EUR", limits: [{ method: "card", min: 15, max: 900 }] }
  ],
  crypto: [sUSD],
  countries: [
    { id: "US", name: "United States", currencies: ["USD"], payment_methods: ["card", "bank_account"] },
    { id: "GB", name: "United Kingdom", currencies: ["EUR"], payment_methods: ["card"] }
  ]
}

export const quoteFor = (request: QuoteRequest): OnrampQuote => ({
  paymentTotal: Number(request.amount),
  paymentSubtotal: Number(request.amount) - 1,
  purchaseAmount: Number(request.amount) - 1.5,
  networkFee: { amount: 0.5, currency: request.paymentCurrency },
  quoteId: `quote-${request.amount}`
})

export interface Options {
  /** How `onrampOptions` answers; default: `defaultOptions`. */
  readonly options?: Effect.Effect<OnrampOptions, ProviderApiError>
  /** How `onrampQuote` answers; default: `quoteFor`. */
  readonly quote?: (request: QuoteRequest) => Effect.Effect<OnrampQuote, ProviderApiError>
  /** How `onrampUrl` answers; default: `PAGE_URL`. */
  readonly url?: (request: UrlRequest) => Effect.Effect<string, ProviderApiError>
  readonly balances?: ReadonlyArray<TokenBalance>
  /** What the `n`th refresh (from 1) does to the balances. */
  readonly onRefresh?: (n: number, tokens: SubscriptionRef.SubscriptionRef<Tokens>) => Effect.Effect<void>
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const account = yield* accountWorld({
      address: ALICE,
      networks: [sandboxNetwork, mainnetNetwork],
      balances: options.balances ?? defaultBalances,
      ...(options.onRefresh === undefined ? {} : { onRefresh: options.onRefresh })
    })
    const { log } = account
    const calls = {
      options: 0,
      quotes: [] as Array<QuoteRequest>,
      urls: [] as Array<UrlRequest>
    }
    const api = blockchainApiWith({
      onrampOptions: Effect.suspend(() => {
        calls.options += 1
        log.push("options")
        return options.options ?? Effect.succeed(defaultOptions)
      }),
      onrampQuote: (request) =>
        Effect.suspend(() => {
          calls.quotes.push(request)
          log.push(`quote ${request.amount}`)
          return options.quote?.(request) ?? Effect.succeed(quoteFor(request))
        }),
      onrampUrl: (request) =>
        Effect.suspend(() => {
          calls.urls.push(request)
          log.push("url")
          return options.url?.(request) ?? Effect.succeed(PAGE_URL)
        })
    })
    const fakes = Layer.merge(account.layer, Layer.succeed(BlockchainApi, api))
    return { ...account, layer: preloadedFlow(OnrampLive, OnrampLazy, OnrampFlow, fakes), calls }
  })

/** Runs `body` with the world's Onramp, as `w.onramp`. */
export const inWorld = runnerOf("onramp", Onramp)(world)
export type World = WorldOf<typeof inWorld>
