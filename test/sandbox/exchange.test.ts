/**
 * The Sandbox Exchange (sandbox/exchange/exchange.mjs) behind the API's "pay with exchange" JSON-RPC: the
 * list, strict checks of a deposit session's request, its deposit page on the exchange's own origin, and a
 * deposit REALLY sent on anvil from the exchange's treasury (a key no dev account shares), then its status.
 */
import { createPublicClient, erc20Abi, type Hex, http } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { foundry } from "viem/chains"
import { describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import { EXCHANGE_ID, EXCHANGE_TREASURY, startSandboxExchange } from "../../sandbox/exchange/exchange.mjs"
import { apiForFile, chainsForFile, startedForFile } from "./sandboxWorld"

describe("the Sandbox Exchange on a real chain", () => {
  const sandbox = chainsForFile()
  const exchange = startedForFile(
    () =>
      startSandboxExchange({
        chains: sandbox().chains,
        tokens: sandbox().tokens,
        accounts: sandbox().accounts
      }),
    (running) => running.close()
  )
  const api = apiForFile(() => ({ chains: sandbox().chains, tokens: sandbox().tokens, exchange: exchange() }))

  const chainId = () => sandbox().chains[0]!.chainId
  const sUSD = () =>
    sandbox().tokens.find((t) => t.symbol === "sUSD" && t.chainId === chainId())!.address as Hex
  const asset = () => `eip155:${chainId()}/erc20:${sUSD()}`
  const client = () =>
    createPublicClient({ chain: foundry, transport: http(sandbox().chains[0]!.rpcUrl), pollingInterval: 25 })
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const rpc = async (method: string, params: Record<string, unknown>) => {
    const response = await fetch(
      `${api().url}/v1/json-rpc?projectId=${DEFAULT_PROJECT_ID}&source=fund-wallet`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params })
      }
    )
    expect(response.status).toBe(200)
    return (await response.json()) as {
      id: number
      result?: Record<string, unknown>
      error?: { code: number; message: string }
    }
  }

  it("lists the exchange for the assets it pays, and none for others", async () => {
    const listed = await rpc("reown_getExchanges", { page: 0, asset: asset(), amount: "5" })
    expect(listed.id).toBe(7)
    expect(listed.result?.exchanges).toEqual([
      { id: EXCHANGE_ID, name: "Sandbox Exchange", imageUrl: `${exchange().url}/logo.svg` }
    ])
    expect((await rpc("reown_getExchanges", { asset: "eip155:1/slip44:60" })).result?.exchanges).toEqual([])
    expect((await rpc("reown_unknown", {})).error?.code).toBe(-32601)
  })

  it("refuses a session whose request is not exact", async () => {
    const good = {
      exchangeId: EXCHANGE_ID,
      asset: asset(),
      amount: "5",
      recipient: `eip155:${chainId()}:${fresh()}`
    }
    for (const bad of [
      { ...good, exchangeId: "other" },
      { ...good, asset: "eip155:1/slip44:60" },
      { ...good, amount: "0" },
      { ...good, amount: "-1" },
      { ...good, amount: "1e3" },
      { ...good, amount: "0.0000001" },
      { ...good, amount: "100000000" },
      { ...good, recipient: fresh() },
      { ...good, recipient: `eip155:1:${fresh()}` },
      { ...good, recipient: `eip155:${chainId()}:0x1234` }
    ]) {
      const answer = await rpc("reown_getExchangePayUrl", bad)
      expect(answer.error?.code, JSON.stringify(bad)).toBe(-32602)
    }
    const status = await rpc("reown_getExchangeBuyStatus", {
      exchangeId: EXCHANGE_ID,
      sessionId: "no-such-session-000"
    })
    expect(status.error?.code).toBe(-32602)
  })

  it("its deposit page (no script) sends the amount from the treasury; the status then names the transfer", async () => {
    const recipient = fresh()
    const opened = await rpc("reown_getExchangePayUrl", {
      exchangeId: EXCHANGE_ID,
      asset: asset(),
      amount: "5",
      recipient: `eip155:${chainId()}:${recipient}`
    })
    const { url, sessionId } = opened.result as unknown as { url: string; sessionId: string }
    expect(new URL(url).origin).toBe(exchange().url)
    const status = () => rpc("reown_getExchangeBuyStatus", { exchangeId: EXCHANGE_ID, sessionId })
    expect((await status()).result).toEqual({ status: "UNKNOWN" })

    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain("5 sUSD")
    expect(html).toContain(recipient)
    expect(html).not.toContain("<script")

    const sent = await fetch(`${exchange().url}/deposit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session: sessionId }).toString()
    })
    expect(sent.status).toBe(200)
    const done = (await status()).result as unknown as { status: string; txHash: Hex }
    expect(done.status).toBe("SUCCESS")
    const receipt = await client().getTransactionReceipt({ hash: done.txHash })
    expect(receipt.from.toLowerCase()).toBe(EXCHANGE_TREASURY.toLowerCase())
    expect(sandbox().accounts.map((a) => a.address.toLowerCase())).not.toContain(
      EXCHANGE_TREASURY.toLowerCase()
    )
    expect(
      await client().readContract({
        address: sUSD(),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient]
      })
    ).toBe(5_000_000n)

    // A second submit of the same session sends nothing more.
    await fetch(`${exchange().url}/deposit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session: sessionId }).toString()
    })
    expect(
      await client().readContract({
        address: sUSD(),
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient]
      })
    ).toBe(5_000_000n)
    expect((await fetch(`${exchange().url}/deposit?session=unknown-session-id`)).status).toBe(404)
  })
})
