/**
 * What an unsafe request asks, for ApproveTransaction (THREATS.md T10): the method, network and account,
 * then what its params decode to (recipient, amount, spender, permit deadline), as structure (a kind and
 * its values) that the view words from its catalog (`requestWords.ts`). The params come from the dapp's
 * page, so this is total: whatever does not decode is unreadable, and every string from the request is
 * bounded and cleaned of invisible characters. viem is imported here only; this module
 * belongs to the approval view's lazy chunk.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { hexToBytes, maxUint256 } from "viem"
import { sanitizeName } from "../../schemas/ThirdPartyText"
import type { PendingApproval } from "../../services/RpcRouter"
import {
  describeBitcoinMessage,
  describeBitcoinPsbt,
  describeBitcoinTransfer
} from "./describeBitcoinRequest"
import {
  amountValue,
  chainValue,
  chainWarning,
  type DescribeContext,
  denominationOf,
  jsonValue,
  nativeAmount,
  param
} from "./describeContext"
import {
  describeSolanaMessage,
  describeSolanaSignIn,
  describeSolanaTransactions
} from "./describeSolanaRequest"
import {
  describeGrantPermissions,
  describeRevokePermissions,
  describeSendCalls,
  describeUserOperation
} from "./describeWalletCalls"
import {
  type DescribedBody,
  type DescriptionRow,
  formatDeadline,
  MAX_TEXT_LENGTH,
  type RequestWarning,
  readableText,
  row,
  type TitleKind,
  tokenAmount,
  toQuantity,
  UNREADABLE,
  unreadable,
  valueRow
} from "./requestValues"
import { callSummary, decodeTokenCall, isHexData } from "./tokenCalls"

/** What the approval view shows; row keys (`rowKey`) are unique within a description. */
export interface RequestDescription {
  readonly title: TitleKind
  readonly rows: ReadonlyArray<DescriptionRow>
  /** What the visitor must read before answering, such as a signature for another chain. */
  readonly warnings: ReadonlyArray<RequestWarning>
}

// ---- EVM methods ----

const TransactionRequest = Schema.Struct({
  to: Schema.optional(Schema.NullOr(Schema.String)),
  value: Schema.optional(Schema.Unknown),
  data: Schema.optional(Schema.String),
  input: Schema.optional(Schema.String),
  chainId: Schema.optional(Schema.Unknown)
})

const describeTransaction = (params: unknown, context: DescribeContext): DescribedBody => {
  const tx = Schema.decodeUnknownOption(TransactionRequest)(param(params, 0))
  if (Option.isNone(tx)) return unreadable("SendTransaction")
  const { to, value, chainId } = tx.value
  const data = tx.value.data ?? tx.value.input
  const warnings = chainWarning(chainId, context, "transaction")
  const valueShown = valueRow("Value", amountValue(nativeAmount(value, context)))
  if (to === undefined || to === null) {
    return {
      title: "DeployContract",
      rows: [valueShown, valueRow("ContractCode", { _tag: "CallData", call: callSummary(data) })],
      warnings
    }
  }
  const intent = data === undefined ? undefined : decodeTokenCall(data, denominationOf(to, context))
  if (intent !== undefined)
    return {
      title: intent.title,
      rows: [...intent.rows(to), valueShown],
      warnings: intent.warning === undefined ? warnings : [intent.warning, ...warnings]
    }
  return {
    title: "SendTransaction",
    rows: [
      row("To", to, "code"),
      valueShown,
      valueRow("Data", { _tag: "CallData", call: callSummary(data) })
    ],
    warnings
  }
}

// Enough bytes for MAX_TEXT_LENGTH characters of any UTF-8 text.
const MAX_MESSAGE_BYTES = MAX_TEXT_LENGTH * 4

const personalMessageRow = (message: unknown): DescriptionRow => {
  if (typeof message !== "string") return valueRow("Message", UNREADABLE)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return row("Message", message, "message")
  const hex = message.slice(0, 2 + MAX_MESSAGE_BYTES * 2)
  const text = isHexData(hex) ? readableText(hexToBytes(hex), hex.length === message.length) : undefined
  return text === undefined ? row("MessageHex", message, "code") : row("Message", text, "message")
}

const Quantity = Schema.Union([Schema.Number, Schema.String])

const TypedData = Schema.Struct({
  domain: Schema.optional(
    Schema.Struct({
      name: Schema.optional(Schema.String),
      version: Schema.optional(Schema.String),
      chainId: Schema.optional(Quantity),
      verifyingContract: Schema.optional(Schema.String)
    })
  ),
  primaryType: Schema.String,
  message: Schema.optional(Schema.Unknown)
})

/** EIP-2612 permits (`value`, `deadline`) and DAI's (`allowed`, `expiry`). */
const PermitMessage = Schema.Struct({
  spender: Schema.String,
  value: Schema.optional(Quantity),
  allowed: Schema.optional(Schema.Boolean),
  deadline: Schema.optional(Quantity),
  expiry: Schema.optional(Quantity)
})

const MAX_TYPED_DATA_LENGTH = 100_000

const parseTypedData = (value: unknown): unknown => {
  if (typeof value !== "string") return value
  if (value.length > MAX_TYPED_DATA_LENGTH) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

const permitRows = (message: unknown): ReadonlyArray<DescriptionRow> | undefined => {
  const permit = Schema.decodeUnknownOption(PermitMessage)(message)
  if (Option.isNone(permit)) return undefined
  const { spender, value, allowed, deadline, expiry } = permit.value
  const amount = allowed === undefined ? toQuantity(value) : allowed ? maxUint256 : 0n
  const until = toQuantity(deadline ?? expiry)
  return [
    row("Spender", spender, "code"),
    valueRow(
      "Allowance",
      amount === undefined ? UNREADABLE : { _tag: "Amount", amount: tokenAmount(amount) }
    ),
    valueRow("Deadline", until === undefined ? UNREADABLE : { _tag: "Deadline", date: formatDeadline(until) })
  ]
}

const describeTypedData = (params: unknown, context: DescribeContext): DescribedBody => {
  const typed = Schema.decodeUnknownOption(TypedData)(parseTypedData(param(params, 1)))
  if (Option.isNone(typed)) return unreadable("SignTypedData")
  const { domain, primaryType, message } = typed.value
  const domainRows = [
    ...(domain?.name === undefined ? [] : [row("Domain", sanitizeName(domain.name) ?? "")]),
    ...(domain?.version === undefined ? [] : [row("Version", sanitizeName(domain.version) ?? "")]),
    ...(domain?.chainId === undefined ? [] : [valueRow("Chain", chainValue(domain.chainId, context))]),
    ...(domain?.verifyingContract === undefined ? [] : [row("Contract", domain.verifyingContract, "code")]),
    row("PrimaryType", sanitizeName(primaryType) ?? "")
  ]
  const warnings = chainWarning(domain?.chainId, context, "signature")
  const permit = primaryType === "Permit" ? permitRows(message) : undefined
  return permit === undefined
    ? {
        title: "SignTypedData",
        rows: [...domainRows, valueRow("Message", jsonValue(message), "message")],
        warnings
      }
    : { title: "SignPermit", rows: [...domainRows, ...permit], warnings }
}

const describeParams = (method: string, params: unknown, context: DescribeContext): DescribedBody => {
  switch (method) {
    case "personal_sign":
      return {
        title: "SignMessage",
        rows: [personalMessageRow(param(params, 0))]
      }
    case "eth_signTypedData_v4":
      return describeTypedData(params, context)
    case "eth_sendTransaction":
      return describeTransaction(params, context)
    case "wallet_sendCalls":
      return describeSendCalls(params, context)
    case "wallet_grantPermissions":
      return describeGrantPermissions(params, context)
    case "wallet_revokePermissions":
      return describeRevokePermissions(params)
    case "eth_sendUserOperation":
      return describeUserOperation(params)
    case "solana_signMessage":
      return describeSolanaMessage(params)
    case "solana_signIn":
      return describeSolanaSignIn(params)
    case "solana_signTransaction":
      return describeSolanaTransactions("SignTransaction", params)
    case "solana_signAllTransactions":
      return describeSolanaTransactions("SignTransactions", params)
    case "solana_signAndSendTransaction":
      return describeSolanaTransactions("SignAndSendTransaction", params)
    case "signMessage":
      return describeBitcoinMessage(params)
    case "signPsbt":
      return describeBitcoinPsbt(params)
    case "sendTransfer":
      return describeBitcoinTransfer(params)
    default:
      return { title: "ApproveRequest", rows: [valueRow("Details", jsonValue(params), "message")] }
  }
}

const describeSafely = (method: string, params: unknown, context: DescribeContext): DescribedBody => {
  try {
    return describeParams(method, params, context)
  } catch {
    // Params from the page may be proxies or objects with throwing getters.
    return unreadable("ApproveRequest")
  }
}

/** The same warning once: a batch may approve the same spender twice. */
const distinct = (warnings: ReadonlyArray<RequestWarning>): ReadonlyArray<RequestWarning> => {
  const seen = new Set<string>()
  return warnings.filter((warning) => {
    const key = JSON.stringify(warning)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What `approval` asks, for the approval view to word. Total: never throws, whatever the params. */
export const describeRequest = (approval: PendingApproval, context: DescribeContext): RequestDescription => {
  const network = context.networkName ?? approval.network
  const common = [
    row("Method", approval.method, "code"),
    network === undefined ? valueRow("Network", { _tag: "UnknownNetwork" }) : row("Network", network),
    row("From", approval.from, "code")
  ]
  // The simulation read the symbol and decimals of the tokens the request moves or calls.
  const tokens = approval.simulation?._tag === "Simulated" ? approval.simulation.tokens : undefined
  const body = describeSafely(approval.method, approval.params, {
    ...context,
    tokens: context.tokens ?? tokens
  })
  return {
    title: body.title,
    rows: [...common, ...body.rows],
    warnings: distinct(body.warnings ?? [])
  }
}
