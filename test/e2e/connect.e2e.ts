import type { Page } from "playwright-core"
import { formatEther } from "viem"
import { describe, expect, inject } from "vitest"
import { pickSandboxWallet, test } from "./browser"
import { announceImpostorFirst } from "./impostor"

/**
 * Connecting the sandbox wallet to the demo page in real chromium, against the sandbox's anvil chains.
 * Every test runs in a fresh browser context, so the wallet's memory (localStorage) starts empty, and no
 * test changes chain state: they only read balances.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const chainA = sandbox.chains[0]!
const chainB = sandbox.chains[1]!
const account0 = sandbox.accounts[0]!

type WalletMode = "manual" | "auto-approve" | "auto-reject" | "hang"

/** Opens the demo with the wallet in `mode`. */
async function visit(page: Page, mode: WalletMode) {
  // A step that has not happened within 10 s will not: fail early, saying what was awaited.
  page.setDefaultTimeout(10_000)
  await page.goto(`${demoUrl}?wallet=${mode}`)
}

/** `0xf39F…b92266`: the first 4 and the last 6 characters (SPEC.md §9). */
const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** The native balance anvil reports, read from Node. */
async function anvilBalance(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getBalance", params: [address, "latest"] })
  })
  const body = (await response.json()) as { result?: string; error?: { message: string } }
  if (body.result === undefined) throw new Error(`eth_getBalance failed: ${body.error?.message}`)
  return BigInt(body.result)
}

/** As the dialog shows a balance: en-US, 2 decimals, then the symbol. */
const shownBalance = (wei: bigint) =>
  `${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(formatEther(wei))
  )} ETH`

const wallet = {
  counts: (page: Page) => page.evaluate(() => ({ ...window.__sandboxWallet!.counts })),
  /** The chain-changing requests the page made (add and switch), in order. */
  chainCalls: (page: Page) =>
    page.evaluate(() =>
      window
        .__sandboxWallet!.calls.map((call) => call.method)
        .filter((method) => method === "wallet_addEthereumChain" || method === "wallet_switchEthereumChain")
    ),
  setMode: (page: Page, mode: WalletMode) => page.evaluate((m) => window.__sandboxWallet!.setMode(m), mode),
  state: (page: Page) => page.evaluate(() => window.__sandboxWallet!.state())
}

/** The wallet's approval panel (its own dialog, outside the modal). */
const walletPanel = (page: Page) => page.getByRole("dialog", { name: /^Sandbox Wallet/ })

const connectButton = (page: Page) => page.getByRole("button", { name: "Connect Wallet" })

/** Opens the modal and chooses "Sandbox Wallet" in its wallet list. */
async function chooseSandboxWallet(page: Page) {
  await connectButton(page).click()
  await pickSandboxWallet(page)
}

/** Connects with an auto-approving wallet and waits until the Account view shows the address. */
async function connectAutoApproved(page: Page) {
  await visit(page, "auto-approve")
  await chooseSandboxWallet(page)
  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByText(truncate(account0), { exact: true }).waitFor()
  return account
}

/** What the page's own panel shows from the hooks. */
const pageState = async (page: Page) => ({
  status: await page.getByTestId("account-status").textContent(),
  address: await page.getByTestId("account-address").textContent(),
  network: await page.getByTestId("network-name").textContent(),
  chainId: await page.getByTestId("network-chain-id").textContent(),
  wallet: await page.getByTestId("wallet-name").textContent(),
  rdns: await page.getByTestId("wallet-rdns").textContent()
})

const connectedOn = (chain: { chainId: number; name: string }) => ({
  status: "connected",
  address: account0,
  network: chain.name,
  chainId: String(chain.chainId),
  wallet: "Sandbox Wallet",
  rdns: "dev.airlock.sandbox"
})

test("connect: choose Sandbox Wallet, approve in its panel; the dialog shows the address and anvil's balance", async ({
  page
}) => {
  await visit(page, "manual")
  await chooseSandboxWallet(page)

  // The Connecting view waits while the wallet asks the visitor.
  const connecting = page.getByRole("dialog", { name: "Connecting" })
  await connecting.getByRole("progressbar").waitFor()
  const panel = walletPanel(page)
  await panel.getByRole("heading", { name: "Connect to this site" }).waitFor()
  expect(await panel.textContent()).toContain(new URL(demoUrl).origin)
  expect(await panel.textContent()).toContain(account0)

  await panel.getByRole("button", { name: "Approve" }).click()
  await panel.waitFor({ state: "detached" })

  const account = page.getByRole("dialog", { name: "Account" })
  await account.getByText(truncate(account0), { exact: true }).waitFor()
  const balance = shownBalance(await anvilBalance(chainA.rpcUrl, account0))
  await account.getByText(balance, { exact: true }).waitFor()
  await account.getByRole("button", { name: `Network: ${chainA.name}. Switch network` }).waitFor()

  await expect.poll(() => pageState(page)).toEqual(connectedOn(chainA))
  expect(await page.getByRole("button", { name: truncate(account0) }).count()).toBe(1)
  expect((await wallet.counts(page)).eth_requestAccounts).toBe(1)
  expect((await wallet.state(page)).authorized).toBe(true)
})

test("switching to Sandbox Chain B through the modal: the wallet adds the chain first, then switches", async ({
  page
}) => {
  const account = await connectAutoApproved(page)
  // A person approves the network change in the wallet's panel.
  await wallet.setMode(page, "manual")

  await account.getByRole("button", { name: `Network: ${chainA.name}. Switch network` }).click()
  const networks = page.getByRole("dialog", { name: "Choose Network" })
  await networks.getByRole("button", { name: chainB.name }).click()

  // The wallet does not know chain 31338 (4902), so the modal asks it to add the chain, then switches.
  const panel = walletPanel(page)
  await panel.getByRole("heading", { name: "Add a network" }).waitFor()
  const addText = await panel.textContent()
  expect(addText).toContain(chainB.name)
  expect(addText).toContain(chainB.rpcUrl)
  await panel.getByRole("button", { name: "Approve" }).click()
  await panel.getByRole("heading", { name: "Switch network" }).waitFor()
  await panel.getByRole("button", { name: "Approve" }).click()

  await expect.poll(() => page.getByTestId("network-chain-id").textContent()).toBe(String(chainB.chainId))
  expect(await wallet.chainCalls(page)).toEqual([
    "wallet_switchEthereumChain",
    "wallet_addEthereumChain",
    "wallet_switchEthereumChain"
  ])
  expect(await page.evaluate(() => window.__sandboxWallet!.provider.request({ method: "eth_chainId" }))).toBe(
    `0x${chainB.chainId.toString(16)}`
  )

  // Back on Account: the network row and the balance are chain B's.
  const accountAgain = page.getByRole("dialog", { name: "Account" })
  await accountAgain.getByRole("button", { name: `Network: ${chainB.name}. Switch network` }).waitFor()
  const balance = shownBalance(await anvilBalance(chainB.rpcUrl, account0))
  await accountAgain.getByText(balance, { exact: true }).waitFor()
  expect(await pageState(page)).toEqual(connectedOn(chainB))
})

test("a reload keeps the session: same account and chain, without a new eth_requestAccounts", async ({
  page
}) => {
  const account = await connectAutoApproved(page)
  await account.getByRole("button", { name: `Network: ${chainA.name}. Switch network` }).click()
  await page
    .getByRole("dialog", { name: "Choose Network" })
    .getByRole("button", { name: chainB.name })
    .click()
  await expect.poll(() => page.getByTestId("network-chain-id").textContent()).toBe(String(chainB.chainId))

  await page.reload()
  await expect.poll(() => pageState(page)).toEqual(connectedOn(chainB))
  await page.getByRole("button", { name: truncate(account0) }).waitFor()
  const counts = await wallet.counts(page)
  expect(counts.eth_requestAccounts ?? 0).toBe(0)
  expect(counts.eth_accounts).toBeGreaterThanOrEqual(1)

  // The modal opens on Account, on chain B, with chain B's balance.
  await page.getByRole("button", { name: truncate(account0) }).click()
  const restored = page.getByRole("dialog", { name: "Account" })
  await restored.getByRole("button", { name: `Network: ${chainB.name}. Switch network` }).waitFor()
  const balance = shownBalance(await anvilBalance(chainB.rpcUrl, account0))
  await restored.getByText(balance, { exact: true }).waitFor()
})

test("a reload where an impostor announces the stored wallet first reconnects neither; both are listed, tagged (T5)", async ({
  page
}) => {
  await connectAutoApproved(page)
  // Runs before the page's own scripts: the impostor answers Airlock's discovery at once, and the real
  // wallet's announcements are held back 300 ms, as a wallet whose extension loads late.
  await page.addInitScript(announceImpostorFirst, { lateMs: 300 })
  await page.reload()
  await expect
    .poll(() => page.getByTestId("account-status").textContent(), { timeout: 10_000 })
    .toBe("disconnected")
  expect(
    await page.evaluate(() => Reflect.get(window, "__impostorCalls")),
    "what the impostor was asked"
  ).toEqual([])
  expect((await wallet.counts(page)).eth_accounts ?? 0, "the real wallet was not asked either").toBe(0)

  await connectButton(page).click()
  const dialog = page.getByRole("dialog", { name: "Connect Wallet" })
  const tagged = dialog
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .filter({ hasText: "Possible impersonation" })
  await expect
    .poll(() => tagged.count(), { message: "Sandbox Wallet rows tagged as possible impersonation" })
    .toBe(2)
})

test("disconnect: the wallet forgets the site, and a reload shows Connect Wallet", async ({ page }) => {
  const account = await connectAutoApproved(page)
  await account.getByRole("button", { name: "Disconnect" }).click()

  await connectButton(page).waitFor()
  await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("disconnected")
  expect((await wallet.counts(page)).wallet_revokePermissions).toBe(1)
  expect((await wallet.state(page)).authorized).toBe(false)

  await page.reload()
  await connectButton(page).waitFor()
  expect(await page.getByTestId("account-status").textContent()).toBe("disconnected")
  expect(await page.getByTestId("account-address").textContent()).toBe("—")
  expect((await wallet.counts(page)).eth_requestAccounts ?? 0).toBe(0)
})

test("ten rapid clicks on the wallet row make exactly one eth_requestAccounts", async ({ page }) => {
  await visit(page, "manual")
  await connectButton(page).click()
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet(?!Connect)/ })
    .waitFor()

  // Ten clicks in one task: all land on the row before React re-renders the view.
  const landed = await page.evaluate(() => {
    const root = document.querySelector("airlock-modal")?.shadowRoot
    const row = [...(root?.querySelectorAll("button") ?? [])].find((b) =>
      b.textContent?.includes("Sandbox Wallet")
    )
    if (row === undefined) throw new Error("no Sandbox Wallet row in the modal")
    const onRow: Array<boolean> = []
    for (let i = 0; i < 10; i++) {
      onRow.push(row.isConnected)
      row.click()
    }
    return onRow
  })
  expect(landed).toEqual(Array<boolean>(10).fill(true))

  const panel = walletPanel(page)
  await panel.getByRole("heading", { name: "Connect to this site" }).waitFor()
  await panel.getByRole("button", { name: "Approve" }).click()
  // Wait until the attempt settles (connected, or given up) before counting the wallet's prompts.
  await expect.poll(() => page.getByTestId("account-status").textContent()).not.toBe("connecting")
  expect((await wallet.counts(page)).eth_requestAccounts, "eth_requestAccounts the wallet saw").toBe(1)
  await expect.poll(() => pageState(page)).toEqual(connectedOn(chainA))
})

describe("a wallet that never answers", () => {
  test("shows a spinner; Escape closes the modal and the button is idle again, still disconnected", async ({
    page
  }) => {
    await visit(page, "hang")
    await chooseSandboxWallet(page)
    const connecting = page.getByRole("dialog", { name: "Connecting" })
    await connecting.getByRole("progressbar").waitFor()
    await page.getByRole("button", { name: "Connecting…" }).waitFor()
    expect(await page.getByTestId("account-status").textContent()).toBe("connecting")

    await page.keyboard.press("Escape")
    const started = Date.now()
    await connecting.waitFor({ state: "hidden" })
    await connectButton(page).waitFor()
    console.log(`the Connect Wallet button was idle ${Date.now() - started} ms after Escape`)
    expect(await page.getByTestId("account-status").textContent()).toBe("disconnected")
    expect(await page.getByTestId("modal-open").textContent()).toBe("false")
    // The request is still unanswered in the wallet, and nobody asked again.
    expect(await page.evaluate(() => window.__sandboxWallet!.pending().length)).toBe(1)
    expect((await wallet.counts(page)).eth_requestAccounts).toBe(1)
  })

  test("six tries, each left with Escape, leave one prompt in the wallet (issue 12, item 8)", async ({
    page
  }) => {
    await visit(page, "hang")
    for (let attempt = 1; attempt <= 6; attempt++) {
      await chooseSandboxWallet(page)
      await page.getByRole("dialog", { name: "Connecting" }).getByRole("progressbar").waitFor()
      await page.keyboard.press("Escape")
      await connectButton(page).waitFor()
    }
    expect(await page.evaluate(() => window.__sandboxWallet!.pending().length), "prompts in the wallet").toBe(
      1
    )
    expect((await wallet.counts(page)).eth_requestAccounts, "eth_requestAccounts asked").toBe(1)
  })
})

describe("a wallet that rejects", () => {
  test("the Connecting view shows the failure and Try again, which connects once the wallet approves", async ({
    page
  }) => {
    await visit(page, "auto-reject")
    await chooseSandboxWallet(page)
    const connecting = page.getByRole("dialog", { name: "Connecting" })
    await connecting.getByText("Connection failed").waitFor()
    await connecting.getByRole("alert").getByText("Request rejected in wallet").waitFor()
    const retry = connecting.getByRole("button", { name: "Try again" })
    await retry.waitFor()
    expect(await page.getByTestId("account-status").textContent()).toBe("disconnected")

    await wallet.setMode(page, "auto-approve")
    await retry.click()
    await page
      .getByRole("dialog", { name: "Account" })
      .getByText(truncate(account0), { exact: true })
      .waitFor()
    expect((await wallet.counts(page)).eth_requestAccounts).toBe(2)
  })
})

describe("hostile wallets (issue 12, item 8)", () => {
  interface HostileWallet {
    readonly name: string
    readonly icon: string
    /** What `eth_requestAccounts` does: answer an account, or throw the wallet's own TypeError. */
    readonly accounts: "answer" | "throw"
    readonly chainId: string
  }
  const DATA_ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"

  /** Before the page's scripts: announces `wallet` whenever the page asks for providers. */
  const announce = (page: Page, wallet: HostileWallet) =>
    page.addInitScript((w: HostileWallet) => {
      const provider = {
        request: async ({ method }: { method: string }) => {
          if (method === "eth_requestAccounts" && w.accounts === "throw")
            throw new TypeError("t(...).then is not a function")
          if (method === "eth_accounts" || method === "eth_requestAccounts")
            return ["0x000000000000000000000000000000000000dEaD"]
          return method === "eth_chainId" ? w.chainId : null
        },
        on: () => {},
        removeListener: () => {}
      }
      const detail = Object.freeze({
        info: Object.freeze({
          uuid: "00000000-0000-4000-8000-0000000000e8",
          name: w.name,
          icon: w.icon,
          rdns: "dev.hostile"
        }),
        provider
      })
      window.addEventListener("eip6963:requestProvider", () =>
        window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
      )
    }, wallet)

  const chooseWallet = async (page: Page, name: string) => {
    await connectButton(page).click()
    await page.getByRole("dialog", { name: "Connect Wallet" }).getByRole("button", { name }).click()
    return page.getByRole("dialog", { name: "Connecting" })
  }

  test("a wallet's own JavaScript error is shown in the catalogue's words, never as its text", async ({
    page
  }) => {
    await announce(page, { name: "Broken Wallet", icon: DATA_ICON, accounts: "throw", chainId: "0x7a69" })
    await visit(page, "manual")
    const connecting = await chooseWallet(page, "Broken Wallet")
    const alert = connecting.getByRole("alert")
    await alert.waitFor()
    const shown = (await connecting.textContent()) ?? ""
    expect(shown).not.toContain("is not a function")
    expect(shown).not.toContain("t(...)")
    expect((await alert.textContent())?.trim()).not.toBe("")
  })

  test("a wallet whose eth_chainId answers garbage does not connect, and the page is told no chain", async ({
    page
  }) => {
    await announce(page, { name: "Garbled Wallet", icon: DATA_ICON, accounts: "answer", chainId: "banana" })
    await visit(page, "manual")
    const connecting = await chooseWallet(page, "Garbled Wallet")
    await connecting.getByRole("alert").waitFor()
    expect(await page.getByTestId("account-status").textContent()).toBe("disconnected")
    expect(await page.getByTestId("account-address").textContent()).not.toContain("dEaD")
  })

  test("an announced wallet's https icon is never fetched: it could be a tracking pixel", async ({
    page
  }) => {
    const fetched: Array<string> = []
    await page.context().route("https://tracker.example/**", (route) => {
      fetched.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    await announce(page, {
      name: "Tracking Wallet",
      icon: "https://tracker.example/pixel.gif?visitor=1",
      accounts: "answer",
      chainId: "0x7a69"
    })
    await visit(page, "manual")
    await connectButton(page).click()
    const row = page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: "Tracking Wallet" })
    await row.waitFor()
    // Let any image the row asked for load.
    await page.waitForLoadState("networkidle")
    expect(fetched, "requests to the icon's host").toEqual([])
  })
})
