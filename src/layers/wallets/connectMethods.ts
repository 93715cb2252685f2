import type { ConnectMethod } from "../../schemas/ModalOptions"

export interface ConnectMethodsInput {
  /** The host's `features.connectMethodsOrder`, when set. */
  readonly configured: ReadonlyArray<ConnectMethod> | undefined
  /** Whether an injected or announced browser wallet is listed. */
  readonly hasBrowserWallet: boolean
  readonly emailEnabled: boolean
  readonly socialsEnabled: boolean
}

const DEFAULT_ORDER: ReadonlyArray<ConnectMethod> = ["email", "social", "wallet"]
const WALLET_FIRST: ReadonlyArray<ConnectMethod> = ["wallet", "email", "social"]

/**
 * The methods the Connect view shows, in order (SPEC.md §2): email, social, wallet by default; wallet
 * first when a browser wallet is shown; a configured order overrides both. Disabled methods are left
 * out, and a configured order that forgets one keeps it at the end.
 */
export const connectMethodsOrder = (input: ConnectMethodsInput): ReadonlyArray<ConnectMethod> => {
  const base = input.configured ?? (input.hasBrowserWallet ? WALLET_FIRST : DEFAULT_ORDER)
  const complete = [...new Set([...base, ...DEFAULT_ORDER])]
  return complete.filter(
    (method) => (method !== "email" || input.emailEnabled) && (method !== "social" || input.socialsEnabled)
  )
}
