// @vitest-environment happy-dom
import { act } from "react"
import { describe, expect, it, vi } from "vitest"
import { describeRequest, type RequestDescription } from "../../src/layers/requests/describeRequest"
import { ApproveTransactionBody } from "../../src/react/modal/views/requests/ApproveTransactionView"
import { ALICE as from, CAROL as spender } from "../kit/accounts"
import { mount } from "../kit/react"

/** How the modal describes `method` with `params`, asked by ALICE on Ethereum mainnet. */
const describedOnMainnet = (id: number, method: string, params: ReadonlyArray<unknown>) =>
  describeRequest(
    {
      id,
      method,
      params,
      namespace: "eip155",
      network: "eip155:1",
      from,
      answeredIn: "modal",
      simulation: undefined
    },
    { activeChainId: 1, networkName: "Ethereum", nativeSymbol: "ETH" }
  )

const permitOnPolygon = describedOnMainnet(7, "eth_signTypedData_v4", [
  from,
  JSON.stringify({
    primaryType: "Permit",
    domain: { name: "USD Coin", version: "2", chainId: 137, verifyingContract: spender },
    message: { owner: from, spender, value: "5", nonce: 0, deadline: 1_893_456_000 }
  })
])

const render = (
  description: RequestDescription,
  pending = false,
  preview?: {
    readonly simulation: ReadonlyArray<string> | undefined
    readonly answeredIn: "modal" | "wallet"
  }
) => {
  const onApprove = vi.fn()
  const onReject = vi.fn()
  const view = mount(
    <ApproveTransactionBody
      description={description}
      simulation={preview?.simulation}
      answeredIn={preview?.answeredIn ?? "modal"}
      onApprove={onApprove}
      onReject={onReject}
      pending={pending}
    />
  )
  const buttons = [...view.querySelectorAll("button")]
  return { view, onApprove, onReject, buttons }
}

describe("ApproveTransactionBody", () => {
  it("previews what the wallet asks: the simulated changes, Cancel alone, and where to answer", () => {
    const { view, buttons, onReject, onApprove } = render(permitOnPolygon, false, {
      simulation: ["-12.5 sUSD", "+0.01 ETH"],
      answeredIn: "wallet"
    })
    const terms = [...view.querySelectorAll("dl dt")].map((term) => term.textContent)
    expect(terms.at(-1)).toBe("Your balance changes (simulated)")
    expect([...view.querySelectorAll("dl dd.code")].map((d) => d.textContent).slice(-2)).toEqual([
      "-12.5 sUSD",
      "+0.01 ETH"
    ])
    expect(buttons.map((button) => button.textContent)).toEqual(["Cancel"])
    expect(view.querySelector(".status")?.textContent).toBe("Approve or reject it in your wallet.")
    act(() => buttons[0]?.click())
    expect(onReject).toHaveBeenCalledTimes(1)
    expect(onApprove).not.toHaveBeenCalled()
  })

  it("names the request in an accessible heading and lists what is asked", () => {
    const { view } = render(permitOnPolygon)
    const heading = view.querySelector("h3")
    expect(heading?.textContent).toBe("Sign a token permit")
    expect(view.querySelector("section")?.getAttribute("aria-labelledby")).toBe(heading?.id)
    const terms = [...view.querySelectorAll("dl dt")].map((term) => term.textContent)
    const details = [...view.querySelectorAll("dl dd")].map((detail) => detail.textContent)
    expect(terms).toEqual(permitOnPolygon.rows.map((row) => row.label))
    expect(details).toEqual(permitOnPolygon.rows.map((row) => row.value))
    expect(terms).toContain("Spender")
    expect(details).toContain("2030-01-01 00:00:00 UTC")
  })

  it("shows the chain mismatch in an alert", () => {
    const { view } = render(permitOnPolygon)
    const alert = view.querySelector('[role="alert"]')
    expect(alert?.textContent).toBe(
      "This signature is for chain 137, but the active network is chain 1 (Ethereum)"
    )
  })

  it("has no alert when nothing is wrong", () => {
    const { view } = render({
      title: "Sign a message",
      rows: [{ label: "Message", value: "hi", format: "message" }],
      warnings: []
    })
    expect(view.querySelector('[role="alert"]')).toBeNull()
  })

  it("Reject comes first, Approve is the primary button, each calls its handler", () => {
    const { buttons, onApprove, onReject } = render(permitOnPolygon)
    expect(buttons.map((button) => button.textContent)).toEqual(["Reject", "Approve"])
    const [reject, approve] = buttons
    expect(approve?.className).toBe("button")
    expect(reject?.className).toContain("secondary")
    act(() => reject?.click())
    expect(onReject).toHaveBeenCalledTimes(1)
    expect(onApprove).not.toHaveBeenCalled()
    act(() => approve?.click())
    expect(onApprove).toHaveBeenCalledTimes(1)
  })

  it("disables both buttons once the visitor answered", () => {
    const { view, buttons, onApprove, onReject } = render(permitOnPolygon, true)
    expect(buttons.every((button) => button.disabled)).toBe(true)
    for (const button of buttons) act(() => button.click())
    expect(onApprove).not.toHaveBeenCalled()
    expect(onReject).not.toHaveBeenCalled()
    expect(view.querySelector(".status")?.textContent).toBe("Sending your answer…")
  })

  it("renders a hostile message as text, never as markup", () => {
    const markup = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`
    const description = describedOnMainnet(1, "personal_sign", [markup, from])
    const { view } = render(description)
    expect(view.querySelector("img, script")).toBeNull()
    expect(view.querySelector("dd.message")?.textContent).toBe(markup)
    expect(Reflect.get(window, "__pwned")).toBeUndefined()
  })
})
