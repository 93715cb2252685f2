import { useSyncExternalStore } from "react"
import type { ModalState } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * Whether the modal is open, and on which view.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockState = (): ModalState => {
  const modal = useModal()
  return useSyncExternalStore(modal.subscribeState, modal.getState, serverModal.getState)
}
