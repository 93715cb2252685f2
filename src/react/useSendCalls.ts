import { useCallback, useMemo, useRef, useState } from "react"
import { useModal } from "./AirlockProvider"

/** One call of a batch (EIP-5792): hex `data` and `value`, as `wallet_sendCalls` takes them. */
export interface BatchCall {
  readonly to: `0x${string}`
  readonly data?: `0x${string}` | undefined
  readonly value?: `0x${string}` | undefined
  readonly capabilities?: Readonly<Record<string, unknown>> | undefined
}

/** A batch for the connected EVM wallet (EIP-5792 `wallet_sendCalls`, version 2.0.0). */
export interface SendCallsRequest {
  /** The chain, hex without leading zeroes ("0x7a69"). */
  readonly chainId: `0x${string}`
  readonly calls: ReadonlyArray<BatchCall>
  /** `true`: all calls or none; a wallet that can only send them one by one refuses with 5760. */
  readonly atomicRequired?: boolean | undefined
  /** Your own batch id (unique per sender); the answer carries it back. */
  readonly id?: string | undefined
  readonly from?: `0x${string}` | undefined
  readonly capabilities?: Readonly<Record<string, unknown>> | undefined
}

/** Where the last `sendCalls` from this hook stands. */
export type SendCallsStatus =
  | { readonly status: "idle" }
  | { readonly status: "pending" }
  /** `id`: the batch's, for `useCallsStatus(id)`. */
  | { readonly status: "success"; readonly id: string }
  /** `error`: the typed error (`BatchError` 5760, a wallet's refusal...); present it to word it. */
  | { readonly status: "failed"; readonly error: unknown }

/** The batch id of a `wallet_sendCalls` answer: `{ id }`, or the bare string of older wallets. */
const idOf = (answer: unknown): string => {
  const id = typeof answer === "object" && answer !== null ? Reflect.get(answer, "id") : answer
  if (typeof id !== "string" || id.length === 0) throw new TypeError("The wallet answered no batch id")
  return id
}

/**
 * Sends a batch through the modal (`wallet_sendCalls`): reviewed as one, sent atomically where the wallet
 * can, call by call where it cannot. `sendCalls(request)` resolves with the batch's id or rejects with the
 * typed error; `status` follows the last call (an earlier call settling late does not overwrite it).
 *
 * @since 0.6.0
 * @category hooks
 */
export const useSendCalls = (): SendCallsStatus & {
  readonly sendCalls: (request: SendCallsRequest) => Promise<{ readonly id: string }>
} => {
  const modal = useModal()
  const [status, setStatus] = useState<SendCallsStatus>({ status: "idle" })
  const latest = useRef(0)
  const sendCalls = useCallback(
    (request: SendCallsRequest) => {
      const call = ++latest.current
      setStatus({ status: "pending" })
      const settled = modal
        .request({
          method: "wallet_sendCalls",
          params: [{ version: "2.0.0", atomicRequired: false, ...request }]
        })
        .then((answer) => ({ id: idOf(answer) }))
      settled.then(
        ({ id }) => {
          if (call === latest.current) setStatus({ status: "success", id })
        },
        (error: unknown) => {
          if (call === latest.current) setStatus({ status: "failed", error })
        }
      )
      return settled
    },
    [modal]
  )
  return useMemo(() => ({ ...status, sendCalls }), [status, sendCalls])
}
