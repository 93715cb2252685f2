/**
 * The catalogue's errors (`errors.ts`) of batches (`wallet_sendCalls`, EIP-5792) that the modal answers
 * itself: a batch the dapp wants all-or-nothing on a wallet that can only send its calls one by one, and a
 * status asked for a batch nobody knows. Each carries its EIP-5792 code, which the dapp receives; the
 * sentences are namespace `batches` (`sentence(catalog)`).
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { batchesWords } from "./messages/compiled/en/batches"

/** Why the modal refused a batch request. */
export type BatchFailure =
  /** `atomicRequired: true`, and the wallet cannot run the calls atomically on this chain (EIP-5792 5760). */
  | "atomicity-required"
  /** `wallet_getCallsStatus` or `wallet_showCallsStatus` for an id neither the modal nor the wallet knows (5730). */
  | "unknown-batch"

const CODES: { readonly [F in BatchFailure]: number } = { "atomicity-required": 5760, "unknown-batch": 5730 }

export class BatchError extends Data.TaggedError("BatchError")<{
  readonly reason: BatchFailure
  readonly cause?: unknown
}> {
  override readonly message = `Batch refused: ${this.reason}`
  /** The EIP-5792 error code the dapp receives. */
  get code(): number {
    return CODES[this.reason]
  }
  /** What the visitor reads (`present()`), in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    const words = catalog?.batches ?? batchesWords
    return this.reason === "atomicity-required" ? words.atomicityRequired() : words.unknownBatch()
  }
}

/**
 * A batch sent call by call stopped before its last call (declined, reverted, dropped): what the visitor
 * reads once it ends. The dapp still gets the batch's id, whose status names the calls that landed.
 */
export class BatchStoppedError extends Data.TaggedError("BatchStoppedError")<{
  /** The call where it stopped, counted from 1. */
  readonly at: number
  readonly total: number
  /** How many calls landed before it. */
  readonly landed: number
  readonly cause?: unknown
}> {
  override readonly message = `Batch stopped at call ${this.at} of ${this.total}`
  /** The headline (`present()`), in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.batches ?? batchesWords).stoppedAt({ index: this.at, total: this.total })
  }
  /** Which calls went through. */
  detail(catalog?: Catalog): string {
    return (catalog?.batches ?? batchesWords).landed({ count: this.landed, total: this.total })
  }
}
