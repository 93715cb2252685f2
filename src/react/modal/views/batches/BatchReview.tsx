import { type Abi, decodeFunctionData } from "viem"
import { approveWords } from "../../../../messages/compiled/en/approve"
import { batchesWords } from "../../../../messages/compiled/en/batches"
import type { AbiFunction } from "../../../../schemas/ContractAbi"
import type { BatchProgress, PreviewSimulation } from "../../../../services/RpcRouter"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { shownApproval } from "../requests/shownApproval"
import { batchesCss } from "./batchesStyles"

/** The calls' data of a `wallet_sendCalls` request whose params were checked (SPEC §5). */
const callData = (params: unknown): ReadonlyArray<unknown> => {
  const first: unknown = Array.isArray(params) ? params[0] : undefined
  const calls: unknown = typeof first === "object" && first !== null ? Reflect.get(first, "calls") : undefined
  return Array.isArray(calls)
    ? calls.map((call: unknown) =>
        typeof call === "object" && call !== null ? Reflect.get(call, "data") : undefined
      )
    : []
}

/** An argument as text: numbers in full (the ABI does not say their unit), lists and tuples in brackets. */
const argumentText = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(argumentText).join(", ")}]`
    : typeof value === "object" && value !== null
      ? `{${Object.entries(value)
          .map(([key, item]) => `${key}: ${argumentText(item)}`)
          .join(", ")}}`
      : String(value)

/** `data` decoded by `abi` as `name(param: value, …)`; `undefined` when no function of it matches. */
export const decodedCall = (abi: ReadonlyArray<AbiFunction>, data: unknown): string | undefined => {
  if (typeof data !== "string" || data.length < 10) return undefined
  try {
    const { functionName, args } = decodeFunctionData({ abi: abi as Abi, data: data as `0x${string}` })
    const inputs = abi.find((f) => f.name === functionName && f.inputs.length === (args?.length ?? 0))?.inputs
    const shown = (args ?? []).map((arg, i) => {
      const name = inputs?.[i]?.name
      return name === undefined || name === "" ? argumentText(arg) : `${name}: ${argumentText(arg)}`
    })
    return `${functionName}(${shown.join(", ")})`
  } catch {
    return undefined
  }
}

/** The calls the dapp's ABI names, by their position. */
const DecodedCalls = ({
  abi,
  data
}: {
  readonly abi: ReadonlyArray<AbiFunction>
  readonly data: ReadonlyArray<unknown>
}) => {
  const t = useWords("approve", approveWords)
  const decoded = data.flatMap((d, index) => {
    const text = decodedCall(abi, d)
    return text === undefined ? [] : [{ index, text }]
  })
  if (decoded.length === 0) return null
  return (
    // The approval's own details style (ApproveTransaction has adopted it).
    <dl className="approve-details" aria-label={t.labelCalls()}>
      {decoded.map(({ index, text }) => (
        <div key={index}>
          <dt>{t.labelCall({ index: index + 1 })}</dt>
          <dd className="code" dir="ltr">
            {text}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Above ApproveTransaction's call-by-call details: which call of the batch the simulation says would fail
 * (its position, and the contract's own reason as it gave it), before anything is sent; and, for a wallet
 * that sends the calls one by one, which call is on its way ("Sending 2 of 3"). Pure.
 */
export const BatchReview = ({
  simulation,
  total,
  progress
}: {
  readonly simulation: PreviewSimulation | undefined
  readonly total: number
  readonly progress?: BatchProgress | undefined
}) => {
  const t = useWords("batches", batchesWords)
  const failing =
    simulation?._tag === "Reverted" && simulation.call !== undefined && total > 1 ? simulation : undefined
  return (
    <>
      {failing === undefined ? null : (
        <div className="batch-failing" role="alert">
          <p>{t.failingCall({ index: (failing.call ?? 0) + 1, total })}</p>
          {failing.reason === undefined ? null : (
            // The contract's words, shown as it sent them (already bounded and printable).
            <p className="batch-reason" dir="auto" translate="no">
              {failing.reason}
            </p>
          )}
        </div>
      )}
      {progress === undefined ? null : (
        <div className="batch-progress">
          <p>{t.oneByOne({ total: progress.total })}</p>
          <p role="status">
            {progress.sending === undefined
              ? t.landed({ count: progress.included, total: progress.total })
              : t.progress({ current: progress.sending + 1, total: progress.total })}
          </p>
          <progress max={progress.total} value={progress.included} aria-hidden="true" />
        </div>
      )}
    </>
  )
}

/** The shown approval's batch review, rendered in ApproveTransaction when the request is a batch. */
export const BatchReviewScreen = () => {
  useViewStyles(batchesCss)
  const controller = useController()
  const approval = shownApproval(useStore(controller.approvals), useStore(controller.router).transactionStack)
  if (approval?.method !== "wallet_sendCalls") return null
  const data = callData(approval.params)
  return (
    <>
      <BatchReview simulation={approval.simulation} total={data.length} progress={approval.batch} />
      {approval.abi === undefined ? null : <DecodedCalls abi={approval.abi} data={data} />}
    </>
  )
}
