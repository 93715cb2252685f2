/**
 * What the descriptions of unsafe requests share (`describeRequest.ts`, `describeWalletCalls.ts`): the active
 * network and tokens they are read against, and the readers of params, amounts and chains they all use.
 */
import type { TokenDenomination } from "../../services/RpcRouter"
import type { Denomination } from "../format/format"
import {
  type AmountValue,
  type ChainBound,
  displayText,
  type RequestWarning,
  type RowValue,
  textValue,
  toQuantity,
  UNREADABLE
} from "./requestValues"

export interface DescribeContext {
  readonly activeChainId: number | undefined
  readonly networkName: string | undefined
  readonly nativeSymbol: string | undefined
  /** The tokens whose symbol and decimals the request's simulation read: their amounts read in units. */
  readonly tokens?: ReadonlyArray<TokenDenomination> | undefined
}

/** The symbol and decimals of the token at `address`, when the simulation read them. */
export const denominationOf = (address: unknown, context: DescribeContext): Denomination | undefined =>
  typeof address === "string"
    ? context.tokens?.find((token) => token.token === address.toLowerCase())
    : undefined

/** Calls and permissions listed one by one; the rest are counted. */
export const MAX_LISTED = 10

/** The params at `index` when they are positional, as most EVM methods send them. */
export const param = (params: unknown, index: number): unknown =>
  Array.isArray(params) ? params[index] : undefined

export const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** A value as JSON, bounded and cleaned; `undefined` when it cannot be written. */
export const jsonText = (value: unknown): string | undefined => {
  try {
    return displayText(
      JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${item}` : item), 2),
      true
    )
  } catch {
    return undefined
  }
}

export const jsonValue = (value: unknown): RowValue => textValue(jsonText(value), true)

/** The network's name as the context has it, cleaned (it labels the active network). */
export const networkNameOf = (context: DescribeContext): string | undefined =>
  context.networkName === undefined ? undefined : displayText(context.networkName)

export const nativeAmount = (value: unknown, context: DescribeContext): AmountValue | undefined => {
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

export const amountValue = (amount: AmountValue | undefined): RowValue =>
  amount === undefined ? UNREADABLE : { _tag: "Amount", amount }

export const chainWarning = (
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

export const chainValue = (chainId: unknown, context: DescribeContext): RowValue => {
  const id = toQuantity(chainId)
  if (id === undefined) return UNREADABLE
  const active = context.activeChainId !== undefined && id === BigInt(context.activeChainId)
  return { _tag: "Chain", chainId: `${id}`, networkName: active ? networkNameOf(context) : undefined }
}
