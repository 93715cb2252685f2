// @vitest-environment happy-dom
/**
 * `airlock/wagmi` against real anvil chains, in the style of wagmi's own connector tests, once with
 * @wagmi/core 2 and once with @wagmi/core 3: connect through the modal, read the account, sign and verify,
 * send and see the balance move, switch chain, reload and reconnect, disconnect; and the two ways a
 * connection made on one side shows on the other.
 */
import * as wagmi3 from "@wagmi/core"
import { createPublicClient, defineChain, http, parseEther, verifyMessage } from "viem"
import { afterAll, afterEach, assert, beforeAll, describe, it } from "vitest"
import * as wagmi2 from "wagmi-core-v2"
import { type SandboxChains, startSandboxChains } from "../../sandbox/chain/chain.mjs"
import { sandboxNetwork } from "../../sandbox/host/sandboxModal"
import type { SandboxChainConfig } from "../../sandbox/shared/config"
import { createApprovals } from "../../sandbox/wallets/injected/approvals"
import type { KeyValue } from "../../sandbox/wallets/injected/types"
import { createSandboxWallet, WALLET_NAME, WALLET_RDNS } from "../../sandbox/wallets/injected/wallet"
import { createModal } from "../../src/createModal"
import type { Modal } from "../../src/Modal"
import { airlock } from "../../src/wagmi"
import { makeTestHttp } from "../kit/platform"
import { untilNotified } from "../kit/waits"

/** The actions both majors share, as this test uses them. */
type WagmiCore = typeof wagmi3

const majors: ReadonlyArray<readonly [string, WagmiCore]> = [
  ["wagmi 2", wagmi2 as unknown as WagmiCore],
  ["wagmi 3", wagmi3]
]

let sandbox: SandboxChains
beforeAll(async () => {
  sandbox = await startSandboxChains()
}, 60_000)
afterAll(() => sandbox?.stop())

const memory = (): KeyValue => {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key)
  }
}

const uninstalls: Array<() => void> = []

/** The Sandbox Wallet in auto-approve mode, announced by EIP-6963 now and whenever a page asks. */
const installWallet = (walletStorage: KeyValue) => {
  const wallet = createSandboxWallet({
    sandboxChains: sandbox.chains,
    defaultChainId: 31337,
    accounts: sandbox.accounts,
    accountIndex: 0,
    origin: location.origin,
    storage: walletStorage,
    approvals: createApprovals("auto-approve", undefined)
  })
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name: WALLET_NAME, icon: "", rdns: WALLET_RDNS }),
    provider: wallet.provider
  })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
  uninstalls.push(() => window.removeEventListener("eip6963:requestProvider", announce))
  return wallet
}

/** A sandbox chain as wagmi's viem chain (the modal's CAIP fields ride along, unread by wagmi). */
const chainOf = (chain: SandboxChainConfig) => defineChain(sandboxNetwork(chain))

const modals: Array<Modal> = []
const makeModal = () => {
  const modal = createModal(
    {
      projectId: "sandbox-project",
      networks: sandbox.chains.map(sandboxNetwork) as never,
      features: { analytics: false, email: false, socials: false, headless: true }
    },
    // No provider API here: every HTTP request fails at once; the wallet and anvil answer the rest.
    { layer: makeTestHttp().layer }
  )
  modals.push(modal)
  return modal
}

afterEach(async () => {
  for (const uninstall of uninstalls.splice(0)) uninstall()
  for (const modal of modals.splice(0)) await modal.dispose()
  localStorage.clear()
})

/** wagmi's account, heard through its own watcher. */
const watchAccount =
  (core: WagmiCore, config: Parameters<WagmiCore["getAccount"]>[0]) => (listener: () => void) =>
    core.watchAccount(config, { onChange: listener })

/** Waits until wagmi's account of `config` has `status`. */
const wagmiStatus = (core: WagmiCore, config: Parameters<WagmiCore["getAccount"]>[0], status: string) =>
  untilNotified(watchAccount(core, config), () => core.getAccount(config).status === status)

/** Plays the visitor: waits for the modal to open, then picks the Sandbox Wallet in it. */
const pickSandboxWallet = async (modal: Modal) => {
  await untilNotified(modal.subscribeState, () => modal.isOpen())
  await untilNotified(modal.subscribeWallets, () => modal.getWallets().some((w) => w.name === WALLET_NAME))
  const wallet = modal.getWallets().find((w) => w.name === WALLET_NAME)
  assert.isDefined(wallet)
  await modal.connect(wallet?.id ?? "")
}

describe.each(majors)("airlock/wagmi with %s", (_, core) => {
  const makeConfig = (modal: Modal, storage: KeyValue) =>
    core.createConfig({
      chains: [chainOf(sandbox.chains[0]!), chainOf(sandbox.chains[1]!)],
      connectors: [airlock({ modal })],
      transports: Object.fromEntries(sandbox.chains.map((c) => [c.chainId, http(c.rpcUrl)])),
      storage: core.createStorage({ storage }),
      multiInjectedProviderDiscovery: false
    })

  it("connects, signs, sends, switches chain, reconnects after a reload and disconnects", async () => {
    const walletStorage = memory()
    installWallet(walletStorage)
    const wagmiStorage = memory()
    const modal = makeModal()
    const config = makeConfig(modal, wagmiStorage)
    const connector = config.connectors[0]!
    const expected = sandbox.accounts[0]!.address

    const [connected] = await Promise.all([core.connect(config, { connector }), pickSandboxWallet(modal)])
    assert.deepStrictEqual(connected.accounts, [expected])
    assert.strictEqual(connected.chainId, 31337)

    const account = core.getAccount(config)
    assert.strictEqual(account.status, "connected")
    assert.strictEqual(account.address, expected)
    assert.strictEqual(account.connector?.id, "airlock")
    assert.strictEqual(account.chainId, 31337)

    const message = "Airlock over wagmi"
    const signature = await core.signMessage(config, { message })
    assert.isTrue(await verifyMessage({ address: expected, message, signature }))

    const receiver = sandbox.accounts[5]!.address
    const chain = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
    const before = await chain.getBalance({ address: receiver })
    const hash = await core.sendTransaction(config, { to: receiver, value: parseEther("0.01") })
    const receipt = await core.waitForTransactionReceipt(config, { hash, chainId: 31337 })
    assert.strictEqual(receipt.status, "success")
    assert.strictEqual((await chain.getBalance({ address: receiver })) - before, parseEther("0.01"))

    const switched = await core.switchChain(config, { chainId: 31338 })
    assert.strictEqual((switched as { readonly id: number }).id, 31338)
    assert.strictEqual(core.getAccount(config).chainId, 31338)
    assert.strictEqual(modal.getNetwork().chainId, 31338)

    // A reload: a new modal and a new wagmi config over what the page kept.
    await modal.dispose()
    const reloaded = makeModal()
    const again = makeConfig(reloaded, wagmiStorage)
    const restored = await core.reconnect(again)
    assert.strictEqual(restored.length, 1)
    assert.deepStrictEqual(restored[0]?.accounts, [expected])
    assert.strictEqual(core.getAccount(again).status, "connected")
    assert.strictEqual(core.getAccount(again).address, expected)
    assert.strictEqual(reloaded.getAccount("eip155").address, expected)

    await core.disconnect(again)
    assert.strictEqual(core.getAccount(again).status, "disconnected")
    await untilNotified(reloaded.subscribeAccount, () => !reloaded.getAccount("eip155").isConnected)
  })

  it("sees a wallet connected with Airlock's own button, and a disconnect made there", async () => {
    installWallet(memory())
    const modal = makeModal()
    const config = makeConfig(modal, memory())
    // wagmi sets its connectors up as the config is built; let the setup finish.
    await wagmiStatus(core, config, "disconnected")

    await modal.open("Connect")
    await pickSandboxWallet(modal)
    await wagmiStatus(core, config, "connected")
    assert.strictEqual(core.getAccount(config).address, sandbox.accounts[0]!.address)
    assert.strictEqual(core.getAccount(config).connector?.id, "airlock")

    await modal.disconnect("eip155")
    await wagmiStatus(core, config, "disconnected")
  })

  it("rejects wagmi's connect with a user rejection when the visitor closes the modal", async () => {
    installWallet(memory())
    const modal = makeModal()
    const config = makeConfig(modal, memory())
    const connecting = core.connect(config, { connector: config.connectors[0]! })
    await untilNotified(modal.subscribeState, () => modal.isOpen())
    await modal.close()
    const error = await connecting.then(
      () => undefined,
      (e: unknown) => e as { name?: string }
    )
    assert.strictEqual(error?.name, "UserRejectedRequestError")
    assert.strictEqual(core.getAccount(config).status, "disconnected")
  })
})
