/** The provider API on the sandbox's local Solana chain (solana:localnet): chains, balances, history, its RPC proxy. */
import { getBase64EncodedWireTransaction } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import * as Result from "effect/Result"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, PRICES, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { decodeBalanceResponse } from "../../src/schemas/Balance"
import { decodeHistoryResponse } from "../../src/schemas/Transaction"
import {
  address,
  type Json,
  lamportsOf,
  message,
  now,
  type RpcAnswer,
  result,
  signed,
  signers,
  solana,
  tokensOf
} from "./solanaChainWorld"

let api: SandboxApi

beforeAll(async () => {
  // The API needs an EVM chain; nothing here asks it anything, so no anvil runs.
  api = await startSandboxApi({ chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }], solana, now })
}, 30_000)
afterAll(async () => {
  await api?.close()
})

const right = <A, E>(either: Result.Result<A, E>): A => {
  if (Result.isFailure(either)) throw new Error(`decode failed: ${String(either.failure)}`)
  return either.success
}

describe("the provider API on solana:localnet", () => {
  const apiGet = async (path: string, params: Record<string, string> = {}) => {
    const response = await fetch(
      `${api.url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, ...params })}`
    )
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as unknown
  }

  it("lists the chain among the supported ones", async () => {
    expect(await apiGet("/v1/supported-chains")).toEqual({
      http: ["eip155:31337", "solana:localnet"],
      ws: []
    })
  })

  it("answers balances from the chain, decoded by the app's decoder", async () => {
    const raw = await apiGet(`/v1/account/${address(2)}/balance`, {
      chainId: "solana:localnet",
      currency: "usd"
    })
    const { balances, dropped } = right(decodeBalanceResponse(raw))
    expect(dropped).toBe(0)
    const lamports = await lamportsOf(address(2))
    expect(balances).toEqual([
      expect.objectContaining({
        name: "Solana",
        symbol: "SOL",
        chainId: "solana:localnet",
        price: PRICES.SOL,
        quantity: { decimals: "9", numeric: (Number(lamports) / 1e9).toString() }
      }),
      expect.objectContaining({
        name: "Sandbox SPL",
        symbol: "sSPL",
        chainId: "solana:localnet",
        address: `solana:localnet:${solana.mint.address}`,
        price: 1,
        value: Number(await tokensOf(address(2))) / 1e6,
        quantity: { decimals: "6", numeric: (Number(await tokensOf(address(2))) / 1e6).toString() }
      })
    ])
    expect(balances[0]!.address).toBeUndefined()
    expect(balances[1]!.iconUrl).toBeDefined()
    const icon = await fetch(balances[1]!.iconUrl!)
    expect(icon.status).toBe(200)
    // Mainnet stays the fixture.
    const mainnet = await apiGet(`/v1/account/${address(2)}/balance`, {
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    })
    expect(right(decodeBalanceResponse(mainnet)).balances.map((b) => b.symbol)).toEqual(["SOL", "USDC"])
  })

  it("answers history from the chain, decoded by the app's decoder", async () => {
    const raw = await apiGet(`/v1/account/${address(0)}/history`, { chainId: "solana:localnet" })
    const { data, next, dropped } = right(decodeHistoryResponse(raw))
    expect(dropped).toBe(0)
    expect(next).toBeUndefined()
    const seeded = solana.history.filter((t) => t.from === address(0) || t.to === address(0)).reverse()
    expect(data.map((tx) => tx.metadata.hash)).toEqual(seeded.map((t) => t.signature))
    const [tokenSend, solReceive, mintReceive] = data
    expect(tokenSend!.metadata).toMatchObject({
      operationType: "send",
      status: "confirmed",
      chain: "solana:localnet",
      sentFrom: address(0),
      sentTo: address(2),
      minedAt: new Date(seeded[0]!.blockTime * 1000).toISOString()
    })
    expect(tokenSend!.transfers).toEqual([
      expect.objectContaining({
        direction: "out",
        quantity: { numeric: "25" },
        fungible_info: expect.objectContaining({ symbol: "sSPL", name: "Sandbox SPL" })
      })
    ])
    expect(solReceive!.metadata).toMatchObject({
      operationType: "receive",
      sentFrom: address(1),
      sentTo: address(0)
    })
    expect(solReceive!.transfers).toEqual([
      expect.objectContaining({ direction: "in", quantity: { numeric: "2.5" }, price: PRICES.SOL })
    ])
    expect(mintReceive!.metadata.operationType).toBe("receive")
    expect(mintReceive!.transfers[0]).toMatchObject({ direction: "in", quantity: { numeric: "1000" } })
    // Without a chain filter the same; other Solana clusters have none.
    const all = right(decodeHistoryResponse(await apiGet(`/v1/account/${address(0)}/history`)))
    expect(all.data.length).toBe(data.length)
    const devnet = await apiGet(`/v1/account/${address(0)}/history`, {
      chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
    })
    expect(devnet).toEqual({ data: [], next: null })
  })

  it("pages the history with a cursor", async () => {
    const small = await startSandboxApi({
      chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }],
      solana,
      now,
      historyPageSize: 2
    })
    try {
      const page = async (cursor?: string) => {
        const query = new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, chainId: "solana:localnet" })
        if (cursor !== undefined) query.set("cursor", cursor)
        return right(
          decodeHistoryResponse(
            await (await fetch(`${small.url}/v1/account/${address(0)}/history?${query}`)).json()
          )
        )
      }
      const first = await page()
      expect(first.data).toHaveLength(2)
      const second = await page(first.next)
      expect(second.next).toBeUndefined()
      expect([...first.data, ...second.data].map((tx) => tx.metadata.hash)).toEqual(
        solana.history
          .filter((t) => t.from === address(0) || t.to === address(0))
          .map((t) => t.signature)
          .reverse()
      )
    } finally {
      await small.close()
    }
  })

  it("proxies the chain's RPC, without airdrops", async () => {
    const proxy = (body: unknown) =>
      fetch(
        `${api.url}/v1/?${new URLSearchParams({ chainId: "solana:localnet", projectId: DEFAULT_PROJECT_ID })}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body)
        }
      ).then((r) => r.json() as Promise<Json>)
    const balance = await proxy({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address(2)] })
    expect(balance.result.value).toBe(Number(await lamportsOf(address(2))))
    const airdrop = await proxy({ jsonrpc: "2.0", id: 2, method: "requestAirdrop", params: [address(2), 1] })
    expect(airdrop.error.code).toBe(-32601)
    const batch = await proxy([
      { jsonrpc: "2.0", id: 1, method: "getSlot" },
      { jsonrpc: "2.0", id: 2, method: "requestAirdrop", params: [address(2), 1] },
      { jsonrpc: "2.0", id: 3, method: "getLatestBlockhash" }
    ])
    expect(batch.map((a: RpcAnswer) => [a.id, a.error?.code])).toEqual([
      [1, undefined],
      [2, -32601],
      [3, undefined]
    ])
    // A transaction sent through the proxy lands.
    const msg = await message(signers[2]!, [
      getTransferSolInstruction({ source: signers[2]!, destination: address(5) as never, amount: 42n })
    ])
    const sent = await proxy({
      jsonrpc: "2.0",
      id: 4,
      method: "sendTransaction",
      params: [getBase64EncodedWireTransaction(await signed(msg)), { encoding: "base64" }]
    })
    expect((await result("getSignatureStatuses", [[sent.result]])).value[0].err).toBeNull()
  })
})
