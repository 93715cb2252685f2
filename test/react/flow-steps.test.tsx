// @vitest-environment happy-dom
/**
 * The step frame the flows' views share (`FlowStep.tsx`), seen through the views: the spinner while a flow
 * loads, why it is not offered, the quote on its way, the review's Back and confirm (disabled after a
 * failure, replaced by the step under way), and the last step's Done; each command reaches its flow.
 */
import { act, type ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { SwapNetworkUnsupportedError } from "../../src/errors"
import { RegisterAccountNameView } from "../../src/react/modal/views/flows/names/NameViews"
import { BuyView } from "../../src/react/modal/views/flows/onramp/BuyView"
import { SendView } from "../../src/react/modal/views/flows/send/SendView"
import { SwapView } from "../../src/react/modal/views/flows/swap/SwapView"
import type { NamesState } from "../../src/services/Names"
import type { BuyOptions, OnrampState } from "../../src/services/Onramp"
import type { SendPreview, SendState } from "../../src/services/Send"
import type { SwapPlan, SwapState, SwapToken } from "../../src/services/Swap"
import { UserRejectedRequestError } from "../../src/walletErrors"
import { ALICE, BOB } from "../kit/accounts"
import { bindingOf } from "../kit/bindings"
import { sandboxNetwork } from "../kit/networks"
import { fakeController, mountWith, unmountViews } from "../kit/react"

const eth = {
  key: "native",
  name: "Ether",
  symbol: "ETH",
  decimals: 18,
  balance: 2n * 10n ** 18n,
  price: 3000
} as const
const draft = { token: "native", amount: "0.5", receiver: BOB }
const preview: SendPreview = {
  token: eth,
  amount: 5n * 10n ** 17n,
  receiver: BOB,
  request: { namespace: "eip155", transaction: { from: ALICE, to: BOB, value: "0x6f05b59d3b20000" } },
  fee: { amount: 21_000_000_000_000n, usd: 0.063 },
  accountRent: 0n,
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  call: { _tag: "None" },
  simulation: { _tag: "NotSimulated" }
}

const token = (symbol: string, decimals: number): SwapToken => ({
  caip: `eip155:1:${symbol}`,
  native: false,
  name: symbol,
  symbol,
  decimals,
  balance: 10n ** BigInt(decimals),
  price: 1,
  logoUri: undefined
})
const plan: SwapPlan = {
  quote: {
    from: token("sUSD", 6),
    to: token("SBX", 18),
    fromAmount: 10n ** 6n,
    toAmount: 10n ** 18n,
    minimumReceived: 99n * 10n ** 16n,
    rate: "1",
    gasPrice: 1n
  },
  approval: { from: ALICE, to: BOB, data: "0x", value: "0x0", gas: "0x1" },
  approves: "exact",
  swap: { from: ALICE, to: BOB, data: "0x", value: "0x0", gas: "0x1" },
  changes: [],
  fee: { amount: 1n, usd: undefined },
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  slippage: "1",
  preparedAt: 0
}
/** What the states below were made for. */
const binding = bindingOf(ALICE, sandboxNetwork)
const options: BuyOptions = { providers: [], fiat: [], crypto: [], countries: [], fallback: false }

/** The flows' states as the views read them. */
interface Shown {
  readonly send?: SendState
  readonly swap?: SwapState
  readonly onramp?: OnrampState
  readonly names?: NamesState
}

/** `view` over a controller whose flows show `shown`; answers the commands sent to them. */
const render = (view: ReactNode, shown: Shown) => {
  const { controller, called } = fakeController({
    send: shown.send,
    swap: shown.swap,
    onramp: shown.onramp,
    names: shown.names
  })
  return { view: mountWith(controller, view), called }
}

const button = (view: HTMLElement, name: string) =>
  [...view.querySelectorAll("button")].find((b) => b.textContent === name)

describe("the flows' step frame", () => {
  it("a flow that loads is a spinner named for it", () => {
    const { view } = render(<SendView />, { send: { _tag: "Idle" } })
    const spinner = view.querySelector("[role=progressbar]")
    expect(spinner?.getAttribute("aria-label")).toBe("Preparing Send")
  })

  it("a flow not offered says why, as an alert", () => {
    const { view } = render(<SwapView />, {
      swap: { _tag: "Unavailable", error: new SwapNetworkUnsupportedError({}) }
    })
    expect(view.querySelector("[role=alert]")?.textContent).toBe("Network not supported for Swaps")
  })

  it("a review offers Back and the confirm button, each reaching the flow", () => {
    const { view, called } = render(<SendView />, {
      send: { _tag: "Preview", draft, tokens: [eth], preview, binding }
    })
    expect(view.querySelector(".approve-title")?.textContent).toBe("Send 0.5 ETH to 0x70…dc79C8")
    act(() => button(view, "Back")?.click())
    act(() => button(view, "Send")?.click())
    expect(called).toEqual(["send.back", "send.confirm"])
    expect(view.querySelector("[role=alert]")).toBeNull()
  })

  it("after a failure: the error in words, Back, and confirm disabled", () => {
    const error = new UserRejectedRequestError({ code: 4001, message: "no", cause: undefined })
    const { view } = render(<SendView />, {
      send: { _tag: "Failed", draft, tokens: [eth], preview, binding, error }
    })
    expect(view.querySelector("[role=alert]")?.textContent).toBe("Request rejected in wallet")
    expect(button(view, "Back")?.disabled).toBe(false)
    expect(button(view, "Send")?.disabled).toBe(true)
  })

  it("a step under way replaces the actions with what it waits for, politely announced", () => {
    const { view } = render(<SwapView />, {
      swap: {
        _tag: "Approving",
        draft: { from: "", to: undefined, amount: "1", slippage: "1" },
        tokens: [],
        binding,
        plan
      }
    })
    const progress = view.querySelector("[aria-live=polite]")
    expect(progress?.textContent).toBe("Approve sUSD in your wallet (step 1 of 2)")
    expect(view.querySelectorAll("button")).toHaveLength(0)
  })

  it("a quote on its way is announced, and the form cannot be submitted yet", () => {
    const { view } = render(<SwapView />, {
      swap: {
        _tag: "Editing",
        draft: { from: plan.quote.from.caip, to: plan.quote.to.caip, amount: "1", slippage: "1" },
        tokens: [plan.quote.from, plan.quote.to],
        binding,
        quote: { _tag: "Quoting" }
      }
    })
    expect(view.querySelector("[aria-live=polite]")?.textContent).toBe("Getting a quote…")
    expect(button(view, "Review swap")?.disabled).toBe(true)
  })

  it("an amount's problem says what is allowed: the token's decimals, the balance", () => {
    const problemOf = (amountProblem: "decimals" | "over-balance", token = plan.quote.from) =>
      render(<SwapView />, {
        swap: {
          _tag: "Editing",
          draft: { from: token.caip, to: plan.quote.to.caip, amount: "1.1234567", slippage: "1" },
          tokens: [token, plan.quote.to],
          binding,
          quote: { _tag: "None" },
          problem: amountProblem
        }
      }).view.querySelector("[role=alert]")?.textContent
    expect(problemOf("decimals")).toBe("sUSD has 6 decimals")
    expect(problemOf("decimals", { ...plan.quote.from, symbol: "WHOLE", decimals: 0 })).toBe(
      "WHOLE has no decimals: enter a whole number"
    )
    expect(problemOf("over-balance")).toBe("More than your balance of 1 sUSD")
    const send = render(<SendView />, {
      send: { _tag: "Editing", namespace: "eip155", draft, tokens: [eth], amountProblem: "decimals" }
    })
    expect(send.view.querySelector("[role=alert]")?.textContent).toBe("ETH has 18 decimals")
  })

  it("Buy waiting on the provider's page: the link, the wait announced, and Back", () => {
    const { view, called } = render(<BuyView />, {
      onramp: {
        _tag: "Opened",
        draft: { provider: "meld", country: "US", fiat: "USD", method: "card", amount: "50", crypto: "sUSD" },
        options,
        binding,
        quote: {
          purchaseAmount: 49.15,
          paymentSubtotal: 49.25,
          paymentTotal: 50,
          networkFee: { amount: 0.1, currency: "USD" },
          quoteId: "quote-1"
        },
        url: "https://buy.example/checkout",
        symbol: "sUSD"
      }
    })
    expect(view.querySelector("a")?.getAttribute("href")).toBe("https://buy.example/checkout")
    expect(view.querySelector("[aria-live=polite]")?.textContent).toBe(
      "Waiting for your sUSD to arrive. It shows in Activity once it lands."
    )
    act(() => button(view, "Back")?.click())
    expect(called).toEqual(["onramp.back"])
  })

  it("a name is registered only once it is free; the form submits to the flow", () => {
    const taken = render(<RegisterAccountNameView />, {
      names: {
        _tag: "Editing",
        label: "alice",
        check: { _tag: "Taken", name: "alice.reown.id", suggestions: [] },
        binding
      }
    })
    expect(button(taken.view, "Register")?.disabled).toBe(true)
    unmountViews()
    const free = render(<RegisterAccountNameView />, {
      names: { _tag: "Editing", label: "alice", check: { _tag: "Free", name: "alice.reown.id" }, binding }
    })
    expect(button(free.view, "Register")?.disabled).toBe(false)
    act(() => button(free.view, "Register")?.click())
    expect(free.called).toEqual(["names.register"])
  })

  it("the last step says what happened as a status, with the hash, and Done goes back", () => {
    const hash = `0x${"ab".repeat(32)}`
    const network = {
      ...binding.network,
      blockExplorers: { default: { name: "Scan", url: "https://scan.example/" } }
    }
    const { view, called } = render(<SendView />, { send: { _tag: "Sent", hash, preview, network } })
    expect(view.querySelector("[role=status]")?.textContent).toBe("✓Sent 0.5 ETH")
    // The hash truncated (SPEC.md §9) with the whole of it to copy, and its explorer page.
    expect(view.querySelector(".copyable-value")?.textContent).toBe(`0xab…${"ab".repeat(3)}`)
    expect(view.querySelector(".copyable-value")?.getAttribute("title")).toBe(hash)
    expect(view.querySelector("a")?.getAttribute("href")).toBe(`https://scan.example/tx/${hash}`)
    act(() => button(view, "Done")?.click())
    expect(called).toEqual(["goBack"])
  })
})
