import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type {
  ConnectorNotConnectedError,
  GasPriceNetworkUnsupportedError,
  ReviewChangedError,
  SwapFailedError,
  SwapNetworkUnsupportedError,
  TransactionWaitTimeoutError
} from "../errors"
import type { CaipNetwork } from "../schemas/Network"
import type { ProviderApiError } from "./ProviderApi"
import type { PreviewChange, RequestError } from "./RpcRouter"
import type { AmountProblem, ReviewBinding } from "./Send"

/** A token the visitor can swap from or to, with what the account holds of it (0 when none). */
export interface SwapToken {
  /** The token's CAIP-10 address as the API names it (native: `…:0xeeee…`). */
  readonly caip: string
  readonly native: boolean
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  readonly balance: bigint
  /** USD per whole token; 0 when unknown. */
  readonly price: number
  readonly logoUri: string | undefined
}

/** What keeps the form from a quote or a review; `expired`: the reviewed quote outlived its lifetime. */
export type SwapProblem = AmountProblem | "same-token" | "no-target" | "slippage" | "expired"

/**
 * How much of the sold token the swap's contract may spend: exactly the amount in (the default), or without
 * limit, which the visitor chooses in the review, labelled as such.
 */
export type ApprovalChoice = "exact" | "unlimited"

/** What the visitor chose: tokens by CAIP-10 address, an amount of `from`, a slippage tolerance in percent. */
export interface SwapDraft {
  readonly from: string
  readonly to: string | undefined
  readonly amount: string
  readonly slippage: string
  /** The approval's allowance when one is needed; absent: `exact`. */
  readonly approval?: ApprovalChoice | undefined
}

/** A quote as the pool's formula gives it, with the figures the view shows. */
export interface SwapQuote {
  readonly from: SwapToken
  readonly to: SwapToken
  readonly fromAmount: bigint
  readonly toAmount: bigint
  /** `toAmount` less the slippage tolerance: what the swap yields at the least. */
  readonly minimumReceived: bigint
  /** How many `to` one `from` buys. */
  readonly rate: string
  /** Gas price (wei) the quote was asked at. */
  readonly gasPrice: bigint
}

export type QuoteError = SwapFailedError | GasPriceNetworkUnsupportedError | ProviderApiError

export type QuoteState =
  | { readonly _tag: "None" }
  | { readonly _tag: "Quoting" }
  | { readonly _tag: "Quoted"; readonly quote: SwapQuote }
  | { readonly _tag: "NoQuote"; readonly error: QuoteError }

/** A transaction the swap sends, as the wallet gets it. */
export interface SwapTransaction {
  readonly from: string
  readonly to: string
  readonly data: `0x${string}`
  readonly value: string
  readonly gas: string
}

/** What confirming does: the approval when the allowance is short, then the swap, and what both cost. */
export interface SwapPlan {
  readonly quote: SwapQuote
  /**
   * Present when the swap may not yet spend `quote.from`: the allowance is below the amount. It allows
   * the swap's contract what `approves` says, the visitor's choice: exactly the amount in, or unlimited.
   */
  readonly approval: SwapTransaction | undefined
  /** What `approval` allows, when there is one. */
  readonly approves: ApprovalChoice | undefined
  readonly swap: SwapTransaction
  /**
   * The account's balance changes when the chain simulated the approval and the swap from it, in order:
   * the amount in leaving and at least the minimum received arriving (the plan exists only then).
   */
  readonly changes: ReadonlyArray<PreviewChange>
  /** Both transactions' network fee at their gas limits, in wei, and in USD when the coin's price is known. */
  readonly fee: { readonly amount: bigint; readonly usd: number | undefined }
  readonly nativeSymbol: string
  readonly nativeDecimals: number
  readonly slippage: string
  /** When it was prepared (the clock's milliseconds): a plan older than its lifetime is quoted again. */
  readonly preparedAt: number
}

export type SwapError =
  | RequestError
  | SwapFailedError
  | TransactionWaitTimeoutError
  | GasPriceNetworkUnsupportedError
  | ProviderApiError

interface Form {
  readonly draft: SwapDraft
  readonly tokens: ReadonlyArray<SwapToken>
  /**
   * The EVM account and network the form was opened for (its tokens are that network's): its quotes,
   * review and transactions are for these, and confirming sends only while they are the active ones.
   */
  readonly binding: ReviewBinding
}

export type SwapState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Loading" }
  /**
   * Swaps are not offered here: no account is connected, the namespace or network is outside the list, or
   * its tokens could not be listed.
   */
  | {
      readonly _tag: "Unavailable"
      readonly error: ConnectorNotConnectedError | SwapNetworkUnsupportedError | ProviderApiError
      /** It opened again here because the review's network or account was no longer active. */
      readonly reviewChanged?: ReviewChangedError | undefined
    }
  | (Form & {
      readonly _tag: "Editing"
      readonly quote: QuoteState
      readonly problem?: SwapProblem | undefined
      /** The form opened again because the review's network or account was no longer active. */
      readonly reviewChanged?: ReviewChangedError | undefined
    })
  | (Form & {
      readonly _tag: "Preparing"
      readonly quote: QuoteState
      /**
       * The reviewed plan being made again for another approval choice: the review stays on screen,
       * pending, until the new plan replaces it (no form in between).
       */
      readonly replacing?: SwapPlan | undefined
    })
  | (Form & { readonly _tag: "Preview"; readonly plan: SwapPlan })
  /** The approval is with the wallet (`hash` absent) or being mined. */
  | (Form & { readonly _tag: "Approving"; readonly plan: SwapPlan; readonly hash?: string | undefined })
  | (Form & { readonly _tag: "Swapping"; readonly plan: SwapPlan; readonly hash?: string | undefined })
  /** `network`: the one it was swapped on, whose explorer shows `hash`. */
  | {
      readonly _tag: "Swapped"
      readonly plan: SwapPlan
      readonly hash: string
      readonly network: CaipNetwork
    }
  | (Form & { readonly _tag: "Failed"; readonly plan: SwapPlan; readonly error: SwapError })

export interface SwapShape {
  readonly state: SubscriptionRef.SubscriptionRef<SwapState>
  /** A new swap on the active network: its swappable tokens with the account's balances, native first. */
  readonly start: Effect.Effect<void>
  /** Changes the form; a changed pair or amount is quoted again once the typing pauses. */
  readonly edit: (change: Partial<SwapDraft>) => Effect.Effect<void>
  /** Swaps `from` and `to`. */
  readonly flip: Effect.Effect<void>
  /**
   * Checks the allowance, builds the approval when needed and the swap, checks both (the calls, then their
   * simulation from the account), and prices them for the preview; a check that fails lands on the form
   * with its `SwapFailedError` and nothing for the wallet.
   */
  readonly review: Effect.Effect<void>
  /**
   * Sends the approval (waiting for it to be mined) and then the swap, through the wallet, each only while
   * the account and network the form was opened for are the active ones (else the form opens again on
   * what is active, `reviewChanged` saying what changed).
   */
  readonly confirm: Effect.Effect<void>
  /** From the preview or a failure back to the form. */
  readonly back: Effect.Effect<void>
  /**
   * From the preview (or a failure) whose plan needs an approval: the plan made again with the approval
   * for `choice` (checked and simulated anew, as every plan is); nothing when it already allows that.
   */
  readonly chooseApproval: (choice: ApprovalChoice) => Effect.Effect<void>
}

/**
 * Swapping tokens from the Account view (`features.swaps`, SPEC.md §9): the form, the quote, the approval
 * and the swap, the one owner of what the Swap view shows.
 *
 * @since 0.3.0
 * @category tags
 */
export class Swap extends Context.Service<Swap, SwapShape>()("@airlock/Swap") {}
