// @vitest-environment happy-dom
/**
 * Buy's form on the design system (issue 30): no native select; the country row, the amount with its
 * currency button, the token to buy with the quoted amount, methods and providers as radios; the problem
 * under its field; Continue in the sticky footer opens the provider's page within the click.
 */

import { act } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { BuyView } from "../../src/react/modal/views/flows/onramp/BuyView"
import type { BuyOptions, OnrampState } from "../../src/services/Onramp"
import { ALICE } from "../kit/accounts"
import { bindingOf } from "../kit/bindings"
import { sandboxNetwork } from "../kit/networks"
import { fakeController, localeStore, mountWith, unmountViews } from "../kit/react"

afterEach(() => {
  unmountViews()
  vi.restoreAllMocks()
})

const options: BuyOptions = {
  providers: [{ id: "meld", name: "Meld", fees: "1-2%", namespaces: ["eip155"] }],
  fiat: [
    {
      id: "USD",
      limits: [
        { method: "card", min: 10, max: 7500 },
        { method: "bank_account", min: 10, max: 25_000 }
      ]
    },
    { id: "EUR", limits: [] }
  ],
  crypto: [
    {
      currency: { id: "susd", name: "Sandbox USD", symbol: "sUSD", networks: [] },
      network: "sandbox"
    }
  ],
  countries: [
    { id: "US", name: "United States", currencies: ["USD"], payment_methods: ["card"] },
    { id: "FR", name: "France", currencies: ["EUR", "USD"], payment_methods: ["card", "bank_account"] }
  ],
  fallback: false
}
const draft = { provider: "meld", country: "US", fiat: "USD", method: "card", amount: "50", crypto: "susd" }
const quote = {
  purchaseAmount: 49.15,
  paymentSubtotal: 49.25,
  paymentTotal: 50,
  networkFee: { amount: 0.1, currency: "USD" },
  quoteId: "quote-1"
}
const binding = bindingOf(ALICE, sandboxNetwork)
/** The form with `draft` quoted and the provider's page ready to open. */
const quotedForm: OnrampState = {
  _tag: "Editing",
  draft,
  options,
  binding,
  quote: { _tag: "Quoted", quote },
  page: { url: "https://buy.example/checkout", symbol: "sUSD" }
}

const render = (state: OnrampState) => {
  const { controller, called } = fakeController({ onramp: state })
  return { view: mountWith(controller, <BuyView />), called }
}

describe("Buy's form", () => {
  it("shows every choice on the design system: rows, the amount field, radios, and the quote in human units", () => {
    const { view } = render(quotedForm)
    expect(view.querySelector("select")).toBeNull()
    const labels = [...view.querySelectorAll("button[aria-haspopup=listbox]")].map((b) =>
      b.getAttribute("aria-label")
    )
    expect(labels).toEqual(["Country United States", "Currency: USD", "Token to buy: sUSD"])
    // The card's limits under the amount; the quoted amount in the read-only field.
    expect(view.textContent).toContain("Card: from $10.00 to $7,500.00")
    const amounts = [...view.querySelectorAll<HTMLInputElement>(".token-amount")]
    expect(amounts.map((input) => [input.value, input.readOnly])).toEqual([
      ["50", false],
      ["49.15", true]
    ])
    // The United States take cards only; Meld is chosen, with its fees.
    const radios = [...view.querySelectorAll<HTMLInputElement>("input[type=radio]")]
    expect(radios.map((radio) => [radio.closest("label")?.textContent, radio.checked])).toEqual([
      ["Card", true],
      ["MMeldFees 1-2%", true]
    ])
    expect(view.querySelector(".approve-details")?.textContent).toBe(
      "You get about49.15 sUSDFees$0.75 (network $0.10)Total$50.00"
    )
    expect(view.querySelector(".sticky-footer button[type=submit]")?.textContent).toBe("Continue")
  })

  it("the currency picker lists the currencies the country allows, with their names", () => {
    const { view } = render({
      _tag: "Editing",
      draft: { ...draft, country: "FR", fiat: "EUR" },
      options,
      binding,
      quote: { _tag: "None" }
    })
    act(() => view.querySelector<HTMLButtonElement>("[aria-label='Currency: EUR']")?.click())
    expect([...view.querySelectorAll("[role=option]")].map((o) => o.textContent)).toEqual([
      "USDUS Dollar",
      "EUREuro"
    ])
  })

  it("a missing country is said under the country row, which names the problem", () => {
    const { view } = render({
      _tag: "Editing",
      draft: { ...draft, country: undefined },
      options,
      binding,
      quote: { _tag: "None" },
      problem: "country"
    })
    const row = view.querySelector("button[aria-haspopup=listbox]")
    expect(row?.getAttribute("aria-label")).toBe("Country Choose your country")
    const problem = view.querySelector("[role=alert]")
    expect(problem?.textContent).toBe("Choose your country")
    expect(row?.getAttribute("aria-describedby")).toBe(problem?.id)
    expect(view.querySelector<HTMLButtonElement>("button[type=submit]")?.disabled).toBe(true)
  })

  it("Continue opens the provider's page within the click, then tells the flow", () => {
    const opened: Array<string> = []
    const open = vi.spyOn(window, "open").mockImplementation((url) => {
      opened.push(String(url))
      return null
    })
    const { view, called } = render(quotedForm)
    act(() => view.querySelector<HTMLButtonElement>("button[type=submit]")?.click())
    expect(opened).toEqual(["https://buy.example/checkout"])
    expect(open).toHaveBeenCalledWith("https://buy.example/checkout", "_blank", "noopener,noreferrer")
    expect(called).toEqual(["onramp.proceed"])
  })

  it("speaks the modal's language: German words, countries and currencies named by Intl, amounts in German", async () => {
    const { catalog } = await import("../../src/messages/compiled/de")
    const { controller } = fakeController({ onramp: quotedForm })
    const view = mountWith({ ...controller, locale: localeStore("de", catalog) }, <BuyView />)
    const labels = [...view.querySelectorAll("button[aria-haspopup=listbox]")].map((b) =>
      b.getAttribute("aria-label")
    )
    expect(labels[0]).toBe("Land Vereinigte Staaten")
    expect(view.textContent).toContain("Karte: von 10,00\u00a0$ bis 7.500,00\u00a0$")
    expect(view.querySelector(".sticky-footer button[type=submit]")?.textContent).toBe("Weiter")
    expect(view.textContent).not.toContain("You get")
  })
})
