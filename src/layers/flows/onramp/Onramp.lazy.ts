/**
 * The Buy flow, loaded with its first use, on the form-flow machine: the options (the API's, else the
 * fallback limits of SPEC.md §9), the form checked by `onrampForm`'s rules and quoted once the typing
 * pauses, together with the provider's page from the API's URL generator (allowed by the link rules, and
 * opened by the visitor's own click on Continue), then the account watched until the bought crypto
 * arrives, which also puts the purchase in Activity. Buy signs and sends nothing: the form is bound to the
 * account and network it opened for (its options are that network's), and the page is asked for that
 * address on that network, and kept, only while they are the active ones.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ProviderRequestError, type ReviewChangedError } from "../../../errors"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { safeWebUrl } from "../../../schemas/ThirdPartyText"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { Networks } from "../../../services/Networks"
import type { BuyDraft, BuyOptions, BuyPage, OnrampShape, OnrampState } from "../../../services/Onramp"
import type { ReviewBinding } from "../../../services/Send"
import { formatUnits } from "../../format/format"
import { type Editing, makeFormFlow } from "../formFlow"
import { bindingChange } from "../reviewBinding"
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
    const connection = yield* Connection
    const networks = yield* Networks

    /** Whether `binding`'s namespace, network and account are the active ones now. */
    const isActive = (binding: ReviewBinding) =>
      Effect.map(
        Effect.all([SubscriptionRef.get(networks.state), SubscriptionRef.get(connection.state)]),
        ([networksNow, connectionNow]) => bindingChange(binding, networksNow, connectionNow) === undefined
      )

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

    /** The provider's page for the checked form, from the API's generator and allowed by the link rules. */
    const pageFor = (owner: ReviewBinding, draft: BuyDraft, crypto: Purchasable, amount: number) =>
      api
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
            () => new ProviderRequestError({ reason: "malformed-body", endpoint: "/v1/generators/onrampurl" })
          ),
          Effect.map((url): BuyPage => ({ url, symbol: crypto.currency.symbol ?? crypto.currency.id }))
        )

    /**
     * The form's problem once typing paused, or its quote and the provider's page with it (so Continue
     * opens the page within the click); the page is asked only while the form's account and network are
     * the active ones.
     */
    const quoteForm = ({ draft, options, binding }: Editing<OnrampState>) =>
      Effect.gen(function* () {
        const form = checked(draft, options)
        if (form.problem !== undefined)
          return (now: Editing<OnrampState>): Editing<OnrampState> => ({
            ...now,
            quote: { _tag: "None" },
            page: undefined,
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
        const page =
          quote._tag === "Success" && (yield* isActive(binding))
            ? yield* Effect.result(pageFor(binding, draft, form.crypto, form.amount))
            : undefined
        return (now: Editing<OnrampState>): Editing<OnrampState> => ({
          ...now,
          quote:
            quote._tag === "Failure"
              ? { _tag: "NoQuote", error: quote.failure }
              : page?._tag === "Failure"
                ? { _tag: "NoQuote", error: page.failure }
                : { _tag: "Quoted", quote: quote.success },
          page: page?._tag === "Success" ? page.success : undefined
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

    // A page asked for an account or network no longer active is never opened: it leaves the form, and
    // Continue opens the form again on what is active (the binding rule), saying what changed.
    yield* flow.follow(
      Stream.zipLatest(
        SubscriptionRef.changes(networks.state),
        SubscriptionRef.changes(connection.state)
      ).pipe(
        Stream.map(
          ([networksNow, connectionNow]) =>
            (editing: Editing<OnrampState>): Editing<OnrampState> =>
              editing.page !== undefined &&
              bindingChange(editing.binding, networksNow, connectionNow) !== undefined
                ? { ...editing, page: undefined }
                : editing
        )
      )
    )

    const start: OnrampShape["start"] = flow.start(opened)

    const edit: OnrampShape["edit"] = (change) => flow.edit((draft) => ({ ...draft, ...change }))

    /**
     * Reads the account again until it holds more of the bought crypto than `before`, or gives up. It asks
     * for the tokens while it waits, the modal shown or not.
     */
    const awaitArrival = (chainId: CaipNetworkId, contract: string, symbol: string, before: bigint) =>
      Effect.scoped(
        Effect.gen(function* () {
          yield* accountData.demand("tokens")
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
      )

    /** The page the click opened, with what the account held before it, and the wait for the purchase. */
    const opening = (owner: ReviewBinding, crypto: Purchasable, symbol: string) =>
      Effect.gen(function* () {
        const chainId = owner.network.caipNetworkId
        const contract =
          crypto.currency.networks.find((n) => n.name === crypto.network)?.contract_address ?? ""
        const before = yield* holding(chainId, contract)
        return awaitArrival(chainId, contract, symbol, before.balance)
      })

    const proceed: OnrampShape["proceed"] = Effect.gen(function* () {
      const landed = yield* flow.review({
        begin: (current) => {
          if (current._tag !== "Editing" || current.quote._tag !== "Quoted") return undefined
          const { draft, options, binding, page } = current
          const form = checked(draft, options)
          if (form.problem !== undefined) return undefined
          const quote = current.quote.quote
          // A form without its page (it left with the account or network it was for) only meets the
          // binding rule, which opens the form again on what is active.
          return {
            working: page === undefined ? current : { _tag: "Opening", draft, options, binding, quote },
            input: { shown: current, form, page, quote }
          }
        },
        work: ({ form, page, shown }, _show, bound) =>
          Effect.andThen(
            bound,
            page === undefined ? Effect.succeed(undefined) : opening(shown.binding, form.crypto, page.symbol)
          ),
        // Only while the page is still awaited: a visitor who went back keeps the form.
        land: (outcome, { shown, page, quote }): OnrampState =>
          outcome._tag === "Success" && outcome.success !== undefined && page !== undefined
            ? {
                _tag: "Opened",
                draft: shown.draft,
                options: shown.options,
                binding: shown.binding,
                quote,
                url: page.url,
                symbol: page.symbol
              }
            : shown
      })
      const arrival = landed?.outcome._tag === "Success" ? landed.outcome.success : undefined
      if (arrival !== undefined) yield* flow.watch(arrival)
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
