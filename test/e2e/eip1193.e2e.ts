import type { Page } from "playwright-core"
import { getAddress, type Hex, verifyMessage, verifyTypedData } from "viem"
import { describe, expect, inject } from "vitest"
import { closeModal, pickSandboxWallet, test } from "./browser"
import { nativeBalanceOn } from "./chain"

/**
 * The modal as an EIP-1193 provider, driven by ethers 6 (`BrowserProvider`) and viem (`custom` transport) on
 * the sandbox page /provider.html, as a dapp with no connector of its own would: connect, sign, typed data,
 * send, switch, add chain and revoke against the Sandbox Wallet and the sandbox chains, every code and
 * event checked against EIP-1193, and no modal opened (nor alert left) by a refusal.
 */

const demoUrl = inject("demoUrl")
const sandbox = inject("sandbox")
const account0 = getAddress(sandbox.accounts[0]!)
const account1 = getAddress(sandbox.accounts[1]!)
const [chainA, chainB] = sandbox.chains as [(typeof sandbox.chains)[0], (typeof sandbox.chains)[0]]
const hex = (chainId: number) => `0x${chainId.toString(16)}`

/** How a call through ethers or viem ended: its value, or the EIP-1193 code its error carries. */
type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly code: unknown }
type Demo = NonNullable<Window["__providerDemo"]>

declare global {
  interface Window {
    /** Runs `call` with the demo's objects; what it answered, or the code ethers or viem failed with. */
    readonly __outcome: (call: (demo: Demo) => Promise<unknown>) => Promise<Outcome>
  }
}

/** Installed before the page's scripts: ethers keeps the provider's error in `info.error` (or `error`), viem in its cause chain. */
function installOutcome() {
  const codeOf = (error: unknown): unknown => {
    const e = error as {
      code?: unknown
      info?: { error?: { code?: unknown } }
      error?: { code?: unknown }
      walk?: (f: (inner: unknown) => boolean) => { code?: unknown } | undefined
    }
    const viemCode = e.walk?.((inner) => typeof (inner as { code?: unknown }).code === "number")?.code
    return e.info?.error?.code ?? e.error?.code ?? viemCode ?? e.code
  }
  Object.defineProperty(window, "__outcome", {
    value: async (call: (demo: Demo) => Promise<unknown>): Promise<Outcome> => {
      try {
        const value = await call(window.__providerDemo!)
        return { ok: true, value: typeof value === "bigint" ? value.toString() : value }
      } catch (error) {
        return { ok: false, code: codeOf(error) }
      }
    }
  })
}

const events = (page: Page) => page.evaluate(() => window.__providerDemo!.events)
const opens = (page: Page) => page.evaluate(() => window.__providerDemo!.opens)
const walletCounts = (page: Page) => page.evaluate(() => ({ ...window.__sandboxWallet!.counts }))

/** The events with their addresses checksummed (a wallet may answer them in lower case). */
const checksummed = (all: ReadonlyArray<readonly [string, unknown]>) =>
  all.map(([name, payload]) =>
    name === "accountsChanged" && Array.isArray(payload)
      ? [name, payload.map((a: string) => getAddress(a))]
      : [name, payload]
  )

const typedData = (chainId: number) => ({
  domain: { name: "Airlock", version: "1", chainId },
  types: { Greeting: [{ name: "text", type: "string" }] },
  primaryType: "Greeting" as const,
  message: { text: "Hello from viem" }
})

describe("the modal's EIP-1193 provider under ethers 6 and viem", () => {
  test("connects, signs, sends, switches, adds and revokes with EIP-1193's codes and events; a refusal opens nothing", async ({
    page
  }) => {
    page.setDefaultTimeout(15_000)
    await page.addInitScript(installOutcome)
    await page.goto(`${demoUrl}provider.html?wallet=auto-approve`)
    await page.waitForFunction(() => window.__providerDemo?.events.length === 1)
    // EIP-1193 'connect': the provider serves the first sandbox chain from the start.
    expect(await events(page)).toEqual([["connect", { chainId: hex(chainA.chainId) }]])

    // Before any account: chain reads answer from the network's RPC, through both libraries.
    expect(
      await page.evaluate(() => window.__outcome((d) => d.ethers.getNetwork().then((n) => Number(n.chainId))))
    ).toEqual({
      ok: true,
      value: chainA.chainId
    })
    expect(await page.evaluate(() => window.__outcome((d) => d.ethers.send("net_version", [])))).toEqual({
      ok: true,
      value: String(chainA.chainId)
    })
    const block = await page.evaluate(() => window.__outcome((d) => d.chain.getBlockNumber()))
    expect(block.ok && Number(block.value) >= 0).toBe(true)
    const balance = await page.evaluate(
      (address) => window.__outcome((d) => d.chain.getBalance({ address: address as `0x${string}` })),
      account0
    )
    expect(balance).toEqual({ ok: true, value: String(await nativeBalanceOn(chainA.rpcUrl, account0)) })
    expect(await page.evaluate(() => window.__outcome((d) => d.wallet.getAddresses()))).toEqual({
      ok: true,
      value: []
    })

    // 4100: what needs an account before any is authorised. 4200: what the modal does not serve, an
    // unconfigured chain's add among them. None of them opens the modal or reaches the wallet.
    const refusals = await page.evaluate(
      ([from, to]) => {
        const account = from as `0x${string}`
        return Promise.all([
          window.__outcome((d) => d.wallet.signMessage({ account, message: "hi" })),
          window.__outcome((d) => d.ethers.send("personal_sign", ["0x6869", account])),
          window.__outcome((d) =>
            d.wallet.sendTransaction({ account, chain: null, to: to as `0x${string}`, value: 1n })
          ),
          window.__outcome((d) =>
            d.wallet.watchAsset({
              type: "ERC20",
              options: { address: to as `0x${string}`, symbol: "TKN", decimals: 18 }
            })
          ),
          window.__outcome((d) => d.ethers.send("eth_sign", [account, "0x6869"])),
          window.__outcome((d) =>
            d.wallet.addChain({
              chain: {
                id: 1,
                name: "Ethereum",
                nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
                rpcUrls: { default: { http: ["https://eth.example"] } }
              }
            })
          )
        ])
      },
      [account0, account1]
    )
    expect(refusals.map((r) => (r.ok ? "answered" : r.code))).toEqual([4100, 4100, 4100, 4200, 4200, 4200])
    expect(await opens(page)).toEqual([])
    expect(await page.getByRole("dialog").count()).toBe(0)
    expect(await page.getByText("Action not allowed").count()).toBe(0)
    const untouched = await walletCounts(page)
    for (const method of [
      "personal_sign",
      "eth_sendTransaction",
      "wallet_watchAsset",
      "eth_sign",
      "wallet_addEthereumChain"
    ])
      expect(untouched[method] ?? 0, `${method} reached the wallet`).toBe(0)

    // eth_requestAccounts opens the modal; closing it is 4001.
    const refused = page.evaluate(() =>
      window.__outcome((d) => d.ethers.getSigner().then((s) => s.getAddress()))
    )
    await page.getByRole("dialog", { name: "Connect Wallet" }).waitFor()
    await page.keyboard.press("Escape")
    expect(await refused).toEqual({ ok: false, code: 4001 })

    // Connect through ethers: the visitor picks the Sandbox Wallet in the modal.
    const connecting = page.evaluate(() =>
      window.__outcome((d) => d.ethers.getSigner().then((s) => s.getAddress()))
    )
    await pickSandboxWallet(page)
    expect(await connecting).toEqual({ ok: true, value: account0 })
    // The dapp asked for the account: once connected the modal closes by itself (issue 30).
    await page.getByRole("dialog").waitFor({ state: "detached" })
    expect(await page.evaluate(() => window.__outcome((d) => d.wallet.getAddresses()))).toEqual({
      ok: true,
      value: [account0]
    })

    // Sign (personal_sign through ethers) and typed data (viem): each signed by the connected account.
    const message = "Hello from ethers"
    const signature = await page.evaluate(
      (text) => window.__outcome((d) => d.ethers.getSigner().then((s) => s.signMessage(text))),
      message
    )
    expect(
      signature.ok && (await verifyMessage({ address: account0, message, signature: signature.value as Hex }))
    ).toBe(true)
    await closeModal(page)
    const typed = typedData(chainA.chainId)
    const typedSignature = await page.evaluate(
      ([from, data]) =>
        window.__outcome((d) =>
          d.wallet.signTypedData({ account: from as `0x${string}`, ...(data as typeof typed) })
        ),
      [account0, typed] as const
    )
    expect(
      typedSignature.ok &&
        (await verifyTypedData({ address: account0, ...typed, signature: typedSignature.value as Hex }))
    ).toBe(true)
    await closeModal(page)

    // Send (viem), confirmed on chain (ethers).
    const before = await nativeBalanceOn(chainA.rpcUrl, account1)
    const sent = await page.evaluate(
      ([from, to]) =>
        window.__outcome((d) =>
          d.wallet.sendTransaction({
            account: from as `0x${string}`,
            chain: null,
            to: to as `0x${string}`,
            value: 1_000_000_000_000_000n
          })
        ),
      [account0, account1]
    )
    expect(sent.ok).toBe(true)
    await closeModal(page)
    const mined = await page.evaluate(
      (hash) => window.__outcome((d) => d.ethers.waitForTransaction(hash).then((receipt) => receipt?.status)),
      String(sent.ok ? sent.value : "")
    )
    expect(mined).toEqual({ ok: true, value: 1 })
    expect((await nativeBalanceOn(chainA.rpcUrl, account1)) - before).toBe(1_000_000_000_000_000n)

    // Switch (viem) to the second chain: chainChanged; an add of a configured chain answers null (EIP-3085).
    expect(
      await page.evaluate(
        (id) => window.__outcome((d) => d.wallet.switchChain({ id }).then(() => "switched")),
        chainB.chainId
      )
    ).toEqual({ ok: true, value: "switched" })
    expect(await page.evaluate(() => window.__outcome((d) => d.wallet.getChainId()))).toEqual({
      ok: true,
      value: chainB.chainId
    })
    const added = await page.evaluate(
      ([id, rpcUrl]) =>
        window.__outcome((d) =>
          d.provider.request({
            method: "wallet_addEthereumChain",
            params: [{ chainId: `0x${Number(id).toString(16)}`, chainName: "B", rpcUrls: [rpcUrl] }]
          })
        ),
      [chainB.chainId, chainB.rpcUrl] as const
    )
    expect(added).toEqual({ ok: true, value: null })
    // A switch to a chain the app did not configure: 4902, and no alert kept for the modal's next open.
    expect(await page.evaluate(() => window.__outcome((d) => d.wallet.switchChain({ id: 1 })))).toEqual({
      ok: false,
      code: 4902
    })
    await page.evaluate(() => window.__providerDemo!.modal.open())
    await page.getByRole("dialog", { name: "Account" }).waitFor()
    expect(await page.getByText("Network Not Found").count()).toBe(0)
    await closeModal(page)

    // Revoke: accountsChanged with [] and no disconnect; the chain still answers, signing is 4100 again.
    const opened = await opens(page)
    expect(
      await page.evaluate(() =>
        window.__outcome((d) =>
          d.provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
        )
      )
    ).toEqual({ ok: true, value: null })
    await page.waitForFunction(() => {
      const [name, payload] = window.__providerDemo!.events.at(-1) ?? []
      return name === "accountsChanged" && Array.isArray(payload) && payload.length === 0
    })
    expect(await page.evaluate(() => window.__outcome((d) => d.ethers.send("eth_chainId", [])))).toEqual({
      ok: true,
      value: hex(chainB.chainId)
    })
    expect((await page.evaluate(() => window.__outcome((d) => d.chain.getBlockNumber()))).ok).toBe(true)
    expect(
      await page.evaluate(
        (from) => window.__outcome((d) => d.ethers.send("personal_sign", ["0x6869", from])),
        account0
      )
    ).toEqual({ ok: false, code: 4100 })
    expect(await opens(page)).toEqual(opened)
    expect(checksummed(await events(page))).toEqual([
      ["connect", { chainId: hex(chainA.chainId) }],
      ["accountsChanged", [account0]],
      ["chainChanged", hex(chainB.chainId)],
      ["accountsChanged", []]
    ])

    // Disposed: it serves no chain any more, so 'disconnect' (4900), and then every request is 4900.
    await page.evaluate(() => window.__providerDemo!.modal.dispose())
    await page.waitForFunction(() => window.__providerDemo!.events.at(-1)?.[0] === "disconnect")
    expect((await events(page)).at(-1)).toEqual([
      "disconnect",
      { code: 4900, message: "The modal was disposed." }
    ])
    expect(
      await page.evaluate(() => window.__outcome((d) => d.provider.request({ method: "eth_chainId" })))
    ).toEqual({ ok: false, code: 4900 })
  })
})
