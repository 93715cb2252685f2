/**
 * What an unsafe request asks, in words, for ApproveTransaction (THREATS.md T10): the method, network and
 * account, then what its params decode to (recipient, amount, spender, permit deadline). The params come
 * from the dapp's page, so this is total: whatever does not decode reads "Unreadable data", and every
 * string shown is bounded and cleaned of invisible characters. viem is imported here only; this module
 * belongs to the approval view's lazy chunk.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { hexToBytes, maxUint256 } from "viem"
import { sanitizeName } from "../../schemas/ThirdPartyText"
import type { PendingApproval, TokenDenomination } from "../../services/RpcRouter"
import { type Denomination, formatTokenExact } from "../format/format"
import {
  describeSolanaMessage,
  describeSolanaSignIn,
  describeSolanaTransactions
} from "./describeSolanaRequest"
import {
  type DescribedBody,
  type DescriptionRow,
  displayText,
  formatDeadline,
  MAX_TEXT_LENGTH,
  readableText,
  row,
  tokenAmount,
  toQuantity,
  UNREADABLE,
  unreadable
} from "./requestValues"
import { WalletSendCallsParams } from "./rpcMethods"
import { callDataSummary, decodeTokenCall, isHexData } from "./tokenCalls"

/** What the approval view shows; row labels are unique within a description. */
export interface RequestDescription {
  readonly title: string
  readonly rows: ReadonlyArray<DescriptionRow>
  /** What the visitor must read before answering, such as a signature for another chain. */
  readonly warnings: ReadonlyArray<string>
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

const jsonText = (value: unknown): string => {
  try {
    return (
      JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${item}` : item), 2) ??
      UNREADABLE
    )
  } catch {
    return UNREADABLE
  }
}

const nativeAmount = (value: unknown, context: DescribeContext): string => {
  const amount = value === undefined ? 0n : toQuantity(value)
  return amount === undefined
    ? UNREADABLE
    : `${formatTokenExact(amount, 18)} ${context.nativeSymbol ?? "(native token)"}`
}

const chainWarning = (chainId: unknown, context: DescribeContext, what: string): ReadonlyArray<string> => {
  if (chainId === undefined) return []
  const id = toQuantity(chainId)
  if (id === undefined) return [`The chain of this ${what} cannot be read`]
  if (context.activeChainId === undefined)
    return [`This ${what} is for chain ${id}; the active network is unknown`]
  if (id === BigInt(context.activeChainId)) return []
  const active = context.networkName === undefined ? "" : ` (${context.networkName})`
  return [
    `This ${what} is for chain ${id}, but the active network is chain ${context.activeChainId}${active}`
  ]
}

const chainText = (chainId: unknown, context: DescribeContext): string => {
  const id = toQuantity(chainId)
  if (id === undefined) return UNREADABLE
  const active = context.activeChainId !== undefined && id === BigInt(context.activeChainId)
  return active && context.networkName !== undefined ? `${id} (${context.networkName})` : `${id}`
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
  if (Option.isNone(tx)) return unreadable("Send a transaction")
  const { to, value, chainId } = tx.value
  const data = tx.value.data ?? tx.value.input
  const warnings = chainWarning(chainId, context, "transaction")
  const valueRow = row("Value", nativeAmount(value, context))
  if (to === undefined || to === null) {
    return {
      title: "Deploy a contract",
      rows: [valueRow, row("Contract code", callDataSummary(data))],
      warnings
    }
  }
  const intent = data === undefined ? undefined : decodeTokenCall(data, denominationOf(to, context))
  if (intent !== undefined)
    return {
      title: intent.title,
      rows: [...intent.rows(to), valueRow],
      warnings: intent.warning === undefined ? warnings : [intent.warning, ...warnings]
    }
  return {
    title: "Send a transaction",
    rows: [row("To", to, "code"), valueRow, row("Data", callDataSummary(data))],
    warnings
  }
}

// Enough bytes for MAX_TEXT_LENGTH characters of any UTF-8 text.
const MAX_MESSAGE_BYTES = MAX_TEXT_LENGTH * 4

const personalMessageRow = (message: unknown): DescriptionRow => {
  if (typeof message !== "string") return row("Message", UNREADABLE)
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return row("Message", message, "message")
  const hex = message.slice(0, 2 + MAX_MESSAGE_BYTES * 2)
  const text = isHexData(hex) ? readableText(hexToBytes(hex), hex.length === message.length) : undefined
  return text === undefined ? row("Message (hex)", message, "code") : row("Message", text, "message")
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
    row("Allowance", amount === undefined ? UNREADABLE : tokenAmount(amount)),
    row("Deadline", until === undefined ? UNREADABLE : formatDeadline(until))
  ]
}

const describeTypedData = (params: unknown, context: DescribeContext): DescribedBody => {
  const typed = Schema.decodeUnknownOption(TypedData)(parseTypedData(param(params, 1)))
  if (Option.isNone(typed)) return unreadable("Sign typed data")
  const { domain, primaryType, message } = typed.value
  const domainRows = [
    ...(domain?.name === undefined ? [] : [row("Domain", sanitizeName(domain.name) ?? "")]),
    ...(domain?.version === undefined ? [] : [row("Version", sanitizeName(domain.version) ?? "")]),
    ...(domain?.chainId === undefined ? [] : [row("Chain", chainText(domain.chainId, context))]),
    ...(domain?.verifyingContract === undefined ? [] : [row("Contract", domain.verifyingContract, "code")]),
    row("Primary type", sanitizeName(primaryType) ?? "")
  ]
  const warnings = chainWarning(domain?.chainId, context, "signature")
  const permit = primaryType === "Permit" ? permitRows(message) : undefined
  return permit === undefined
    ? {
        title: "Sign typed data",
        rows: [...domainRows, row("Message", jsonText(message), "message")],
        warnings
      }
    : { title: "Sign a token permit", rows: [...domainRows, ...permit], warnings }
}

const describeSendCalls = (params: unknown, context: DescribeContext): DescribedBody => {
  const decoded = Schema.decodeUnknownOption(WalletSendCallsParams)(params)
  if (Option.isNone(decoded)) return unreadable("Send a batch of calls")
  const [{ calls, chainId }] = decoded.value
  const callRows = calls
    .slice(0, MAX_LISTED)
    .map((call, index) =>
      row(
        `Call ${index + 1}`,
        [
          `To ${call.to}`,
          `Value ${nativeAmount(call.value, context)}`,
          callDataSummary(call.data, denominationOf(call.to, context))
        ].join("\n"),
        "message"
      )
    )
  const more = calls.length > MAX_LISTED ? [row("More calls", `and ${calls.length - MAX_LISTED} more`)] : []
  return {
    title: "Send a batch of calls",
    rows: [row("Calls", `${calls.length}`), ...callRows, ...more],
    warnings: chainWarning(chainId, context, "batch")
  }
}

const UserOperation = Schema.Struct({
  sender: Schema.String,
  callData: Schema.optional(Schema.String)
})

const describeUserOperation = (params: unknown): DescribedBody => {
  const operation = Schema.decodeUnknownOption(UserOperation)(param(params, 0))
  if (Option.isNone(operation)) return unreadable("Send a user operation")
  const entryPoint = param(params, 1)
  return {
    title: "Send a user operation",
    rows: [
      row("Smart account", operation.value.sender, "code"),
      row("Entry point", typeof entryPoint === "string" ? entryPoint : UNREADABLE, "code"),
      row("Call data", callDataSummary(operation.value.callData))
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
  if (Option.isNone(request)) return unreadable("Grant permissions")
  const { chainId, address, expiry, signer, permissions } = request.value
  const until = toQuantity(expiry)
  const permissionRows = permissions
    .slice(0, MAX_LISTED)
    .map((permission, index) =>
      row(`Permission ${index + 1}`, `${permission.type}\n${jsonText(permission.data ?? null)}`, "message")
    )
  const more =
    permissions.length > MAX_LISTED
      ? [row("More permissions", `and ${permissions.length - MAX_LISTED} more`)]
      : []
  return {
    title: "Grant permissions",
    rows: [
      ...(address === undefined ? [] : [row("Account", address, "code")]),
      ...(chainId === undefined ? [] : [row("Chain", chainText(chainId, context))]),
      row("Expires", until === undefined ? UNREADABLE : formatDeadline(until)),
      ...(signer === undefined ? [] : [row("Signer", signer.type)]),
      ...permissionRows,
      ...more
    ],
    warnings: chainWarning(chainId, context, "permission")
  }
}

const describeRevokePermissions = (params: unknown): DescribedBody => {
  const request = param(params, 0)
  if (!isObject(request)) return unreadable("Revoke permissions")
  const names = Object.keys(request)
  const shown = names.slice(0, MAX_LISTED).join(", ")
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : ""
  return {
    title: "Revoke permissions",
    rows: [row("Permissions", names.length === 0 ? "(none)" : shown + more)]
  }
}

const describeParams = (method: string, params: unknown, context: DescribeContext): DescribedBody => {
  switch (method) {
    case "personal_sign":
      return {
        title: "Sign a message",
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
      return describeSolanaTransactions("Sign a transaction", params)
    case "solana_signAllTransactions":
      return describeSolanaTransactions("Sign transactions", params)
    case "solana_signAndSendTransaction":
      return describeSolanaTransactions("Sign and send a transaction", params)
    default:
      return { title: "Approve a request", rows: [row("Details", jsonText(params), "message")] }
  }
}

const describeSafely = (method: string, params: unknown, context: DescribeContext): DescribedBody => {
  try {
    return describeParams(method, params, context)
  } catch {
    // Params from the page may be proxies or objects with throwing getters.
    return unreadable("Approve a request")
  }
}

/** What `approval` asks, in words, for the approval view. Total: never throws, whatever the params. */
export const describeRequest = (approval: PendingApproval, context: DescribeContext): RequestDescription => {
  const common = [
    row("Method", approval.method, "code"),
    row("Network", context.networkName ?? approval.network ?? "Unknown network"),
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
    warnings: [...new Set(body.warnings ?? [])].map((warning) => displayText(warning))
  }
}
