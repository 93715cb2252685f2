/**
 * ERC-7715 smart sessions as `modal.grantPermissions` speaks them (FACTS-NEXT.md §3, the `wallet_grantPermissions`
 * shape AppKit and viem send): the host's request, decoded before it goes anywhere, and the wallet's answer,
 * decoded before the host sees it. Every list and string is bounded; a permission's or policy's `data` is
 * kept as it came when its JSON text is short. `native-token-transfer` is the permission the modal words
 * in full (what may be sent, to whom); any other type is shown by its name and data.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { EvmAddress, patterned } from "./Primitives"

export const MAX_PERMISSION_ITEMS = 16
const MAX_DATA_CHARS = 4096
const MAX_CONTEXT_CHARS = 8192
/** Unix seconds up to the year 5138: a date, not milliseconds by mistake. */
const MAX_UNIX_SECONDS = 1e11

const TypeName = patterned(/^[A-Za-z0-9_.:-]{1,64}$/, "Expected a type: 1 to 64 letters, digits or -_.:")

/** JSON the wallet can be sent, at most MAX_DATA_CHARS characters of it. */
const JsonData = Schema.Unknown.check(
  Schema.makeFilter(
    (data) => {
      try {
        const text = JSON.stringify(data)
        return text !== undefined && text.length <= MAX_DATA_CHARS
      } catch {
        return false
      }
    },
    { message: `Expected JSON data of at most ${MAX_DATA_CHARS} characters` }
  )
)

/** A permission, a policy or a signer: its type and its data. */
export const PermissionItem = Schema.Struct({ type: TypeName, data: JsonData })
export type PermissionItem = typeof PermissionItem.Type

const Items = Schema.Array(PermissionItem).check(Schema.isMaxLength(MAX_PERMISSION_ITEMS))

const ChainIdHex = patterned(/^0x[0-9a-fA-F]{1,13}$/, "Expected a chain id: 0x followed by hex digits")
const UnixSeconds = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_UNIX_SECONDS }))

/** `modal.grantPermissions(request)`: what a signer may do for the account on one chain, until `expiry`. */
export const PermissionsRequest = Schema.Struct({
  chainId: ChainIdHex,
  /** The account granting; the connected one when absent. */
  address: Schema.optional(EvmAddress),
  expiry: UnixSeconds,
  signer: PermissionItem,
  permissions: Items.check(Schema.isMinLength(1)),
  policies: Schema.optional(Items)
}).annotate({ identifier: "PermissionsRequest" })
export type PermissionsRequest = typeof PermissionsRequest.Type

/** The wallet's answer: the permissions as granted (a wallet may narrow them) and their context. */
export const GrantedPermissions = Schema.Struct({
  chainId: ChainIdHex,
  address: EvmAddress,
  expiry: UnixSeconds,
  signer: Schema.optional(PermissionItem),
  permissions: Items,
  policies: Schema.optional(Items),
  context: patterned(/^0x[0-9a-fA-F]*$/, "Expected a context: 0x followed by hex digits").check(
    Schema.isMaxLength(MAX_CONTEXT_CHARS)
  )
}).annotate({ identifier: "GrantedPermissions" })
export type GrantedPermissions = typeof GrantedPermissions.Type

/** `native-token-transfer`: at most `valueLimit` wei per transfer, to `to` only. */
const NativeTransfer = Schema.Struct({
  to: EvmAddress,
  valueLimit: patterned(/^0x[0-9a-fA-F]{1,64}$/, "Expected a hex quantity")
})

/** What a permission allows, as the modal words it. */
export type PermissionMeaning =
  | { readonly _tag: "NativeTransfer"; readonly to: string; readonly valueLimit: bigint }
  | { readonly _tag: "Other"; readonly type: string }

export const permissionMeaning = (permission: PermissionItem): PermissionMeaning => {
  if (permission.type !== "native-token-transfer") return { _tag: "Other", type: permission.type }
  const data = Schema.decodeUnknownOption(NativeTransfer)(permission.data)
  return Option.match(data, {
    onNone: () => ({ _tag: "Other", type: permission.type }),
    onSome: ({ to, valueLimit }) => ({ _tag: "NativeTransfer", to, valueLimit: BigInt(valueLimit) })
  })
}
