/**
 * The descriptions of what acts for an account beyond one transaction: EIP-5792 batches, ERC-4337 user
 * operations, and ERC-7715 permissions granted or revoked, each listing at most MAX_LISTED items.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  chainValue,
  chainWarning,
  type DescribeContext,
  denominationOf,
  isObject,
  jsonText,
  MAX_LISTED,
  nativeAmount,
  param
} from "./describeContext"
import {
  type DescribedBody,
  type DescriptionRow,
  displayText,
  formatDeadline,
  row,
  toQuantity,
  UNREADABLE,
  unreadable,
  valueRow
} from "./requestValues"
import { WalletSendCallsParams } from "./rpcMethods"
import { callSummary } from "./tokenCalls"

export const describeSendCalls = (params: unknown, context: DescribeContext): DescribedBody => {
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

export const describeUserOperation = (params: unknown): DescribedBody => {
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

export const describeGrantPermissions = (params: unknown, context: DescribeContext): DescribedBody => {
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

export const describeRevokePermissions = (params: unknown): DescribedBody => {
  const request = param(params, 0)
  if (!isObject(request)) return unreadable("RevokePermissions")
  const names = Object.keys(request)
  const items = names.slice(0, MAX_LISTED).map((name) => displayText(name) ?? "")
  return {
    title: "RevokePermissions",
    rows: [valueRow("Permissions", { _tag: "List", items, more: Math.max(0, names.length - MAX_LISTED) })]
  }
}
