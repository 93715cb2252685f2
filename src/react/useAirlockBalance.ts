import { useMemo } from "react"
import { BalanceUnavailableError } from "../errors"
import { useModal } from "./AirlockProvider"

export type BalanceResult =
  | { readonly isSuccess: true; readonly data: { readonly balance: string; readonly symbol: string } }
  | { readonly isSuccess: false; readonly error: string }

/**
 * Fetches the active account's native balance (en-US, 2 decimals); never throws.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockBalance = (): { readonly fetchBalance: () => Promise<BalanceResult> } => {
  const modal = useModal()
  return useMemo(
    () => ({
      fetchBalance: () =>
        modal.fetchBalance().then(
          (data): BalanceResult => ({ isSuccess: true, data }),
          (error: unknown): BalanceResult => ({
            isSuccess: false,
            error: error instanceof Error ? error.message : new BalanceUnavailableError({}).message
          })
        )
    }),
    [modal]
  )
}
