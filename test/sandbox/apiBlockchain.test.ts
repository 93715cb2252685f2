/**
 * The sandbox provider API's Blockchain API (sandbox/api) against real anvil nodes: chains, balances,
 * history, identities, JSON-RPC.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, parseUnits } from "viem"
import { describe, expect, it } from "vitest"
import { PRICES } from "../../sandbox/api/api.mjs"
import { SANDBOX_IDENTITY_NAME } from "../../sandbox/api/identity.mjs"
import { SOLANA_CHAIN_IDS, SOLANA_USDC_MINT } from "../../sandbox/api/solanaFixture.mjs"
import { rpc } from "../../sandbox/chain/rpc.mjs"
import { decodeBalanceResponse } from "../../src/schemas/Balance"
import { decodeIdentityResponse } from "../../src/schemas/Identity"
import { decodeHistoryResponse, type Transaction } from "../../src/schemas/Transaction"
import { apiWorld, postJson, right, solAddress, solAddressUpper, solanaMainnet } from "./apiWorld"

const { now, sandbox, account, url, get, getJson } = apiWorld()
const solanaDevnet = SOLANA_CHAIN_IDS[1]!
/** A balance's quantity in base units. */
const baseUnits = (balance: { readonly quantity: { readonly numeric: string; readonly decimals: string } }) =>
  parseUnits(balance.quantity.numeric, Number(balance.quantity.decimals))

/** Every page of an address's history, following the cursors. */
const history = async (address: string, params: Record<string, string> = {}) => {
  const pages: Array<ReadonlyArray<Transaction>> = []
  let cursor: string | undefined
  do {
    const decoded = right(
      decodeHistoryResponse(
        await getJson(`/v1/account/${address}/history`, cursor === undefined ? params : { ...params, cursor })
      )
    )
    expect(decoded.dropped).toBe(0)
    pages.push(decoded.data)
    cursor = decoded.next
  } while (cursor !== undefined && pages.length < 20)
  return pages
}

describe("Blockchain API", () => {
  it("lists the sandbox chains", async () => {
    expect(await getJson("/v1/supported-chains")).toEqual({ http: ["eip155:31337", "eip155:31338"], ws: [] })
  })

  it("answers balances read live from anvil, priced from the table", async () => {
    const address = account(0)
    const chain = sandbox().chains[0]!
    const decoded = right(
      decodeBalanceResponse(
        await getJson(`/v1/account/${address}/balance`, { currency: "usd", chainId: "eip155:31337" })
      )
    )
    expect(decoded.dropped).toBe(0)
    expect(decoded.balances.map((b) => b.symbol)).toEqual(["ETH", "sUSD", "SBX"])

    const native = BigInt((await rpc(chain.rpcUrl, "eth_getBalance", [address, "latest"])) as string)
    const eth = decoded.balances[0]!
    expect(eth).toMatchObject({ name: "Ether", chainId: "eip155:31337", price: PRICES.ETH })
    expect(eth.address).toBeUndefined()
    expect(eth.quantity).toEqual({ decimals: "18", numeric: formatUnits(native, 18) })
    expect(eth.value).toBeCloseTo(Number(eth.quantity.numeric) * 3000, 4)

    for (const token of sandbox().tokens) {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address] })
      const onChain = decodeFunctionResult({
        abi: erc20Abi,
        functionName: "balanceOf",
        data: (await rpc(chain.rpcUrl, "eth_call", [{ to: token.address, data }, "latest"])) as `0x${string}`
      })
      const balance = decoded.balances.find((b) => b.symbol === token.symbol)!
      expect(balance.name).toBe(token.name)
      expect(balance.address).toBe(`eip155:31337:${token.address}`)
      expect(balance.quantity.decimals).toBe(String(token.decimals))
      expect(baseUnits(balance)).toBe(onChain)
      expect(balance.price).toBe(PRICES[token.symbol])
      expect(balance.value).toBeCloseTo(Number(balance.quantity.numeric) * PRICES[token.symbol]!, 4)
      const icon = await fetch(balance.iconUrl!)
      expect(icon.status).toBe(200)
      expect(icon.headers.get("content-type")).toBe("image/svg+xml")
    }
    // 10000 minted, then -125.5, +1250 and -42 in the seeded history.
    expect(baseUnits(decoded.balances.find((b) => b.symbol === "sUSD")!)).toBe(parseUnits("11082.5", 6))

    // Live: a transfer made now shows on the next request.
    await rpc(chain.rpcUrl, "eth_sendTransaction", [
      { from: account(8), to: account(7), value: "0xde0b6b3a7640000" }
    ])
    const seven = right(
      decodeBalanceResponse(await getJson(`/v1/account/${account(7)}/balance`, { chainId: "eip155:31337" }))
    )
    expect(seven.balances.map((b) => [b.symbol, b.quantity.numeric])).toEqual([["ETH", "10001"]])

    // Chain B: ether only, untouched.
    const b = right(
      decodeBalanceResponse(await getJson(`/v1/account/${account(9)}/balance`, { chainId: "eip155:31338" }))
    )
    expect(b.balances.map((x) => [x.symbol, x.quantity.numeric, x.value])).toEqual([
      ["ETH", "10000", 30_000_000]
    ])
  })

  it("answers the Solana balance fixture: SOL, and USDC on mainnet, the same for an address every time", async () => {
    const path = `/v1/account/${solAddress}/balance`
    const raw = await getJson(path, { currency: "usd", chainId: solanaMainnet })
    const decoded = right(decodeBalanceResponse(raw))
    expect(decoded.dropped).toBe(0)
    expect(decoded.balances.map((b) => b.symbol)).toEqual(["SOL", "USDC"])
    const sol = decoded.balances[0]!
    const usdc = decoded.balances[1]!
    expect(sol).toMatchObject({ name: "Solana", chainId: solanaMainnet, price: PRICES.SOL })
    expect(sol.address).toBeUndefined()
    expect(sol.quantity.decimals).toBe("9")
    expect(baseUnits(sol)).toBeLessThan(1000n * 10n ** 9n)
    expect(sol.value).toBeCloseTo(Number(sol.quantity.numeric) * PRICES.SOL!, 4)
    expect(usdc).toMatchObject({
      name: "USD Coin",
      chainId: solanaMainnet,
      address: `${solanaMainnet}:${SOLANA_USDC_MINT}`,
      price: PRICES.USDC
    })
    expect(usdc.quantity.decimals).toBe("6")
    for (const balance of [sol, usdc]) {
      const icon = await fetch(balance.iconUrl!)
      expect(icon.status).toBe(200)
      expect(icon.headers.get("content-type")).toBe("image/svg+xml")
    }

    // A fixture keyed by the exact address: the same answer again, another for the upper-case account.
    expect(await getJson(path, { currency: "usd", chainId: solanaMainnet })).toEqual(raw)
    const upper = right(
      decodeBalanceResponse(
        await getJson(`/v1/account/${solAddressUpper}/balance`, { chainId: solanaMainnet })
      )
    )
    expect(upper.balances[0]!.quantity.numeric).not.toBe(sol.quantity.numeric)

    // Devnet: SOL only, on the requested chain.
    const devnet = right(decodeBalanceResponse(await getJson(path, { chainId: solanaDevnet })))
    expect(devnet.balances.map((b) => [b.symbol, b.chainId, b.quantity.numeric])).toEqual([
      ["SOL", solanaDevnet, sol.quantity.numeric]
    ])
  })

  it("answers an empty history for a Solana account (history is EVM only)", async () => {
    const queries: Array<Record<string, string>> = [{}, { chainId: solanaMainnet }, { chainId: solanaDevnet }]
    for (const params of queries)
      expect(await getJson(`/v1/account/${solAddress}/history`, params)).toEqual({ data: [], next: null })
  })

  it("answers the seeded transfers and the NFT fixture, newest first, with working cursors", async () => {
    const address = account(0)
    const pages = await history(address, { chainId: "eip155:31337" })
    const items = pages.flat()
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(10)
    const times = items.map((t) => Date.parse(t.metadata.minedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(new Set(items.map((t) => t.id)).size).toBe(items.length)

    const seeded = sandbox().history.filter((t) => t.from === address || t.to === address)
    expect(seeded.length).toBeGreaterThanOrEqual(8)
    for (const transfer of seeded) {
      const entry = items.find((t) => t.metadata.hash === transfer.hash)
      expect(entry, transfer.hash).toBeDefined()
      const token = sandbox().tokens.find((t) => t.address === transfer.token)
      const out = transfer.from === address
      expect(entry!.metadata).toMatchObject({
        operationType: out ? "send" : "receive",
        status: "confirmed",
        chain: "eip155:31337",
        sentFrom: transfer.from,
        sentTo: token?.address ?? transfer.to,
        minedAt: new Date(transfer.timestamp * 1000).toISOString()
      })
      expect(entry!.transfers).toHaveLength(1)
      expect(entry!.transfers[0]).toMatchObject({
        direction: out ? "out" : "in",
        quantity: { numeric: formatUnits(BigInt(transfer.value), token?.decimals ?? 18) },
        fungible_info: { symbol: transfer.asset },
        price: PRICES[transfer.asset]
      })
    }
    // In the order they were mined, newest first.
    const seededOrder = items
      .filter((t) => seeded.some((s) => s.hash === t.metadata.hash))
      .map((t) => t.metadata.hash)
    expect(seededOrder).toEqual([...seeded].reverse().map((t) => t.hash))

    const nfts = items.filter((t) => t.transfers.some((x) => x.nft_info !== undefined))
    expect(nfts.length).toBeGreaterThanOrEqual(3)
    const nft = nfts[0]!.transfers[0]!.nft_info!
    expect(nft.name).toMatch(/^Sandbox Collectibles #\d+$/)
    const image = await fetch(nft.content!.preview!.url!)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/svg+xml")
    expect(await image.text()).toContain("Sandbox Collectibles")
    for (const entry of nfts) expect(Date.parse(entry.metadata.minedAt)).toBeLessThan(now.getTime())

    // Without chainId: both chains, and chain B has nothing for account 0.
    expect((await history(address)).flat().length).toBe(items.length)
    expect(await getJson(`/v1/account/${address}/history`, { chainId: "eip155:31338" })).toEqual({
      data: [],
      next: null
    })
    expect((await get(`/v1/account/${address}/history`, { cursor: "bogus!" })).status).toBe(400)
    expect(await getJson(`/v1/account/${account(6)}/history`, {})).toEqual({ data: [], next: null })
  })

  it("answers identities from the fixture", async () => {
    const zero = right(decodeIdentityResponse(await getJson(`/v1/identity/${account(0)}`)))
    expect(zero.name).toBe(SANDBOX_IDENTITY_NAME)
    const avatar = await fetch(zero.avatar!)
    expect(avatar.status).toBe(200)
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml")
    expect(
      right(decodeIdentityResponse(await getJson(`/v1/identity/${account(0).toLowerCase()}`))).name
    ).toBe(SANDBOX_IDENTITY_NAME)
    expect(await getJson(`/v1/identity/${account(1)}`)).toEqual({ name: null, avatar: null })
  })

  it("proxies JSON-RPC to each chain's anvil", async () => {
    for (const chain of sandbox().chains) {
      for (const path of ["/v1/", "/v1"]) {
        for (const contentType of ["application/json", "text/plain"]) {
          const response = await postJson(
            url(path, { chainId: `eip155:${chain.chainId}` }),
            { jsonrpc: "2.0", id: 7, method: "eth_chainId", params: [] },
            contentType
          )
          expect(response.status).toBe(200)
          expect(await response.json()).toEqual({
            jsonrpc: "2.0",
            id: 7,
            result: `0x${chain.chainId.toString(16)}`
          })
        }
      }
    }
    const batch = await postJson(url("/v1/", { chainId: "eip155:31337" }), [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: 2, method: "evm_mine" },
      { jsonrpc: "2.0", id: 3, method: "eth_accounts" },
      { jsonrpc: "2.0", id: 4, method: "eth_blockNumber" }
    ])
    const answers = (await batch.json()) as Array<{ id: number; result?: unknown; error?: { code: number } }>
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4])
    expect(answers[0]!.result).toBe("0x7a69")
    expect(answers[1]!.error?.code).toBe(-32601)
    expect(answers[2]!.result).toEqual([])
    expect(answers[3]!.result).toMatch(/^0x/)

    const bad = await postJson(url("/v1/", { chainId: "eip155:1" }), {
      jsonrpc: "2.0",
      id: 1,
      method: "eth_chainId"
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: "Unsupported chainId eip155:1" })
    const garbage = await fetch(url("/v1/", { chainId: "eip155:31337" }), { method: "POST", body: "{oops" })
    expect(garbage.status).toBe(400)
    expect(((await garbage.json()) as { error: { code: number } }).error.code).toBe(-32700)
  })
})
