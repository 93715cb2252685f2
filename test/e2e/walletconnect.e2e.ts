import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import type { Page } from "playwright-core"
import { verifyMessage } from "viem"
import { describe, expect, inject } from "vitest"
import { SANDBOX_SOLANA_CHAIN, sandboxSolanaAddress } from "../../sandbox/shared/solana"
import {
  chooseWalletConnect,
  copyDemoPairingLink,
  copyPairingLink,
  openWalletConnectWallet,
  proposalOf,
  test,
  testIdText
} from "./browser"

/**
 * WalletConnect for real, in chromium: the demo page pairs with the Sandbox WalletConnect Wallet (its own
 * page, on its own origin, on @reown/walletkit) through the sandbox relay. Each test gets fresh browser
 * contexts, so both sides start without sessions.
 */

const demoUrl = inject("demoUrl")
const apiUrl = inject("apiUrl")
const walletUrl = inject("walletConnectWalletUrl")
const account0 = inject("sandbox").accounts[0]!

const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`
const modal = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name })

describe("WalletConnect with the sandbox wallet page", () => {
  test.scoped({ contextOptions: { permissions: ["clipboard-read", "clipboard-write"] } })

  test("pair by the copied link, both namespaces connect, personal_sign verifies, reload keeps it, the wallet disconnects", async ({
    page,
    browser
  }) => {
    const uri = await copyDemoPairingLink(page, demoUrl)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    const wallet = await openWalletConnectWallet(browser, walletUrl)
    try {
      // The visitor pastes the link into the wallet and sees who is asking.
      await wallet.page.getByLabel("WalletConnect URI").fill(uri)
      await wallet.page.getByRole("button", { name: "Connect", exact: true }).click()
      await wallet.page.getByRole("button", { name: "Approve Airlock Demo" }).click()

      // The modal shows the account; the page's hooks see both namespaces of the one session.
      await modal(page, "Account").getByText(truncate(account0), { exact: true }).waitFor()
      await expect.poll(() => testIdText(page, "account-address")).toBe(account0)
      await expect.poll(() => testIdText(page, "solana-address")).toBe(sandboxSolanaAddress)
      expect(await testIdText(page, "solana-status")).toBe("connected")
      await page.keyboard.press("Escape")
      await modal(page, "Account").waitFor({ state: "detached" })

      // personal_sign from the page, approved on the wallet page, checks out with viem.
      await page.getByRole("button", { name: "Sign message (EVM)" }).click()
      await wallet.page.getByRole("button", { name: "Approve personal_sign" }).click()
      await expect.poll(() => testIdText(page, "request-label")).toBe("personal_sign")
      const signature = await testIdText(page, "request-result")
      const message = (await testIdText(page, "sign-message")) ?? ""
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(
        await verifyMessage({
          address: account0 as `0x${string}`,
          message,
          signature: signature as `0x${string}`
        })
      ).toBe(true)

      // solana_signMessage goes to the same wallet, for the Solana account, and verifies as ed25519.
      await page.getByRole("button", { name: "Sign message (Solana)" }).click()
      await wallet.page.getByRole("button", { name: "Approve solana_signMessage" }).click()
      await expect.poll(() => testIdText(page, "request-label")).toBe("solana_signMessage")
      const { signature: solanaSignature } = JSON.parse(
        (await testIdText(page, "request-result")) ?? "{}"
      ) as {
        signature: string
      }
      expect(
        ed25519.verify(
          base58.decode(solanaSignature),
          new TextEncoder().encode(message),
          base58.decode(sandboxSolanaAddress)
        )
      ).toBe(true)
      // The two signatures; the modal's own reads (its capabilities for the token list) are not counted.
      const signed = await wallet.page.evaluate(
        () =>
          window.__sandboxWcWallet!.answered("personal_sign") +
          window.__sandboxWcWallet!.answered("solana_signMessage")
      )
      expect(signed).toBe(2)

      // A reload restores the session from the SDK's storage: no new proposal, both namespaces back.
      await page.reload()
      await expect.poll(() => testIdText(page, "account-status")).toBe("connected")
      await expect.poll(() => testIdText(page, "solana-status")).toBe("connected")
      expect(await wallet.page.evaluate(() => window.__sandboxWcWallet!.proposals().length)).toBe(0)
      expect(await wallet.page.evaluate(() => window.__sandboxWcWallet!.sessions().length)).toBe(1)

      // Disconnecting on the wallet side returns the page to disconnected.
      await wallet.page.getByRole("button", { name: "Disconnect Airlock Demo" }).click()
      await expect.poll(() => testIdText(page, "account-status")).toBe("disconnected")
      await expect.poll(() => testIdText(page, "solana-status")).toBe("disconnected")
      await page.getByRole("button", { name: "Connect Wallet" }).waitFor()
    } finally {
      await wallet.close()
    }
  })

  test("the session carries the Solana account on the chain the page asked for; the modal shows it there", async ({
    page,
    browser
  }) => {
    const uri = await copyDemoPairingLink(page, demoUrl)
    const wallet = await openWalletConnectWallet(browser, walletUrl)
    try {
      const proposal = await proposalOf(wallet.page, uri)
      expect(proposal?.dapp.name).toBe("Airlock Demo")
      expect(proposal?.requestedChains).toContain(SANDBOX_SOLANA_CHAIN)
      await wallet.page.evaluate(() => window.__sandboxWcWallet!.approveProposal())
      await expect.poll(() => testIdText(page, "solana-address")).toBe(sandboxSolanaAddress)
      // The modal shows the account of each namespace: switching to Solana Devnet shows the Solana one.
      const account = modal(page, "Account")
      await account.getByText(truncate(account0), { exact: true }).waitFor()
      await account.getByRole("button", { name: /^Network: .*Switch network$/ }).click()
      await modal(page, "Choose Network")
        .getByRole("button", { name: /Solana Devnet/ })
        .click()
      await account.getByText(truncate(sandboxSolanaAddress), { exact: true }).waitFor()
      await account.getByRole("button", { name: "Disconnect" }).click()
      await expect.poll(() => testIdText(page, "account-status")).toBe("disconnected")
      await wallet.page.waitForFunction(() => window.__sandboxWcWallet!.sessions().length === 0)
    } finally {
      await wallet.close()
    }
  })

  test("sign-in on: one approval on the wallet connects and signs in (wc_sessionAuthenticate); no second prompt, the server knows the account", async ({
    page,
    browser
  }) => {
    page.setDefaultTimeout(20_000)
    await page.goto(`${demoUrl}?signin`)
    const uri = await copyPairingLink(page)
    const wallet = await openWalletConnectWallet(browser, walletUrl)
    try {
      await wallet.page.getByLabel("WalletConnect URI").fill(uri)
      await wallet.page.getByRole("button", { name: "Connect", exact: true }).click()
      // The wallet shows the sign-in the page asks for, in words, with the host and the account.
      const approve = wallet.page.getByRole("button", { name: "Approve sign-in Airlock Demo" })
      await approve.waitFor()
      await wallet.page.getByText(new URL(demoUrl).host, { exact: false }).first().waitFor()
      await approve.click()

      await modal(page, "Account").getByText(truncate(account0), { exact: true }).waitFor()
      const sessions = () =>
        page.evaluate(async () => {
          const response = await fetch("/auth/session")
          const body = (await response.json()) as {
            sessions: ReadonlyArray<{
              readonly data: { readonly accountAddress: string; readonly chainId: string }
            }>
          }
          return body.sessions.map((session) => `${session.data.chainId}:${session.data.accountAddress}`)
        })
      await expect.poll(sessions).toContain(`eip155:31337:${account0}`)
      // Signed in already: the modal never asks to sign, and the wallet saw no personal_sign.
      expect(await modal(page, "Sign In").count()).toBe(0)
      expect(await testIdText(page, "modal-view")).toBe("Account")
      expect(
        await wallet.page.getByRole("button", { name: "Approve personal_sign" }).count(),
        "a second signature request on the wallet"
      ).toBe(0)
      expect(await testIdText(page, "account-status")).toBe("connected")
    } finally {
      await wallet.close()
    }
  })
})

describe("WalletConnect without a relay", () => {
  test("a relay that refuses every connection ends in an error with Try again, not an endless spinner", async ({
    page
  }) => {
    page.setDefaultTimeout(30_000)
    const since = Date.now()
    // Every WebSocket the page opens is closed at once: the relay is down.
    await page.routeWebSocket(/.*/, (socket) => socket.close())
    await page.goto(demoUrl)
    const view = await chooseWalletConnect(page)
    await view.getByRole("progressbar", { name: "Preparing the QR code" }).waitFor()
    await view.getByRole("alert").filter({ hasText: "Service temporarily unavailable" }).waitFor()
    await view.getByRole("button", { name: "Try again" }).waitFor()
    expect(await view.getByRole("img", { name: /QR code/ }).count()).toBe(0)
    // The failure's analytics event leaves as the error shows: closing the page under it would cancel it.
    await expect
      .poll(async () => {
        const { events } = (await (await fetch(`${apiUrl}/__sandbox/events`)).json()) as {
          events: ReadonlyArray<{ body: { timestamp?: number; props?: { event?: string } } }>
        }
        return events.some(
          ({ body }) => body.props?.event === "CONNECT_ERROR" && (body.timestamp ?? 0) >= since
        )
      })
      .toBe(true)
  })
})

describe("WalletConnect Verify", () => {
  const VERIFY = "https://verify.walletconnect.org"
  const FORGER = "https://forger.example"

  /** An unsigned JWT whose payload names the attested request, as Verify's frame sends one. */
  const attestationJwt = (id: string, origin: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
    return `${part({ alg: "ES256", typ: "JWT" })}.${part({ id, origin, isVerified: true, isScam: false })}.c2ln`
  }
  const attestationMessage = (attestation: string) =>
    JSON.stringify({ type: "verify_attestation", attestation })
  /** A page that posts `message` to the window that framed or opened it, then says it is done. */
  const poster = (message: string) =>
    `<script>const to = opener ?? parent; to.postMessage(${JSON.stringify(message)}, "*"); to.postMessage("forged:done", "*")</script>`

  test("forged attestations from the page itself and from another origin never reach the SDK; Verify's own does (issue 12, item 7)", async ({
    page
  }) => {
    page.setDefaultTimeout(20_000)
    // What the page's SDK publishes to the relay: the session proposal carries the attestation it accepted.
    const published: Array<string> = []
    page.on("websocket", (socket) => {
      socket.on("framesent", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"attestation"')) published.push(payload)
      })
    })
    // Verify's frame (offline, so stood in for here) answers only once both forgeries were delivered.
    let forgeriesDelivered: () => void = () => undefined
    const delivered = new Promise<void>((resolve) => {
      forgeriesDelivered = resolve
    })
    await page.route(`${VERIFY}/**`, async (route) => {
      const url = new URL(route.request().url())
      const id = url.searchParams.get("id")
      if (!url.pathname.endsWith("/attestation") || id === null) return route.fulfill({ status: 404 })
      await delivered
      return route.fulfill({
        contentType: "text/html",
        body: poster(attestationMessage(attestationJwt(id, "genuine")))
      })
    })
    await page.context().route(`${FORGER}/**`, (route) => {
      const id = new URL(route.request().url()).searchParams.get("id") ?? ""
      return route.fulfill({
        contentType: "text/html",
        body: poster(attestationMessage(attestationJwt(id, "forged from another origin")))
      })
    })

    await page.goto(`${demoUrl}?verify`)
    await page.evaluate(() =>
      window.addEventListener("message", (event) => {
        if (event.data === "forged:done") Reflect.set(window, "__forgedDone", true)
      })
    )
    await chooseWalletConnect(page)
    // The SDK frames Verify with the id of the proposal it is about to publish; a forger who knows it too
    // (it is in the frame's URL) attests it first, from this window and from a window of its own.
    const frame = await page.waitForFunction(
      (verify) =>
        [...document.querySelectorAll("iframe")].find((iframe) => iframe.src.startsWith(verify))?.src,
      VERIFY
    )
    const id = new URL(String(await frame.jsonValue())).searchParams.get("id") ?? ""
    expect(id).not.toBe("")
    await page.evaluate(
      (message) => window.postMessage(message, "*"),
      attestationMessage(attestationJwt(id, "forged in the page"))
    )
    // The demo's CSP frames only Verify, so the other origin speaks from a window the page opened.
    await page.evaluate((src) => window.open(src), `${FORGER}/?id=${id}`)
    await page.waitForFunction(() => Reflect.get(window, "__forgedDone") === true)
    forgeriesDelivered()

    await expect.poll(() => published.length).toBeGreaterThan(0)
    const attested = published.map((frame) => {
      const params = (JSON.parse(frame) as { params?: { attestation?: string } }).params
      const payload = params?.attestation?.split(".")[1] ?? ""
      return (JSON.parse(Buffer.from(payload, "base64url").toString() || "{}") as { origin?: string }).origin
    })
    expect(attested).toEqual(["genuine"])
  })
})
