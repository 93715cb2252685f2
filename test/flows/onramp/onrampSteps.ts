/**
 * The steps the Buy flow's tests take: editing the form and letting the typing pause pass, the form's quote
 * or error, a quoted form and the provider's page opened from it, in a world run with `withOnramp`.
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ProviderRequestError } from "../../../src/errors"
import { BUY_QUOTE_DELAY_MS } from "../../../src/layers/flows/onramp/Onramp.lazy"
import type { BuyDraft, BuyQuote, OnrampState } from "../../../src/services/Onramp"
import { flowTagged } from "../../kit/flowWorld"
import { editAndSettle, tagged } from "../formSteps"
import { inWorld, type Options, type World } from "./onrampWorld"

export type Editing = Extract<OnrampState, { _tag: "Editing" }>
type Onramp = World["onramp"]

export const failed = new ProviderRequestError({ reason: "status", status: 500, endpoint: "v1/onramp/quote" })

/** The form once its quote (or problem) landed: not Quoting any more. */
export const settled = (state: OnrampState): state is Editing =>
  state._tag === "Editing" && state.quote._tag !== "Quoting"

/** Edits the form and lets the typing pause pass; answers the form once its quote landed. */
export const editAndWait = (onramp: Onramp, change: Partial<BuyDraft>) =>
  editAndSettle(onramp, change, BUY_QUOTE_DELAY_MS, settled)

export const withOnramp = (options: Options, body: (w: World) => Effect.Effect<void>) =>
  inWorld(options, body)

/** Starts the flow and edits `change`; `check` looks at the form, which shows no quote: none was asked. */
export const unquoted = (change: Partial<BuyDraft>, check: (form: Editing) => void) =>
  withOnramp({}, (w) =>
    Effect.gen(function* () {
      yield* w.onramp.start
      const form = yield* editAndWait(w.onramp, change)
      check(form)
      assert.deepStrictEqual(form.quote, { _tag: "None" })
      assert.deepStrictEqual(w.calls.quotes, [])
    })
  )

export const quoteOf = (quote: BuyQuote) => tagged(quote, "Quoted").quote
export const noQuoteOf = (quote: BuyQuote) => tagged(quote, "NoQuote").error

export const COMPLETE: Partial<BuyDraft> = { country: "US", amount: "50" }

/** Starts and quotes a complete form. */
export const quoted = (onramp: Onramp) =>
  Effect.gen(function* () {
    yield* onramp.start
    const form = yield* editAndWait(onramp, COMPLETE)
    quoteOf(form.quote)
    return form
  })

/** Starts, quotes and proceeds (as the click that opens the provider's page does). */
export const opened = (onramp: Onramp) =>
  Effect.gen(function* () {
    yield* quoted(onramp)
    yield* onramp.proceed
    return yield* flowTagged(onramp, "Opened")
  })
