import { useSyncExternalStore } from "react"
import type { TrackedTransaction } from "../services/TransactionWatcher"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * Transactions sent through Airlock (`eth_sendTransaction`, `wallet_sendCalls`, `eth_sendRawTransaction`),
 * newest first: pending at once, then confirmed, failed, or unknown when the pending watch gave up.
 *
 * @since 0.2.0
 * @category hooks
 */
export const useAirlockTransactions = (): ReadonlyArray<TrackedTransaction> => {
  const modal = useModal()
  return useSyncExternalStore(modal.subscribeTransactions, modal.getTransactions, serverModal.getTransactions)
}
