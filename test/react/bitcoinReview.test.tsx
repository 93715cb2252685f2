// @vitest-environment happy-dom
/**
 * Issue 35: a Bitcoin PSBT in words in ApproveTransaction: each input (whose, signed now or not), each
 * output (recipient, change, data), the fee in BTC and sats, the rate, what leaves, broadcast or not;
 * a sighash other than ALL called out first; a message's protocol.
 */
import { createElement, type ReactNode } from "react"
import { describe, expect, it } from "vitest"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import { ControllerContext } from "../../src/react/modal/element/context"
import { BitcoinReview } from "../../src/react/modal/views/bitcoin/BitcoinReview"
import type { BitcoinTransactionPreview } from "../../src/services/BitcoinPreview"
import { ENGLISH, mount } from "../kit/react"

const mountIn = (node: ReactNode) =>
  mount(
    createElement(
      ControllerContext.Provider,
      { value: { locale: ENGLISH } as unknown as ModalController },
      node
    )
  )

const ME = "bcrt1qme"
const THEM = "bcrt1qthem"
const transfer: BitcoinTransactionPreview = {
  _tag: "Transaction",
  txid: "ab".repeat(32),
  inputs: [
    { index: 0, txid: "01".repeat(32), vout: 0, amount: 250_000n, address: ME, mine: true, signing: ["ALL"] }
  ],
  outputs: [
    { _tag: "Recipient", index: 0, address: THEM, amount: 100_000n },
    { _tag: "Change", index: 1, address: ME, amount: 149_718n },
    { _tag: "Data", index: 2, data: "6a0568656c6c6f", amount: 0n }
  ],
  fee: 282n,
  vsize: 141,
  feeRate: 2,
  leaves: 100_282n,
  broadcast: true,
  risky: false
}

describe("BitcoinReview", () => {
  it("words inputs, outputs, the fee in BTC and sats, the rate, what leaves and the broadcast", () => {
    const text = mountIn(createElement(BitcoinReview, { preview: transfer })).textContent ?? ""
    expect(text).toContain(`0.0025 BTC (250,000 sats) from your address ${ME}`)
    expect(text).toContain("You sign it now (ALL)")
    expect(text).toContain(`0.001 BTC (100,000 sats) to ${THEM}`)
    // A coin reads as the formatting rules show BTC, exact in sats beside it.
    expect(text).toContain(`0.0014 BTC (149,718 sats) back to you as change (${ME})`)
    expect(text).toContain("Data (OP_RETURN), 0 BTC (0 sats): 6a0568656c6c6f")
    expect(text).toContain("0.00000282 BTC (282 sats)")
    expect(text).toContain("2 sat/vB (about 141 vB)")
    expect(text).toContain("0.00100282 BTC (100,282 sats)")
    expect(text).toContain("Yes, once signed")
  })

  it("calls out a sighash other than ALL, and an input of unknown amount, before anything else", () => {
    const risky: BitcoinTransactionPreview = {
      ...transfer,
      inputs: [{ ...transfer.inputs[0]!, amount: undefined, signing: ["NONE|ANYONECANPAY"] }],
      fee: undefined,
      feeRate: undefined,
      leaves: undefined,
      broadcast: false,
      risky: true
    }
    const view = mountIn(createElement(BitcoinReview, { preview: risky }))
    const alert = view.querySelector("[role=alert]")!
    expect(alert.textContent).toContain("Input 0 is signed with NONE|ANYONECANPAY")
    expect(alert.textContent).toContain("The amount of input 0 is unknown")
    expect(view.textContent).toContain("Unknown: an input's amount is missing")
    expect(view.textContent).toContain("No, only signed")
  })

  it("shows a message's protocol", () => {
    const view = mountIn(createElement(BitcoinReview, { preview: { _tag: "Message", protocol: "bip322" } }))
    expect(view.textContent).toContain("BIP-322 (a proof of the address)")
  })
})
