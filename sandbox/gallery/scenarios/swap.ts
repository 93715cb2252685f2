/**
 * Swap: the form, its quote on the way and quoted, the review with the exact approval (the default) and
 * with the unlimited one, the approval and the swap under way, swapped, and failed on chain.
 */
import { SwapFailedError } from "../../../src/errors"
import type { SwapDraft, SwapPlan, SwapQuote, SwapState, SwapTransaction } from "../../../src/services/Swap"
import { TX_HASH } from "../fixtures"
import { binding, pick, SUSD, swappable } from "../flowFixtures"
import { connectedAs, family } from "../scenario"

const eth = pick(swappable, "ETH")
const sUSD = pick(swappable, "sUSD")
const twd = pick(swappable, "TWD")

/** 250 sUSD for ETH at 3,000 sUSD an ETH, 0.5 % slippage. */
const quote: SwapQuote = {
  from: sUSD,
  to: eth,
  fromAmount: 250_000_000n,
  toAmount: 83_333_333_333_333_333n,
  minimumReceived: 82_916_666_666_666_666n,
  rate: "0.000333333333333333",
  gasPrice: 1_000_000_000n
}

const draft: SwapDraft = { from: sUSD.caip, to: eth.caip, amount: "250", slippage: "0.5" }

const transaction = (data: `0x${string}`): SwapTransaction => ({
  from: binding.address,
  to: SUSD,
  data,
  value: "0",
  gas: "60000"
})

const plan = (approves: "exact" | "unlimited" | undefined): SwapPlan => ({
  quote,
  approval: approves === undefined ? undefined : transaction("0x095ea7b3"),
  approves,
  swap: transaction("0x38ed1739"),
  changes: [
    { token: SUSD, delta: -quote.fromAmount, symbol: "sUSD", decimals: 6 },
    { token: "native", delta: quote.minimumReceived, symbol: "ETH", decimals: 18 }
  ],
  fee: { amount: 412_345_678_901_234n, usd: 1.237037 },
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  slippage: "0.5",
  preparedAt: 0
})

const form = { draft, tokens: swappable, binding }

const swapIn = (swap: SwapState) => ({ view: "Swap" as const, connection: connectedAs(), swap })

export const swapScenarios = family("Swap", {
  form: {
    title: "The form as it opens: ETH to swap, no target yet",
    world: swapIn({
      _tag: "Editing",
      draft: { from: eth.caip, to: undefined, amount: "", slippage: "0.5" },
      tokens: swappable,
      binding,
      quote: { _tag: "None" }
    })
  },
  quoting: {
    title: "250 sUSD for ETH: the quote on its way",
    world: swapIn({ _tag: "Editing", ...form, quote: { _tag: "Quoting" } })
  },
  quoted: {
    title: "The quote: what arrives, the least it may be, the rate",
    world: swapIn({ _tag: "Editing", ...form, quote: { _tag: "Quoted", quote } })
  },
  decimals20: {
    title: "A 20-decimal token with a long name, every decimal typed: too many for the quote",
    world: swapIn({
      _tag: "Editing",
      draft: { from: twd.caip, to: eth.caip, amount: "1.123456789012345678901", slippage: "0.5" },
      tokens: swappable,
      binding,
      quote: { _tag: "None" },
      problem: "decimals"
    })
  },
  noRoute: {
    title: "No quote: the pair does not trade",
    world: swapIn({
      _tag: "Editing",
      ...form,
      quote: { _tag: "NoQuote", error: new SwapFailedError({ reason: "no-route" }) }
    })
  },
  reviewExact: {
    title: "The review with the approval for exactly the amount (the default)",
    world: swapIn({ _tag: "Preview", ...form, plan: plan("exact") })
  },
  reviewUnlimited: {
    title: "The review with the unlimited approval chosen, labelled so",
    world: swapIn({ _tag: "Preview", ...form, plan: plan("unlimited") })
  },
  reviewNoApproval: {
    title: "The review of a swap that needs no approval, with its simulated changes",
    world: swapIn({ _tag: "Preview", ...form, plan: plan(undefined) })
  },
  approving: {
    title: "Step 1 of 2: the approval in the wallet",
    world: swapIn({ _tag: "Approving", ...form, plan: plan("exact") })
  },
  swapping: {
    title: "Step 2 of 2: the swap being confirmed",
    world: swapIn({ _tag: "Swapping", ...form, plan: plan("exact"), hash: TX_HASH })
  },
  swapped: {
    title: "Swapped: the hash, copyable, with its explorer link",
    world: swapIn({ _tag: "Swapped", plan: plan("exact"), hash: TX_HASH, network: binding.network })
  },
  failed: {
    title: "The swap reverted on chain: the review again, with why",
    world: swapIn({
      _tag: "Failed",
      ...form,
      plan: plan("exact"),
      error: new SwapFailedError({ reason: "reverted" })
    })
  }
})
