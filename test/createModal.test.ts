// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { afterEach } from "vitest"
import { createModal } from "../src/createModal"
import type { CreateModalSettings, Modal } from "../src/Modal"
import { type ModalOptionsInput, ProjectIdMissingError } from "../src/schemas/ModalOptions"
import { Theme, type ThemeState } from "../src/services/Theme"
import { makeMockEip1193Provider } from "../src/testing/index"
import { ALICE } from "./kit/accounts"
import { baseOptions } from "./kit/fixtures"
import { sandboxNetwork } from "./kit/networks"
import { TestPlatform } from "./kit/platform"
import { type Subscribe, untilNotified } from "./kit/waits"
import { announce, walletInfo } from "./kit/wallets"

const options = baseOptions

const headless = (uuid: string) => walletInfo({ uuid, name: "Headless Wallet", rdns: "dev.headless" })

const created: Array<Modal> = []
const make = <R, E>(input: ModalOptionsInput, settings?: CreateModalSettings<R, E>) => {
  const modal = createModal(input, settings)
  created.push(modal)
  return modal
}

afterEach(async () => {
  await Promise.all(created.splice(0).map((m) => m.dispose()))
})

describe("createModal", () => {
  it("refuses options without a project id", () => {
    assert.throws(() => make({ ...options, projectId: "  " }), ProjectIdMissingError)
    try {
      make({ networks: [sandboxNetwork] } as unknown as ModalOptionsInput)
      assert.fail("expected a throw")
    } catch (error) {
      assert.instanceOf(error, ProjectIdMissingError)
      assert.strictEqual((error as ProjectIdMissingError).message, "Project ID Not Configured")
    }
  })

  it("refuses siweConfig and siwx together", () => {
    try {
      make({ ...options, siweConfig: {}, siwx: {} })
      assert.fail("expected a throw")
    } catch (error) {
      assert.strictEqual((error as { _tag: string })._tag, "SchemaDecodeError")
      assert.include(String((error as Error).message), "siwx")
    }
  })

  it("appends <airlock-modal> with an open shadow root, unless told not to", () => {
    const modal = make(options, { layer: TestPlatform })
    assert.strictEqual(modal.element?.parentNode, document.body)
    assert.isNotNull(modal.element?.shadowRoot ?? null)
    const detached = make({ ...options, disableAppend: true }, { layer: TestPlatform })
    assert.isNull(detached.element?.parentNode ?? null)
    const embedded = make({ ...options, enableEmbedded: true }, { layer: TestPlatform })
    assert.isNull(embedded.element?.parentNode ?? null)
  })

  it("opens, reports its state, and closes", async () => {
    const modal = make(options, { layer: TestPlatform })
    const seen: Array<string> = []
    const unsubscribe = modal.subscribeState((s) => seen.push(`${s.open}:${s.view}`))
    await modal.open()
    assert.deepStrictEqual(modal.getState(), { open: true, view: "Connect" })
    assert.strictEqual(modal.getState(), modal.getState())
    await modal.close()
    assert.isFalse(modal.isOpen())
    unsubscribe()
    assert.deepStrictEqual(seen, ["true:Connect", "false:Connect"])
  })

  it("lets a host replace one service with one Layer.succeed", async () => {
    const state = Effect.runSync(SubscriptionRef.make<ThemeState>({ mode: "light", variables: {} }))
    const hostTheme = Layer.succeed(Theme, {
      state,
      setMode: (mode) => SubscriptionRef.update(state, (s) => ({ ...s, mode })),
      setVariables: () => Effect.void
    })
    const modal = make({ ...options, themeMode: "dark" }, { layer: Layer.merge(hostTheme, TestPlatform) })
    assert.strictEqual(modal.getThemeMode(), "light")
    await modal.setThemeMode("dark")
    assert.strictEqual(Effect.runSync(SubscriptionRef.get(state)).mode, "dark")
  })

  it("stops every service on dispose and then does nothing", async () => {
    const modal = createModal(options, { layer: TestPlatform })
    const element = modal.element
    await modal.dispose()
    assert.isNull(element?.parentNode ?? null)
    await modal.open()
    assert.isFalse(modal.isOpen())
    // What would need a wallet rejects instead of resolving with nothing.
    const request = await modal
      .request({ method: "personal_sign", params: ["0x00"] })
      .catch((e: unknown) => e)
    assert.strictEqual((request as Error).message, "Connector not connected.")
    const pairing = await modal.connectWalletConnect().catch((e: unknown) => e)
    assert.strictEqual((pairing as Error).message, "WalletConnectConnector not found")
  })
})

describe("what a headless host reads of the modal's policy", () => {
  /** Resolves with the first value `subscribe` hears that `done` accepts (or the current one). */
  /** The first value `get` answers that is `done`, heard through `subscribe`. */
  const first = <A>(get: () => A, subscribe: Subscribe, done: (a: A) => boolean) =>
    untilNotified(subscribe, () => done(get())).then(get)

  it("getConnectOptions: the Connect view's methods and wallet rows in order; a wallet that arrives is heard", async () => {
    const modal = make(options, { layer: TestPlatform })
    assert.deepStrictEqual(modal.getConnectOptions(), {
      methods: ["email", "social", "wallet"],
      wallets: [{ kind: "walletConnect", group: "walletConnect" }],
      allWallets: true,
      walletsCollapsed: false,
      legal: { required: false, accepted: false }
    })
    assert.strictEqual(modal.getConnectOptions(), modal.getConnectOptions())
    const arrived = first(modal.getConnectOptions, modal.subscribeConnectOptions, (o) => o.wallets.length > 1)
    announce(headless("5c1a3e1e-4a55-4b7e-9a57-0d3c3c2a9f12"), makeMockEip1193Provider({ chainId: 31337 }))
    const withWallet = await arrived
    // A wallet on the page comes first among the methods, and is a row of its own after WalletConnect.
    assert.deepStrictEqual(withWallet.methods, ["wallet", "email", "social"])
    const row = withWallet.wallets[1]
    assert.strictEqual(row?.kind, "wallet")
    if (row?.kind === "wallet") {
      assert.strictEqual(row.wallet.name, "Headless Wallet")
      assert.strictEqual(row.tag, "Installed")
      assert.deepStrictEqual(row.wallet, modal.getWallets()[0])
    }
  })

  it("getAccountActions: nothing while disconnected, the Account view's list once connected", async () => {
    const modal = make({ ...options, features: { onramp: false } }, { layer: TestPlatform })
    assert.deepStrictEqual(modal.getAccountActions(), [])
    announce(
      headless("8e7b1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4"),
      makeMockEip1193Provider({ chainId: 31337, accounts: [ALICE] })
    )
    const [wallet] = await first(modal.getWallets, modal.subscribeWallets, (w) => w.length > 0)
    const offered = first(modal.getAccountActions, modal.subscribeAccountActions, (a) => a.length > 0)
    await modal.connect(wallet?.id ?? "")
    const actions = await offered
    // Choose a name joins once the account's name was looked up; the rest is fixed by the options.
    assert.deepStrictEqual(
      actions.filter((action) => action !== "chooseName"),
      ["copyAddress", "send", "swap", "receive", "switchNetwork", "disconnect"]
    )
    assert.strictEqual(modal.getAccountActions(), modal.getAccountActions())
  })
})
