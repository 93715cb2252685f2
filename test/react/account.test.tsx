// @vitest-environment happy-dom
/**
 * The Account view in the real modal over a host `AccountData` whose state the test sets: the views only
 * read the service's state and call its commands (Load more, Try again); they fetch nothing themselves.
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { act } from "react"
import { describe, expect, it } from "vitest"
import { BalanceUnavailableError, HistoryFetchError } from "../../src/errors"
import type { AccountAction, Modal } from "../../src/Modal"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { Transaction } from "../../src/schemas/Transaction"
import { AccountData, type AccountDataShape, type Loadable } from "../../src/services/AccountData"
import { Send, type SendState } from "../../src/services/Send"
import type { TrackedTransaction } from "../../src/services/TransactionWatcher"
import { makeMockEip1193Provider, makeMockWalletConnect } from "../../src/testing/index"
import { ALICE, BOB } from "../kit/accounts"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { actOn, click, rendered } from "../kit/react"
import { untilNotified, untilState } from "../kit/waits"
import { announce, walletInfo } from "../kit/wallets"

/** The wallet the account connects with, as it announces itself. */
const mockWalletInfo = (uuid: string) => walletInfo({ uuid, rdns: "com.example.mock" })

const transaction = (id: string, minedAt: string): Transaction => ({
  id,
  metadata: { operationType: "receive", status: "confirmed", sentFrom: "0x1", sentTo: ALICE, minedAt },
  transfers: [{ fungible_info: { symbol: "USDC" }, direction: "in", quantity: { numeric: "12.5" } }]
})

/** An AccountData whose refs the test sets, recording the commands the views call. */
const makeFakeAccountData = () =>
  Effect.runSync(
    Effect.gen(function* () {
      const calls: Array<string> = []
      const record = (call: string) => Effect.sync(() => void calls.push(call))
      /** How many listeners show each datum now. */
      const shown = yield* SubscriptionRef.make<Readonly<Record<string, number>>>({})
      const count = (datum: string, step: number) =>
        SubscriptionRef.update(shown, (now) => ({ ...now, [datum]: (now[datum] ?? 0) + step }))
      const service: AccountDataShape = {
        nativeBalance: yield* SubscriptionRef.make<AccountDataShape["nativeBalance"]["value"]>({
          _tag: "Loading"
        }),
        tokens: yield* SubscriptionRef.make<AccountDataShape["tokens"]["value"]>({ _tag: "Loading" }),
        nfts: yield* SubscriptionRef.make<AccountDataShape["nfts"]["value"]>({ _tag: "Loading" }),
        activity: yield* SubscriptionRef.make<AccountDataShape["activity"]["value"]>({ _tag: "Loading" }),
        identity: yield* SubscriptionRef.make<AccountDataShape["identity"]["value"]>({ _tag: "Loading" }),
        sent: yield* SubscriptionRef.make<AccountDataShape["sent"]["value"]>([]),
        loadMoreActivity: record("loadMoreActivity"),
        loadMoreNfts: record("loadMoreNfts"),
        retry: (datum) => record(`retry ${datum}`),
        refresh: record("refresh"),
        demand: (datum) => Effect.acquireRelease(count(datum, 1), () => count(datum, -1))
      }
      const set = <A, E>(ref: SubscriptionRef.SubscriptionRef<Loadable<A, E>>, state: Loadable<A, E>) =>
        act(async () => Effect.runSync(SubscriptionRef.set(ref, state)))
      return { service, calls, set, shown }
    })
  )

const render = async (
  extra: Layer.Layer<Send> | Layer.Layer<never> = Layer.empty,
  options: ModalOptionsInput = walletsOnly
) => {
  const data = makeFakeAccountData()
  const provider = makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
  const { modal, shadow, button } = await openOnConnect(
    options,
    Layer.mergeAll(
      TestPlatform,
      makeMockWalletConnect().layer,
      Layer.succeed(AccountData, data.service),
      extra
    ),
    () => announce(mockWalletInfo("350670db-19fa-4704-a166-e52e178b59d2"), provider)
  )
  await click(await rendered(() => button("Mock Wallet"), "the announced wallet"))
  await untilNotified(modal.subscribeState, () => modal.getState().view === "Account")
  await rendered(() => shadow.querySelector('[role="tablist"]'), "the tabs")
  const panel = () => shadow.querySelector('[role="tabpanel"]')
  const openTab = (name: string) => act(async () => button(name)?.click())
  return { ...data, modal, shadow, button, panel, openTab }
}

describe("the Account view", () => {
  it("shows the balance, the name and the tokens from the service's state", async () => {
    const view = await render()
    const card = () => view.shadow.querySelector(".account-card")?.textContent ?? ""
    expect(card()).toContain("Loading balance…")
    expect(view.panel()?.textContent).toBe("Loading tokens…")
    // The view's styles came with its chunk and joined the modal's, never as an inline <style>.
    const adopted = view.shadow.adoptedStyleSheets.map((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText).join("\n")
    )
    expect(adopted.some((css) => css.includes(".tablist"))).toBe(true)
    expect(view.shadow.querySelector("style")).toBeNull()

    await view.set(view.service.nativeBalance, {
      _tag: "Ready",
      value: { value: 10n ** 18n, decimals: 18, symbol: "ETH", formatted: "1.00" }
    })
    await view.set(view.service.identity, { _tag: "Ready", value: { name: "alice.eth", avatar: undefined } })
    await view.set(view.service.tokens, {
      _tag: "Ready",
      value: [
        {
          name: "USD Coin",
          symbol: "USDC",
          chainId: "eip155:31337",
          address: "eip155:31337:0xa0b8",
          value: 12.5,
          price: 1,
          quantity: { decimals: "6", numeric: "12.5" },
          iconUrl: undefined
        }
      ]
    })
    expect(card()).toContain("1.00 ETH")
    expect(view.shadow.querySelector(".address")?.textContent).toBe("alice.eth")
    const rows = [...(view.panel()?.querySelectorAll("li") ?? [])]
    expect(rows).toHaveLength(1)
    expect(rows[0]?.querySelector(".name")?.firstChild?.textContent).toBe("USD Coin")
    expect(rows[0]?.querySelector(".sub")?.textContent).toBe("12.500 USDC")
    expect(rows[0]?.querySelector(".value")?.textContent).toBe("$12.50")

    await view.set(view.service.nativeBalance, { _tag: "Failed", error: new BalanceUnavailableError({}) })
    expect(card()).toContain("Token Balance Unavailable")
  })

  it("Try again and Load more call the service; nothing else asks it for anything", async () => {
    const view = await render()
    await view.set(view.service.tokens, { _tag: "Failed", error: new BalanceUnavailableError({}) })
    expect(view.panel()?.textContent).toContain("Token balances are unavailable.")
    await act(async () => view.button("Try again")?.click())
    expect(view.calls).toEqual(["retry tokens"])

    await view.openTab("Activity")
    expect(view.panel()?.textContent).toBe("Loading activity…")
    await view.set(view.service.activity, {
      _tag: "Ready",
      value: {
        items: [transaction("a", "2024-05-01T10:00:00.000Z"), transaction("b", "2024-04-01T10:00:00.000Z")],
        hasMore: true,
        loadingMore: false
      }
    })
    expect([...(view.panel()?.querySelectorAll("h3") ?? [])].map((h) => h.textContent)).toEqual([
      "May 2024",
      "April 2024"
    ])
    expect(view.panel()?.querySelector(".value")?.textContent).toBe("+12.500 USDC")
    await act(async () => view.button("Load more")?.click())
    expect(view.calls).toEqual(["retry tokens", "loadMoreActivity"])
    await view.set(view.service.activity, { _tag: "Failed", error: new HistoryFetchError({}) })
    expect(view.panel()?.textContent).toContain("Activity is unavailable.")
    expect(view.panel()?.querySelectorAll("li")).toHaveLength(0)

    await view.openTab("NFTs")
    expect(view.panel()?.textContent).toBe("Loading NFTs…")
    await view.set(view.service.nfts, {
      _tag: "Ready",
      value: {
        items: [
          { name: "Punk #1", preview: "https://nft.example/punk.png" },
          { name: "NFT", preview: undefined }
        ],
        hasMore: false,
        loadingMore: false
      }
    })
    const nfts = [...(view.panel()?.querySelectorAll("li") ?? [])]
    expect(nfts.map((nft) => nft.textContent)).toEqual(["Punk #1", "NFT"])
    expect(nfts[0]?.querySelector("img")?.getAttribute("src")).toBe("https://nft.example/punk.png")
    expect(view.button("Load more")).toBeUndefined()

    // Switching tabs back and forth only reads: the service was asked for nothing else.
    await view.openTab("Tokens")
    await view.openTab("Activity")
    expect(view.calls).toEqual(["retry tokens", "loadMoreActivity"])
  })

  it("Activity shows a send through the modal at once, pending, then as it settles", async () => {
    const view = await render()
    await view.openTab("Activity")
    await view.set(view.service.activity, {
      _tag: "Ready",
      value: { items: [], hasMore: false, loadingMore: false }
    })
    expect(view.panel()?.textContent).toBe("No activity yet")
    const pending: TrackedTransaction = {
      id: `0x${"ab".repeat(32)}`,
      kind: "transaction",
      network: "eip155:31337",
      from: ALICE,
      to: BOB,
      value: "10000000000000000",
      hash: undefined,
      status: "pending",
      submittedAt: 0,
      settledAt: undefined
    }
    await act(async () => Effect.runSync(SubscriptionRef.set(view.service.sent, [pending])))
    const sentRow = () => view.panel()?.querySelector('[aria-label="Sent from this app"] li')
    expect(sentRow()?.querySelector(".name")?.firstChild?.textContent).toBe("Send")
    expect(sentRow()?.querySelector(".sub")?.textContent).toBe("Pending")
    expect(sentRow()?.querySelector(".value")?.textContent).toBe("-0.010 ETH")
    expect(view.panel()?.textContent).not.toContain("No activity yet")
    await act(async () =>
      Effect.runSync(
        SubscriptionRef.set(view.service.sent, [{ ...pending, status: "confirmed", settledAt: 1 }])
      )
    )
    expect(sentRow()?.querySelector(".sub")?.textContent).toBe("Confirmed")
  })

  it("asks for what it shows while it shows it; a host listening to the actions asks for the name", async () => {
    const view = await render()
    /** Resolves once exactly `data` are shown (each by one demand: a store's listeners share theirs). */
    const showing = (...data: ReadonlyArray<string>) =>
      Effect.runPromise(
        untilState(view.shown, (now) => {
          const held = Object.entries(now).filter(([, count]) => count > 0)
          return (
            held.every(([, count]) => count === 1) &&
            held
              .map(([datum]) => datum)
              .sort()
              .join() === [...data].sort().join()
          )
        })
      )
    await showing("identity", "nativeBalance", "tokens")
    await view.openTab("Activity")
    await showing("identity", "nativeBalance", "activity")
    await view.openTab("NFTs")
    await showing("identity", "nativeBalance", "nfts")

    await act(async () => void (await view.modal.close()))
    await showing()
    const stop = view.modal.subscribeAccountActions(() => {})
    await showing("identity")
    stop()
    await showing()
  })

  it("offers the actions getAccountActions lists, each once; Choose a name once the account has none", async () => {
    const view = await render()
    const network = view.modal.getNetwork().name ?? ""
    // Every action is a control marked with its name, but the network chip, named for its network.
    const shown = () => [
      ...[...view.shadow.querySelectorAll(".account [data-action]")].map((n) =>
        n.getAttribute("data-action")
      ),
      ...(view.shadow.querySelector(`[aria-label="Network: ${network}. Switch network"]`) === null
        ? []
        : ["switchNetwork"])
    ]
    const bar = () =>
      [...view.shadow.querySelectorAll(".action-bar button")].map((button) => button.textContent)
    const offered = view.modal.getAccountActions()
    expect(offered.slice(0, 3)).toEqual(["copyAddress", "send", "swap"])
    expect(offered.slice(-2)).toEqual(["switchNetwork", "disconnect"])
    expect(offered).not.toContain("chooseName")
    expect(shown().sort()).toEqual([...offered].sort())
    // The action bar in the order wallets use, each only where offered.
    expect(bar()).toEqual(
      ["Send", "Receive", "Swap", "Buy"].filter((label) =>
        offered.includes(label.toLowerCase() as AccountAction)
      )
    )

    const heard: Array<ReadonlyArray<AccountAction>> = []
    const stop = view.modal.subscribeAccountActions((actions) => heard.push(actions))
    await view.set(view.service.identity, { _tag: "Ready", value: undefined })
    stop()
    const named = view.modal.getAccountActions()
    expect(heard).toEqual([named])
    expect(named.indexOf("chooseName")).toBe(named.indexOf("receive") + 1)
    expect(shown().sort()).toEqual([...named].sort())
  })

  it("Send starts its flow first and shows its view once the flow stands at its start", async () => {
    const release = Effect.runSync(Deferred.make<void>())
    const started = Effect.runSync(Deferred.make<void>())
    const starts: Array<string> = []
    let modal: Modal | undefined
    const send = Layer.effect(
      Send,
      Effect.map(SubscriptionRef.make<SendState>({ _tag: "Idle" }), (state) =>
        Send.of({
          state,
          start: Effect.sync(() => starts.push(modal?.getState().view ?? "")).pipe(
            Effect.andThen(Deferred.succeed(started, undefined)),
            Effect.andThen(Deferred.await(release))
          ),
          edit: () => Effect.void,
          review: Effect.void,
          confirm: Effect.void,
          back: Effect.void
        })
      )
    )
    const view = await render(send)
    modal = view.modal
    await act(async () => view.button("Send")?.click())
    // The view's rules load with the first flow started, then the flow starts.
    await actOn(Deferred.await(started))
    expect(starts).toEqual(["Account"])
    expect(view.modal.getState().view).toBe("Account")
    await act(async () => Effect.runPromise(Deferred.succeed(release, undefined)))
    await untilNotified(view.modal.subscribeState, () => view.modal.getState().view === "WalletSend")
    expect(starts).toEqual(["Account"])
  })

  it("tags the account when another wallet on the page later claims to be the connected one", async () => {
    const view = await render()
    expect(view.shadow.querySelector(".impersonation")).toBeNull()
    await act(async () =>
      announce(
        mockWalletInfo("0b0c3c43-7e4a-4b8e-9a57-3c0a3c2a9f11"),
        makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
      )
    )
    await rendered(() => view.shadow.querySelector(".impersonation"), "the impersonation tag")
    expect(view.shadow.querySelector(".impersonation")?.textContent).toContain("Possible impersonation")
  })

  it("speaks the visitor's language: its words from the catalog, months, days and amounts through Intl", async () => {
    const view = await render(Layer.empty, { ...walletsOnly, locale: "de" })
    const card = () => view.shadow.querySelector(".account-card")?.textContent ?? ""
    expect(card()).toContain("Guthaben wird geladen…")
    await view.set(view.service.nativeBalance, {
      _tag: "Ready",
      value: { value: 1234n * 10n ** 17n, decimals: 18, symbol: "ETH", formatted: "123.40" }
    })
    // German groups and separates decimals its own way; the amount reads left to right in any layout.
    expect(card()).toContain("123,40 ETH")
    expect(view.shadow.querySelector('.balance [dir="ltr"]')?.textContent).toBe("123,40 ETH")
    await view.openTab("Aktivität")
    await view.set(view.service.activity, {
      _tag: "Ready",
      value: { items: [transaction("a", "2024-05-01T10:00:00.000Z")], hasMore: false, loadingMore: false }
    })
    expect(view.panel()?.querySelector("h3")?.textContent).toBe("Mai 2024")
    const row = view.panel()?.querySelector("li")
    expect(row?.querySelector(".name")?.firstChild?.textContent).toBe("Empfangen")
    expect(row?.querySelector(".sub")?.textContent).toBe("1. Mai")
    expect(row?.querySelector(".value")?.textContent).toBe("+12,500 USDC")
    expect(view.panel()?.textContent).not.toMatch(/Loading|Receive|May/)
  })
})
