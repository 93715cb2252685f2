/**
 * The Buy flow, loaded with its first use: the options (the API's, else the fallback limits of SPEC.md
 * §9), the form checked by `onrampForm`'s rules and quoted once the typing pauses, the provider's page
 * from the API's URL generator (opened only if the link rules allow it), then the account watched until
 * the bought crypto arrives, which also puts the purchase in Activity.
 */
import * as Effect from "effect/Effect"
import * as FiberHandle from "effect/FiberHandle"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { ProviderRequestError } from "../../../errors"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { safeWebUrl } from "../../../schemas/ThirdPartyText"
import { AccountData } from "../../../services/AccountData"
import { BlockchainApi } from "../../../services/BlockchainApi"
import { Connection } from "../../../services/Connection"
import { Networks } from "../../../services/Networks"
import type { BuyDraft, BuyOptions, OnrampShape, OnrampState } from "../../../services/Onramp"
import { formatUnits } from "../../account/format"
import { sendableTokens } from "../send/sendForm"
import { checkFiatAmount, fallbackFiat, limitsOf, ONRAMP_PROVIDERS, purchasableOn } from "./onrampForm"

/** How long typing must pause before the form is quoted. */
export const BUY_QUOTE_DELAY_MS = 400
/** How often the account is read again while a purchase is awaited, and for how long at most. */
export const ARRIVAL_POLL_MS = 5000
export const ARRIVAL_WAIT_MS = 15 * 60_000

const sameDraft = (a: BuyDraft, b: BuyDraft) =>
  a.provider === b.provider &&
  a.country === b.country &&
  a.fiat === b.fiat &&
  a.method === b.method &&
  a.amount === b.amount &&
  a.crypto === b.crypto

export const makeOnramp = (state: SubscriptionRef.SubscriptionRef<OnrampState>) =>
  Effect.gen(function* () {
    const api = yield* BlockchainApi
    const accountData = yield* AccountData
    const connection = yield* Connection
    const networks = yield* Networks
    const quoting = yield* FiberHandle.make<void, never>()
    const watching = yield* FiberHandle.make<void, never>()

    /** The connected account of the active namespace and its network, when the host configured it. */
    const account = Effect.gen(function* () {
      const { activeNamespace, active } = yield* SubscriptionRef.get(networks.state)
      const connected = (yield* SubscriptionRef.get(connection.state)).namespaces[activeNamespace]
      const network = active[activeNamespace]
      if (connected?.status !== "connected" || network?._tag !== "Known") return undefined
      return { address: connected.address, network: network.network }
    })

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

    const requote = (delayMs: number) =>
      FiberHandle.run(
        quoting,
        Effect.gen(function* () {
          yield* Effect.sleep(delayMs)
          const current = yield* SubscriptionRef.get(state)
          if (current._tag !== "Editing") return
          const { draft, options } = current
          const form = checked(draft, options)
          const settle = (next: Partial<Extract<OnrampState, { _tag: "Editing" }>>) =>
            SubscriptionRef.update(
              state,
              (now): OnrampState =>
                now._tag === "Editing" && sameDraft(now.draft, draft) ? { ...now, ...next } : now
            )
          if (form.problem !== undefined)
            // An empty amount is not a mistake yet.
            return yield* settle({
              quote: { _tag: "None" },
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
          yield* settle({
            quote:
              quote._tag === "Success"
                ? { _tag: "Quoted", quote: quote.success }
                : { _tag: "NoQuote", error: quote.failure }
          })
        })
      ).pipe(Effect.asVoid)

    const start: OnrampShape["start"] = Effect.gen(function* () {
      yield* FiberHandle.clear(watching)
      yield* FiberHandle.clear(quoting)
      const owner = yield* account
      // No account on a configured network: nothing can be bought to it.
      if (owner === undefined) return yield* SubscriptionRef.set(state, { _tag: "Unavailable" })
      yield* SubscriptionRef.set(state, { _tag: "Loading" })
      const loaded = yield* Effect.option(api.onrampOptions)
      const reference = owner.network.caipNetworkId.slice(owner.network.caipNetworkId.indexOf(":") + 1)
      const crypto = Option.isSome(loaded) ? purchasableOn(loaded.value.crypto, reference) : []
      if (crypto.length === 0) return yield* SubscriptionRef.set(state, { _tag: "Unavailable" })
      const options: BuyOptions = {
        providers: ONRAMP_PROVIDERS.filter((p) => p.namespaces.includes(owner.network.chainNamespace)),
        fiat: Option.isSome(loaded) && loaded.value.fiat.length > 0 ? loaded.value.fiat : fallbackFiat,
        crypto,
        countries: Option.isSome(loaded) ? loaded.value.countries : [],
        fallback: Option.isNone(loaded) || loaded.value.fiat.length === 0
      }
      yield* SubscriptionRef.set(state, {
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
        quote: { _tag: "None" }
      })
    })

    const edit: OnrampShape["edit"] = (change) =>
      Effect.gen(function* () {
        const current = yield* SubscriptionRef.get(state)
        if (current._tag !== "Editing") return
        const draft = { ...current.draft, ...change }
        if (sameDraft(draft, current.draft)) return
        yield* SubscriptionRef.set(state, {
          ...current,
          draft,
          quote: { _tag: "Quoting" },
          problem: undefined,
          limit: undefined
        })
        yield* requote(BUY_QUOTE_DELAY_MS)
      })

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

    const proceed: OnrampShape["proceed"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      const owner = yield* account
      if (current._tag !== "Editing" || current.quote._tag !== "Quoted" || owner === undefined) return
      const { draft, options } = current
      const form = checked(draft, options)
      if (form.problem !== undefined) return
      const quote = current.quote.quote
      yield* SubscriptionRef.set(state, { _tag: "Opening", draft, options, quote })
      const chainId = owner.network.caipNetworkId
      const contract = form.crypto.currency.networks.find(
        (n) => n.name === form.crypto.network
      )?.contract_address
      const before = yield* holding(chainId, contract ?? "")
      const url = yield* Effect.result(
        api
          .onrampUrl({
            address: owner.address,
            blockchains: [form.crypto.network],
            assets: [form.crypto.currency.id],
            partnerUserId: owner.address,
            presetFiatAmount: form.amount,
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
      )
      const symbol = form.crypto.currency.symbol ?? form.crypto.currency.id
      // Only while the page is still awaited: a visitor who went back keeps the form.
      const opened = yield* SubscriptionRef.modify(state, (now): readonly [boolean, OnrampState] =>
        now._tag !== "Opening"
          ? [false, now]
          : url._tag === "Failure"
            ? [false, { _tag: "Editing", draft, options, quote: { _tag: "NoQuote", error: url.failure } }]
            : [true, { _tag: "Opened", draft, options, quote, url: url.success, symbol }]
      )
      if (opened)
        yield* FiberHandle.run(watching, awaitArrival(chainId, contract ?? "", symbol, before.balance))
    })

    const back: OnrampShape["back"] = Effect.gen(function* () {
      const current = yield* SubscriptionRef.get(state)
      if (current._tag !== "Opened" && current._tag !== "Opening") return
      yield* FiberHandle.clear(watching)
      yield* SubscriptionRef.set(state, {
        _tag: "Editing",
        draft: current.draft,
        options: current.options,
        quote: { _tag: "Quoting" }
      })
      yield* requote(0)
    })

    return { start, edit, proceed, back }
  })
