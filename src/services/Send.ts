import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { AmountProblem, ReceiverProblem, SendableToken } from "../internal/sendForm"
import type { PreviewSimulation, RequestError } from "./RpcRouter"

/** What the visitor typed. */
export interface SendDraft {
  readonly token: SendableToken["key"]
  readonly amount: string
  readonly receiver: string
}

/** What the send will do, shown before the wallet is asked. */
export interface SendPreview {
  readonly token: SendableToken
  readonly amount: bigint
  readonly receiver: `0x${string}`
  /** The account name the visitor typed, when the receiver was given by name. */
  readonly receiverName?: string | undefined
  readonly transaction: {
    readonly from: string
    readonly to: string
    readonly value?: string
    readonly data?: `0x${string}`
  }
  /** The network fee in the native coin's smallest unit, and in USD when its price is known. */
  readonly fee: { readonly amount: bigint; readonly usd: number | undefined } | undefined
  readonly nativeSymbol: string
  readonly nativeDecimals: number
  /** The call data in words (the decoded token transfer), or "No data". */
  readonly call: string
  /** The sender's balance changes as the chain simulated them (2 s at most), or why there are none. */
  readonly simulation: PreviewSimulation
}

export type SendState =
  | { readonly _tag: "Idle" }
  | {
      readonly _tag: "Editing"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly amountProblem?: AmountProblem | undefined
      readonly receiverProblem?: ReceiverProblem | undefined
    }
  | { readonly _tag: "Reviewing"; readonly draft: SendDraft; readonly tokens: ReadonlyArray<SendableToken> }
  | {
      readonly _tag: "Preview"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
    }
  | {
      readonly _tag: "Sending"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
    }
  | { readonly _tag: "Sent"; readonly hash: string; readonly preview: SendPreview }
  | {
      readonly _tag: "Failed"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
      readonly error: RequestError
    }

export interface SendShape {
  readonly state: SubscriptionRef.SubscriptionRef<SendState>
  /** A new send from the account's balances on the active network, the native coin chosen. */
  readonly start: Effect.Effect<void>
  readonly edit: (change: Partial<SendDraft>) => Effect.Effect<void>
  /** Checks the form, then estimates the fee and simulates the transaction (2 s at most) for the preview. */
  readonly review: Effect.Effect<void>
  /** Asks the wallet to send what the preview shows; tracked to its receipt like every send. */
  readonly confirm: Effect.Effect<void>
  /** From the preview or a failure back to the form. */
  readonly back: Effect.Effect<void>
}

/**
 * Sending the native coin or a token from the Account view (`features.send`): the form, its preview and
 * the request, the one owner of what the Send view shows.
 *
 * @since 0.1.0
 * @category tags
 */
export class Send extends Context.Service<Send, SendShape>()("@airlock/Send") {}
