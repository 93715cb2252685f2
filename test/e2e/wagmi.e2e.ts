import type { Page } from "playwright-core"
import { createPublicClient, formatEther, getAddress, type Hex, http, parseEther, verifyMessage } from "viem"
import { expect, inject } from "vitest"
import { closeModal, pickSandboxWallet, test } from "./browser"

/**
 * Airlock under other code on the page, in real chromium against the sandbox chains: the wagmi demo
 * (sandbox/host/wagmi.tsx, wagmi's hooks over the `airlock` connector) and the plain EIP-6963 page
 * (sandbox/host/eip6963.ts, no wallet library). The Sandbox Wallet approves everything; every test runs
 * in a fresh browser context.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const account0 = getAddress(sandbox.accounts[0]!)
const [chainA, chainB] = sandbox.chains

/** The message the wagmi page signs. */
const signedMessage = "Hello from wagmi over Airlock"

async function visit(page: Page, path: string, query = "") {
  // A step that has not happened within 10 s will not: fail early, saying what was awaited.
  page.setDefaultTimeout(10_000)
  await page.goto(`${demoUrl}${path}?wallet=auto-approve${query}`)
}

/** What the page renders from wagmi's hooks. */
const wagmiState = async (page: Page) => ({
  status: await page.getByTestId("wagmi-status").textContent(),
  address: await page.getByTestId("wagmi-address").textContent(),
  chainId: await page.getByTestId("wagmi-chain-id").textContent()
})

const connectedOn = (chainId: number) => ({
  status: "connected",
  address: account0,
  chainId: String(chainId)
})

test("wagmi's connect opens the modal; the Sandbox Wallet it picks signs through wagmi; wagmi disconnects", async ({
  page
}) => {
  await visit(page, "wagmi.html")
  await expect.poll(() => page.getByTestId("wagmi-status").textContent()).toBe("disconnected")

  await page.getByTestId("wagmi-connect").click()
  await pickSandboxWallet(page)
  await expect.poll(() => wagmiState(page)).toEqual(connectedOn(chainA!.chainId))
  // wagmi asked for the account: once connected the modal closes by itself (issue 30).
  await page.getByRole("dialog").waitFor({ state: "detached" })
  await expect.poll(() => page.getByTestId("wagmi-balance").textContent()).toMatch(/^\d+(\.\d+)? ETH$/)

  await page.getByTestId("wagmi-sign").click()
  await expect.poll(() => page.getByTestId("wagmi-signature").textContent()).toMatch(/^0x[0-9a-f]{130}$/)
  const signature = (await page.getByTestId("wagmi-signature").textContent()) as Hex
  expect(await verifyMessage({ address: account0, message: signedMessage, signature })).toBe(true)
  await closeModal(page)

  await page.getByTestId("wagmi-disconnect").click()
  await expect.poll(() => wagmiState(page)).toEqual({ status: "disconnected", address: "—", chainId: "—" })
  // Airlock's own button saw the same disconnect.
  await page.getByRole("button", { name: "Connect Wallet" }).waitFor()
  expect(await page.getByTestId("wagmi-error").textContent()).toBe("—")
})

test("a wallet connected with Airlock's own ConnectButton is wagmi's connection too; wagmi switches its chain", async ({
  page
}) => {
  await visit(page, "wagmi.html")
  await page.getByRole("button", { name: "Connect Wallet" }).click()
  await pickSandboxWallet(page)
  await expect.poll(() => wagmiState(page)).toEqual(connectedOn(chainA!.chainId))
  // The visitor opened the modal: it shows the account until they close it.
  await page.getByRole("dialog", { name: "Account" }).getByRole("tab", { name: "Tokens" }).waitFor()
  await closeModal(page)

  await page.getByTestId(`wagmi-switch-${chainB!.chainId}`).click()
  await expect.poll(() => wagmiState(page)).toEqual(connectedOn(chainB!.chainId))
  expect(await page.evaluate(() => window.__sandboxWallet!.provider.request({ method: "eth_chainId" }))).toBe(
    `0x${chainB!.chainId.toString(16)}`
  )
  expect(await page.getByTestId("wagmi-error").textContent()).toBe("—")
})

test("wagmi's sendTransaction goes through Airlock to the wallet and lands on the chain", async ({
  page
}) => {
  // Dev account 9, which no other browser test uses, pays: account 0's history stays as seeded.
  const sender = getAddress(sandbox.accounts[9]!)
  const recipient = getAddress(sandbox.accounts[1]!)
  await visit(page, "wagmi.html", "&walletAccount=9")
  await page.getByTestId("wagmi-connect").click()
  await pickSandboxWallet(page)
  await expect.poll(() => page.getByTestId("wagmi-address").textContent()).toBe(sender)
  await page.getByRole("dialog").waitFor({ state: "detached" })

  await page.getByTestId("wagmi-send").click()
  await expect.poll(() => page.getByTestId("wagmi-transaction").textContent()).toMatch(/^0x[0-9a-f]{64}$/)
  const hash = (await page.getByTestId("wagmi-transaction").textContent()) as Hex
  const chain = createPublicClient({ transport: http(chainA!.rpcUrl) })
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe("success")
  const sent = await chain.getTransaction({ hash })
  expect({ from: getAddress(sent.from), to: sent.to && getAddress(sent.to), value: sent.value }).toEqual({
    from: sender,
    to: recipient,
    value: parseEther("0.001")
  })
  // The page reads the balance again once the send succeeded.
  const balance = await chain.getBalance({ address: sender })
  await expect.poll(() => page.getByTestId("wagmi-balance").textContent()).toBe(`${formatEther(balance)} ETH`)
  expect(await page.getByTestId("wagmi-error").textContent()).toBe("—")
})

test("a page with no wallet library lists Airlock by EIP-6963; asking it for accounts opens the modal", async ({
  page
}) => {
  await visit(page, "eip6963.html")
  const airlock = page.locator('[data-testid="eip6963-wallet"][data-rdns="dev.airlock"]')
  const sandboxWallet = page.locator('[data-testid="eip6963-wallet"][data-rdns="dev.airlock.sandbox"]')
  await airlock.waitFor()
  await sandboxWallet.waitFor()
  expect(await airlock.locator("span").textContent()).toBe("Airlock")
  expect(await sandboxWallet.locator("span").textContent()).toBe("Sandbox Wallet")
  expect(await airlock.locator("img").getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/)
  expect(await page.getByTestId("eip6963-wallet").count()).toBe(2)

  await airlock.getByRole("button", { name: "Connect Airlock" }).click()
  await pickSandboxWallet(page)
  await expect
    .poll(async () => (await airlock.getByTestId("eip6963-result").textContent())?.toLowerCase())
    .toBe(account0.toLowerCase())
  await page.getByRole("dialog").waitFor({ state: "detached" })
})

test("eth_requestAccounts with a required sign-in: the modal stays open for it, and closes once signed in", async ({
  page
}) => {
  await visit(page, "", "&signin=required")
  const asked = page.evaluate(() =>
    window.__airlockDemo!.modal.getProvider().request({ method: "eth_requestAccounts" })
  )
  await pickSandboxWallet(page)
  const signIn = page.getByRole("dialog", { name: "Sign In" })
  await signIn.getByRole("button", { name: "Sign", exact: true }).waitFor()
  // Connected, and the modal still open: sign-in needs it.
  await expect.poll(() => page.getByTestId("account-status").textContent()).toBe("connected")
  expect(await page.evaluate(() => window.__airlockDemo!.modal.isOpen())).toBe(true)
  expect(((await asked) as ReadonlyArray<string>).map((address) => getAddress(address))).toEqual([account0])
  await signIn.getByRole("button", { name: "Sign", exact: true }).click()
  await page.getByRole("dialog").waitFor({ state: "detached" })
})
