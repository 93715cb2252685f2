import { useSyncExternalStore } from "react"
import type { WalletOption } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * Headless: the browser wallets found on the page, and `connect(id)`, which resolves once the wallet
 * connected and rejects with the typed error. Render names as text and icons through `<img src>`.
 *
 * @since 0.3.0
 * @category hooks
 */
export const useAirlockWallets = (): {
  readonly wallets: ReadonlyArray<WalletOption>
  readonly connect: (walletId: string) => Promise<void>
} => {
  const modal = useModal()
  const wallets = useSyncExternalStore(modal.subscribeWallets, modal.getWallets, serverModal.getWallets)
  return { wallets, connect: modal.connect }
}
