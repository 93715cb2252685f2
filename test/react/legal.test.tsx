// @vitest-environment happy-dom
/**
 * The legal checkbox (`features.legalCheckbox`) in the real modal's Connect view: the sentence with the
 * links the app gave (only those), every way to connect in a disabled group with its reason until the box
 * is checked, and a wallet that connects once it is.
 */
import * as Layer from "effect/Layer"
import { act } from "react"
import { createRoot } from "react-dom/client"
import { describe, expect, it } from "vitest"
import { AirlockProvider, useAirlockLegalConsent } from "../../src/react/index"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { click, rendered } from "../kit/react"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

const WALLET = walletInfo({ uuid: "6d0f7c1e-9a2b-4c3d-8e5f-1a2b3c4d5e6f", rdns: "com.example.mock" })
const TERMS = "https://dapp.example/terms"
const PRIVACY = "https://dapp.example/privacy"

const open = (options: Partial<ModalOptionsInput>) =>
  openOnConnect(
    { ...walletsOnly, ...options, features: { ...walletsOnly.features, legalCheckbox: true } },
    Layer.merge(TestPlatform, makeMockWalletConnect().layer),
    () => announce(WALLET, makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] }))
  )

describe("the legal checkbox on Connect", () => {
  it("the sentence links both pages apart from the page; the ways to connect wait, with the reason", async () => {
    const { shadow, button } = await open({ termsConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
    const box = await rendered(
      () => shadow.querySelector<HTMLInputElement>('.legal-consent input[type="checkbox"]'),
      "the checkbox"
    )
    const label = shadow.querySelector(`label[for="${box.id}"]`)
    expect(label?.textContent).toBe("I agree to the Terms of Service and Privacy Policy")
    const links = [...(label?.querySelectorAll("a") ?? [])]
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.target, a.rel])).toEqual([
      ["Terms of Service", TERMS, "_blank", "noopener noreferrer"],
      ["Privacy Policy", PRIVACY, "_blank", "noopener noreferrer"]
    ])
    expect(box.checked).toBe(false)
    const group = shadow.querySelector<HTMLFieldSetElement>("fieldset.consent-lock")
    expect(group?.disabled).toBe(true)
    const reason = shadow.getElementById(group?.getAttribute("aria-describedby") ?? "")
    expect(reason?.textContent).toBe("Agree to the terms to connect")
    expect(group?.contains(button("Mock Wallet") ?? null)).toBe(true)
    // The footer's sentence is not shown beside the checkbox.
    expect(shadow.querySelector(".legal")).toBeNull()
  })

  it("only the page the app gave is linked", async () => {
    const { shadow } = await open({ termsConditionsUrl: TERMS })
    const consent = await rendered(() => shadow.querySelector(".legal-consent label"), "the sentence")
    expect(consent.textContent).toBe("I agree to the Terms of Service")
    expect([...consent.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([TERMS])
  })

  it("checked: the ways to connect are enabled and the wallet connects", async () => {
    const { modal, shadow, button } = await open({ privacyPolicyUrl: PRIVACY })
    const box = await rendered(
      () => shadow.querySelector<HTMLInputElement>('.legal-consent input[type="checkbox"]'),
      "the checkbox"
    )
    await click(box)
    await untilNotified(modal.subscribeConnectOptions, () => modal.getConnectOptions().legal.accepted)
    await rendered(
      () =>
        shadow.querySelector<HTMLFieldSetElement>("fieldset.consent-lock")?.disabled === false
          ? true
          : undefined,
      "the enabled ways to connect"
    )
    expect(box.checked).toBe(true)
    expect(shadow.querySelector("fieldset.consent-lock")?.hasAttribute("aria-describedby")).toBe(false)
    await click(button("Mock Wallet"))
    await untilNotified(modal.subscribeState, () => modal.getState().view === "Account")
  })
})

/** What the hook answered, render by render. */
const seen: Array<ReturnType<typeof useAirlockLegalConsent>> = []
const Probe = () => {
  seen.push(useAirlockLegalConsent())
  return null
}

describe("useAirlockLegalConsent", () => {
  it("a headless host reads the rule and answers for the visitor; the Connect view's box follows", async () => {
    const { modal, shadow } = await open({ termsConditionsUrl: TERMS })
    seen.length = 0
    const root = createRoot(document.createElement("div"))
    await act(async () =>
      root.render(
        <AirlockProvider modal={modal}>
          <Probe />
        </AirlockProvider>
      )
    )
    expect([seen.at(-1)?.required, seen.at(-1)?.accepted]).toEqual([true, false])
    await act(async () => seen.at(-1)?.setAccepted(true))
    await rendered(() => seen.at(-1)?.accepted === true, "the answer")
    const box = await rendered(
      () => shadow.querySelector<HTMLInputElement>('.legal-consent input[type="checkbox"]'),
      "the checkbox"
    )
    await rendered(() => box.checked, "the box checked")
    await act(async () => root.unmount())
  })
})
