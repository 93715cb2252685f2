/**
 * What the swap provider's API gives a swap: the best quote for the checked form at the network's standard
 * gas price, and why there is none in the visitor's terms (a refused amount is asked again at a probe
 * amount to tell no route from too small or too little liquidity); then the plan: the approval when the
 * allowance is short, the swap at the visitor's slippage, both checked (`swapChecks`) and simulated from the
 * account before anything can reach the wallet, and what both cost.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Result from "effect/Result"
import { GasPriceNetworkUnsupportedError, SwapFailedError } from "../../../errors"
import type { ConvertTransaction } from "../../../schemas/Convert"
import type { CaipNetwork } from "../../../schemas/Network"
import type { CaipNetworkId } from "../../../schemas/Primitives"
import type { BlockchainApiShape } from "../../../services/BlockchainApi"
import type { FallbackTransportShape } from "../../../services/FallbackTransport"
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
import { simulatedChanges, simulationRequest } from "../../requests/simulation"
import { checkApproval, checkSimulation, checkSwapTransaction, type SwapRefusal } from "./swapChecks"
import { minimumReceived, probeAmount, rateOf, slippageBps, swapFeeProblem } from "./swapForm"

/**
 * How long the chain may take to simulate a plan. Longer than a dapp preview's 2 s: here nothing is sent
 * without the simulation, and the visitor is shown "Preparing the swap…" meanwhile.
 */
export const SWAP_SIMULATION_TIMEOUT = "10 seconds"

/** The connected EVM account a swap is for, and its network. */
export interface SwapOwner {
  readonly address: string
  readonly network: CaipNetwork
}

/** A check's refusal as the flow's error: the review lands on the form with its words. */
const passed = <A>(result: Result.Result<A, SwapRefusal>) =>
  Effect.mapError(Effect.fromResult(result), (reason) => new SwapFailedError({ reason }))

const feeOf = (txs: ReadonlyArray<ConvertTransaction>): bigint =>
  txs.reduce((sum, tx) => sum + BigInt(tx.eip155.gas) * BigInt(tx.eip155.gasPrice), 0n)

/** The API refused the amount (HTTP 400): the pair has no route, or not for this much. */
const refusedQuote = (error: ProviderApiError): boolean =>
  error._tag === "ProviderRequestError" && error.status === 400

export const makeSwapPlans = (
  api: BlockchainApiShape,
  chains: FallbackTransportShape,
  supported: ReadonlyArray<string>
) => {
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

  /**
   * What the approval (when there is one) and then the swap change in the account's balances, simulated
   * from it on the quoted network. A node that refuses or does not answer in time gives `None`, and the
   * plan is refused: a swap the modal cannot prove would be sent blind, on the API's word alone.
   */
  const simulate = (owner: SwapOwner, transactions: ReadonlyArray<SwapTransaction>) => {
    const request = simulationRequest(transactions)
    return chains
      .request(owner.network.caipNetworkId, { method: request.method, params: [...request.params] })
      .pipe(
        Effect.timeoutOption(SWAP_SIMULATION_TIMEOUT),
        Effect.map(Option.flatMap((answer) => simulatedChanges(answer, owner.address))),
        Effect.catch(() => Effect.succeed(Option.none()))
      )
  }

  /**
   * The approval when the allowance is short and the swap, checked, simulated and priced; or the fee the
   * account cannot pay.
   */
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
      const sender = { chainId: owner.network.caipNetworkId, address: owner.address }
      const swapTx = yield* passed(checkSwapTransaction(swap, sender, quote))
      const choice = draft.approval ?? "exact"
      const approvalTx =
        approval === undefined
          ? undefined
          : yield* passed(checkApproval(approval, swapTx, sender, quote, choice))
      const fee = feeOf(approval === undefined ? [swap] : [approval, swap])
      const native = tokens.find((token) => token.native)
      const unpaid = swapFeeProblem(quote.from, quote.fromAmount, fee, native?.balance ?? 0n)
      if (unpaid !== undefined) return unpaid
      const simulation = yield* simulate(owner, approvalTx === undefined ? [swapTx] : [approvalTx, swapTx])
      const changes = yield* passed(checkSimulation(simulation, quote))
      const decimals = owner.network.nativeCurrency.decimals
      return {
        quote,
        approval: approvalTx,
        approves: approvalTx === undefined ? undefined : choice,
        swap: swapTx,
        changes,
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
