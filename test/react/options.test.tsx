// @vitest-environment happy-dom
/**
 * What the visitor sees of the options issue 29 wired, in the real modal: the legal footer's links
 * (`termsConditionsUrl`, `privacyPolicyUrl`), the wallets behind "Continue with a wallet"
 * (`features.emailShowWallets` off beside email login), the Account view without Activity and NFTs
 * (`features.history` off), and no network switching (`enableNetworkSwitch` off).
 */
import * as Layer from "effect/Layer"
import { act } from "react"
import { describe, expect, it } from "vitest"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { ALICE } from "../kit/accounts"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { click, rendered } from "../kit/react"
import { untilNotified } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

const WALLET = walletInfo({ uuid: "0b6f3a4e-2f1c-4c7e-9f4e-1d2c3b4a5f60", rdns: "com.example.mock" })

/** The modal on Connect with `options`, a browser wallet announced on the page. */
const open = (options: ModalOptionsInput) =>
  openOnConnect(options, Layer.merge(TestPlatform, makeMockWalletConnect().layer), () =>
    announce(WALLET, makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] }))
  )

/** The modal connected through the announced wallet, on the Account view. */
const connected = async (options: ModalOptionsInput) => {
  const view = await open(options)
  await click(await rendered(() => view.button("Mock Wallet"), "the announced wallet"))
  await untilNotified(view.modal.subscribeState, () => view.modal.getState().view === "Account")
  await rendered(() => view.shadow.querySelector(".account-card"), "the account")
  return view
}

describe("the options, as the visitor sees them", () => {
  it("termsConditionsUrl and privacyPolicyUrl: Connect links both, opened apart from the page", async () => {
    const { shadow } = await open({
      ...walletsOnly,
      termsConditionsUrl: "https://dapp.example/terms",
      privacyPolicyUrl: "https://dapp.example/privacy"
    })
    const footer = await rendered(() => shadow.querySelector(".legal"), "the legal footer")
    expect(footer.textContent).toBe(
      "By connecting, you agree to this app's Terms of Service and Privacy Policy"
    )
    const links = [...footer.querySelectorAll("a")]
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Terms of Service", "https://dapp.example/terms"],
      ["Privacy Policy", "https://dapp.example/privacy"]
    ])
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank")
      expect(link.getAttribute("rel")).toBe("noopener noreferrer")
    }
  })

  it("only one of them: its link alone; neither: no footer", async () => {
    const one = await open({ ...walletsOnly, privacyPolicyUrl: "https://dapp.example/privacy" })
    const footer = await rendered(() => one.shadow.querySelector(".legal"), "the legal footer")
    expect(footer.textContent).toBe("By connecting, you agree to this app's Privacy Policy")

    const none = await open(walletsOnly)
    await rendered(() => none.button("Mock Wallet"), "the wallet list")
    expect(none.shadow.querySelector(".legal")).toBeNull()
  })

  it("emailShowWallets off: beside email login, the wallets wait behind Continue with a wallet", async () => {
    const options = {
      ...walletsOnly,
      features: {
        connectMethodsOrder: ["email", "wallet"],
        email: true,
        socials: false,
        emailShowWallets: false
      }
    } satisfies ModalOptionsInput
    const view = await open(options)
    await rendered(() => view.shadow.querySelector('input[type="email"]'), "the email field")
    const more = await rendered(() => view.button("Continue with a wallet"), "the wallets' button")
    expect(more.getAttribute("aria-expanded")).toBe("false")
    expect(view.button("Mock Wallet")).toBeUndefined()
    expect(view.modal.getConnectOptions().walletsCollapsed).toBe(true)
    await click(more)
    await rendered(() => view.button("Mock Wallet"), "the wallet list")
    expect(view.button("Continue with a wallet")).toBeUndefined()

    // On (the default), the wallets show beside the email field.
    const shown = await open({ ...options, features: { ...options.features, emailShowWallets: true } })
    await rendered(() => shown.button("Mock Wallet"), "the wallet list")
    expect(shown.button("Continue with a wallet")).toBeUndefined()
  })

  it("history off: the Account view shows Tokens alone, no Activity or NFTs", async () => {
    const tabs = async (options: ModalOptionsInput) => {
      const { shadow } = await connected(options)
      const list = await rendered(() => shadow.querySelector('[role="tablist"]'), "the tabs")
      return [...list.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)
    }
    expect(await tabs({ ...walletsOnly, features: { ...walletsOnly.features, history: false } })).toEqual([
      "Tokens"
    ])
    expect(await tabs(walletsOnly)).toEqual(["Tokens", "NFTs", "Activity"])
  })

  it("enableNetworkSwitch off: no network row, and the Networks view offers none", async () => {
    const view = await connected({ ...walletsOnly, enableNetworkSwitch: false })
    expect(view.modal.getAccountActions()).not.toContain("switchNetwork")
    expect(view.shadow.querySelector('[aria-label$="Switch network"]')).toBeNull()
    await act(async () => view.modal.open("Networks"))
    const notice = await rendered(() => view.shadow.querySelector(".empty"), "the notice")
    expect(notice.textContent).toBe("This app does not offer switching networks here. Switch in your wallet.")
    expect(view.shadow.querySelector('[aria-label="Networks"]')).toBeNull()

    const switching = await connected(walletsOnly)
    expect(switching.modal.getAccountActions()).toContain("switchNetwork")
    await rendered(() => switching.shadow.querySelector('[aria-label$="Switch network"]'), "the network row")
  })
})
