/** The sandbox provider API (sandbox/api) against real anvil nodes refusing: its checks, and its fault switches. */
import { describe, expect, it, vi } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import { HANDLER_LINKS, PHISHING_SENTENCE, REDIRECT_ORIGIN } from "../../sandbox/api/hostile.mjs"
import { apiWorld, postJson, solAddress, solanaMainnet } from "./apiWorld"

const { api, account, url, get, getJson, control } = apiWorld()

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
