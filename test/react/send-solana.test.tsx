// @vitest-environment happy-dom
import { describe, expect, it } from "vitest"
import { ProviderRequestError } from "../../src/errors"
import { SendView } from "../../src/react/modal/views/flows/send/SendView"
import type { SendableToken, SendPreview, SendState } from "../../src/services/Send"
import { SOLANA_BOB as RECEIVER, SOLANA_ALICE as SENDER } from "../kit/accounts"
import { bindingOf } from "../kit/bindings"
import { USDC_MINT as MINT, solanaDevnetNetwork } from "../kit/networks"
import { fakeController, mountWith } from "../kit/react"

const sol: SendableToken = {
  key: "native",
  name: "Solana",
  symbol: "SOL",
  decimals: 9,
  balance: 2n * 10n ** 9n,
  price: 150
}
const usdc: SendableToken = {
  key: MINT,
  name: "USD Coin",
  symbol: "USDC",
  decimals: 6,
  balance: 10n ** 8n,
  price: 1
}
const draft = { token: MINT, amount: "12.5", receiver: RECEIVER }

const preview: SendPreview = {
  token: usdc,
  amount: 12_500_000n,
  receiver: RECEIVER,
  request: {
    namespace: "solana",
    network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    transfer: { kind: "sol", from: SENDER, to: RECEIVER, lamports: 1n }
  },
  fee: { amount: 5_000n, usd: 0.00075 },
  accountRent: 2_039_280n,
  nativeSymbol: "SOL",
  nativeDecimals: 9,
  call: { _tag: "SolanaTokenTransfer", mint: MINT, createsAccount: true },
  simulation: undefined
}

const render = (state: SendState) => mountWith(fakeController({ send: state }).controller, <SendView />)

/** The form on Solana, the draft filled in, with `more` (a problem, an error). */
const editing = (more: Partial<Extract<SendState, { _tag: "Editing" }>>) =>
  render({ _tag: "Editing", namespace: "solana", draft, tokens: [sol, usdc], ...more })

describe("SendView on Solana", () => {
  it("asks for a Solana address and words a Solana receiver problem", () => {
    const view = editing({ receiverProblem: "solana-format" })
    const receiver = view.querySelectorAll("input")[1]
    expect(receiver?.getAttribute("placeholder")).toBe("Solana address")
    expect(view.textContent).toContain("Enter a Solana address (32 to 44 base58 characters)")
  })

  it("shows why the preview could not be prepared, in the catalogue's words", () => {
    const view = editing({
      previewError: new ProviderRequestError({ reason: "network", endpoint: "getLatestBlockhash" })
    })
    expect(view.querySelector("[role=alert]")?.textContent).toBe("Network request failed. Try again later.")
  })

  it("previews the amount, the receiver, the fee in SOL and the new account's rent, without a simulation", () => {
    const view = render({
      _tag: "Preview",
      draft,
      tokens: [sol, usdc],
      preview,
      binding: bindingOf(SENDER, solanaDevnetNetwork)
    })
    const text = view.textContent ?? ""
    expect(text).toContain("Send 12.5 USDC")
    expect(text).toContain(RECEIVER)
    // The fee and the rent to a few significant digits, as every cost is shown.
    expect(text).toContain("0.000005 SOL")
    expect(text).toContain("0.00204 SOL")
    expect(text).toContain("creating the receiver's token account")
    expect(text).not.toContain("simulated")
  })
})
