import { useSyncExternalStore } from "react"
import type { ModalEvent } from "../internal/controller"
import { useModal } from "./AirlockProvider"

/**
 * The latest modal event: `{ timestamp, data: { type, event, properties } }` (MODAL_OPEN, MODAL_CLOSE,
 * CONNECT_SUCCESS, CONNECT_ERROR, USER_REJECTED, DISCONNECT_SUCCESS, SWITCH_NETWORK...).
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockEvents = (): ModalEvent | undefined => {
  const modal = useModal()
  return useSyncExternalStore(modal.subscribeEvents, modal.getEvent, modal.getEvent)
}
