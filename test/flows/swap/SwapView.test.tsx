import { act } from "react"
// @vitest-environment happy-dom
/**
 * The Swap review shows what the chain's simulation of the plan changes in the account's balances, as the
 * preview of a dapp's request does (issue 28): the amount in leaving and what arrives, in the tokens' units.
 */
import { afterEach, describe, expect, it } from "vitest"
import { SwapView } from "../../../src/react/modal/views/flows/swap/SwapView"
import type { SwapPlan, SwapToken } from "../../../src/services/Swap"
import { ALICE } from "../../kit/accounts"
import { bindingOf } from "../../kit/bindings"
import { SBX_ADDRESS, SUSD_ADDRESS, sandboxNetwork } from "../../kit/networks"
import { fakeController, mountWith, unmountViews } from "../../kit/react"
import { ROUTER_ADDRESS, SBX, SUSD } from "./swapWorld"

afterEach(unmountViews)

const token = (caip: string, symbol: string, decimals: number): SwapToken => ({
  caip,
  native: false,
  name: symbol,
  symbol,
  decimals,
  balance: 10n ** BigInt(decimals + 3),
  price: 0,
  logoUri: undefined
})
const from = token(SUSD, "sUSD", 6)
const to = token(SBX, "SBX", 18)
const plan: SwapPlan = {
  quote: {
    from,
    to,
    fromAmount: 50_000_000n,
    toAmount: 2n * 10n ** 18n,
    minimumReceived: 198n * 10n ** 16n,
    rate: "0.04",
    gasPrice: 1n
  },
  approval: undefined,
  approves: undefined,
  swap: { from: ALICE, to: ROUTER_ADDRESS, data: "0x7ff36ab5", value: "0x0", gas: "0x1" },
  changes: [
    { token: SUSD_ADDRESS.toLowerCase() as `0x${string}`, delta: -50_000_000n, symbol: "sUSD", decimals: 6 },
    {
      token: SBX_ADDRESS.toLowerCase() as `0x${string}`,
      delta: 199n * 10n ** 16n,
      symbol: "SBX",
      decimals: 18
    }
  ],
  fee: { amount: 1n, usd: undefined },
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  slippage: "1",
  preparedAt: 0
}

/** The review of `plan` as quoted, with no approval to choose. */
const plainReview = () =>
  fakeController({
    swap: {
      _tag: "Preview",
      draft: { from: SUSD, to: SBX, amount: "50", slippage: "1" },
      tokens: [from, to],
      plan,
      binding: bindingOf(ALICE, sandboxNetwork)
    }
  })

/** The review's detail row whose term reads `term`. */
const detailRow = (view: HTMLElement, term: string) =>
  [...view.querySelectorAll(".approve-details > div")].find(
    (div) => div.querySelector("dt")?.textContent === term
  )

describe("the Swap review", () => {
  it("lists the simulated balance changes under their own heading", () => {
    const view = mountWith(plainReview().controller, <SwapView />)
    const row = detailRow(view, "Your balance changes (simulated)")
    expect([...(row?.querySelectorAll("dd") ?? [])].map((dd) => dd.textContent)).toEqual([
      "-50 sUSD",
      "+1.99 SBX"
    ])
  })
})

describe("the Swap review's approval", () => {
  const review = (approves: "exact" | "unlimited") =>
    fakeController({
      swap: {
        _tag: "Preview",
        draft: { from: SUSD, to: SBX, amount: "50", slippage: "1", approval: approves },
        tokens: [from, to],
        plan: { ...plan, approval: plan.swap, approves },
        binding: bindingOf(ALICE, sandboxNetwork)
      }
    })
  const approvalRow = (view: HTMLElement) => detailRow(view, "Approval")?.querySelector("dd")?.textContent

  it("says the approval is for exactly the amount by default, and offers unlimited as a labelled choice", () => {
    const { controller, called } = review("exact")
    const view = mountWith(controller, <SwapView />)
    expect(approvalRow(view)).toBe("Exactly 50 sUSD, what this swap spends")
    const choice = view.querySelector<HTMLInputElement>("input[type=checkbox]")
    expect(view.querySelector(`label[for="${choice?.id}"]`)?.textContent).toBe("Allow unlimited sUSD")
    expect(choice?.checked).toBe(false)
    act(() => choice?.click())
    expect(called).toEqual(["swap.chooseApproval"])
  })

  it("keeps the review on screen, pending, while the plan is made again for the other choice", () => {
    const { controller } = fakeController({
      swap: {
        _tag: "Preparing",
        draft: { from: SUSD, to: SBX, amount: "50", slippage: "1", approval: "unlimited" },
        tokens: [from, to],
        quote: { _tag: "Quoted", quote: plan.quote },
        replacing: { ...plan, approval: plan.swap, approves: "exact" },
        binding: bindingOf(ALICE, sandboxNetwork)
      }
    })
    const view = mountWith(controller, <SwapView />)
    expect(view.querySelector(".approve-details")?.getAttribute("aria-busy")).toBe("true")
    expect(approvalRow(view)).toBe("Exactly 50 sUSD, what this swap spends")
    const choice = view.querySelector<HTMLInputElement>("input[type=checkbox]")
    expect(choice?.checked).toBe(true)
    expect(choice?.disabled).toBe(true)
    const confirm = [...view.querySelectorAll<HTMLButtonElement>("button")].find(
      (button) => button.textContent === "Approve and swap"
    )
    expect(confirm?.disabled).toBe(true)
    expect(view.querySelector(".token-field")).toBeNull()
  })

  it("says so when the visitor chose unlimited", () => {
    const view = mountWith(review("unlimited").controller, <SwapView />)
    expect(approvalRow(view)).toBe("Unlimited: the swap's contract may spend all your sUSD, now and later")
    expect(view.querySelector<HTMLInputElement>("input[type=checkbox]")?.checked).toBe(true)
  })

  it("offers no choice when no approval is needed", () => {
    const view = mountWith(review("exact").controller, <SwapView />)
    expect(view.querySelectorAll("input[type=checkbox]")).toHaveLength(1)
    const none = plainReview()
    expect(mountWith(none.controller, <SwapView />).querySelector("input[type=checkbox]")).toBeNull()
  })
})

describe("the Swap form's quote", () => {
  const form = (fromPrice: number, toPrice: number) =>
    fakeController({
      swap: {
        _tag: "Editing",
        draft: { from: SUSD, to: SBX, amount: "50", slippage: "1" },
        tokens: [
          { ...from, price: fromPrice },
          { ...to, price: toPrice }
        ],
        binding: bindingOf(ALICE, sandboxNetwork),
        quote: {
          _tag: "Quoted",
          quote: { ...plan.quote, from: { ...from, price: fromPrice }, to: { ...to, price: toPrice } }
        }
      }
    }).controller
  const shown = (view: HTMLElement) =>
    Object.fromEntries(
      [...view.querySelectorAll(".approve-details > div")].map((div) => [
        div.querySelector("dt")?.textContent,
        div.querySelector("dd")?.textContent
      ])
    )

  it("shows what both amounts are worth in USD where their prices are known", () => {
    const view = mountWith(form(1, 0.25), <SwapView />)
    expect(shown(view)).toMatchObject({
      "You pay": "50 sUSD ($50.00)",
      "You receive about": "2 SBX ($0.50)"
    })
  })

  it("shows an amount without a value where its price is not known", () => {
    const view = mountWith(form(1, 0), <SwapView />)
    expect(shown(view)).toMatchObject({ "You pay": "50 sUSD ($50.00)", "You receive about": "2 SBX" })
  })
})
