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
import type { PendingApproval, TokenDenomination } from "../../services/RpcRouter"
import type { Denomination } from "../format/format"
import {
  describeSolanaMessage,
  describeSolanaSignIn,
  describeSolanaTransactions
} from "./describeSolanaRequest"
import {
  type AmountValue,
  type ChainBound,
  type DescribedBody,
  type DescriptionRow,
  displayText,
  formatDeadline,
  MAX_TEXT_LENGTH,
  type RequestWarning,
  type RowValue,
  readableText,
  row,
  type TitleKind,
  textValue,
  tokenAmount,
  toQuantity,
  UNREADABLE,
  unreadable,
  valueRow
} from "./requestValues"
import { WalletSendCallsParams } from "./rpcMethods"
import { callSummary, decodeTokenCall, isHexData } from "./tokenCalls"

/** What the approval view shows; row keys (`rowKey`) are unique within a description. */
export interface RequestDescription {
  readonly title: TitleKind
  readonly rows: ReadonlyArray<DescriptionRow>
  /** What the visitor must read before answering, such as a signature for another chain. */
  readonly warnings: ReadonlyArray<RequestWarning>
}

export interface DescribeContext {
  readonly activeChainId: number | undefined
  readonly networkName: string | undefined
  readonly nativeSymbol: string | undefined
  /** The tokens whose symbol and decimals the request's simulation read: their amounts read in units. */
  readonly tokens?: ReadonlyArray<TokenDenomination> | undefined
}

/** The symbol and decimals of the token at `address`, when the simulation read them. */
const denominationOf = (address: unknown, context: DescribeContext): Denomination | undefined =>
  typeof address === "string"
    ? context.tokens?.find((token) => token.token === address.toLowerCase())
    : undefined

/** Calls and permissions listed one by one; the rest are counted. */
export const MAX_LISTED = 10

/** The params at `index` when they are positional, as most EVM methods send them. */
const param = (params: unknown, index: number): unknown => (Array.isArray(params) ? params[index] : undefined)

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A value as JSON, bounded and cleaned; `undefined` when it cannot be written. */
const jsonText = (value: unknown): string | undefined => {
  try {
    return displayText(
      JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${item}` : item), 2),
      true
    )
  } catch {
    return undefined
  }
}

const jsonValue = (value: unknown): RowValue => textValue(jsonText(value), true)

/** The network's name as the context has it, cleaned (it labels the active network). */
const networkNameOf = (context: DescribeContext): string | undefined =>
  context.networkName === undefined ? undefined : displayText(context.networkName)

const nativeAmount = (value: unknown, context: DescribeContext): AmountValue | undefined => {
  const amount = value === undefined ? 0n : toQuantity(value)
  return amount === undefined
    ? undefined
    : {
        _tag: "Token",
        amount,
        decimals: 18,
        symbol: context.nativeSymbol === undefined ? undefined : displayText(context.nativeSymbol)
      }
}

const amountValue = (amount: AmountValue | undefined): RowValue =>
  amount === undefined ? UNREADABLE : { _tag: "Amount", amount }

const chainWarning = (
  chainId: unknown,
  context: DescribeContext,
  what: ChainBound
): ReadonlyArray<RequestWarning> => {
  if (chainId === undefined) return []
  const id = toQuantity(chainId)
  if (id === undefined) return [{ _tag: "ChainUnreadable", what }]
  if (context.activeChainId === undefined) return [{ _tag: "ChainUnknown", what, chainId: `${id}` }]
  if (id === BigInt(context.activeChainId)) return []
  return [
    {
      _tag: "OtherChain",
      what,
      chainId: `${id}`,
      activeChainId: `${context.activeChainId}`,
      networkName: networkNameOf(context)
    }
  ]
}

const chainValue = (chainId: unknown, context: DescribeContext): RowValue => {
  const id = toQuantity(chainId)
  if (id === undefined) return UNREADABLE
  const active = context.activeChainId !== undefined && id === BigInt(context.activeChainId)
  return { _tag: "Chain", chainId: `${id}`, networkName: active ? networkNameOf(context) : undefined }
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

const describeSendCalls = (params: unknown, context: DescribeContext): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(WalletSendCallsParams)(params)
  if (Option.isNone(decoded)) return unreadable("SendCalls")
  const [{ calls, chainId }] = decoded.value
  const callRows = calls.slice(0, MAX_LISTED).map(
    (call, index): DescriptionRow => ({
      label: "Call",
      index: index + 1,
      value: {
        _tag: "Call",
        to: displayText(call.to) ?? "",
        value: nativeAmount(call.value, context),
        call: callSummary(call.data, denominationOf(call.to, context))
      },
      format: "message"
    })
  )
  const more =
    calls.length > MAX_LISTED
      ? [valueRow("MoreCalls", { _tag: "More", count: calls.length - MAX_LISTED })]
      : []
  return {
    title: "SendCalls",
    rows: [valueRow("Calls", { _tag: "Count", count: calls.length }), ...callRows, ...more],
    warnings: chainWarning(chainId, context, "batch")
  }
}

const UserOperation = Schema.Struct({
  sender: Schema.String,
  callData: Schema.optional(Schema.String)
})

const describeUserOperation = (params: unknown): DescribedBody => {
  const operation = Schema.decodeUnknownOption(UserOperation)(param(params, 0))
  if (Option.isNone(operation)) return unreadable("SendUserOperation")
  const entryPoint = param(params, 1)
  return {
    title: "SendUserOperation",
    rows: [
      row("SmartAccount", operation.value.sender, "code"),
      row("EntryPoint", entryPoint, "code"),
      valueRow("CallData", { _tag: "CallData", call: callSummary(operation.value.callData) })
    ]
  }
}

/** ERC-7715: what a session key or another signer may do for the account, and until when. */
const PermissionsRequest = Schema.Struct({
  chainId: Schema.optional(Schema.Unknown),
  address: Schema.optional(Schema.String),
  expiry: Schema.optional(Schema.Unknown),
  signer: Schema.optional(Schema.Struct({ type: Schema.String })),
  permissions: Schema.Array(Schema.Struct({ type: Schema.String, data: Schema.optional(Schema.Unknown) }))
})

const describeGrantPermissions = (params: unknown, context: DescribeContext): DescribedBody => {
  const request = Schema.decodeUnknownOption(PermissionsRequest)(param(params, 0))
  if (Option.isNone(request)) return unreadable("GrantPermissions")
  const { chainId, address, expiry, signer, permissions } = request.value
  const until = toQuantity(expiry)
  const permissionRows = permissions.slice(0, MAX_LISTED).map((permission, index): DescriptionRow => {
    const data = jsonText(permission.data ?? null)
    const type = displayText(permission.type)
    return {
      label: "Permission",
      index: index + 1,
      value: data === undefined || type === undefined ? UNREADABLE : { _tag: "Permission", type, data },
      format: "message"
    }
  })
  const more =
    permissions.length > MAX_LISTED
      ? [valueRow("MorePermissions", { _tag: "More", count: permissions.length - MAX_LISTED })]
      : []
  return {
    title: "GrantPermissions",
    rows: [
      ...(address === undefined ? [] : [row("Account", address, "code")]),
      ...(chainId === undefined ? [] : [valueRow("Chain", chainValue(chainId, context))]),
      valueRow(
        "Expires",
        until === undefined ? UNREADABLE : { _tag: "Deadline", date: formatDeadline(until) }
      ),
      ...(signer === undefined ? [] : [row("Signer", signer.type)]),
      ...permissionRows,
      ...more
    ],
    warnings: chainWarning(chainId, context, "permission")
  }
}

const describeRevokePermissions = (params: unknown): DescribedBody => {
  const request = param(params, 0)
  if (!isObject(request)) return unreadable("RevokePermissions")
  const names = Object.keys(request)
  const items = names.slice(0, MAX_LISTED).map((name) => displayText(name) ?? "")
  return {
    title: "RevokePermissions",
    rows: [valueRow("Permissions", { _tag: "List", items, more: Math.max(0, names.length - MAX_LISTED) })]
  }
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
