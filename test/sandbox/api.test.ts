import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, parseUnits } from "viem"
import { afterEach, describe, expect, it, vi } from "vitest"
import {
  DEFAULT_PROJECT_ID,
  PRICES,
  SANDBOX_WALLET_ID,
  SANDBOX_WC_WALLET_ID
} from "../../sandbox/api/api.mjs"
import { HANDLER_LINKS, PHISHING_SENTENCE, REDIRECT_ORIGIN } from "../../sandbox/api/hostile.mjs"
import { SANDBOX_IDENTITY_NAME } from "../../sandbox/api/identity.mjs"
import { SOLANA_CHAIN_IDS, SOLANA_USDC_MINT } from "../../sandbox/api/solanaFixture.mjs"
import { rpc } from "../../sandbox/chain/rpc.mjs"
import type { AirlockError } from "../../src/errors"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { ProviderApiLive } from "../../src/layers/provider/ProviderApiLive"
import { decodeBalanceResponse } from "../../src/schemas/Balance"
import { decodeIdentityResponse } from "../../src/schemas/Identity"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { decodeHistoryResponse, type Transaction } from "../../src/schemas/Transaction"
import { decodeWalletListResponse, type WalletListing } from "../../src/schemas/WalletListing"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { ModalConfig } from "../../src/services/ModalConfig"
import { ProviderApi } from "../../src/services/ProviderApi"
import { sandboxNetwork } from "../kit/fixtures"
import { apiForFile, chainsForFile } from "./sandboxWorld"

/** The sandbox provider API (sandbox/api) against real anvil nodes, and the SDK's clients against it. */

const now = new Date()
const sandbox = chainsForFile({ now })
// No `tokens`: the server finds the ERC-20s from their Transfer logs, as it would any other token.
const api = apiForFile(() => ({ chains: sandbox().chains, now }))
afterEach(() => api().faults.clear())

const account = (i: number) => sandbox().accounts[i]!.address
const solanaMainnet = SOLANA_CHAIN_IDS[0]!
const solanaDevnet = SOLANA_CHAIN_IDS[1]!
/** Two Solana accounts: base58 is case-sensitive. */
const solAddress = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const solAddressUpper = "5EYKT4USFV8P8NJDTREPY1VZQKQZKVDP"
const url = (
  path: string,
  params: Record<string, string> = {},
  projectId: string | null = DEFAULT_PROJECT_ID
) => {
  const query = new URLSearchParams(projectId === null ? params : { projectId, ...params })
  return `${api().url}${path}?${query}`
}
const get = (path: string, params: Record<string, string> = {}, init?: RequestInit) =>
  fetch(url(path, params), init)
const getJson = async (path: string, params: Record<string, string> = {}) => {
  const response = await get(path, params)
  expect(response.status, `${path} ${await response.clone().text()}`).toBe(200)
  return (await response.json()) as unknown
}
const right = <A, E>(either: Result.Result<A, E>): A => {
  if (Result.isFailure(either)) throw new Error(`decode failed: ${String(either.failure)}`)
  return either.success
}
const control = (path: string, init?: RequestInit) => fetch(`${api().url}/__sandbox/${path}`, init)
const postJson = (target: string, body: unknown, contentType = "application/json") =>
  fetch(target, { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify(body) })
/** A balance's quantity in base units. */
const baseUnits = (balance: { readonly quantity: { readonly numeric: string; readonly decimals: string } }) =>
  parseUnits(balance.quantity.numeric, Number(balance.quantity.decimals))

const wallets = async (params: Record<string, string>) =>
  right(decodeWalletListResponse(await getJson("/getWallets", params)))

const allWallets = async (params: Record<string, string> = {}) => {
  const out: Array<WalletListing> = []
  for (let page = 1; ; page++) {
    const list = await wallets({ ...params, page: String(page), entries: "100" })
    expect(list.dropped).toBe(0)
    out.push(...list.data)
    if (list.data.length < 100) return { count: list.count, data: out }
  }
}

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

describe("explorer", () => {
  it("lists 600+ realistic wallets with the sandbox wallets first, paged", async () => {
    const first = await wallets({ page: "1", entries: "40" })
    expect(first.dropped).toBe(0)
    expect(first.count).toBeGreaterThanOrEqual(600)
    expect(first.data).toHaveLength(40)
    expect(first.data.slice(0, 2).map((w) => [w.id, w.name, w.rdns])).toEqual([
      [SANDBOX_WALLET_ID, "Sandbox Wallet", "dev.airlock.sandbox"],
      [SANDBOX_WC_WALLET_ID, "Sandbox WalletConnect Wallet", undefined]
    ])
    expect(first.data[0]!.chains).toEqual(expect.arrayContaining(["eip155:31337", "eip155:31338"]))

    const all = await allWallets()
    expect(all.data).toHaveLength(all.count)
    expect(new Set(all.data.map((w) => w.id)).size).toBe(all.count)
    expect(new Set(all.data.map((w) => w.name)).size).toBe(all.count)
    for (const wallet of all.data) {
      expect(wallet.id).toMatch(/^[0-9a-f]{64}$/)
      expect(wallet.image_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      for (const chain of wallet.chains ?? []) expect(chain).toMatch(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)
    }
    const links = all.data.flatMap((w) => (w.mobile_link === undefined ? [] : [w.mobile_link]))
    expect(links.some((link) => /^wallet\d+:\/\/$/.test(link))).toBe(true)
    expect(links.some((link) => /^[a-z0-9]+:\/\/$/.test(link) && !link.startsWith("http"))).toBe(true)
    expect(links.some((link) => link.startsWith("https://"))).toBe(true)
    for (const key of ["desktop_link", "webapp_link", "homepage", "app_store", "play_store", "rdns"] as const)
      expect(all.data.filter((w) => w[key] !== undefined).length, key).toBeGreaterThan(50)

    // Pages are consecutive slices of one order, the same on every request.
    const second = await wallets({ page: "2", entries: "40" })
    expect(second.data.map((w) => w.id)).toEqual(all.data.slice(40, 80).map((w) => w.id))
    const lastPage = Math.ceil(all.count / 40)
    expect((await wallets({ page: String(lastPage), entries: "40" })).data.length).toBe(all.count % 40 || 40)
    expect((await wallets({ page: "999", entries: "40" })).data).toEqual([])
  })

  it("searches names case-insensitively and filters by include, exclude, chains and badge", async () => {
    const all = (await allWallets()).data
    const found = await allWallets({ search: "VAULT" })
    expect(found.count).toBeGreaterThan(0)
    expect(found.data.map((w) => w.id)).toEqual(
      all.filter((w) => w.name.toLowerCase().includes("vault")).map((w) => w.id)
    )
    expect((await wallets({ search: "sandbox wallet", page: "1", entries: "100" })).data[0]!.id).toBe(
      SANDBOX_WALLET_ID
    )
    expect((await wallets({ search: "no such wallet anywhere", page: "1", entries: "4" })).count).toBe(0)

    const picked = [all[500]!.id, all[3]!.id, "f".repeat(64)]
    const included = await wallets({ include: picked.join(","), page: "1", entries: "40" })
    expect(included.data.map((w) => w.id)).toEqual([all[3]!.id, all[500]!.id])
    expect(included.count).toBe(2)

    const excluded = await wallets({
      exclude: `${SANDBOX_WALLET_ID},${SANDBOX_WC_WALLET_ID}`,
      page: "1",
      entries: "4"
    })
    expect(excluded.count).toBe(all.length - 2)
    expect(excluded.data.map((w) => w.id)).toEqual(all.slice(2, 6).map((w) => w.id))

    const solanaId = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    const solana = await allWallets({ chains: solanaId })
    expect(solana.count).toBeGreaterThan(0)
    expect(solana.count).toBeLessThan(all.length)
    for (const wallet of solana.data) expect(wallet.chains).toContain(solanaId)
    expect((await allWallets({ chains: "eip155:31337" })).data.map((w) => w.name)).toEqual([
      "Sandbox Wallet",
      "Sandbox WalletConnect Wallet"
    ])

    const certified = await wallets({ badge_type: "certified", page: "1", entries: "1" })
    expect(certified.count).toBeGreaterThan(10)
    expect(certified.count).toBeLessThan(all.length)
    expect((await wallets({ badge_type: "none", page: "1", entries: "1" })).count).toBe(all.length)

    expect((await get("/getWallets", { page: "0" })).status).toBe(400)
    expect((await get("/getWallets", { entries: "-3" })).status).toBe(400)
    expect((await get("/getWallets", { badge_type: "gold" })).status).toBe(400)
  })

  it("serves deterministic SVG images for known ids and 404 for others", async () => {
    const [wallet] = (await wallets({ page: "1", entries: "1" })).data
    const image = await get(`/getWalletImage/${wallet!.image_id}`)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/svg+xml")
    const svg = await image.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain(">SW</text>")
    expect(await (await get(`/getWalletImage/${wallet!.image_id}`)).text()).toBe(svg)
    const other = (await wallets({ page: "2", entries: "1" })).data[0]!
    expect(await (await get(`/getWalletImage/${other.image_id}`)).text()).not.toBe(svg)

    for (const path of [
      "/public/getAssetImage/sandbox-chain-31337",
      // Solana's id in airlock/networks, which the demo's Solana networks carry.
      "/public/getAssetImage/a1b58899-f671-4276-6a5e-56ca5bd59700",
      // Bitcoin's, which the demo's regtest network carries.
      "/public/getAssetImage/0b4838db-0161-4ffe-022d-532bf03dba00",
      "/public/getCurrencyImage/USD",
      "/public/getTokenImage/sUSD",
      "/public/getTokenImage/SBX",
      "/public/getTokenImage/ETH"
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get("content-type")).toBe("image/svg+xml")
      expect(await response.text()).toContain("</svg>")
    }
    for (const path of [
      "/getWalletImage/00000000-0000-0000-0000-000000000000",
      "/public/getAssetImage/nope",
      "/public/getCurrencyImage/XXX",
      "/public/getTokenImage/NOPE"
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ message: "Image not found" })
    }
    // Images take the project id too.
    expect((await fetch(url(`/getWalletImage/${wallet!.image_id}`, {}, "other"))).status).toBe(403)
  })

  it("answers the allowed origins and analytics config, and records events", async () => {
    expect(await getJson("/projects/v1/origins")).toEqual({
      allowedOrigins: ["http://localhost:*", "http://127.0.0.1:*"]
    })
    api().setAllowedOrigins(["https://dapp.example"])
    expect(await getJson("/projects/v1/origins")).toEqual({ allowedOrigins: ["https://dapp.example"] })
    api().setAllowedOrigins()
    expect(await getJson("/getAnalyticsConfig")).toEqual({ isAnalyticsEnabled: true })

    api().inspect.clear()
    const event = {
      eventId: "e1",
      url: "http://127.0.0.1/",
      domain: "127.0.0.1",
      timestamp: 1,
      props: { type: "track", event: "MODAL_OPEN" }
    }
    const sent = await postJson(url("/e", { st: "airlock", sv: "airlock-react-0.1.0" }), event, "text/plain")
    expect(sent.status).toBe(200)
    expect(api().inspect.events()).toMatchObject([
      {
        path: "/e",
        body: event,
        query: { projectId: DEFAULT_PROJECT_ID, st: "airlock", sv: "airlock-react-0.1.0" }
      }
    ])
    expect(((await (await control("events")).json()) as { events: unknown[] }).events).toHaveLength(1)
    expect((await postJson(url("/batch"), [event, event])).status).toBe(200)
    expect(api().inspect.events()).toHaveLength(3)
    expect((await fetch(url("/e"), { method: "POST", body: "{nope" })).status).toBe(400)
    expect(
      api()
        .inspect.requests()
        .some((r) => r.path === "/e" && r.status === 200)
    ).toBe(true)
  })
})

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

describe("checks", () => {
  it("refuses a missing or unknown project id with 403 'Unauthorized: invalid key'", async () => {
    const targets = [
      "/getWallets",
      "/projects/v1/origins",
      "/getAnalyticsConfig",
      "/v1/supported-chains",
      `/v1/account/${account(0)}/balance`,
      `/v1/account/${account(0)}/history`,
      `/v1/account/${solAddress}/balance`,
      `/v1/identity/${account(0)}`,
      "/public/getTokenImage/ETH"
    ]
    for (const path of targets) {
      for (const projectId of ["someone-else", null]) {
        const response = await fetch(url(path, { chainId: "eip155:31337" }, projectId))
        expect(response.status, `${path} ${projectId}`).toBe(403)
        expect(await response.json()).toEqual({ message: "Unauthorized: invalid key" })
      }
    }
    const proxied = await postJson(url("/v1/", { chainId: "eip155:31337" }, "nope"), {
      id: 1,
      method: "eth_chainId"
    })
    expect(proxied.status).toBe(403)
    expect((await postJson(url("/e", {}, "nope"), {})).status).toBe(403)
  })

  it("answers bad input with 400 and a JSON message, and stays up", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["/v1/account/0x1234/balance", { chainId: "eip155:31337" }],
      ["/v1/account/not-an-address/history", {}],
      [`/v1/account/${account(0)}/balance`, {}],
      [`/v1/account/${account(0)}/balance`, { chainId: "eip155:abc" }],
      [`/v1/account/${account(0)}/balance`, { chainId: "nonsense" }],
      [`/v1/account/${account(0)}/balance`, { chainId: "eip155:1" }],
      [`/v1/account/${account(0)}/balance`, { chainId: "eip155:31337", currency: "eur" }],
      [`/v1/account/${account(0)}/history`, { chainId: "eip155:" }],
      ["/v1/identity/0xZZ", {}],
      // Solana: a base58 address on a known cluster only, and never across namespaces.
      [`/v1/account/${solAddress}/balance`, { chainId: "eip155:31337" }],
      [`/v1/account/${account(0)}/balance`, { chainId: solanaMainnet }],
      ["/v1/account/0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl/balance", { chainId: solanaMainnet }],
      ["/v1/account/5eykt4UsFv8P8NJd/balance", { chainId: solanaMainnet }],
      [`/v1/account/${solAddress}x${"1".repeat(12)}/balance`, { chainId: solanaMainnet }],
      [`/v1/account/${solAddress}/balance`, { chainId: "solana:unknowncluster" }],
      [`/v1/account/${solAddress}/balance`, { chainId: "solana:" }],
      [`/v1/account/${solAddress}/balance`, { chainId: solanaMainnet, currency: "eur" }],
      [`/v1/account/${solAddress}/history`, { chainId: "eip155:31337" }],
      [`/v1/account/${solAddress}/history`, { cursor: "bogus!" }],
      [`/v1/identity/${solAddress}`, {}],
      ["/getWalletImage/%E0%A4%A", {}]
    ]
    for (const [path, params] of cases) {
      const response = await get(path, params)
      expect(response.status, path).toBe(400)
      expect(typeof ((await response.json()) as { message: unknown }).message).toBe("string")
    }
    expect((await get("/nowhere")).status).toBe(404)
    expect((await fetch(url("/getWallets"), { method: "DELETE" })).status).toBe(405)
    // Bounded bodies: refused from the declared length, before reading.
    const huge = await fetch(url("/v1/", { chainId: "eip155:31337" }), {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024)
    }).catch((error: unknown) => error)
    if (huge instanceof Response) expect(huge.status).toBe(413)
    expect((await get("/v1/supported-chains")).status).toBe(200)
  })

  it("answers CORS for loopback origins, preflight included", async () => {
    const preflight = await fetch(url("/v1/", { chainId: "eip155:31337" }), {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type"
      }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST")
    expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type")

    const simple = await get("/getAnalyticsConfig", {}, { headers: { origin: "http://127.0.0.1:4000" } })
    expect(simple.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4000")
    // Errors carry CORS headers too, so a page can read the provider's message.
    const refused = await fetch(url("/getWallets", {}, "x"), { headers: { origin: "http://127.0.0.1:4000" } })
    expect(refused.status).toBe(403)
    expect(refused.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:4000")

    const foreign = await get("/getAnalyticsConfig", {}, { headers: { origin: "https://evil.example" } })
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    const foreignPreflight = await fetch(url("/getWallets"), {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" }
    })
    expect(foreignPreflight.headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("fault switches", () => {
  const walletsAnswer = async () => {
    const response = await get("/getWallets", { page: "1", entries: "1" })
    return { status: response.status, body: await response.text() }
  }
  const messages: Record<number, string> = {
    403: "Unauthorized: origin not allowed",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable"
  }

  it("delays, refuses, rate-limits, fails and garbles, from node", async () => {
    api().faults.set({ delayMs: 300 })
    let started = performance.now()
    expect((await walletsAnswer()).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)

    for (const status of [403, 429, 500, 503] as const) {
      api().faults.set({ status })
      const answer = await walletsAnswer()
      expect(answer.status).toBe(status)
      expect(JSON.parse(answer.body)).toEqual({ message: messages[status] })
    }

    api().faults.set({ malformed: true })
    const garbled = await walletsAnswer()
    expect(garbled.status).toBe(200)
    expect(() => JSON.parse(garbled.body)).toThrow()

    // Only matching paths; `times` wears off.
    api().faults.set({ status: 500, paths: /^\/v1\/account\/.*\/balance$/, times: 1 })
    expect((await walletsAnswer()).status).toBe(200)
    const balancePath = `/v1/account/${account(0)}/balance`
    expect((await get(balancePath, { chainId: "eip155:31337" })).status).toBe(500)
    expect((await get(balancePath, { chainId: "eip155:31337" })).status).toBe(200)
    expect(api().faults.active).toEqual([])

    api().faults.set([{ status: 503, paths: "^/getAnalyticsConfig" }, { delayMs: 50 }])
    expect((await get("/getAnalyticsConfig")).status).toBe(503)
    started = performance.now()
    expect((await walletsAnswer()).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
    api().faults.clear()
    expect((await walletsAnswer()).status).toBe(200)
    expect(() => api().faults.set({ status: 418 as 403 })).toThrow(TypeError)
  })

  it("a request held by a delay across a reset or a clear stays out of the log that follows it", async () => {
    const balancePath = `/v1/account/${account(0)}/balance`
    const logged = () =>
      api()
        .inspect.requests()
        .filter((request) => request.path === balancePath)
    for (const forget of [() => control("reset", { method: "POST" }), async () => api().inspect.clear()]) {
      api().faults.set({ delayMs: 1_000, paths: "/balance$", times: 1 })
      const held = get(balancePath, { chainId: "eip155:31337" })
      // The rule wore off on that request: the server has it and holds it.
      await vi.waitFor(() => expect(api().faults.active).toEqual([]))
      await forget()
      expect((await held).status).toBe(200)
      expect(logged()).toEqual([])
      // A request after it is recorded as ever.
      expect((await get(balancePath, { chainId: "eip155:31337" })).status).toBe(200)
      expect(logged()).toHaveLength(1)
      api().inspect.clear()
    }
  })

  it("lies as a hostile listing would: every page is page 1, and count claims a million", async () => {
    api().faults.set({ hostile: "repeat-pages", paths: "^/getWallets" })
    const page = async (n: number) =>
      (await getJson("/getWallets", { page: String(n), entries: "40" })) as {
        count: number
        data: ReadonlyArray<{ id: string }>
      }
    const [first, third] = [await page(1), await page(3)]
    expect(first.count).toBe(1_000_000)
    expect(third.data.map((w) => w.id)).toEqual(first.data.map((w) => w.id))
    expect(api().faults.active).toEqual([{ hostile: "repeat-pages", paths: "^/getWallets" }])
    expect(() => api().faults.set({ hostile: "lie" as "repeat-pages" })).toThrow(TypeError)
    api().faults.clear()
    expect((await page(3)).count).toBeLessThan(1_000)

    api().faults.set({ hostile: "sentences" })
    expect((await getJson("/getWallets", { page: "1" })) as { count: unknown }).toMatchObject({
      count: PHISHING_SENTENCE
    })
    expect(await getJson(`/v1/identity/${account(0)}`)).toMatchObject({ name: PHISHING_SENTENCE })

    api().faults.set({ hostile: "bidi" })
    const { balances } = (await getJson(`/v1/account/${account(0)}/balance`, {
      chainId: "eip155:31337",
      currency: "usd"
    })) as { balances: ReadonlyArray<{ symbol: string; value: number }> }
    expect(balances.map((b) => b.symbol)).toContain("\u202eHTE")
    expect(balances.every((b) => b.value === 1e308)).toBe(true)

    api().faults.set({ hostile: "handler-links", paths: "^/getWallets" })
    const { data } = (await getJson("/getWallets", { page: "1", entries: "8" })) as {
      data: ReadonlyArray<{ desktop_link: string; mobile_link: string }>
    }
    expect(data.map((w) => w.desktop_link)).toEqual([...HANDLER_LINKS, ...HANDLER_LINKS])
    expect(data[0]?.mobile_link).toBe(HANDLER_LINKS[1])

    api().faults.set({ hostile: "redirect", paths: "^/getWallets" })
    const redirected = await fetch(`${api().url}/getWallets?projectId=${DEFAULT_PROJECT_ID}`, {
      redirect: "manual"
    })
    expect(redirected.status).toBe(302)
    expect(redirected.headers.get("location")).toBe(`${REDIRECT_ORIGIN}/getWallets`)
    api().faults.clear()
  })

  it("flips the same switches over HTTP", async () => {
    const set = async (body: unknown) => {
      const response = await postJson(`${api().url}/__sandbox/faults`, body)
      expect(response.status).toBe(200)
      return response.json()
    }
    expect(await set({ delayMs: 200, paths: "^/getWallets" })).toEqual({
      faults: [{ delayMs: 200, paths: "^/getWallets" }]
    })
    const started = performance.now()
    expect((await walletsAnswer()).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)

    for (const status of [403, 429, 500, 503]) {
      await set({ status })
      const answer = await walletsAnswer()
      expect(answer.status).toBe(status)
      expect(JSON.parse(answer.body)).toEqual({ message: messages[status] })
      // The switch itself is never faulted.
      expect((await control("faults")).status).toBe(200)
    }
    await set({ malformed: true })
    const garbled = await get(`/v1/account/${account(0)}/history`, {})
    expect(garbled.status).toBe(200)
    await expect(garbled.json()).rejects.toThrow()

    const cleared = await control("faults", { method: "DELETE" })
    expect(await cleared.json()).toEqual({ faults: [] })
    expect((await walletsAnswer()).status).toBe(200)
    expect(await set({})).toEqual({ faults: [] })

    const invalid = await postJson(`${api().url}/__sandbox/faults`, { status: 404 })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { message: string }).message).toContain("status")
    expect((await postJson(`${api().url}/__sandbox/faults`, { delay: 5 })).status).toBe(400)

    // A page on another loopback port may flip them: the preflight is answered.
    const preflight = await fetch(`${api().url}/__sandbox/faults`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:5173", "access-control-request-method": "POST" }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173")
  })
})

describe("the SDK's clients against the sandbox API", () => {
  const network = () => ({ ...sandboxNetwork, rpcUrls: { default: { http: [sandbox().chains[0]!.rpcUrl] } } })
  const run = <A, E>(
    effect: Effect.Effect<A, E, ProviderApi | BlockchainApi>,
    projectId: string = DEFAULT_PROJECT_ID
  ) => {
    const options = right(
      decodeModalOptions({
        projectId,
        networks: [network()],
        apiUrl: api().url,
        blockchainApiUrl: api().url,
        analyticsUrl: api().url
      })
    )
    const layer = Layer.merge(ProviderApiLive, BlockchainApiLive).pipe(
      Layer.provide(Layer.succeed(ModalConfig, options))
    )
    return Effect.runPromiseExit(Effect.provide(effect, layer))
  }
  const value = <A, E>(exit: Exit.Exit<A, E>): A => {
    if (Exit.isFailure(exit)) throw new Error(`expected success, got ${Cause.pretty(exit.cause)}`)
    return exit.value
  }

  it("ProviderApi: wallets, images, origins, analytics", async () => {
    api().inspect.clear()
    const result = value(
      await run(
        Effect.gen(function* () {
          const provider = yield* ProviderApi
          const first = yield* provider.getWallets({ page: 1, entries: 40 })
          const search = yield* provider.getWallets({ page: 1, entries: 100, search: "nova" })
          const excluded = yield* provider.getWallets({ page: 1, entries: 4, exclude: [SANDBOX_WALLET_ID] })
          const origins = yield* provider.getAllowedOrigins
          const analytics = yield* provider.getAnalyticsConfig
          yield* provider.sendEvent({ type: "track", event: "MODAL_OPEN", properties: { connected: false } })
          const image = provider.walletImageUrl(first.data[0]!.image_id!)
          return { first, search, excluded, origins, analytics, image }
        })
      )
    )
    expect(result.first.count).toBeGreaterThanOrEqual(600)
    expect(result.first.data).toHaveLength(40)
    expect(result.first.dropped).toBe(0)
    expect(result.first.data[0]!.name).toBe("Sandbox Wallet")
    expect(result.search.data.length).toBeGreaterThan(0)
    for (const wallet of result.search.data) expect(wallet.name.toLowerCase()).toContain("nova")
    expect(result.excluded.data[0]!.id).toBe(SANDBOX_WC_WALLET_ID)
    expect(result.origins).toEqual(["http://localhost:*", "http://127.0.0.1:*"])
    expect(result.analytics).toEqual({ isAnalyticsEnabled: true })
    expect(api().inspect.events()).toMatchObject([
      {
        path: "/e",
        query: { projectId: DEFAULT_PROJECT_ID, st: "airlock" },
        body: { props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } } }
      }
    ])
    const image = await fetch(result.image!)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toBe("image/svg+xml")
  })

  it("BlockchainApi: supported chains, balance, history, identity", async () => {
    const address = account(0)
    const result = value(
      await run(
        Effect.gen(function* () {
          const chain = yield* BlockchainApi
          const supported = yield* chain.supportedChains
          const balance = yield* chain.balance(address, "eip155:31337")
          const first = yield* chain.history(address, { chainId: "eip155:31337" })
          const second = yield* chain.history(address, { chainId: "eip155:31337", cursor: first.next! })
          const identity = yield* chain.identity(address)
          const nobody = yield* chain.identity(account(5))
          return { supported, balance, first, second, identity, nobody }
        })
      )
    )
    expect(result.supported.http).toEqual(["eip155:31337", "eip155:31338"])
    expect(result.balance.balances.map((b) => b.symbol)).toEqual(["ETH", "sUSD", "SBX"])
    expect(result.balance.dropped).toBe(0)
    expect(result.first.data).toHaveLength(10)
    expect(result.first.dropped).toBe(0)
    expect(result.second.data.length).toBeGreaterThan(0)
    const ids = [...result.first.data, ...result.second.data].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(Date.parse(result.second.data[0]!.metadata.minedAt)).toBeLessThanOrEqual(
      Date.parse(result.first.data[9]!.metadata.minedAt)
    )
    expect(result.identity).toEqual({
      name: SANDBOX_IDENTITY_NAME,
      avatar: `${api().url}/media/avatar/${SANDBOX_IDENTITY_NAME}.svg`
    })
    expect(result.nobody).toEqual({ name: undefined, avatar: undefined })
  })

  it("BlockchainApi: a Solana balance and history", async () => {
    const result = value(
      await run(
        Effect.gen(function* () {
          const chain = yield* BlockchainApi
          const balance = yield* chain.balance(solAddress, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
          const history = yield* chain.history(solAddress, {})
          return { balance, history }
        })
      )
    )
    expect(result.balance.dropped).toBe(0)
    expect(result.balance.balances.map((b) => [b.symbol, b.address])).toEqual([
      ["SOL", undefined],
      ["USDC", `${solanaMainnet}:${SOLANA_USDC_MINT}`]
    ])
    expect(result.history).toMatchObject({ data: [], dropped: 0 })
  })

  it("gets the catalogue's typed errors from the sandbox's refusals", async () => {
    const failure = async <A>(
      effect: Effect.Effect<A, AirlockError, ProviderApi | BlockchainApi>,
      projectId?: string
    ) => {
      const exit = await run(effect, projectId)
      if (Exit.isSuccess(exit)) throw new Error("expected a failure")
      const error = Cause.findErrorOption(exit.cause)
      if (Option.isNone(error)) throw new Error(`expected a typed failure, got ${Cause.pretty(exit.cause)}`)
      return error.value
    }
    const getWallets = Effect.flatMap(ProviderApi, (p) => p.getWallets({ page: 1, entries: 4 }))
    expect(await failure(getWallets, "not-a-project")).toMatchObject({
      _tag: "InvalidAppConfigurationError",
      reason: "invalid-project-id"
    })
    api().faults.set({ status: 403, paths: "^/getWallets" })
    expect(await failure(getWallets)).toMatchObject({
      _tag: "InvalidAppConfigurationError",
      reason: "origin-not-allowed"
    })
    api().faults.set({ malformed: true, paths: "/balance$" })
    expect(
      await failure(Effect.flatMap(BlockchainApi, (b) => b.balance(account(0), "eip155:31337")))
    ).toMatchObject({ _tag: "ProviderRequestError", reason: "malformed-body" })
  })
})
