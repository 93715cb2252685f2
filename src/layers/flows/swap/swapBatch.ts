/**
 * Swap's approval and swap as one atomic batch (EIP-5792), for a wallet whose chain says `atomic` is
 * `supported` or `ready`: one prompt, both or neither on chain, each call exactly as planned. Any other
 * wallet (or one that does not answer) keeps the two steps, each mined before the next.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { SwapFailedError, TransactionWaitTimeoutError } from "../../../errors"
import { decodeCallsStatus } from "../../../schemas/Receipt"
import type { RpcRouter } from "../../../services/RpcRouter"
import type { SwapTransaction } from "../../../services/Swap"
import { atomicStatusOf, sendsAtomically } from "../../requests/callsCapabilities"
import { RECEIPT_POLL_INTERVAL, RECEIPT_WAIT_TIMEOUT } from "../../requests/TransactionWatcher.lazy"

type Rpc = RpcRouter["Service"]

/** Whether the wallet runs batches atomically on `chainId` (hex); `false` when it does not say so. */
export const batchesAtomically = (rpc: Rpc, from: string, chainId: string): Effect.Effect<boolean> =>
  rpc.request({ method: "wallet_getCapabilities", params: [from, [chainId]] }, { namespace: "eip155" }).pipe(
    Effect.map((answer) => sendsAtomically(atomicStatusOf(answer, chainId))),
    Effect.orElseSucceed(() => false)
  )

const callOf = (tx: SwapTransaction) => ({
  to: tx.to,
  data: tx.data,
  value: `0x${BigInt(tx.value).toString(16)}`
})

/**
 * Sends `approval` then `swap` as one atomic batch on `chainId` and waits (the receipts' cadence, SPEC.md §9)
 * until the wallet says it is final: the swap's hash once confirmed; a failed batch is a reverted swap.
 */
export const sendApproveAndSwap = (
  rpc: Rpc,
  chainId: string,
  approval: SwapTransaction,
  swap: SwapTransaction
) =>
  Effect.gen(function* () {
    const answer = yield* rpc.request(
      {
        method: "wallet_sendCalls",
        params: [
          {
            version: "2.0.0",
            chainId,
            from: swap.from,
            atomicRequired: true,
            calls: [callOf(approval), callOf(swap)]
          }
        ]
      },
      { namespace: "eip155", described: true }
    )
    const id = typeof answer === "object" && answer !== null ? Reflect.get(answer, "id") : answer
    if (typeof id !== "string") return yield* new SwapFailedError({ reason: "reverted" })
    const final = Effect.gen(function* () {
      for (;;) {
        const asked = yield* Effect.option(
          rpc.request({ method: "wallet_getCallsStatus", params: [id] }, { namespace: "eip155" })
        )
        const status = Option.flatMap(asked, (raw) => Result.getSuccess(decodeCallsStatus(raw)))
        if (Option.isSome(status) && status.value.status !== "pending") return status.value
        yield* Effect.sleep(RECEIPT_POLL_INTERVAL)
      }
    })
    const status = yield* final.pipe(
      Effect.timeoutOrElse({
        duration: RECEIPT_WAIT_TIMEOUT,
        orElse: () => Effect.fail(new TransactionWaitTimeoutError({ hash: id }))
      })
    )
    const last = status.receipts?.at(-1)
    if (status.status !== "confirmed" || last === undefined)
      return yield* new SwapFailedError({ reason: "reverted" })
    return last.transactionHash
  })
