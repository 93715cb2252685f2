import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as PubSub from "effect/PubSub"
import type * as Scope from "effect/Scope"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { TransactionWaitTimeoutError } from "../errors"
import type { CaipNetworkId } from "../schemas/Primitives"

/** Where a transaction sent through Airlock stands. `unknown`: the pending watch gave up on it. */
export type TrackedStatus = "pending" | "confirmed" | "failed" | "unknown"

/** A transaction (or an EIP-5792 batch) sent through Airlock, as Activity and hosts see it. */
export interface TrackedTransaction {
  /** The transaction hash (on Solana its signature), or the `wallet_sendCalls` batch id. */
  readonly id: string
  readonly kind: "transaction" | "calls"
  readonly network: CaipNetworkId
  readonly from: string
  readonly to: string | undefined
  /** The value sent, in the native coin's smallest unit (wei) as a decimal string, when the request said. */
  readonly value: string | undefined
  /** The hash that confirmed it (for a batch, its first receipt's; on Solana the signature), once known. */
  readonly hash: string | undefined
  readonly status: TrackedStatus
  /** Clock time (ms) when it was sent, and when its status stopped being pending. */
  readonly submittedAt: number
  readonly settledAt: number | undefined
}

/**
 * What an `eth_sendTransaction` asked the wallet to send: the transaction the wallet's hash names must carry
 * these (and the network's chain) before the send is confirmed.
 */
export interface SentRequest {
  /** The connected account. */
  readonly from: string
  /** `null`: the request creates a contract. */
  readonly to: string | null
  /** In wei; 0 when the request gave none. */
  readonly value: bigint
  /** Lower-case hex, `0x` when the request gave none. */
  readonly data: string
  /** The account's mined transactions before the wallet was asked, when the node told: the sent nonce is no lower. */
  readonly nonceFloor?: bigint | undefined
}

/**
 * What `RpcRouter` hands over after a wallet accepted a send. A transaction on a `solana:` network is
 * watched by its signature (`hash`) with `getSignatureStatuses`; any other by its receipt.
 */
export type Submission =
  | {
      readonly kind: "transaction"
      readonly hash: string
      readonly network: CaipNetworkId
      readonly from: string
      readonly to?: string | undefined
      readonly value?: string | undefined
      /**
       * The request as sent, when Airlock knows it (an EVM `eth_sendTransaction`): its receipt confirms it
       * only once the transaction under its hash matches it; otherwise the send fails.
       */
      readonly sent?: SentRequest | undefined
    }
  | {
      readonly kind: "calls"
      readonly id: string
      readonly network: CaipNetworkId
      readonly from: string
      /** Asks the wallet `wallet_getCallsStatus` for this batch; the answer is untrusted. */
      readonly callsStatus: Effect.Effect<unknown, unknown>
    }

/** The fields of a receipt Airlock reads. */
export interface Receipt {
  readonly transactionHash: string
  readonly blockNumber: bigint
  readonly status: "success" | "reverted"
}

export interface TransactionWatcherShape {
  /** Transactions sent through Airlock, newest first (at most 50). */
  readonly transactions: SubscriptionRef.SubscriptionRef<ReadonlyArray<TrackedTransaction>>
  /**
   * Shows the submission as pending at once and watches it in the background until it settles. A submission
   * whose id is already listed is ignored; one pushed out of the 50 is no longer watched.
   */
  readonly track: (submission: Submission) => Effect.Effect<void>
  /**
   * Waits for a transaction's receipt through the chain's RPC (SPEC.md §9: 180 000 ms in all, an RPC
   * failure retried 6 times from 200 ms doubling). Also fails when the watcher's code could not be loaded.
   */
  readonly waitForReceipt: (
    network: CaipNetworkId,
    hash: string
  ) => Effect.Effect<Receipt, TransactionWaitTimeoutError>
  /** Each transaction as it stops being pending (confirmed, failed or unknown), for as long as the scope lasts. */
  readonly settled: Effect.Effect<PubSub.Subscription<TrackedTransaction>, never, Scope.Scope>
}

/**
 * Every transaction sent through Airlock, EVM or Solana, from pending to confirmed or failed (SPEC.md §9
 * constants).
 *
 * @since 0.2.0
 * @category tags
 */
export class TransactionWatcher extends Context.Service<TransactionWatcher, TransactionWatcherShape>()(
  "@airlock/TransactionWatcher"
) {}
