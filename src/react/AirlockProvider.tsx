import { createContext, type ReactNode, useContext } from "react"
import type { Modal } from "../Modal"
import { currentModal } from "./registry"
import { serverModal } from "./serverModal"

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

/**
 * The modal from the nearest provider, else the latest created; on a server, the disconnected
 * `serverModal`. Throws in a browser before `createModal`.
 */
export const useModal = (): Modal => {
  const modal = useContext(ModalContext) ?? currentModal()
  if (modal !== undefined) return modal
  if (typeof window === "undefined") return serverModal
  throw new Error("Airlock: call createModal(...) before using its hooks")
}
