// @vitest-environment happy-dom
/**
 * Every view of SPEC.md §2 opened by name through the handle of the real modal, disconnected and
 * connected, with the flags on and off, and in a time zone where Buy is not offered: each either shows its
 * content (never only a spinner) within a few seconds, or is refused, the modal staying as it was, with
 * the typed error the promise rejects with shown once in the catalogue's words.
 */
import * as Layer from "effect/Layer"
import { act } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { type AirlockError, present } from "../../src/index"
import type { Modal } from "../../src/Modal"
import { viewTitle } from "../../src/react/modal/element/views"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { View } from "../../src/schemas/View"
import { makeMockWalletConnect } from "../../src/testing/index"
import { MOCK_IN_MODAL_CONNECTOR_ID, makeMockInModalWallet } from "../../src/testing/mockInModalWallet"
import { ALICE } from "../kit/accounts"
import { baseOptions } from "../kit/fixtures"
import { createTestModal } from "../kit/modal"
import { json, makeTestPlatform } from "../kit/platform"
import { rendered } from "../kit/react"
// The views' and the flows' code, imported ahead so that a view's bound is not spent compiling it.
import "../../src/react/modal/views/account/AccountView"
import "../../src/react/modal/views/account/ReceiveView"
import "../../src/react/modal/views/embedded/LoginViews"
import "../../src/react/modal/views/flows/names/NameViews"
import "../../src/react/modal/views/flows/onramp/BuyView"
import "../../src/react/modal/views/flows/send/SendView"
import "../../src/react/modal/views/flows/swap/SwapView"
import "../../src/react/modal/views/networks/NetworksView"
import "../../src/react/modal/views/requests/ApproveTransactionScreen"
import "../../src/react/modal/views/signin/SignInViews"
import "../../src/react/modal/views/walletconnect/ConnectingWalletConnectView"
import "../../src/react/modal/views/wallets/AllWalletsView"
import "../../src/react/modal/views/wallets/ConnectingExternalView"
import "../../src/layers/flow/viewCommands"
import "../../src/layers/flows/names/Names.lazy"
import "../../src/layers/flows/onramp/Onramp.lazy"
import "../../src/layers/flows/send/Send.lazy"
import "../../src/layers/flows/swap/Swap.lazy"

/** How long a view may take to show its content or its refusal: its code is in, its data fails fast. */
const VIEW_BOUND_MS = 5_000

const FLAGS_OFF: Partial<ModalOptionsInput> = {
  features: { send: false, swaps: false, onramp: false, receive: false, allWallets: false, analytics: false },
  enableWalletConnect: false
}

afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * The modal over a mock wallet on the sandbox chain, connected to it when `connected`. The provider's API
 * answers Buy's options with a 404 at once: a load that fails without the retries of an unreachable one.
 */
const modalIn = async (connected: boolean, settings: Partial<ModalOptionsInput> = {}) => {
  const wallet = makeMockInModalWallet({ chainId: 31337, accounts: [ALICE] })
  const platform = makeTestPlatform()
  platform.stub(/\/v1\/onramp\/options/, () => json({ reasons: [] }, 404))
  const options: ModalOptionsInput = { ...baseOptions, features: { analytics: false }, ...settings }
  const modal = await createTestModal(
    options,
    Layer.mergeAll(platform.layer, makeMockWalletConnect().layer, wallet.layer)
  )
  if (connected) await act(async () => modal.connect(MOCK_IN_MODAL_CONNECTOR_ID))
  expect(modal.getAccount().isConnected).toBe(connected)
  const shadow = modal.element?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error("no shadow root")
  return { modal, shadow }
}

type Opened =
  | { readonly _tag: "Shown"; readonly view: View }
  | { readonly _tag: "Refused"; readonly error: AirlockError }

const noticeTexts = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll(".notice .text")].map((n) => n.firstChild?.textContent ?? "")

/** Dismisses every notice on screen (earlier refusals, a flow's own toast). */
const dismissNotices = async (shadow: ShadowRoot) => {
  for (const button of shadow.querySelectorAll<HTMLButtonElement>('.notice [aria-label="Dismiss"]'))
    await act(async () => button.click())
  await rendered(() => shadow.querySelector(".notice") === null, "no notice left", VIEW_BOUND_MS)
}

/**
 * Opens `view` by name from a closed modal and answers what happened, having checked it: shown with its
 * title and some content, or refused with its words in one notice and the modal still closed.
 */
const openByName = async (modal: Modal, shadow: ShadowRoot, view: View): Promise<Opened> => {
  await act(async () => {
    await modal.close({ force: true })
  })
  await dismissNotices(shadow)
  let settled: Opened | undefined
  await act(async () => {
    void modal.open(view).then(
      () => {
        settled = { _tag: "Shown", view: modal.getState().view }
      },
      (error: AirlockError) => {
        settled = { _tag: "Refused", error }
      }
    )
  })
  const opened = await rendered(() => settled, `open("${view}") to settle`, VIEW_BOUND_MS)
  if (opened._tag === "Refused") {
    const words = present(opened.error).message
    await rendered(() => noticeTexts(shadow).includes(words), `the refusal of ${view} shown`, VIEW_BOUND_MS)
    expect(
      noticeTexts(shadow).filter((text) => text === words),
      view
    ).toHaveLength(1)
    expect(modal.isOpen(), view).toBe(false)
    return opened
  }
  expect(modal.isOpen(), view).toBe(true)
  const title = viewTitle(opened.view)
  await rendered(
    () => {
      const body = shadow.querySelector(".body")
      // Content is words: a view that only spins has none (its spinner is named by its label).
      return (
        shadow.querySelector(".title")?.textContent === title && (body?.textContent?.trim().length ?? 0) > 0
      )
    },
    `${view} showing its content`,
    VIEW_BOUND_MS
  )
  return opened
}

/** Opens every view by name; answers, for each, the view shown or the refusal's words. */
const openEvery = async (modal: Modal, shadow: ShadowRoot) => {
  const outcomes: Record<string, string> = {}
  for (const view of View.literals) {
    const opened = await openByName(modal, shadow, view)
    outcomes[view] = opened._tag === "Shown" ? `shows ${opened.view}` : present(opened.error).message
  }
  return outcomes
}

/** Each view shown as itself, except ApproveTransaction, which without a request opens as `open()`. */
const shows = (views: ReadonlyArray<View>, bare: View) =>
  Object.fromEntries(views.map((view) => [view, `shows ${view === "ApproveTransaction" ? bare : view}`]))

const NOT_CONNECTED = "Connector not connected."
const STEPS_NOT_UNDER_WAY = {
  // Without a batch, it says it knows none.
  BatchStatus: "shows BatchStatus",
  ConnectingExternal: "Choose a wallet first",
  ConnectingSiwe: "No sign-in is waiting",
  SIWXSignMessage: "No sign-in is waiting",
  ConnectingFarcaster: "No login is waiting",
  EmailVerifyDevice: "No login is waiting",
  EmailVerifyOtp: "No login is waiting",
  ConnectingSocial: "No login is waiting",
  RegisterAccountNameSuccess: "No name was registered",
  UnsupportedChain: "Your network is supported",
  Pay: "No payment is waiting"
}

describe("open(view) for every view, through the modal", () => {
  it("disconnected, every flag on", async () => {
    const { modal, shadow } = await modalIn(false)
    expect(await openEvery(modal, shadow)).toEqual({
      ...shows(
        [
          "Connect",
          "WhatIsAWallet",
          "AllWallets",
          "Networks",
          "ApproveTransaction",
          "ConnectingWalletConnect",
          "ConnectingWalletConnectBasic"
        ],
        "Connect"
      ),
      ...STEPS_NOT_UNDER_WAY,
      Account: NOT_CONNECTED,
      WalletSend: NOT_CONNECTED,
      Swap: NOT_CONNECTED,
      OnRampProviders: NOT_CONNECTED,
      RegisterAccountName: NOT_CONNECTED,
      WalletReceive: NOT_CONNECTED,
      UpdateEmail: NOT_CONNECTED
    })
  })

  it("disconnected, the flags off (send, swaps, onramp, receive, All Wallets, WalletConnect)", async () => {
    const { modal, shadow } = await modalIn(false, FLAGS_OFF)
    expect(await openEvery(modal, shadow)).toEqual({
      ...shows(["Connect", "WhatIsAWallet", "Networks", "ApproveTransaction"], "Connect"),
      ...STEPS_NOT_UNDER_WAY,
      AllWallets: "All Wallets is not enabled",
      ConnectingWalletConnect: "WalletConnectConnector not found",
      ConnectingWalletConnectBasic: "WalletConnectConnector not found",
      Account: NOT_CONNECTED,
      WalletSend: "Send is not enabled",
      Swap: "Swap is not enabled",
      OnRampProviders: "Buy is not enabled",
      RegisterAccountName: NOT_CONNECTED,
      WalletReceive: "Receive is not enabled",
      UpdateEmail: NOT_CONNECTED
    })
  })

  it("connected, every flag on: the flows start and show their first step (or why not, in it)", async () => {
    const { modal, shadow } = await modalIn(true)
    expect(await openEvery(modal, shadow)).toEqual({
      ...shows(
        [
          "Connect",
          "WhatIsAWallet",
          "Account",
          "AllWallets",
          "Networks",
          "ApproveTransaction",
          "ConnectingWalletConnect",
          "ConnectingWalletConnectBasic",
          "WalletSend",
          "Swap",
          "OnRampProviders",
          "RegisterAccountName",
          "WalletReceive"
        ],
        "Account"
      ),
      ...STEPS_NOT_UNDER_WAY,
      UpdateEmail: "Only an email or social login has an email to update"
    })
  })

  it("connected, the flags off", async () => {
    const { modal, shadow } = await modalIn(true, FLAGS_OFF)
    expect(await openEvery(modal, shadow)).toEqual({
      ...shows(
        ["Connect", "WhatIsAWallet", "Account", "Networks", "ApproveTransaction", "RegisterAccountName"],
        "Account"
      ),
      ...STEPS_NOT_UNDER_WAY,
      AllWallets: "All Wallets is not enabled",
      ConnectingWalletConnect: "WalletConnectConnector not found",
      ConnectingWalletConnectBasic: "WalletConnectConnector not found",
      WalletSend: "Send is not enabled",
      Swap: "Swap is not enabled",
      OnRampProviders: "Buy is not enabled",
      WalletReceive: "Receive is not enabled",
      UpdateEmail: "Only an email or social login has an email to update"
    })
  })

  it("connected in a time zone where Buy is not offered: Buy is refused as the Account view leaves it out", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions()
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...zone,
      timeZone: "Asia/Shanghai"
    })
    const { modal, shadow } = await modalIn(true)
    expect(modal.getAccountActions()).not.toContain("buy")
    const buy = await openByName(modal, shadow, "OnRampProviders")
    expect(buy._tag === "Refused" ? present(buy.error).message : buy).toBe(
      "Buy is not available in your region"
    )
    expect(await openByName(modal, shadow, "WalletSend")).toEqual({ _tag: "Shown", view: "WalletSend" })
  })
})
