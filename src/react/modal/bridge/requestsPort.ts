import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as PubSub from "effect/PubSub"
import type { BalanceUnavailableError } from "../../../errors"
import type { CaipNetwork } from "../../../schemas/Network"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import { BalanceService, type NativeBalance } from "../../../services/BalanceService"
import { type ModalEvent, ModalEvents } from "../../../services/ModalEvents"
import { ModalFlow } from "../../../services/ModalFlow"
import {
  type PendingApproval,
  type RequestError,
  type RequestOptions,
  RpcRouter,
  type SwitchNetworkError,
  type WalletRequest
} from "../../../services/RpcRouter"
import { type TrackedTransaction, TransactionWatcher } from "../../../services/TransactionWatcher"
import { attempt, type ModalRuntime, type Result } from "./run"
import { type Store, storeFromRef } from "./store"

/** Requests to the wallet and what follows them: approvals, transactions, network switches, events. */
export interface RequestsPort {
  /**
   * A dapp's request to the connected wallet. A refused method opens the modal on its error, a declined
   * signature shows its toast (SPEC.md §8); either way the failure is in the result.
   */
  readonly request: (
    request: WalletRequest,
    options?: RequestOptions
  ) => Promise<Result<unknown, RequestError>>
  /** Unsafe requests waiting in ApproveTransaction, oldest first. */
  readonly approvals: Store<ReadonlyArray<PendingApproval>>
  /** The visitor's answer to an approval. */
  readonly decide: (id: number, approved: boolean) => Promise<void>
  /** Transactions sent through Airlock, newest first. */
  readonly transactions: Store<ReadonlyArray<TrackedTransaction>>
  /** Settles with the switch's typed failure, if any (ModalFlow also shows the visitor a toast). */
  readonly switchNetwork: (
    caipNetworkId: CaipNetworkId,
    options?: { readonly signal?: AbortSignal | undefined }
  ) => Promise<Result<void, SwitchNetworkError>>
  /** A network picked in the Networks view: switch, then back. */
  readonly chooseNetwork: (caipNetworkId: CaipNetworkId) => Promise<void>
  readonly nativeBalance: (
    network: CaipNetwork,
    address: string
  ) => Promise<Result<NativeBalance, BalanceUnavailableError>>
  /** The latest modal event. */
  readonly events: Store<ModalEvent | undefined>
  /** Every modal event as it happens; answers the function that stops listening. */
  readonly onEvent: (listener: (event: ModalEvent) => void) => () => void
}

export const makeRequestsPort = (runtime: ModalRuntime): RequestsPort => {
  const { flow, rpc, watcher, balances, modalEvents } = runtime.runSync(
    Effect.all({
      flow: ModalFlow,
      rpc: RpcRouter,
      watcher: TransactionWatcher,
      balances: BalanceService,
      modalEvents: ModalEvents
    })
  )
  const run = <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect)
  const settle = attempt(runtime)
  const onEvent = (listener: (event: ModalEvent) => void) => {
    const fiber = runtime.runFork(
      Effect.scoped(
        Effect.flatMap(modalEvents.subscribe, (events) =>
          Effect.forever(Effect.flatMap(PubSub.take(events), (event) => Effect.sync(() => listener(event))))
        )
      )
    )
    return () => {
      runtime.runFork(Fiber.interrupt(fiber))
    }
  }
  return {
    // Only what a dapp may set: a preview is not the page's to skip.
    request: (request, options) =>
      settle(
        rpc.request(request, { namespace: options?.namespace, signal: options?.signal, abi: options?.abi })
      ),
    approvals: storeFromRef(runtime, rpc.approvals, (s) => s),
    decide: (id, approved) => run(rpc.decide(id, approved)),
    transactions: storeFromRef(runtime, watcher.transactions, (s) => s),
    switchNetwork: (caipNetworkId, options) => settle(flow.switchNetwork(caipNetworkId, options)),
    chooseNetwork: (caipNetworkId) => run(flow.chooseNetwork(caipNetworkId)),
    nativeBalance: (network, address) => settle(balances.nativeBalance(network, address)),
    events: storeFromRef(runtime, modalEvents.latest, (s) => s),
    onEvent
  }
}
