import { useSyncExternalStore } from "react"
import type { WalletInfo } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * The connected wallet's name, icon (an image data URI or https URL, for `<img src>`) and rdns.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useWalletInfo = (): { readonly walletInfo: WalletInfo | undefined } => {
  const modal = useModal()
  const walletInfo = useSyncExternalStore(
    modal.subscribeWalletInfo,
    modal.getWalletInfo,
    serverModal.getWalletInfo
  )
  return { walletInfo }
}
