/** The sandbox provider API's explorer (sandbox/api) against real anvil nodes: wallets, images, origins, analytics. */
import { describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, SANDBOX_WALLET_ID, SANDBOX_WC_WALLET_ID } from "../../sandbox/api/api.mjs"
import { decodeWalletListResponse, type WalletListing } from "../../src/schemas/WalletListing"
import { apiWorld, postJson, right } from "./apiWorld"

const { api, url, get, getJson, control } = apiWorld()

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
