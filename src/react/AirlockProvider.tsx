import { createContext, type ReactNode, useContext } from "react"
import type { Modal } from "../createModal"
import { currentModal } from "./registry"

const ModalContext = createContext<Modal | undefined>(undefined)

/**
 * Names the modal the hooks below it use. Optional: without it, hooks use the latest `createModal`.
 *
 * @since 0.1.0
 * @category components
 */
export const AirlockProvider = ({
  modal,
  children
}: {
  readonly modal: Modal
  readonly children?: ReactNode
}) => <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>

/** The modal from the nearest provider, else the latest created; throws before `createModal`. */
export const useModal = (): Modal => {
  const modal = useContext(ModalContext) ?? currentModal()
  if (modal === undefined) throw new Error("Airlock: call createModal(...) before using its hooks")
  return modal
}
