/**
 * The world the Buy (Onramp) tests run in: `OnrampLive` over fakes of what the flow reads and asks. A
 * connected EVM account on the sandbox chain, its balances Ready in AccountData, and a Blockchain API
 * answering the onramp endpoints (options, quote, the provider page's URL). Every call the flow makes is
 * recorded, in order, in `log`; `refresh` may change the balances (a purchase landing).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { BalanceUnavailableError } from "../../../src/errors"
import * as OnrampFlow from "../../../src/layers/flows/onramp/Onramp.lazy"
import { OnrampLazy, OnrampLive } from "../../../src/layers/flows/onramp/OnrampLive"
import { preloaded } from "../../../src/layers/runtime/lazy"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { CaipNetwork } from "../../../src/schemas/Network"
import type { OnrampOptions, OnrampQuote } from "../../../src/schemas/Onramp"
import { AccountData, type AccountDataShape, type Loadable } from "../../../src/services/AccountData"
import { BlockchainApi, type BlockchainApiShape } from "../../../src/services/BlockchainApi"
import { Onramp, type OnrampState } from "../../../src/services/Onramp"
import type { ProviderApiError } from "../../../src/services/ProviderApi"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { decodedOptions, mainnetNetwork, sandboxNetwork } from "../../kit/fixtures"
import { connectedAccount, stateTagged, untilState } from "../../kit/flowWorld"

export const CHAIN = "eip155:31337"
export const ALICE = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
export const SUSD_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
export const PAGE_URL = "https://buy.example/checkout?session=1"

export type QuoteRequest = Parameters<BlockchainApiShape["onrampQuote"]>[0]
export type UrlRequest = Parameters<BlockchainApiShape["onrampUrl"]>[0]
type Tokens = Loadable<ReadonlyArray<TokenBalance>, BalanceUnavailableError>

export const balance = (
  symbol: string,
  numeric: string,
  decimals: number,
  address?: string
): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: CHAIN,
  ...(address === undefined ? {} : { address: `${CHAIN}:${address}` }),
  value: Number(numeric),
  price: 1,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: undefined
})

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
    const config = decodedOptions({ networks: [sandboxNetwork, mainnetNetwork] })
    const network = config.networks[0] as CaipNetwork
    const log: Array<string> = []
    const calls = {
      options: 0,
      quotes: [] as Array<QuoteRequest>,
      urls: [] as Array<UrlRequest>,
      refreshes: 0
    }
    const account = yield* connectedAccount(ALICE, network, config.networks)
    const tokens = yield* SubscriptionRef.make<Tokens>({
      _tag: "Ready",
      value: options.balances ?? defaultBalances
    })
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
    const accountData: Pick<AccountDataShape, "tokens" | "refresh"> = {
      tokens,
      refresh: Effect.suspend(() => {
        calls.refreshes += 1
        log.push("refresh")
        return options.onRefresh?.(calls.refreshes, tokens) ?? Effect.void
      })
    }
    const fakes = Layer.mergeAll(
      account.layer,
      Layer.succeed(BlockchainApi, api),
      Layer.succeed(AccountData, AccountData.of(accountData as AccountDataShape))
    )
    return {
      layer: OnrampLive.pipe(Layer.provide(Layer.merge(fakes, preloaded(OnrampLazy, OnrampFlow)))),
      calls,
      log,
      tokens,
      network,
      networks: account.networks,
      connection: account.connection,
      config
    }
  })

export type World = Effect.Success<ReturnType<typeof world>> & { readonly onramp: Onramp["Service"] }

/** Runs `body` with the world's Onramp. */
export const inWorld = <A, E>(options: Options, body: (w: World) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const w = yield* world(options)
    return yield* Effect.gen(function* () {
      const onramp = yield* Onramp
      return yield* body({ ...w, onramp })
    }).pipe(Effect.provide(w.layer))
  })

/** Waits until the Onramp state satisfies `done`, and answers that state. */
export const until = <S extends OnrampState>(
  onramp: Onramp["Service"],
  done: (state: OnrampState) => state is S
) => untilState(onramp.state, done)

/** The state, narrowed to `tag` (a failed assertion otherwise). */
export const stateAs = <T extends OnrampState["_tag"]>(onramp: Onramp["Service"], tag: T) =>
  stateTagged(onramp.state, tag)
