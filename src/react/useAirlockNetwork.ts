import { useSyncExternalStore } from "react"
import type { NetworkSnapshot } from "../Modal"
import type { CaipNetworkId } from "../schemas/Primitives"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

export interface AirlockNetwork extends NetworkSnapshot {
  /** Rejects with the typed error (e.g. 'Chain is not supported') when the wallet refuses. */
  readonly switchNetwork: (caipNetworkId: CaipNetworkId) => Promise<void>
}

/**
 * The active network and a way to switch it.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockNetwork = (): AirlockNetwork => {
  const modal = useModal()
  const network = useSyncExternalStore(modal.subscribeNetwork, modal.getNetwork, serverModal.getNetwork)
  return { ...network, switchNetwork: modal.switchNetwork }
}
