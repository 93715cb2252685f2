import { useMemo } from "react"
import type { ChainNamespace } from "../schemas/Primitives"
import { useModal } from "./AirlockProvider"

/**
 * Disconnects the wallet of a namespace (default: the active one).
 *
 * @since 0.1.0
 * @category hooks
 */
export const useDisconnect = (): {
  readonly disconnect: (options?: { readonly namespace?: ChainNamespace }) => Promise<void>
} => {
  const modal = useModal()
  return useMemo(() => ({ disconnect: (options) => modal.disconnect(options?.namespace) }), [modal])
}
