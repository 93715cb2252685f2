import { useSyncExternalStore } from "react"
import type { AccountAction } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * Headless: what the modal's Account view offers the connected account, in its order (none while
 * disconnected), so a host's own account menu offers the same.
 *
 * @since 0.3.0
 * @category hooks
 */
export const useAirlockAccountActions = (): ReadonlyArray<AccountAction> => {
  const modal = useModal()
  return useSyncExternalStore(
    modal.subscribeAccountActions,
    modal.getAccountActions,
    serverModal.getAccountActions
  )
}
