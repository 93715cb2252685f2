import { useMemo } from "react"
import type { Modal } from "../Modal"
import { useModal } from "./AirlockProvider"

/**
 * Opens and closes the modal, and sends requests to the connected wallet (`request`, see `Modal`).
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlock = (): Pick<Modal, "open" | "close" | "request"> => {
  const modal = useModal()
  return useMemo(() => ({ open: modal.open, close: modal.close, request: modal.request }), [modal])
}
