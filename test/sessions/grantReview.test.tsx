// @vitest-environment happy-dom
/**
 * ApproveTransaction's words for an ERC-7715 grant (`GrantReview`): what the app may send, to whom, with
 * which limit in the network's coin exactly, by which key, until when; an unreadable request says so.
 */
import { createElement, type ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { catalog as de } from "../../src/messages/compiled/de"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import { ControllerContext } from "../../src/react/modal/element/context"
import { GrantReview } from "../../src/react/modal/views/sessions/GrantReview"
import { ALICE, BOB } from "../kit/accounts"
import { ENGLISH, localeStore, mount } from "../kit/react"

const mountIn = (node: ReactNode, german = false) =>
  mount(
    createElement(
      ControllerContext.Provider,
      { value: { locale: german ? localeStore("de", de) : ENGLISH } as unknown as ModalController },
      node
    )
  )

const NOW = 1_795_564_800
const request = {
  chainId: "0x7a69",
  expiry: NOW + 600,
  signer: { type: "account", data: { id: BOB } },
  permissions: [{ type: "native-token-transfer", data: { to: ALICE, valueLimit: "0x2386f26fc10000" } }]
}
const ether = { symbol: "ETH", decimals: 18 }

describe("GrantReview", () => {
  it("says what the app may send, to whom, by which key, and until when", () => {
    const view = mountIn(<GrantReview params={[request]} coin={ether} now={NOW} />)
    const items = [...view.querySelectorAll("li")].map((li) => li.textContent)
    expect(items).toEqual([
      `Send up to 0.01 ETH per transfer, only to ${ALICE}`,
      `Signed by the app's session key ${BOB}`,
      expect.stringMatching(/^Until .+ \(in 10 minutes\)$/)
    ])
  })

  it("names a permission it does not know, and speaks the modal's language", () => {
    const other = { ...request, permissions: [{ type: "contract-call", data: { address: ALICE } }] }
    const view = mountIn(<GrantReview params={[other]} coin={ether} now={NOW} />, true)
    expect(view.querySelector("li")?.textContent).toBe(
      "Eine Berechtigung vom Typ contract-call nutzen: Prüfen Sie die Details unten"
    )
    expect(view.textContent).toContain("in 10 Minuten")
  })

  it("says when the request cannot be read", () => {
    const view = mountIn(<GrantReview params={[{ ...request, permissions: "all" }]} coin={ether} now={NOW} />)
    expect(view.querySelector('[role="alert"]')?.textContent).toBe(
      "This request cannot be read. Reject it unless you trust this app."
    )
  })
})
