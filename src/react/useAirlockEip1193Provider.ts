import type { ModalProvider } from "../Modal"
import { useModal } from "./AirlockProvider"

/**
 * The modal as an EIP-1193 provider (`modal.getProvider()`, the same object on every render): for ethers'
 * `new BrowserProvider(provider)` or viem's `custom(provider)`. On a server it serves nothing: every request
 * rejects with 4900.
 *
 * @since 0.4.0
 * @category hooks
 */
export const useAirlockEip1193Provider = (): ModalProvider => useModal().getProvider()
