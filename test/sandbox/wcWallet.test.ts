import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { Verifier } from "bip322-js"
import { createPublicClient, type Hex, http, parseEther, toHex, verifyMessage, verifyTypedData } from "viem"
import { describe, expect, it } from "vitest"
import { BITCOIN_REGTEST } from "../../sandbox/shared/bitcoin"
import { SANDBOX_SOLANA_CHAIN, sandboxSolanaAddress } from "../../sandbox/shared/solana"
import { BOB } from "../kit/accounts"
import { EIP712_DOMAIN_TYPE } from "./sandboxWorld"
import {
  bitcoinAddress,
  connect,
  dapp,
  evmAddress,
  externalFetches,
  isLoopback,
  METADATA,
  nextEvent,
  page,
  pageUrls,
  problems,
  type Session,
  sandbox,
  server,
  untilWalletRequest,
  walletReady
} from "./wcWalletWorld"

/**
 * The Sandbox WalletConnect Wallet (sandbox/wallets/walletconnect), built and served as `npm run demo` does,
 * in chromium under the demo's CSP, against a real dapp in Node (@walletconnect/universal-provider) through
 * the sandbox relay, signing for real anvil nodes.
 */

let session: Session

describe("the Sandbox WalletConnect Wallet page", () => {
  it("refuses a URI that is not wc: with a message, and shows its accounts", async () => {
    const error = await page.evaluate(() =>
      window.__sandboxWcWallet!.pair("https://example.com").then(
        () => "paired",
        (e: Error) => e.message
      )
    )
    expect(error).toMatch(/wc:/)
    await page.getByText("A WalletConnect URI starts with wc:").waitFor({ timeout: 5_000 })
    expect(
      await page.evaluate(() => [
        window.__sandboxWcWallet!.evmAddress,
        window.__sandboxWcWallet!.solanaAddress
      ])
    ).toEqual([evmAddress, sandboxSolanaAddress])
    await page.getByText(sandboxSolanaAddress).waitFor({ timeout: 5_000 })
  })

  it("rejects a proposal: the dapp's connect() fails with the user-rejected error (5000)", async () => {
    const outcome = connect(async (uri) => {
      await page.evaluate((wcUri) => window.__sandboxWcWallet!.pair(wcUri), uri)
      await page.waitForFunction(() => window.__sandboxWcWallet?.proposals().length === 1, undefined, {
        timeout: 10_000
      })
      await page.getByRole("button", { name: `Reject ${METADATA.name}` }).click()
    }).then(
      () => ({ code: undefined }),
      (error: { code?: unknown }) => ({ code: error.code })
    )
    expect(await outcome).toEqual({ code: 5000 })
    expect(await page.evaluate(() => window.__sandboxWcWallet!.proposals())).toEqual([])
    expect(await page.evaluate(() => window.__sandboxWcWallet!.sessions())).toEqual([])
  })

  it("pairs from the form, shows the dapp's proposal as text, and approves eip155, Solana and bip122", async () => {
    session = await connect(async (uri) => {
      await page.getByLabel("WalletConnect URI").fill(uri)
      await page.getByRole("button", { name: "Connect" }).click()
      await page.waitForFunction(() => window.__sandboxWcWallet?.proposals().length === 1, undefined, {
        timeout: 10_000
      })
      const [proposal] = await page.evaluate(() => window.__sandboxWcWallet!.proposals())
      expect(proposal?.dapp).toEqual({ ...METADATA, icons: [] })
      expect(proposal?.requestedChains).toEqual(["eip155:31337", SANDBOX_SOLANA_CHAIN, BITCOIN_REGTEST])
      await page.getByRole("heading", { name: METADATA.name }).waitFor({ timeout: 5_000 })
      await page.getByRole("button", { name: `Approve ${METADATA.name}` }).click()
    })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${evmAddress}`])
    expect(session.namespaces.solana?.accounts).toEqual([`${SANDBOX_SOLANA_CHAIN}:${sandboxSolanaAddress}`])
    expect(session.namespaces.solana?.methods).toEqual(["solana_signMessage", "solana_signTransaction"])
    expect(session.namespaces.bip122?.accounts).toEqual([`${BITCOIN_REGTEST}:${bitcoinAddress}`])
    const sessions = await page.evaluate(() => window.__sandboxWcWallet!.sessions())
    expect(sessions.map((s) => [s.topic, s.dapp.name])).toEqual([[session.topic, METADATA.name]])
    await page.getByRole("button", { name: `Disconnect ${METADATA.name}` }).waitFor({ timeout: 5_000 })
  })

  it("answers personal_sign once approved, showing the message as text", async () => {
    const signing = dapp!.request<Hex>(
      { method: "personal_sign", params: [toHex("hello from the sandbox"), evmAddress] },
      "eip155:31337"
    )
    await untilWalletRequest("personal_sign")
    const [request] = await page.evaluate(() => window.__sandboxWcWallet!.requests())
    expect(request).toMatchObject({ topic: session.topic, method: "personal_sign", chainId: "eip155:31337" })
    expect(request?.preview).toContainEqual(["Message", "hello from the sandbox"])
    await page.getByText("hello from the sandbox").waitFor({ timeout: 5_000 })
    await page.getByRole("button", { name: "Approve personal_sign" }).click()
    const signature = await signing
    expect(await verifyMessage({ address: evmAddress, message: "hello from the sandbox", signature })).toBe(
      true
    )
  })

  it("signs eth_signTypedData_v4", async () => {
    const typed = {
      domain: { name: "Sandbox Mail", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: EIP712_DOMAIN_TYPE,
        Mail: [
          { name: "to", type: "address" },
          { name: "contents", type: "string" }
        ]
      },
      primaryType: "Mail",
      message: { to: BOB, contents: "gm" }
    } as const
    const signing = dapp!.request<Hex>(
      { method: "eth_signTypedData_v4", params: [evmAddress, JSON.stringify(typed)] },
      "eip155:31337"
    )
    await untilWalletRequest("eth_signTypedData_v4")
    expect(await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())).toBe(true)
    const signature = await signing
    const { EIP712Domain: _domain, ...types } = typed.types
    expect(
      await verifyTypedData({
        address: evmAddress,
        domain: typed.domain,
        types,
        primaryType: "Mail",
        message: typed.message,
        signature
      })
    ).toBe(true)
  })

  it("sends eth_sendTransaction on anvil and answers the hash", async () => {
    const chain = sandbox!.chains[0]!
    const to = BOB
    const sending = dapp!.request<Hex>(
      { method: "eth_sendTransaction", params: [{ from: evmAddress, to, value: toHex(parseEther("0.01")) }] },
      "eip155:31337"
    )
    await untilWalletRequest("eth_sendTransaction")
    const [request] = await page.evaluate(() => window.__sandboxWcWallet!.requests())
    expect(request?.preview).toContainEqual(["Value", "0.01 ETH"])
    await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())
    const hash = await sending
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 10_000 })
    expect(receipt.status).toBe("success")
    expect(receipt.to?.toLowerCase()).toBe(to.toLowerCase())
  })

  it("answers EIP-5792: atomic capabilities, a batch in one EIP-7702 transaction once approved, its status", async () => {
    expect(session.namespaces.eip155?.methods).toEqual(expect.arrayContaining(["wallet_sendCalls"]))
    const chain = sandbox!.chains[0]!
    const delegate = sandbox!.batchDelegates.find((d) => d.chainId === chain.chainId)!.address
    const ask = <A>(method: string, params: Array<unknown>) =>
      dapp!.request<A>({ method, params }, "eip155:31337")
    expect(await ask("wallet_getCapabilities", [evmAddress, ["0x7a69"]])).toEqual({
      "0x7a69": { atomic: { status: "supported" } }
    })
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const before = await client.getBalance({ address: BOB })
    const sending = ask<{ id: string }>("wallet_sendCalls", [
      {
        version: "2.0.0",
        chainId: "0x7a69",
        from: evmAddress,
        atomicRequired: true,
        calls: [
          { to: BOB, value: toHex(parseEther("0.01")) },
          { to: BOB, value: toHex(parseEther("0.02")) }
        ]
      }
    ])
    await untilWalletRequest("wallet_sendCalls")
    const [request] = await page.evaluate(() => window.__sandboxWcWallet!.requests())
    expect(request?.preview).toContainEqual(["Call 2 of 2", `To ${BOB}\nValue 0.02 ETH\nData 0 bytes`])
    await page.getByRole("button", { name: "Approve wallet_sendCalls" }).click()
    const { id } = await sending
    let status: { status: number; receipts?: Array<{ transactionHash: Hex }> } | undefined
    // Each ask is a round trip through the relay: the poll waits for several.
    await expect
      .poll(
        async () => {
          status = await ask("wallet_getCallsStatus", [id])
          return status?.status
        },
        { timeout: 15_000 }
      )
      .toBe(200)
    expect(status?.receipts).toHaveLength(1)
    const tx = await client.getTransaction({ hash: status!.receipts![0]!.transactionHash })
    expect(tx.type).toBe("eip7702")
    expect(await client.getCode({ address: evmAddress })).toBe(`0xef0100${delegate.slice(2).toLowerCase()}`)
    expect(await client.getBalance({ address: BOB })).toBe(before + parseEther("0.03"))
    expect(await ask("wallet_showCallsStatus", [id])).toBeNull()
    await expect(ask("wallet_getCallsStatus", [`0x${"00".repeat(32)}`])).rejects.toMatchObject({ code: 5730 })
  })

  it("signs solana_signMessage with the sandbox ed25519 key", async () => {
    const message = new TextEncoder().encode("hello, Solana devnet")
    const signing = dapp!.request<{ signature: string }>(
      {
        method: "solana_signMessage",
        params: { message: base58.encode(message), pubkey: sandboxSolanaAddress }
      },
      SANDBOX_SOLANA_CHAIN
    )
    await untilWalletRequest("solana_signMessage")
    const [request] = await page.evaluate(() => window.__sandboxWcWallet!.requests())
    expect(request?.preview).toContainEqual(["Message", "hello, Solana devnet"])
    await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())
    const { signature } = await signing
    expect(base58.decode(signature)).toHaveLength(64)
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(sandboxSolanaAddress))).toBe(true)
  })

  it("signs a bip122 signMessage by BIP-322 with Bitcoin dev account 1; bip322-js verifies it", async () => {
    const signing = dapp!.request<{ signature: string; address: string }>(
      {
        method: "signMessage",
        params: {
          account: bitcoinAddress,
          address: bitcoinAddress,
          message: "hello, regtest",
          protocol: "bip322"
        }
      },
      BITCOIN_REGTEST
    )
    await untilWalletRequest("signMessage")
    const [request] = await page.evaluate(() => window.__sandboxWcWallet!.requests())
    expect(request?.preview).toContainEqual(["Message", "hello, regtest"])
    await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())
    const { signature, address } = await signing
    expect(address).toBe(bitcoinAddress)
    expect(Verifier.verifySignature(bitcoinAddress, "hello, regtest", signature)).toBe(true)
    expect(await page.evaluate(() => window.__sandboxWcWallet!.answered("signMessage"))).toBe(1)
  })

  it("refuses a transaction it cannot read at once, as invalid params (-32602)", async () => {
    const outcome = await dapp!
      .request({ method: "solana_signTransaction", params: { transaction: "AQ==" } }, SANDBOX_SOLANA_CHAIN)
      .then(
        () => ({ code: undefined }),
        (error: { code?: unknown }) => ({ code: error.code })
      )
    expect(outcome).toEqual({ code: -32602 })
    expect(await page.evaluate(() => window.__sandboxWcWallet!.requests())).toEqual([])
  })

  it("answers a rejected request with the user-rejected error (5000)", async () => {
    const signing = dapp!.request(
      { method: "personal_sign", params: [toHex("no thanks"), evmAddress] },
      "eip155:31337"
    )
    const outcome = signing.then(
      () => ({ code: undefined }),
      (error: { code?: unknown }) => ({ code: error.code })
    )
    await untilWalletRequest("personal_sign")
    await page.getByRole("button", { name: "Reject personal_sign" }).click()
    expect(await outcome).toEqual({ code: 5000 })
  })

  it("switches to a sandbox chain outside the session by updating it and emitting chainChanged", async () => {
    const chainChanged = nextEvent<unknown>("chainChanged")
    const switching = dapp!.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] })
    await untilWalletRequest("wallet_switchEthereumChain")
    await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())
    expect(await switching).toBeNull()
    expect(Number(await chainChanged)).toBe(31338)
    expect(dapp!.session?.namespaces.eip155?.chains).toEqual(["eip155:31337", "eip155:31338"])
    expect(dapp!.session?.namespaces.eip155?.accounts).toContain(`eip155:31338:${evmAddress}`)
  })

  it("keeps its session over a reload and still answers requests", async () => {
    const answeredBefore = await page.evaluate(() => window.__sandboxWcWallet!.answered())
    expect(answeredBefore).toBeGreaterThanOrEqual(6)
    await page.reload()
    await walletReady()
    expect((await page.evaluate(() => window.__sandboxWcWallet!.sessions())).map((s) => s.topic)).toEqual([
      session.topic
    ])
    await page.getByRole("button", { name: `Disconnect ${METADATA.name}` }).waitFor({ timeout: 5_000 })
    const signing = dapp!.request<Hex>(
      { method: "personal_sign", params: [toHex("after a reload"), evmAddress] },
      "eip155:31337"
    )
    await untilWalletRequest("personal_sign")
    await page.evaluate(() => window.__sandboxWcWallet!.approveRequest())
    const signature = await signing
    expect(await verifyMessage({ address: evmAddress, message: "after a reload", signature })).toBe(true)
    // The dapp may hold the answer before the wallet has counted it.
    await page.waitForFunction(() => window.__sandboxWcWallet?.answered() === 1, undefined, {
      timeout: 5_000
    })
  })

  it("disconnects from the wallet side: the dapp gets session_delete", async () => {
    const deleted = nextEvent<{ topic: string }>("session_delete")
    await page.getByRole("button", { name: `Disconnect ${METADATA.name}` }).click()
    expect((await deleted).topic).toBe(session.topic)
    await page.waitForFunction(() => window.__sandboxWcWallet?.sessions().length === 0, undefined, {
      timeout: 5_000
    })
    await page.getByText("No session.").waitFor({ timeout: 5_000 })
  })

  it("pairs from a /wc?uri= deep link and, in auto-approve mode, answers at once", async () => {
    let deepLink = ""
    session = await connect(async (uri) => {
      deepLink = `${server!.url}wc?mode=auto-approve&uri=${encodeURIComponent(uri)}`
      await page.goto(deepLink)
    })
    expect(session.peer.metadata.name).toBe("Sandbox WalletConnect Wallet")
    // The used URI leaves the address bar, so that a reload does not pair again.
    expect(new URL(page.url()).search).toBe("?mode=auto-approve")
    const signature = await dapp!.request<Hex>(
      { method: "personal_sign", params: [toHex("auto"), evmAddress] },
      "eip155:31337"
    )
    expect(await verifyMessage({ address: evmAddress, message: "auto", signature })).toBe(true)
    await page.waitForFunction(() => window.__sandboxWcWallet?.answered() === 1, undefined, {
      timeout: 5_000
    })
    await page.evaluate(() => window.__sandboxWcWallet!.disconnect())
    expect(await page.evaluate(() => window.__sandboxWcWallet!.sessions())).toEqual([])
  })

  it("logged no error or warning, and called nothing off the loopback", () => {
    expect(problems).toEqual([])
    expect(pageUrls.length).toBeGreaterThan(0)
    expect(pageUrls.filter((url) => !isLoopback(url))).toEqual([])
    expect(externalFetches).toEqual([])
  })
})
