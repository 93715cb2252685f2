/**
 * A contract's ABI that a dapp gives with a request (`modal.request(args, { abi })`), so that the review
 * names each call of that contract by its function and arguments. Only the functions are kept; the sizes
 * are bounded, since the page may pass anything.
 */
import * as Schema from "effect/Schema"

const Name = Schema.String.check(Schema.isMaxLength(64))
/** A Solidity type: `uint256`, `address[]`, `tuple`, `bytes32[2]`… */
const TypeName = Schema.String.check(Schema.isPattern(/^[a-z][a-z0-9]*(\[\d*\])*$/), Schema.isMaxLength(64))

interface Parameter {
  readonly name?: string | undefined
  readonly type: string
  readonly components?: ReadonlyArray<Parameter> | undefined
}

const Parameter: Schema.Codec<Parameter> = Schema.Struct({
  name: Schema.optional(Name),
  type: TypeName,
  components: Schema.optional(Schema.Array(Schema.suspend(() => Parameter)).check(Schema.isMaxLength(32)))
})

const AbiFunction = Schema.Struct({
  type: Schema.Literal("function"),
  name: Name.check(Schema.isPattern(/^[A-Za-z_$][A-Za-z0-9_$]*$/)),
  inputs: Schema.Array(Parameter).check(Schema.isMaxLength(32)),
  stateMutability: Schema.optional(Schema.Literals(["pure", "view", "nonpayable", "payable"]))
})
export type AbiFunction = typeof AbiFunction.Type

/** Events, errors and the constructor are read past: a review shows calls. */
const OtherItem = Schema.Struct({
  type: Schema.Literals(["event", "error", "constructor", "fallback", "receive"])
})

/** The ABI as the dapp passed it (at most 256 items), its functions only. */
export const ContractAbi = Schema.Array(Schema.Union([AbiFunction, OtherItem]))
  .check(Schema.isMaxLength(256))
  .annotate({ identifier: "ContractAbi" })

export const functionsOf = (abi: typeof ContractAbi.Type): ReadonlyArray<AbiFunction> =>
  abi.flatMap((item) => (item.type === "function" ? [item as AbiFunction] : []))
