/**
 * The Buy flow, loaded with its first use, on the form-flow machine: the options (the API's, else the fallback limits of SPEC.md
 * §9), the form checked by `onrampForm`'s rules and quoted once the typing pauses, the provider's page
 * from the API's URL generator (opened only if the link rules allow it), then the account watched until
 * the bought crypto arrives, which also puts the purchase in Activity. Buy signs and sends nothing: the
 * form is bound to the account and network it opened for (its options are that network's), and the page
 * is asked for that address on that network only while they are the active ones.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ProviderRequestError, type ReviewChangedError } from "../../../errors"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { safeWebUrl } from "../../../schemas/ThirdPartyText"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import type { BuyDraft, BuyOptions, OnrampShape, OnrampState } from "../../../services/Onramp"
import type { ReviewBinding } from "../../../services/Send"
import { formatUnits } from "../../format/format"
import { type Editing, makeFormFlow } from "../formFlow"
import { sendableTokens } from "../send/sendForm"
import { checkFiatAmount, fallbackFiat, limitsOf, ONRAMP_PROVIDERS, purchasableOn } from "./onrampForm"

/** How long typing must pause before the form is quoted. */
export const BUY_QUOTE_DELAY_MS = 400
/** How often the account is read again while a purchase is awaited, and for how long at most. */
export const ARRIVAL_POLL_MS = 5000
export const ARRIVAL_WAIT_MS = 15 * 60_000

/** A crypto sold on the account's network, and the provider's name for that network. */
type Purchasable = BuyOptions["crypto"][number]

export const makeOnramp = (state: SubscriptionRef.SubscriptionRef<OnrampState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData

    /** What the account holds of `contract` (empty: the native coin) on `chainId`, in base units. */
    const holding = (chainId: CaipNetworkId, contract: string) =>
      Effect.map(SubscriptionRef.get(accountData.tokens), (tokens) => {
        const held = tokens._tag === "Ready" ? sendableTokens(tokens.value, chainId) : []
        const token = held.find((t) =>
          contract === "" ? t.key === "native" : t.key.toLowerCase() === contract.toLowerCase()
        )
        return { balance: token?.balance ?? 0n, decimals: token?.decimals }
      })

    /** The form's problem, or the quote request it makes. */
    const checked = (draft: BuyDraft, options: BuyOptions) => {
      const fiat = options.fiat.find((f) => f.id === draft.fiat)
      const amount = checkFiatAmount(draft.amount, limitsOf(fiat), draft.method)
      const crypto = options.crypto.find((c) => c.currency.id === draft.crypto)
      if (!amount.ok)
        return {
          problem: amount.problem,
          limit: amount.problem === "below-min" || amount.problem === "above-max" ? amount.limit : undefined
        } as const
      if (crypto === undefined) return { problem: "crypto" } as const
      if (options.countries.length > 0 && draft.country === undefined) return { problem: "country" } as const
      return { crypto, amount: amount.amount } as const
    }

    /** The form's problem once typing paused, or its quote. */
    const quoteForm = ({ draft, options }: Editing<OnrampState>) =>
      Effect.gen(function* () {
        const form = checked(draft, options)
        if (form.problem !== undefined)
          return (now: Editing<OnrampState>): Editing<OnrampState> => ({
            ...now,
            quote: { _tag: "None" },
            // An empty amount is not a mistake yet.
            problem: form.problem === "empty" ? undefined : form.problem,
            limit: "limit" in form ? form.limit : undefined
          })
        const quote = yield* Effect.result(
          api.onrampQuote({
            purchaseCurrency: form.crypto.currency.id,
            paymentCurrency: draft.fiat,
            amount: form.amount.toFixed(2),
            network: form.crypto.network,
            country: draft.country,
            paymentMethod: draft.method
          })
        )
        return (now: Editing<OnrampState>): Editing<OnrampState> => ({
          ...now,
          quote:
            quote._tag === "Success"
              ? { _tag: "Quoted", quote: quote.success }
              : { _tag: "NoQuote", error: quote.failure }
        })
      })

    /** A new form for the active account and network, or that nothing is sold there. */
    const opened: Effect.Effect<OnrampState> = Effect.gen(function* () {
      const owner = yield* flow.active
      // No account on a configured network: nothing can be bought to it.
      if (owner === undefined) return { _tag: "Unavailable" }
      yield* SubscriptionRef.set(state, { _tag: "Loading" })
      const loaded = yield* Effect.option(api.onrampOptions)
      const reference = owner.network.caipNetworkId.slice(owner.network.caipNetworkId.indexOf(":") + 1)
      const crypto = Option.isSome(loaded) ? purchasableOn(loaded.value.crypto, reference) : []
      if (crypto.length === 0) return { _tag: "Unavailable" }
      const options: BuyOptions = {
        providers: ONRAMP_PROVIDERS.filter((p) => p.namespaces.includes(owner.network.chainNamespace)),
        fiat: Option.isSome(loaded) && loaded.value.fiat.length > 0 ? loaded.value.fiat : fallbackFiat,
        crypto,
        countries: Option.isSome(loaded) ? loaded.value.countries : [],
        fallback: Option.isNone(loaded) || loaded.value.fiat.length === 0
      }
      return {
        _tag: "Editing",
        draft: {
          provider: options.providers[0]?.id ?? "",
          country: undefined,
          fiat: options.fiat[0]?.id ?? "USD",
          method: limitsOf(options.fiat[0])[0]?.method ?? "card",
          amount: "",
          crypto: crypto[0]?.currency.id
        },
        options,
        binding: owner,
        quote: { _tag: "None" }
      } satisfies OnrampState
    })

    /** The flow opened again on what is active after `reviewChanged`, which it names. */
    const reopened = (reviewChanged: ReviewChangedError): Effect.Effect<OnrampState> =>
      Effect.map(opened, (next) =>
        next._tag === "Editing" || next._tag === "Unavailable" ? { ...next, reviewChanged } : next
      )

    const flow = yield* makeFormFlow<OnrampState, BuyDraft>(state, {
      draftOf: (editing) => editing.draft,
      edited: (editing, draft) => ({
        ...editing,
        draft,
        quote: { _tag: "Quoting" },
        problem: undefined,
        limit: undefined,
        reviewChanged: undefined
      }),
      quote: { pauseMs: BUY_QUOTE_DELAY_MS, run: quoteForm },
      binding: {
        of: (current) => ("binding" in current ? current.binding : undefined),
        // The options are the network's: the form opens again on what is active.
        changed: (_, change) => reopened(change)
      }
    })

    const start: OnrampShape["start"] = flow.start(opened)

    const edit: OnrampShape["edit"] = (change) => flow.edit((draft) => ({ ...draft, ...change }))

    /** Reads the account again until it holds more of the bought crypto than `before`, or gives up. */
    const awaitArrival = (chainId: CaipNetworkId, contract: string, symbol: string, before: bigint) =>
      Effect.gen(function* () {
        for (let waited = 0; waited < ARRIVAL_WAIT_MS; waited += ARRIVAL_POLL_MS) {
          yield* Effect.sleep(ARRIVAL_POLL_MS)
          yield* accountData.refresh
          const now = yield* holding(chainId, contract)
          if (now.balance > before && now.decimals !== undefined) {
            const amount = formatUnits(now.balance - before, now.decimals)
            return yield* SubscriptionRef.update(
              state,
              (current): OnrampState =>
                current._tag === "Opened" ? { _tag: "Arrived", symbol, amount } : current
            )
          }
        }
      })

    /** The provider's page for the checked form, with what the account held before; or the API's error. */
    const page = (owner: ReviewBinding, draft: BuyDraft, crypto: Purchasable, amount: number) =>
      Effect.gen(function* () {
        const chainId = owner.network.caipNetworkId
        const contract =
          crypto.currency.networks.find((n) => n.name === crypto.network)?.contract_address ?? ""
        const before = yield* holding(chainId, contract)
        const url = yield* api
          .onrampUrl({
            address: owner.address,
            blockchains: [crypto.network],
            assets: [crypto.currency.id],
            partnerUserId: owner.address,
            presetFiatAmount: amount,
            country: draft.country,
            paymentCurrency: draft.fiat,
            paymentMethod: draft.method
          })
          .pipe(
            // The link rules: https, or http to the visitor's own machine; anything else is not opened.
            Effect.filterOrFail(
              (link) => safeWebUrl(link) !== undefined,
              () =>
                new ProviderRequestError({ reason: "malformed-body", endpoint: "/v1/generators/onrampurl" })
            )
          )
        const symbol = crypto.currency.symbol ?? crypto.currency.id
        return { url, symbol, arrival: awaitArrival(chainId, contract, symbol, before.balance) }
      })

    const proceed: OnrampShape["proceed"] = Effect.gen(function* () {
      const landed = yield* flow.review({
        begin: (current) => {
          if (current._tag !== "Editing" || current.quote._tag !== "Quoted") return undefined
          const { draft, options, binding } = current
          const form = checked(draft, options)
          if (form.problem !== undefined) return undefined
          const quote = current.quote.quote
          return {
            working: { _tag: "Opening", draft, options, binding, quote },
            input: { draft, options, binding, quote, form }
          }
        },
        work: ({ draft, binding, form }, _show, bound) =>
          Effect.andThen(bound, page(binding, draft, form.crypto, form.amount)),
        // Only while the page is still awaited: a visitor who went back keeps the form.
        land: (outcome, { draft, options, binding, quote }): OnrampState =>
          outcome._tag === "Failure"
            ? { _tag: "Editing", draft, options, binding, quote: { _tag: "NoQuote", error: outcome.failure } }
            : {
                _tag: "Opened",
                draft,
                options,
                binding,
                quote,
                url: outcome.success.url,
                symbol: outcome.success.symbol
              }
      })
      if (landed?.outcome._tag === "Success") yield* flow.watch(landed.outcome.success.arrival)
    })

    const back: OnrampShape["back"] = flow.back((current) =>
      current._tag === "Opened" || current._tag === "Opening"
        ? {
            _tag: "Editing",
            draft: current.draft,
            options: current.options,
            binding: current.binding,
            quote: { _tag: "Quoting" }
          }
        : undefined
    )

    return { start, edit, proceed, back }
  })
