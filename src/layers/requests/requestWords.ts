/**
 * A request's description in words: the approval view (and the Send and Swap previews) word the structure
 * of `describeRequest`, `callSummary` and `simulationChanges` with the `approve` messages of the modal's
 * locale, amounts formatted in its `Intl` locale. Pure: the messages and the locale are arguments.
 */
import type { approveWords } from "../../messages/compiled/en/approve"
import { formatToken, formatTokenExact } from "../format/format"
import type {
  AmountValue,
  CallSummary,
  DescriptionRow,
  RequestWarning,
  RowValue,
  SimulationLine,
  TitleKind
} from "./requestValues"

/** The `approve` namespace's messages, in any locale. */
export type ApproveWords = typeof approveWords

export const titleText = (t: ApproveWords, title: TitleKind): string => t[`title${title}`]()

export const labelText = (t: ApproveWords, row: DescriptionRow): string => {
  switch (row.label) {
    case "Call":
      return t.labelCall({ index: row.index ?? 1 })
    case "Permission":
      return t.labelPermission({ index: row.index ?? 1 })
    default:
      return t[`label${row.label}`]()
  }
}

/** An amount with its symbol ("1.5 ETH", "1500000 units", "Unlimited"), every decimal kept. */
export const amountText = (t: ApproveWords, amount: AmountValue, locale: string): string => {
  switch (amount._tag) {
    case "Unlimited":
      return t.unlimited()
    case "Units":
      return t.units({ amount: `${amount.amount}` })
    case "Token":
      return `${formatTokenExact(amount.amount, amount.decimals, locale)} ${amount.symbol ?? t.nativeToken()}`
  }
}

export const callSummaryText = (t: ApproveWords, call: CallSummary, locale: string): string => {
  switch (call._tag) {
    case "NoData":
      return t.callNoData()
    case "Unreadable":
      return t.unreadable()
    case "Function":
      return t.callFunction({ selector: call.selector, size: `${call.bytes}` })
    case "Transfer":
      return t.callTransfer({ amount: amountText(t, call.amount, locale), to: call.to })
    case "TransferFrom":
      return t.callTransferFrom({ amount: amountText(t, call.amount, locale), from: call.from, to: call.to })
    case "Approve":
      return t.callApprove({ spender: call.spender, amount: amountText(t, call.amount, locale) })
    case "Permit":
      return t.callPermit({
        spender: call.spender,
        amount: amountText(t, call.amount, locale),
        owner: call.owner
      })
    case "ApprovalForAll":
      return call.approved
        ? t.callApproveAll({ operator: call.operator })
        : t.callRevokeAll({ operator: call.operator })
  }
}

export const valueText = (t: ApproveWords, value: RowValue, locale: string): string => {
  switch (value._tag) {
    case "Text":
      return value.text === "" ? t.empty() : value.text
    case "Unreadable":
      return t.unreadable()
    case "Amount":
      return amountText(t, value.amount, locale)
    case "Deadline":
      return value.date ?? t.never()
    case "Chain":
      return value.networkName === undefined
        ? value.chainId
        : t.chainNamed({ chainId: value.chainId, network: value.networkName })
    case "Count":
      return `${value.count}`
    case "More":
      return t.more({ count: value.count })
    case "List":
      if (value.items.length === 0) return t.none()
      return value.more === 0
        ? value.items.join(", ")
        : t.listMore({ list: value.items.join(", "), count: value.more })
    case "CallData":
      return callSummaryText(t, value.call, locale)
    case "Call":
      return t.callLines({
        to: value.to,
        value: value.value === undefined ? t.unreadable() : amountText(t, value.value, locale),
        call: callSummaryText(t, value.call, locale)
      })
    case "Permission":
      return `${value.type}\n${value.data}`
    case "NoAllowance":
      return t.noAllowance()
    case "AllTokens":
      return t.allTokens()
    case "NoOperator":
      return t.noOperator()
    case "NotDecoded":
      return t.notDecoded()
    case "UnknownNetwork":
      return t.unknownNetwork()
  }
}

export const warningText = (t: ApproveWords, warning: RequestWarning): string => {
  switch (warning._tag) {
    case "Unlimited":
      return t.warnUnlimited({ spender: warning.spender })
    case "ChainUnreadable":
      return t.warnChainUnreadable({ what: warning.what })
    case "ChainUnknown":
      return t.warnChainUnknown({ what: warning.what, chainId: warning.chainId })
    case "OtherChain":
      return t.warnOtherChain({
        what: warning.what,
        chainId: warning.chainId,
        active:
          warning.networkName === undefined
            ? warning.activeChainId
            : t.chainNamed({ chainId: warning.activeChainId, network: warning.networkName })
      })
  }
}

/** A simulated change with its sign ("-12.5 sUSD", "+0.01 ETH"), or why there is none. */
export const simulationLineText = (t: ApproveWords, line: SimulationLine, locale: string): string => {
  switch (line._tag) {
    case "Simulating":
      return t.simulating()
    case "NotSimulated":
      return t.notSimulated()
    case "Reverted":
      return t.reverted()
    case "NoChange":
      return t.noChange()
    case "Change":
      return `${line.delta > 0n ? "+" : ""}${formatToken(line.delta, line.decimals, locale)} ${line.symbol}`
    case "Units":
      return t.unitsOf({ delta: `${line.delta > 0n ? "+" : ""}${line.delta}`, token: line.token })
  }
}
