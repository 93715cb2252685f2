import { useCallback, useSyncExternalStore } from "react"
import type { AccountSnapshot } from "../Modal"
import type { ChainNamespace } from "../schemas/Primitives"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

/**
 * The connected account: `{ address, caipAddress, isConnected, status, allAccounts }`, of `namespace`
 * or of the active namespace.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockAccount = (options: { readonly namespace?: ChainNamespace } = {}): AccountSnapshot => {
  const modal = useModal()
  const { namespace } = options
  const subscribe = useCallback(
    (notify: () => void) => modal.subscribeAccount(notify, namespace),
    [modal, namespace]
  )
  const get = useCallback(() => modal.getAccount(namespace), [modal, namespace])
  return useSyncExternalStore(subscribe, get, () => serverModal.getAccount(namespace))
}
