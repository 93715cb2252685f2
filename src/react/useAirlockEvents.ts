import { useEffect, useRef, useSyncExternalStore } from "react"
import type { ModalEvent } from "../services/ModalEvents"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * The latest modal event: `{ timestamp, data: { type, event, properties } }` (MODAL_OPEN, MODAL_CLOSE,
 * CONNECT_SUCCESS, CONNECT_ERROR, USER_REJECTED, DISCONNECT_SUCCESS, SWITCH_NETWORK...). React may render
 * once for several events; pass `onEvent` to hear every one of them, in order.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockEvents = (onEvent?: (event: ModalEvent) => void): ModalEvent | undefined => {
  const modal = useModal()
  const handler = useRef(onEvent)
  useEffect(() => {
    handler.current = onEvent
  })
  const listening = onEvent !== undefined
  useEffect(
    () => (listening ? modal.subscribeEvents((event) => handler.current?.(event)) : undefined),
    [modal, listening]
  )
  return useSyncExternalStore(
    (notify) => modal.subscribeEvents(() => notify()),
    modal.getEvent,
    serverModal.getEvent
  )
}
