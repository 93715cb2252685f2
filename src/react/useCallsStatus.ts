import { useMemo, useSyncExternalStore } from "react"
import type { Modal } from "../Modal"
import { useModal } from "./AirlockProvider"

/** A `wallet_getCallsStatus` answer (EIP-5792): `status` 100 pending, 200 confirmed, 4xx-6xx failed. */
export interface CallsStatusAnswer {
  readonly version: string
  readonly id: string
  readonly chainId: string
  readonly status: number
  readonly atomic: boolean
  readonly receipts?: ReadonlyArray<{
    readonly status: string
    readonly transactionHash: string
    readonly blockHash: string
    readonly blockNumber: string
    readonly gasUsed: string
    readonly logs: ReadonlyArray<unknown>
  }>
}

export interface CallsStatusState {
  /** The last answer; `undefined` until the first. */
  readonly answer: CallsStatusAnswer | undefined
  /** The last ask's failure (the batch unknown, the wallet gone); asking goes on while it is pending. */
  readonly error: unknown
  /** `true` once the answer is final (any status from 200 up), or the asks gave up. */
  readonly done: boolean
}

// SPEC.md §9's pending watch, as TransactionWatcher asks for receipts: every second for 25 s, then every
// 30 s, giving up after 99 still-pending answers.
const FAST_INTERVAL_MS = 1_000
const FAST_FOR_MS = 25_000
const SLOW_INTERVAL_MS = 30_000
const MAX_PENDING = 99

const INITIAL: CallsStatusState = { answer: undefined, error: undefined, done: false }

const isAnswer = (value: unknown): value is CallsStatusAnswer =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "status") === "number"

/** Asks for `id`'s status while anyone listens, until it is final. */
const callsStatusStore = (modal: Modal, id: string) => {
  let state = INITIAL
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = 0
  let started = 0
  const listeners = new Set<() => void>()
  const set = (next: CallsStatusState) => {
    state = next
    for (const listener of listeners) listener()
  }
  const ask = () => {
    timer = undefined
    modal
      .request({ method: "wallet_getCallsStatus", params: [id] })
      .then(
        (answer) => {
          if (!isAnswer(answer)) return set({ ...state, error: new TypeError("Unreadable calls status") })
          pending += answer.status < 200 ? 1 : 0
          set({ answer, error: undefined, done: answer.status >= 200 || pending >= MAX_PENDING })
        },
        (error: unknown) => set({ ...state, error })
      )
      .finally(schedule)
  }
  const schedule = () => {
    if (state.done || listeners.size === 0 || timer !== undefined) return
    timer = setTimeout(ask, Date.now() - started < FAST_FOR_MS ? FAST_INTERVAL_MS : SLOW_INTERVAL_MS)
  }
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      if (listeners.size === 1 && !state.done) {
        started = Date.now()
        ask()
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && timer !== undefined) {
          clearTimeout(timer)
          timer = undefined
        }
      }
    },
    get: () => state
  }
}

const IDLE = { subscribe: () => () => undefined, get: () => INITIAL }

/**
 * The status of batch `id` (from `useSendCalls`, or any `wallet_sendCalls`), asked of the modal as long
 * as the component is mounted, until it is final: the wallet's answer, or the modal's own for a batch it
 * sent call by call. `undefined` asks nothing.
 *
 * @since 0.6.0
 * @category hooks
 */
export const useCallsStatus = (id: string | undefined): CallsStatusState => {
  const modal = useModal()
  const store = useMemo(() => (id === undefined ? IDLE : callsStatusStore(modal, id)), [modal, id])
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
