import { useMemo } from "react"
import type { Modal } from "../createModal"
import { useModal } from "./AirlockProvider"

/**
 * Opens and closes the modal.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlock = (): Pick<Modal, "open" | "close"> => {
  const modal = useModal()
  return useMemo(() => ({ open: modal.open, close: modal.close }), [modal])
}
