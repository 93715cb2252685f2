import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { ReviewChangedError } from "../errors"
import type { CryptoCurrency, FiatCurrency, OnrampCountry, OnrampQuote } from "../schemas/FiatOnramp"
import type { ProviderApiError } from "./ProviderApi"
import type { ReviewBinding } from "./Send"

export interface OnrampProvider {
  readonly id: string
  readonly name: string
  /** The fee range shown beside the provider, in percent. */
  readonly fees: string
  readonly namespaces: ReadonlyArray<string>
}

export type FiatAmountProblem = "empty" | "format" | "below-min" | "above-max" | "method"

/** What the visitor chose. `country` stays unset until they pick one: it is never guessed. */
export interface BuyDraft {
  readonly provider: string
  readonly country: string | undefined
  readonly fiat: string
  readonly method: string
  readonly amount: string
  /** The crypto currency's id. */
  readonly crypto: string | undefined
}

/** What can be bought here: the API's options, or the fallback's when they cannot be had. */
export interface BuyOptions {
  readonly providers: ReadonlyArray<OnrampProvider>
  readonly fiat: ReadonlyArray<FiatCurrency>
  /** The crypto sold on the active network, each with the provider's name for that network. */
  readonly crypto: ReadonlyArray<{ readonly currency: CryptoCurrency; readonly network: string }>
  readonly countries: ReadonlyArray<OnrampCountry>
  /** The API's options could not be had: the fallback limits apply. */
  readonly fallback: boolean
}

export type BuyQuote =
  | { readonly _tag: "None" }
  | { readonly _tag: "Quoting" }
  | { readonly _tag: "Quoted"; readonly quote: OnrampQuote }
  | { readonly _tag: "NoQuote"; readonly error: ProviderApiError }

export type BuyProblem = FiatAmountProblem | "country" | "crypto"

/**
 * The provider's page for the quoted form, asked with its quote while the form's account and network were
 * the active ones, and allowed by the link rules: Continue opens it within the visitor's click (a page
 * opened after an `await` is what Safari blocks). Dropped once that account or network is no longer active.
 */
export interface BuyPage {
  readonly url: string
  /** The crypto's symbol, as the purchase is awaited. */
  readonly symbol: string
}

interface Form {
  readonly draft: BuyDraft
  readonly options: BuyOptions
  /**
   * The account and network the form was opened for (its options are that network's): the provider's page
   * is asked for this address on this network, and only while they are the active ones.
   */
  readonly binding: ReviewBinding
}

export type OnrampState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  /** Nothing is sold on the active network; `reviewChanged`: it opened again here after a switch. */
  | { readonly _tag: "Unavailable"; readonly reviewChanged?: ReviewChangedError | undefined }
  | (Form & {
      readonly _tag: "Editing"
      readonly quote: BuyQuote
      readonly problem?: BuyProblem | undefined
      /** The method's limits, named beside a below-minimum or above-maximum amount. */
      readonly limit?: { readonly min: number; readonly max: number } | undefined
      /** The form opened again because the account or network it was for was no longer active. */
      readonly reviewChanged?: ReviewChangedError | undefined
      /** With a `Quoted` quote: the page Continue opens. */
      readonly page?: BuyPage | undefined
    })
  /** The provider's page was opened; what the account holds is being read. */
  | (Form & { readonly _tag: "Opening"; readonly quote: OnrampQuote })
  /**
   * The provider's page was opened (`url` opens it again, should the browser have blocked it); the
   * purchase is awaited on the account.
   */
  | (Form & {
      readonly _tag: "Opened"
      readonly quote: OnrampQuote
      readonly url: string
      readonly symbol: string
    })
  /** The bought crypto arrived: `amount` more than when the page opened, in whole units. */
  | { readonly _tag: "Arrived"; readonly symbol: string; readonly amount: string }

export interface OnrampShape {
  readonly state: SubscriptionRef.SubscriptionRef<OnrampState>
  /** A new purchase to the connected account: the options, the first crypto sold on its network. */
  readonly start: Effect.Effect<void>
  /** Changes the form; a complete form is quoted once the typing pauses. */
  readonly edit: (change: Partial<BuyDraft>) => Effect.Effect<void>
  /**
   * Called as the visitor's click opens the form's `page`: while the form's account and network are the
   * active ones (else the form opens again on what is active), waits for the crypto to arrive.
   */
  readonly proceed: Effect.Effect<void>
  /** Back to the form (and no longer waiting for the purchase). */
  readonly back: Effect.Effect<void>
}

/**
 * Buying crypto with fiat from the Account view (`features.onramp`): the provider, the country, the
 * amount and its quote, the provider's page, and the purchase landing on the account; the one owner of
 * what the Buy view shows.
 *
 * @since 0.3.0
 * @category tags
 */
export class Onramp extends Context.Service<Onramp, OnrampShape>()("@airlock/Onramp") {}
