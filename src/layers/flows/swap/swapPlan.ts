/**
 * What the swap provider's API gives a swap: the best quote for the checked form at the network's standard
 * gas price, and why there is none in the visitor's terms (a refused amount is asked again at a probe
 * amount to tell no route from too small or too little liquidity); then the plan: the approval when the
 * allowance is short, the swap at the visitor's slippage, and what both cost.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { GasPriceNetworkUnsupportedError, SwapFailedError } from "../../../errors"
import type { ConvertTransaction } from "../../../schemas/Convert"
import type { CaipNetwork } from "../../../schemas/Network"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import type { BlockchainApiShape } from "../../../services/BlockchainApi"
import type { ProviderApiError } from "../../../services/ProviderApi"
import type { AmountProblem } from "../../../services/Send"
import type {
  QuoteError,
  SwapDraft,
  SwapPlan,
  SwapQuote,
  SwapToken,
  SwapTransaction
} from "../../../services/Swap"
import { minimumReceived, probeAmount, rateOf, slippageBps, swapFeeProblem } from "./swapForm"

/** The connected EVM account a swap is for, and its network. */
export interface SwapOwner {
  readonly address: string
  readonly network: CaipNetwork
}

const plainAddress = (caip: string): string => caip.slice(caip.lastIndexOf(":") + 1)

const toWallet = (tx: ConvertTransaction): SwapTransaction => ({
  from: plainAddress(tx.from),
  to: plainAddress(tx.to),
  data: tx.data as `0x${string}`,
  value: `0x${BigInt(tx.value).toString(16)}`,
  gas: `0x${BigInt(tx.eip155.gas).toString(16)}`
})

const feeOf = (txs: ReadonlyArray<ConvertTransaction>): bigint =>
  txs.reduce((sum, tx) => sum + BigInt(tx.eip155.gas) * BigInt(tx.eip155.gasPrice), 0n)

/** The API refused the amount (HTTP 400): the pair has no route, or not for this much. */
const refusedQuote = (error: ProviderApiError): boolean =>
  error._tag === "ProviderRequestError" && error.status === 400

export const makeSwapPlans = (api: BlockchainApiShape, supported: ReadonlyArray<string>) => {
  const gasPrice = (chainId: CaipNetworkId): Effect.Effect<bigint, QuoteError> =>
    supported.includes(chainId)
      ? Effect.map(api.convertGasPrice(chainId), (prices) => BigInt(prices.standard))
      : Effect.fail(new GasPriceNetworkUnsupportedError({}))

  /** The best quote for the checked form, or why there is none in the visitor's terms. */
  const quote = (
    owner: SwapOwner,
    from: SwapToken,
    to: SwapToken,
    amount: bigint,
    bps: number
  ): Effect.Effect<SwapQuote, QuoteError> =>
    Effect.gen(function* () {
      const chainId = owner.network.caipNetworkId
      const price = yield* gasPrice(chainId)
      const ask = (asked: bigint) =>
        api.convertQuotes({
          amount: asked.toString(),
          from: from.caip,
          to: to.caip,
          userAddress: `${chainId}:${owner.address}`,
          gasPrice: price.toString()
        })
      const probe = probeAmount(amount, from.decimals)
      const quotes = yield* ask(amount).pipe(
        Effect.catchIf(refusedQuote, (refused) =>
          ask(probe).pipe(
            Effect.matchEffect({
              // Only a refused probe says there is no route; a failed request says nothing about the pair.
              onFailure: (failed) =>
                Effect.fail(
                  refusedQuote(failed) ? new SwapFailedError({ reason: "no-route", cause: refused }) : failed
                ),
              onSuccess: () =>
                Effect.fail(
                  new SwapFailedError({
                    reason: amount < probe ? "too-small" : "liquidity",
                    cause: refused
                  })
                )
            })
          )
        )
      )
      const best = quotes.items.find((quote) => quote.fromAmount === amount.toString())
      const toAmount = best === undefined ? 0n : BigInt(best.toAmount)
      if (toAmount === 0n) return yield* new SwapFailedError({ reason: "liquidity" })
      return {
        from,
        to,
        fromAmount: amount,
        toAmount,
        minimumReceived: minimumReceived(toAmount, bps),
        rate: rateOf(amount, from.decimals, toAmount, to.decimals),
        gasPrice: price
      }
    })

  /** The approval when the allowance is short and the swap, priced; or the fee the account cannot pay. */
  const plan = (
    owner: SwapOwner,
    draft: SwapDraft,
    tokens: ReadonlyArray<SwapToken>,
    quote: SwapQuote
  ): Effect.Effect<SwapPlan | AmountProblem, QuoteError> =>
    Effect.gen(function* () {
      const userAddress = `${owner.network.caipNetworkId}:${owner.address}`
      const allowance = quote.from.native
        ? undefined
        : BigInt(
            yield* api.convertAllowance({ tokenAddress: quote.from.caip, userAddress, to: quote.to.caip })
          )
      const approval =
        allowance === undefined || allowance >= quote.fromAmount
          ? undefined
          : yield* api.buildApproveTransaction({ from: quote.from.caip, to: quote.to.caip, userAddress })
      const swap = yield* api.buildSwapTransaction({
        amount: quote.fromAmount.toString(),
        from: quote.from.caip,
        to: quote.to.caip,
        userAddress,
        slippage: (slippageBps(draft.slippage) ?? 100) / 100
      })
      const fee = feeOf(approval === undefined ? [swap] : [approval, swap])
      const native = tokens.find((token) => token.native)
      const unpaid = swapFeeProblem(quote.from, quote.fromAmount, fee, native?.balance ?? 0n)
      if (unpaid !== undefined) return unpaid
      const decimals = owner.network.nativeCurrency.decimals
      return {
        quote,
        approval: approval === undefined ? undefined : toWallet(approval),
        swap: toWallet(swap),
        fee: {
          amount: fee,
          usd:
            native === undefined || native.price === 0
              ? undefined
              : (Number(fee) / 10 ** decimals) * native.price
        },
        nativeSymbol: owner.network.nativeCurrency.symbol,
        nativeDecimals: decimals,
        slippage: draft.slippage,
        preparedAt: yield* Clock.currentTimeMillis
      } satisfies SwapPlan
    })

  return { quote, plan }
}
