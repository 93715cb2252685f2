import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type {
  BitcoinError,
  ChainNotConfiguredError,
  ProviderRequestError,
  ReviewChangedError
} from "../errors"
import type { SchemaDecodeError } from "../schemas/decode"
import type { CaipNetwork } from "../schemas/Network"
import type { CaipNetworkId, ChainNamespace } from "../schemas/Primitives"
import type { PreviewSimulation, RequestError } from "./RpcRouter"

/**
 * What a form flow's review (or form) was made for: the active namespace, its network and the account
 * connected on it then. The form-flow machine sends nothing unless all three are still the active ones when
 * the visitor confirms (Send, Swap, Buy and Names alike).
 */
export interface ReviewBinding {
  readonly namespace: ChainNamespace
  readonly network: CaipNetwork
  readonly address: string
}

/** What a Solana send moves, all addresses base58. */
export type SolanaTransfer =
  | { readonly kind: "sol"; readonly from: string; readonly to: string; readonly lamports: bigint }
  | {
      readonly kind: "token"
      readonly from: string
      /** The receiver's wallet address (the owner of `destination`). */
      readonly to: string
      readonly mint: string
      readonly tokenProgram: string
      readonly decimals: number
      readonly amount: bigint
      /** The sender's and the receiver's associated token accounts. */
      readonly source: string
      readonly destination: string
      /** `destination` does not exist yet: the transaction creates it, the sender paying its rent. */
      readonly createsAccount: boolean
    }

/** What a reviewed send's transaction calls, as its review words it. */
export type SendCall =
  | { readonly _tag: "None" }
  | { readonly _tag: "EvmData"; readonly data: string }
  | { readonly _tag: "SolanaTokenTransfer"; readonly mint: string; readonly createsAccount: boolean }
  /** A Bitcoin transfer the modal built: its fee rate (sat/vB) and estimated size (vB). */
  | { readonly _tag: "BitcoinTransfer"; readonly feeRate: number; readonly vsize: number }

/** A token the account can send on the active chain. */
export interface SendableToken {
  /** `native`, or the token's address: an EVM contract (checksummed) or a Solana mint (base58). */
  readonly key: "native" | `0x${string}` | (string & {})
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The balance in the token's smallest unit. */
  readonly balance: bigint
  /** USD per whole token; 0 when unknown. */
  readonly price: number
}

export type AmountProblem =
  | "empty"
  | "format"
  | "zero"
  | "decimals"
  | "over-balance"
  | "over-balance-with-fee"
  | "no-fee-balance"

/**
 * Send's own amount problems beyond the shared ones. `below-reserve` (Solana): the SOL the send leaves
 * would be above nothing but below the rent-exempt minimum of an account, which the chain refuses.
 */
export type SendAmountProblem = AmountProblem | "below-reserve"

/**
 * `unknown-name`: an account name no registry entry gives an address for on this chain. `solana-format`:
 * on Solana, not the base58 of 32 bytes.
 */
export type ReceiverProblem = "empty" | "format" | "checksum" | "unknown-name" | "solana-format"

/** The namespaces Send works on (SPEC.md §9: "send EVM and Solana"; issue 35: and Bitcoin). */
export type SendNamespace = "eip155" | "solana" | "bip122"

/**
 * Why a preview could not be prepared or a send could not be built: the chain's RPC failed ("Network request
 * failed"), answered what does not decode, or the network is not configured.
 */
export type SendPreparationError =
  | ProviderRequestError
  | SchemaDecodeError
  | ChainNotConfiguredError
  /** Bitcoin: below dust, funds short of the amount and fee, or the network's Esplora did not answer. */
  | BitcoinError

/** What the wallet is asked to send, on its namespace. */
export type SendRequest =
  | {
      readonly namespace: "eip155"
      readonly transaction: {
        readonly from: string
        readonly to: string
        readonly value?: string
        readonly data?: `0x${string}`
      }
    }
  /** Built into a wire transaction on a fresh blockhash when the visitor confirms. */
  | { readonly namespace: "solana"; readonly network: CaipNetworkId; readonly transfer: SolanaTransfer }
  /** The PSBT the review shows, sent as `signPsbt` with broadcast (the txid is the previewed one). */
  | {
      readonly namespace: "bip122"
      readonly network: CaipNetworkId
      readonly psbt: string
      readonly signInputs: ReadonlyArray<{ readonly address: string; readonly index: number }>
    }

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
  /** Checksummed on EVM, base58 on Solana. */
  readonly receiver: string
  /** The account name the visitor typed, when the receiver was given by name. */
  readonly receiverName?: string | undefined
  readonly request: SendRequest
  /** The network fee in the native coin's smallest unit, and in USD when its price is known. */
  readonly fee: { readonly amount: bigint; readonly usd: number | undefined } | undefined
  /**
   * Solana: the rent (lamports) of the receiver's token account the send creates, paid by the sender;
   * 0 otherwise.
   */
  readonly accountRent: bigint
  readonly nativeSymbol: string
  readonly nativeDecimals: number
  /** What the transaction calls, for the view to word: nothing (a coin transfer), EVM call data, or a
   * Solana token transfer (creating the receiver's token account or not). */
  readonly call: SendCall
  /**
   * The sender's balance changes as the chain simulated them (2 s at most), or why there are none;
   * `undefined` on Solana, which Send does not simulate (the wallet's preflight does).
   */
  readonly simulation: PreviewSimulation | undefined
}

export type SendState =
  | { readonly _tag: "Idle" }
  | {
      readonly _tag: "Editing"
      readonly namespace: SendNamespace
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly amountProblem?: SendAmountProblem | undefined
      readonly receiverProblem?: ReceiverProblem | undefined
      /** The last review could not prepare a preview. */
      readonly previewError?: SendPreparationError | undefined
      /** The last review was for a network or account no longer active: it was not sent. */
      readonly reviewChanged?: ReviewChangedError | undefined
    }
  | {
      readonly _tag: "Reviewing"
      readonly namespace: SendNamespace
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
    }
  | {
      readonly _tag: "Preview"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
      /** What the preview was made for: confirming sends it only while these are active. */
      readonly binding: ReviewBinding
    }
  | {
      readonly _tag: "Sending"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
      /** What the preview was made for: confirming sends it only while these are active. */
      readonly binding: ReviewBinding
    }
  /** `network`: the one it was sent on, whose explorer shows `hash` (a Solana signature there). */
  | {
      readonly _tag: "Sent"
      readonly hash: string
      readonly preview: SendPreview
      readonly network: CaipNetwork
    }
  | {
      readonly _tag: "Failed"
      readonly draft: SendDraft
      readonly tokens: ReadonlyArray<SendableToken>
      readonly preview: SendPreview
      readonly binding: ReviewBinding
      readonly error: RequestError | SendPreparationError
    }

export interface SendShape {
  readonly state: SubscriptionRef.SubscriptionRef<SendState>
  /**
   * A new send from the account's balances on the active network (EVM or Solana, by the active
   * namespace), the native coin chosen.
   */
  readonly start: Effect.Effect<void>
  readonly edit: (change: Partial<SendDraft>) => Effect.Effect<void>
  /**
   * Checks the form, then prepares the preview: on EVM the fee estimate and the simulation (2 s at most);
   * on Solana the transfer (the receiver's token account created when missing) and its fee.
   */
  readonly review: Effect.Effect<void>
  /**
   * Asks the wallet to send what the preview shows, while the namespace, network and account it was made
   * for are the active ones (else back to the form, `reviewChanged` saying what changed); tracked to its
   * receipt like every send.
   */
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
