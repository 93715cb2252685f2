import { useCallback, useMemo, useRef, useState } from "react"
import type { PayRequest, PayResult } from "../services/Pay"
import { useModal } from "./AirlockProvider"

/** Where the last `pay` from this hook stands. */
export type PayStatus =
  | { readonly status: "idle" }
  | { readonly status: "pending" }
  | { readonly status: "success"; readonly txHash: string }
  /** `error`: `PayFailedError` (its `reason`) or `PayFeatureOffError`; present it to word it. */
  | { readonly status: "failed"; readonly error: unknown }

/**
 * Asks the visitor to pay (`modal.pay`, `features.pay`): `pay(request)` resolves with the confirmed hash or
 * rejects with the typed error, and the hook's `status` follows the last call (an earlier call settling
 * late does not overwrite it).
 *
 * @since 0.5.0
 * @category hooks
 */
export const usePay = (): PayStatus & { readonly pay: (request: PayRequest) => Promise<PayResult> } => {
  const modal = useModal()
  const [status, setStatus] = useState<PayStatus>({ status: "idle" })
  const latest = useRef(0)
  const pay = useCallback(
    (request: PayRequest) => {
      const call = ++latest.current
      setStatus({ status: "pending" })
      const settled = modal.pay(request)
      settled.then(
        (result) => {
          if (call === latest.current) setStatus({ status: "success", txHash: result.txHash })
        },
        (error: unknown) => {
          if (call === latest.current) setStatus({ status: "failed", error })
        }
      )
      return settled
    },
    [modal]
  )
  return useMemo(() => ({ ...status, pay }), [status, pay])
}
