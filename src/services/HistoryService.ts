import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { HistoryFetchError } from "../errors"
import type { CaipNetwork } from "../schemas/Network"
import type { Transaction } from "../schemas/Transaction"

export interface HistoryPage {
  readonly transactions: ReadonlyArray<Transaction>
  /** The cursor of the next page; undefined on the last one. */
  readonly next: string | undefined
}

export interface HistoryServiceShape {
  /** One page of the account's activity on the network (EVM only, SPEC.md §9). */
  readonly page: (
    network: CaipNetwork,
    address: string,
    cursor?: string
  ) => Effect.Effect<HistoryPage, HistoryFetchError>
}

/**
 * The account's activity, a page at a time.
 *
 * @since 0.1.0
 * @category tags
 */
export class HistoryService extends Context.Service<HistoryService, HistoryServiceShape>()(
  "@airlock/HistoryService"
) {}
