/**
 * The USD prices the Swap view shows beside the amounts it quotes, from the provider's `fungible/price`
 * (FACTS.md §1.5): asked for the two tokens of a quote beside the quote itself, kept per token for a short
 * time (FACTS.md §5: 15 s), for a bounded number of tokens. A lookup that fails or does not answer in time
 * only leaves the amounts without their value; it never holds a quote, a review or a swap back.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { BlockchainApiShape } from "../../../services/BlockchainApi"
import type { SwapQuote, SwapState, SwapToken } from "../../../services/Swap"

/** How long a token's price is shown without asking again (FACTS.md §5's `tokenPrice`). */
export const PRICE_LIFETIME_MS = 15_000
/** The most tokens the book keeps a price of; the oldest price leaves first. */
export const MAX_PRICED_TOKENS = 64
/** How long a lookup may take; a later answer is not waited for. */
export const PRICE_LOOKUP_TIMEOUT = "5 seconds"

/** USD per whole token, by CAIP-10 address (lower-cased). */
export type Prices = ReadonlyMap<string, number>

const keyOf = (caip: string): string => caip.toLowerCase()

interface Priced {
  readonly price: number
  /** When the API answered it (the clock's milliseconds). */
  readonly at: number
}

export interface PriceBook {
  /** Every price still fresh. */
  readonly known: Effect.Effect<Prices>
  /**
   * Fresh prices of `caips` (and every other fresh one): the book's, and the API's for the rest, asked in
   * one request. A failed or late answer adds nothing.
   */
  readonly lookup: (caips: ReadonlyArray<string>) => Effect.Effect<Prices>
}

const freshOf = (book: ReadonlyMap<string, Priced>, now: number): Map<string, number> => {
  const fresh = new Map<string, number>()
  for (const [key, { price, at }] of book) if (now - at < PRICE_LIFETIME_MS) fresh.set(key, price)
  return fresh
}

/** `book` with `answered` added at `now`: stale prices leave first, then the oldest, down to the bound. */
const added = (
  book: ReadonlyMap<string, Priced>,
  answered: ReadonlyArray<readonly [string, number]>,
  now: number
): ReadonlyMap<string, Priced> => {
  const next = new Map([...book].filter(([, { at }]) => now - at < PRICE_LIFETIME_MS))
  for (const [key, price] of answered) {
    next.delete(key)
    next.set(key, { price, at: now })
  }
  // A Map keeps insertion order: the first keys are the oldest answers.
  for (const key of [...next.keys()].slice(0, Math.max(0, next.size - MAX_PRICED_TOKENS))) next.delete(key)
  return next
}

export const makePriceBook = (api: Pick<BlockchainApiShape, "fungiblePrices">): Effect.Effect<PriceBook> =>
  Effect.map(Ref.make<ReadonlyMap<string, Priced>>(new Map()), (book) => {
    const known = Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(Ref.get(book), (held) => freshOf(held, now))
    )
    const lookup = (caips: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const fresh = yield* known
        const asked = [...new Set(caips.map(keyOf))].filter((key) => !fresh.has(key))
        if (asked.length === 0) return fresh
        // The API client asks for at most its bound (MAX_FUNGIBLE_PRICES); a quote asks for two.
        const answer = yield* api
          .fungiblePrices(asked)
          .pipe(Effect.timeoutOption(PRICE_LOOKUP_TIMEOUT), Effect.result)
        if (answer._tag === "Failure" || Option.isNone(answer.success)) {
          yield* Effect.logDebug("swap prices: no answer", answer)
          return fresh
        }
        const wanted = new Set(asked)
        // Only what was asked, each once: an answer cannot price another token.
        const answered = new Map(
          answer.success.value.items.flatMap((item) =>
            wanted.has(keyOf(item.address)) ? [[keyOf(item.address), item.price] as const] : []
          )
        )
        const now = yield* Clock.currentTimeMillis
        yield* Ref.update(book, (held) => added(held, [...answered], now))
        return new Map([...fresh, ...answered])
      })
    return { known, lookup }
  })

const pricedToken =
  (prices: Prices) =>
  (token: SwapToken): SwapToken => {
    const price = prices.get(keyOf(token.caip))
    return price === undefined || price === token.price ? token : { ...token, price }
  }

const pricedQuote = (quote: SwapQuote, prices: Prices): SwapQuote => ({
  ...quote,
  from: pricedToken(prices)(quote.from),
  to: pricedToken(prices)(quote.to)
})

type Editing = Extract<SwapState, { readonly _tag: "Editing" }>

/** The form with `prices` on its tokens and its quote (the review is made from these). */
export const pricedForm = (form: Editing, prices: Prices): Editing =>
  prices.size === 0
    ? form
    : {
        ...form,
        tokens: form.tokens.map(pricedToken(prices)),
        quote:
          form.quote._tag === "Quoted"
            ? { _tag: "Quoted", quote: pricedQuote(form.quote.quote, prices) }
            : form.quote
      }

/**
 * `state` with `prices` on it when it is the form. Any other state is left alone: a review being prepared
 * lands only on the very state it showed, and confirming only from the very preview it read, so a price
 * arriving must not replace those (it would undo the visitor's click).
 */
export const withPrices = (state: SwapState, prices: Prices): SwapState =>
  state._tag === "Editing" ? pricedForm(state, prices) : state
