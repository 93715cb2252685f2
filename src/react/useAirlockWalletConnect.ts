import { useCallback, useMemo, useSyncExternalStore } from "react"
import type { WalletConnectSnapshot } from "../Modal"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/** What `useAirlockWalletConnect` returns. */
export interface AirlockWalletConnect extends WalletConnectSnapshot {
  /** Starts pairing; resolves once a wallet approved, rejects with the typed error. */
  readonly connect: () => Promise<void>
  /** Abandons the pairing (its URI stops working). */
  readonly cancel: () => Promise<void>
}

/**
 * Headless WalletConnect, for hosts that draw their own QR code: `connect()` starts pairing and `uri` is the
 * `wc:` link to show while `status` is `ready` (it is replaced by a fresh one before it expires).
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockWalletConnect = (): AirlockWalletConnect => {
  const modal = useModal()
  const subscribe = useCallback((notify: () => void) => modal.subscribeWalletConnect(notify), [modal])
  const pairing = useSyncExternalStore(subscribe, modal.getWalletConnect, serverModal.getWalletConnect)
  return useMemo(
    () => ({ ...pairing, connect: modal.connectWalletConnect, cancel: modal.cancelConnect }),
    [pairing, modal]
  )
}
