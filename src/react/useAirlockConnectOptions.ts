import { useSyncExternalStore } from "react"
import type { ConnectOptions } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * Headless: the ways to connect the modal's Connect view offers, in its order (login methods, wallet rows,
 * All Wallets), so a host's own connect screen lists the same. Render names as text and icons through
 * `<img src>`.
 *
 * @since 0.3.0
 * @category hooks
 */
export const useAirlockConnectOptions = (): ConnectOptions => {
  const modal = useModal()
  return useSyncExternalStore(
    modal.subscribeConnectOptions,
    modal.getConnectOptions,
    serverModal.getConnectOptions
  )
}
