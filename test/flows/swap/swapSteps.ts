/**
 * The steps the Swap tests take through the flow: quoting the form once the typing pause passed, reviewing,
 * and running a test in a world on the sandbox chain's swap list.
 */
import * as Effect from "effect/Effect"
import { QUOTE_DELAY_MS } from "../../../src/layers/flows/swap/Swap.lazy"
import type { QuoteState, SwapDraft, SwapState } from "../../../src/services/Swap"
import { flowTagged } from "../../kit/flowWorld"
import { editAndSettle, tagged } from "../formSteps"
import { CHAIN, inWorld, type Options, type World } from "./swapWorld"

export const SWAP_NETWORKS = { swapNetworks: [CHAIN] }

export type Editing = Extract<SwapState, { _tag: "Editing" }>
type Swap = World["swap"]

/** The form once its quote (or problem) landed: not Quoting any more. */
export const settled = (state: SwapState): state is Editing =>
  state._tag === "Editing" && state.quote._tag !== "Quoting"

/** Edits the form and lets the typing pause pass; answers the form once its quote landed. */
export const editAndWait = (swap: Swap, change: Partial<SwapDraft>) =>
  editAndSettle(swap, change, QUOTE_DELAY_MS, settled)

export const quoteOf = (quote: QuoteState) => tagged(quote, "Quoted").quote
export const noQuoteOf = (quote: QuoteState) => tagged(quote, "NoQuote").error

/** Starts the swap and quotes `change`. */
export const startQuoted = (swap: Swap, change: Partial<SwapDraft>) =>
  Effect.gen(function* () {
    yield* swap.start
    return yield* editAndWait(swap, change)
  })

/** Starts, quotes `change` and reviews it: the Preview. */
export const reviewed = (swap: Swap, change: Partial<SwapDraft>) =>
  Effect.gen(function* () {
    const form = yield* startQuoted(swap, change)
    quoteOf(form.quote)
    yield* swap.review
    return yield* flowTagged(swap, "Preview")
  })

/** Runs `body` in a world where the sandbox chain is on the swap list. */
export const withSwap = (options: Options, body: (w: World) => Effect.Effect<void>) =>
  inWorld({ ...SWAP_NETWORKS, ...options }, body)
