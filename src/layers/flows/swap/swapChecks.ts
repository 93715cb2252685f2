/**
 * What a swap's built transactions must be before the wallet sees them (issue 28). The provider API builds
 * them and names no pool or router the modal could trust (a quote names only the two tokens), so the checks
 * rest on what the modal knows: the account, the quoted network, the two tokens and the amount in. The
 * approval must call `approve` on the sold token for the swap's own contract; the swap must be from the
 * account with the amount in as its value for a native sell (zero otherwise); and the chain's simulation of
 * both, from the account, must move nothing of the account's but the amount in out and at least the minimum
 * received in. Pure; the simulation itself is asked by `swapPlan`.
 */
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { decodeFunctionData, encodeFunctionData, erc20Abi, type Hex, maxUint256 } from "viem"
import type { SwapFailureReason } from "../../../errors"
import type { ConvertTransaction } from "../../../schemas/Convert"
import type { PreviewChange } from "../../../services/RpcRouter"
import type { ApprovalChoice, SwapQuote, SwapToken, SwapTransaction } from "../../../services/Swap"
import type { Simulation } from "../../requests/simulation"

/** Who sends the swap, and on which network (`eip155:…`). */
export interface SwapSender {
  readonly chainId: string
  readonly address: string
}

/** Why a built transaction, or what it would do, is refused. */
export type SwapRefusal = Extract<
  SwapFailureReason,
  "unsafe-approval" | "unsafe-swap" | "below-minimum" | "would-revert" | "unverified"
>

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** `approve(address,uint256)`: its selector and two words, nothing after. */
const APPROVE_DATA = /^0x095ea7b3[0-9a-fA-F]{128}$/

/** The address a CAIP-10 account names on `chainId`; `undefined` on another chain or when not EVM. */
const addressOn = (caip: string, chainId: string): string | undefined => {
  const address = caip.slice(caip.lastIndexOf(":") + 1)
  return caip === `${chainId}:${address}` && ADDRESS.test(address) ? address : undefined
}

const same = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

const hex = (value: bigint) => `0x${value.toString(16)}`

/** How a simulation names `token`'s balance: `native` for the chain's coin, else its lower-case address. */
const simulatedKey = (token: SwapToken): PreviewChange["token"] =>
  token.native ? "native" : (token.caip.slice(token.caip.lastIndexOf(":") + 1).toLowerCase() as Hex)

/**
 * The swap as the wallet gets it, when the API built it from the account on the quoted network, calling a
 * contract other than the account, with the amount in as its value for a native sell and none otherwise.
 */
export const checkSwapTransaction = (
  built: ConvertTransaction,
  sender: SwapSender,
  quote: SwapQuote
): Result.Result<SwapTransaction, SwapRefusal> => {
  const to = addressOn(built.to, sender.chainId)
  const value = quote.from.native ? quote.fromAmount : 0n
  if (
    !same(addressOn(built.from, sender.chainId), sender.address) ||
    to === undefined ||
    same(to, sender.address) ||
    BigInt(built.value) !== value
  )
    return Result.fail("unsafe-swap")
  return Result.succeed({
    from: sender.address,
    to,
    data: built.data as Hex,
    value: hex(value),
    gas: hex(BigInt(built.eip155.gas))
  })
}

/** The allowance an approval gives for the visitor's choice: the amount in, or the largest uint256. */
export const allowanceFor = (choice: ApprovalChoice, quote: SwapQuote): bigint =>
  choice === "unlimited" ? maxUint256 : quote.fromAmount

/**
 * The approval the wallet gets, when the API's is `approve(spender, …)` on the sold token, from the account,
 * with no value, and `spender` is the contract the swap calls. The build-approve endpoint takes no amount
 * and may allow any; what is sent allows exactly what the visitor chose: the amount in unless they chose
 * unlimited in the review.
 */
export const checkApproval = (
  built: ConvertTransaction,
  swap: SwapTransaction,
  sender: SwapSender,
  quote: SwapQuote,
  choice: ApprovalChoice
): Result.Result<SwapTransaction, SwapRefusal> => {
  const token = addressOn(built.to, sender.chainId)
  if (
    quote.from.native ||
    !same(addressOn(built.from, sender.chainId), sender.address) ||
    token === undefined ||
    !same(token, simulatedKey(quote.from)) ||
    BigInt(built.value) !== 0n ||
    !APPROVE_DATA.test(built.data)
  )
    return Result.fail("unsafe-approval")
  const call = decodeFunctionData({ abi: erc20Abi, data: built.data as Hex })
  if (call.functionName !== "approve" || !same(call.args[0], swap.to)) return Result.fail("unsafe-approval")
  return Result.succeed({
    from: sender.address,
    to: token,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [call.args[0], allowanceFor(choice, quote)]
    }),
    value: "0x0",
    gas: hex(BigInt(built.eip155.gas))
  })
}

/**
 * The account's balance changes the simulation shows, when they are the quote's: exactly the amount in
 * of the sold token out (gas is not traced), at least `quote.minimumReceived` of the bought token in, and
 * nothing else. A node that could not simulate proves nothing: `unverified`.
 */
export const checkSimulation = (
  simulation: Option.Option<Simulation>,
  quote: SwapQuote
): Result.Result<ReadonlyArray<PreviewChange>, SwapRefusal> => {
  if (Option.isNone(simulation)) return Result.fail("unverified")
  if (simulation.value._tag === "Reverted") return Result.fail("would-revert")
  const { changes } = simulation.value
  const sold = simulatedKey(quote.from)
  const bought = simulatedKey(quote.to)
  const deltaOf = (token: PreviewChange["token"]) =>
    changes.find((change) => change.token === token)?.delta ?? 0n
  if (
    changes.some((change) => change.token !== sold && change.token !== bought) ||
    deltaOf(sold) !== -quote.fromAmount ||
    deltaOf(bought) <= 0n
  )
    return Result.fail("unsafe-swap")
  if (deltaOf(bought) < quote.minimumReceived) return Result.fail("below-minimum")
  const change = (token: SwapToken, delta: bigint): PreviewChange => ({
    token: simulatedKey(token),
    delta,
    symbol: token.symbol,
    decimals: token.decimals
  })
  return Result.succeed([change(quote.from, deltaOf(sold)), change(quote.to, deltaOf(bought))])
}
