// @vitest-environment happy-dom
import { act, createElement, type ReactNode } from "react"
import { encodeFunctionData, erc20Abi, maxUint256 } from "viem"
import { describe, expect, it, vi } from "vitest"
import { describeRequest, type RequestDescription } from "../../src/layers/requests/describeRequest"
import type { SimulationLine } from "../../src/layers/requests/requestValues"
import { simulationChanges } from "../../src/layers/requests/simulationText"
import type { Catalog } from "../../src/messages/compiled/catalog"
import type { LocaleTag } from "../../src/messages/locales"
import type { ModalController } from "../../src/react/modal/bridge/controller"
import { ControllerContext } from "../../src/react/modal/element/context"
import { ApproveTransactionBody } from "../../src/react/modal/views/requests/ApproveTransactionView"
import { ALICE as from, BOB as recipient, CAROL as spender } from "../kit/accounts"
import { ENGLISH, localeStore, mount } from "../kit/react"

/** Mounts `node` in a modal speaking English, or `tag` with its catalog. */
const mountIn = (node: ReactNode, tag?: LocaleTag, catalog?: Catalog) =>
  mount(
    createElement(
      ControllerContext.Provider,
      {
        value: {
          locale: tag === undefined || catalog === undefined ? ENGLISH : localeStore(tag, catalog)
        } as unknown as ModalController
      },
      node
    )
  )

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
    readonly simulation: ReadonlyArray<SimulationLine> | undefined
    readonly answeredIn: "modal" | "wallet"
  }
) => {
  const onApprove = vi.fn()
  const onReject = vi.fn()
  const view = mountIn(
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
      simulation: simulationChanges(
        {
          _tag: "Simulated",
          changes: [
            { token: spender, delta: -12_500_000n, symbol: "sUSD", decimals: 6 },
            { token: "native", delta: 10n ** 16n, symbol: undefined, decimals: undefined }
          ]
        },
        { symbol: "ETH", decimals: 18 }
      ),
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
    expect(terms).toEqual([
      "Method",
      "Network",
      "From",
      "Domain",
      "Version",
      "Chain",
      "Contract",
      "Primary type",
      "Spender",
      "Allowance",
      "Deadline"
    ])
    expect(details).toEqual([
      "eth_signTypedData_v4",
      "Ethereum",
      from,
      "USD Coin",
      "2",
      "137",
      spender,
      "Permit",
      spender,
      "5 units",
      "2030-01-01 00:00:00 UTC"
    ])
    // Addresses and amounts read left to right inside right-to-left text.
    const spenderRow = [...view.querySelectorAll("dl dd")][8]
    expect(spenderRow?.getAttribute("dir")).toBe("ltr")
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
      title: "SignMessage",
      rows: [{ label: "Message", value: { _tag: "Text", text: "hi" }, format: "message" }],
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

  it("words every kind of request in the English of today (SPEC.md §8)", () => {
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [recipient, 1_500_000n]
    })
    const unlimited = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [spender, maxUint256]
    })
    const shown = (description: RequestDescription) => {
      const { view } = render(description)
      const rows = [...view.querySelectorAll("dl > div")].map(
        (row) => `${row.querySelector("dt")?.textContent}: ${row.querySelector("dd")?.textContent}`
      )
      return {
        title: view.querySelector("h3")?.textContent,
        rows: rows.slice(3),
        warnings: [...view.querySelectorAll('[role="alert"] p')].map((p) => p.textContent)
      }
    }
    expect(shown(describedOnMainnet(2, "personal_sign", ["0x", from]))).toEqual({
      title: "Sign a message",
      rows: ["Message: (empty)"],
      warnings: []
    })
    expect(
      shown(
        describedOnMainnet(3, "wallet_sendCalls", [
          {
            chainId: "0xa",
            calls: [
              { to: spender, data: transfer },
              { to: recipient, value: "0xde0b6b3a7640000" },
              ...Array.from({ length: 10 }, () => ({ to: recipient, data: "0xdeadbeef" }))
            ]
          }
        ])
      )
    ).toEqual({
      title: "Send a batch of calls",
      rows: [
        "Calls: 12",
        `Call 1: To ${spender}\nValue 0 ETH\nTransfer 1500000 units to ${recipient}`,
        `Call 2: To ${recipient}\nValue 1 ETH\nNo data`,
        ...Array.from(
          { length: 8 },
          (_, index) => `Call ${index + 3}: To ${recipient}\nValue 0 ETH\nFunction 0xdeadbeef, 4 bytes`
        ),
        "More calls: and 2 more"
      ],
      warnings: ["This batch is for chain 10, but the active network is chain 1 (Ethereum)"]
    })
    expect(
      shown(describedOnMainnet(4, "eth_sendTransaction", [{ from, to: spender, data: unlimited }]))
    ).toEqual({
      title: "Approve a token spender",
      rows: [`Token: ${spender}`, `Spender: ${spender}`, "Allowance: Unlimited", "Value: 0 ETH"],
      warnings: [`Unlimited approval: ${spender} could move all of this token you hold, now and later`]
    })
    expect(
      shown(describedOnMainnet(5, "eth_sendTransaction", [{ from, data: "0x6080604052", chainId: "x" }]))
    ).toEqual({
      title: "Deploy a contract",
      rows: ["Value: 0 ETH", "Contract code: Function 0x60806040, 5 bytes"],
      warnings: ["The chain of this transaction cannot be read"]
    })
    expect(shown(describedOnMainnet(6, "wallet_revokePermissions", [{}]))).toEqual({
      title: "Revoke permissions",
      rows: ["Permissions: (none)"],
      warnings: []
    })
    const solana = describeRequest(
      {
        id: 8,
        method: "solana_signAllTransactions",
        params: { transactions: ["AQID", "BAUG"] },
        namespace: "solana",
        network: undefined,
        from,
        answeredIn: "modal",
        simulation: undefined
      },
      { activeChainId: undefined, networkName: undefined, nativeSymbol: undefined }
    )
    const { view } = render(solana)
    expect(view.querySelector("h3")?.textContent).toBe("Sign transactions")
    expect([...view.querySelectorAll("dl dd")].map((dd) => dd.textContent).slice(1)).toEqual([
      "Unknown network",
      from,
      "2",
      "Not decoded here: Solana instructions are not shown"
    ])
  })

  it("speaks the modal's language: Japanese words, the request's values as sent", async () => {
    const { catalog } = await import("../../src/messages/compiled/ja")
    const view = mountIn(
      <ApproveTransactionBody
        description={permitOnPolygon}
        simulation={[{ _tag: "NoChange" }]}
        answeredIn="modal"
        onApprove={() => undefined}
        onReject={() => undefined}
        pending={false}
      />,
      "ja",
      catalog
    )
    expect(view.querySelector("h3")?.textContent).toBe(catalog.approve.titleSignPermit())
    expect([...view.querySelectorAll("button")].map((b) => b.textContent)).toEqual([
      catalog.approve.reject(),
      catalog.approve.approve()
    ])
    expect(view.textContent).not.toContain("Spender")
    expect(view.textContent).toContain(spender)
  })
})
