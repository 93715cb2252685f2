// @vitest-environment happy-dom
/**
 * Send, Swap and the step frame in a locale other than English (issue 31): the catalog's words, plurals by
 * the locale's rules, amounts formatted in the locale, and in Arabic every argument isolated so an address
 * or a symbol keeps its order inside right-to-left text.
 */
import { act } from "react"
import { describe, expect, it } from "vitest"
import { catalog as ar } from "../../src/messages/compiled/ar"
import { catalog as de } from "../../src/messages/compiled/de"
import { catalog as ru } from "../../src/messages/compiled/ru"
import { SendView } from "../../src/react/modal/views/flows/send/SendView"
import { SwapView } from "../../src/react/modal/views/flows/swap/SwapView"
import type { LocaleState } from "../../src/services/Locale"
import type { SendPreview } from "../../src/services/Send"
import type { SwapPlan, SwapToken } from "../../src/services/Swap"
import { ALICE, BOB } from "../kit/accounts"
import { bindingOf } from "../kit/bindings"
import { sandboxNetwork } from "../kit/networks"
import { fakeController, mountWith } from "../kit/react"

const German: LocaleState = { tag: "de", dir: "ltr", catalog: de, ready: true }
const Russian: LocaleState = { tag: "ru", dir: "ltr", catalog: ru, ready: true }
const Arabic: LocaleState = { tag: "ar", dir: "rtl", catalog: ar, ready: true }

const binding = bindingOf(ALICE, sandboxNetwork)
const eth = {
  key: "native",
  name: "Ether",
  symbol: "ETH",
  decimals: 18,
  balance: 2n * 10n ** 18n,
  price: 3000
}
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
  balance: 1234n * 10n ** BigInt(decimals),
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
    rate: "1.5",
    gasPrice: 1n
  },
  approval: { from: ALICE, to: BOB, data: "0x", value: "0x0", gas: "0x1" },
  approves: "exact",
  swap: { from: ALICE, to: BOB, data: "0x", value: "0x0", gas: "0x1" },
  changes: [],
  fee: { amount: 1n, usd: undefined },
  nativeSymbol: "ETH",
  nativeDecimals: 18,
  slippage: "0.5",
  preparedAt: 0
}

const texts = (view: HTMLElement, selector: string) =>
  [...view.querySelectorAll(selector)].map((element) => element.textContent)

describe("Send and Swap in the visitor's locale", () => {
  it("German: the review's words, its amount and fee in German numbers, Back and Send", () => {
    const { controller, called } = fakeController({
      locale: German,
      send: { _tag: "Preview", draft, tokens: [eth], preview, binding }
    })
    const view = mountWith(controller, <SendView />)
    expect(view.querySelector(".approve-title")?.textContent).toBe("0,5 ETH an 0x70…dc79C8 senden")
    expect(texts(view, "dt")).toContain("Netzwerkgebühr")
    expect(texts(view, "dd").some((text) => text?.startsWith("0,000021 ETH"))).toBe(true)
    expect(view.querySelector("dd.code[dir=ltr]")?.textContent).toBe(BOB)
    const buttons = [...view.querySelectorAll("button")]
    act(() => buttons.find((b) => b.textContent === "Zurück")?.click())
    act(() => buttons.find((b) => b.textContent === "Senden")?.click())
    expect(called).toEqual(["send.back", "send.confirm"])
  })

  it("Russian: an amount's problem in the plural form its number takes", () => {
    const problem = (decimals: number) =>
      mountWith(
        fakeController({
          locale: Russian,
          send: {
            _tag: "Editing",
            namespace: "eip155",
            draft,
            tokens: [{ ...eth, decimals }],
            amountProblem: "decimals"
          }
        }).controller,
        <SendView />
      ).querySelector("[role=alert]")?.textContent
    expect(problem(18)).toBe("У ETH 18 знаков после запятой")
    expect(problem(2)).toBe("У ETH 2 знака после запятой")
    expect(problem(1)).toBe("У ETH 1 знак после запятой")
  })

  it("Arabic: the step under way in Arabic, the symbol isolated; the rate and lone amounts left to right", () => {
    const view = mountWith(
      fakeController({
        locale: Arabic,
        swap: {
          _tag: "Approving",
          draft: { from: "", to: undefined, amount: "1", slippage: "0.5" },
          tokens: [],
          binding,
          plan
        }
      }).controller,
      <SwapView />
    )
    expect(view.querySelector("[aria-live=polite]")?.textContent).toBe(
      "وافق على \u2068sUSD\u2069 في محفظتك (الخطوة 1 من 2)"
    )
    expect(view.querySelector(".approve-title")?.textContent).toBe(
      "مبادلة \u2068sUSD\u2069 بـ \u2068SBX\u2069"
    )
    const ltr = texts(view, "dd[dir=ltr]")
    expect(ltr.some((text) => text?.includes("= ") && text.includes("SBX"))).toBe(true)
    expect(ltr.some((text) => text?.endsWith(" SBX"))).toBe(true)
  })
})
