/** "Sandbox Pay" (sandbox/onramp/provider.mjs) delivering on a real anvil chain exactly what was quoted. */
import { Window } from "happy-dom"
import { createPublicClient, erc20Abi, type Hex, http } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { foundry } from "viem/chains"
import { describe, expect, it } from "vitest"
import { startOnrampProvider, TREASURY_ACCOUNT_INDEX } from "../../sandbox/onramp/provider.mjs"
import { type OnrampQuoteRequest, quoteOnramp } from "../../sandbox/onramp/quote.mjs"
import { eventually } from "../kit/waits"
import { answer, generatorBody, post } from "./onrampFixtures"
import { apiForFile, chainsForFile, startedForFile } from "./sandboxWorld"

describe("Sandbox Pay on a real chain", () => {
  const sandbox = chainsForFile()
  const onramp = startedForFile(
    () =>
      startOnrampProvider({
        chains: sandbox().chains,
        tokens: sandbox().tokens,
        accounts: sandbox().accounts,
        now: () => new Date("2026-01-02T03:04:05Z")
      }),
    (provider) => provider.close()
  )
  const api = apiForFile(() => ({
    chains: sandbox().chains,
    tokens: sandbox().tokens,
    onrampProviderUrl: onramp().url
  }))

  const client = () =>
    createPublicClient({ chain: foundry, transport: http(sandbox().chains[0]!.rpcUrl), pollingInterval: 25 })
  const sUSD = () => sandbox().tokens.find((t) => t.symbol === "sUSD")!.address as Hex
  const tokenBalance = (owner: Hex) =>
    client().readContract({ address: sUSD(), abi: erc20Abi, functionName: "balanceOf", args: [owner] })
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const pay = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${onramp().url}/api/pay`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: onramp().url, ...headers },
      body: JSON.stringify(body)
    })
  const order = (address: string, overrides: Record<string, unknown> = {}) => ({
    address,
    asset: "sUSD",
    network: "sandbox",
    fiat: "USD",
    amount: "50",
    country: "US",
    method: "card",
    ...overrides
  })
  const tokens = () => sandbox().tokens.map((t) => ({ ...t }))
  const quoted = (overrides: Partial<OnrampQuoteRequest>) =>
    quoteOnramp({
      chainId: 31337,
      tokens: tokens(),
      purchaseCurrency: "sUSD",
      paymentCurrency: "USD",
      amount: "50",
      network: "sandbox",
      ...overrides
    })

  it("delivers 50 USD of sUSD by card: the receiver's balance grows by exactly the quote", async () => {
    const to = fresh()
    const q = await answer(
      post(api(), "/v1/onramp/quote", {
        purchaseCurrency: "sUSD",
        paymentCurrency: "USD",
        amount: "50",
        network: "sandbox",
        country: "US",
        paymentMethod: "card"
      })
    )
    const before = await tokenBalance(to)
    // The treasury holds no sUSD at first: the minter tops it up before the transfer.
    expect(await tokenBalance(onramp().treasury as Hex)).toBe(0n)
    expect(onramp().treasury).toBe(sandbox().accounts[TREASURY_ACCOUNT_INDEX]!.address)
    const paid = await answer(pay(order(to)))
    expect(paid).toMatchObject({ purchaseAmount: q.purchaseAmount, symbol: "sUSD", quoteId: q.quoteId })
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await tokenBalance(to)) - before).toBe(49_150_000n)
    expect(Number(q.purchaseAmount) * 1e6).toBe(49_150_000)
    const receipt = await client().getTransactionReceipt({ hash: paid.txHash as Hex })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(onramp().treasury.toLowerCase())
    expect(onramp().purchases().at(-1)).toMatchObject({
      at: "2026-01-02T03:04:05.000Z",
      address: to,
      asset: "sUSD",
      fiat: "USD",
      amount: "50.00",
      method: "card",
      country: "US",
      purchaseAmount: "49.15",
      units: "49150000",
      txHash: paid.txHash
    })
    const listed = await answer(fetch(`${onramp().url}/api/purchases`))
    expect(listed.purchases).toHaveLength(onramp().purchases().length)
  })

  it("delivers ETH by a plain transfer, exactly the quote", async () => {
    const to = fresh()
    const q = quoted({ purchaseCurrency: "ETH", paymentCurrency: "GBP", amount: "250.55" })
    if (!q.ok) throw new Error(q.reason)
    const paid = await answer(pay(order(to, { asset: "ETH", fiat: "GBP", amount: "250.55", country: "GB" })))
    expect(paid).toMatchObject({ purchaseAmount: q.quote.purchaseAmount, symbol: "ETH" })
    expect(await client().getBalance({ address: to })).toBe(q.order.units)
    const tx = await client().getTransaction({ hash: paid.txHash as Hex })
    expect(tx.value).toBe(q.order.units)
    expect(tx.to?.toLowerCase()).toBe(to.toLowerCase())
  })

  it("serialises concurrent payments, each delivered in full", async () => {
    const receivers = [fresh(), fresh(), fresh(), fresh()]
    const replies = await Promise.all(
      receivers.map((to, i) =>
        answer(pay(order(to, i % 2 === 0 ? { amount: `${20 + i}` } : { asset: "ETH", amount: `${20 + i}` })))
      )
    )
    const hashes = new Set(replies.map((reply) => reply.txHash))
    expect(hashes.size).toBe(receivers.length)
    for (const [i, to] of receivers.entries()) {
      const q = quoted(
        i % 2 === 0 ? { amount: `${20 + i}` } : { purchaseCurrency: "ETH", amount: `${20 + i}` }
      )
      if (!q.ok) throw new Error(q.reason)
      const held = i % 2 === 0 ? await tokenBalance(to) : await client().getBalance({ address: to })
      expect(held).toBe(q.order.units)
    }
  })

  it("refuses bad payments before anything moves", async () => {
    const to = fresh()
    const count = onramp().purchases().length
    const refusedWith = async (reply: Promise<Response>, status: number, reason: RegExp) => {
      const body = await answer(reply, status)
      expect(body.message).toMatch(reason)
    }
    await refusedWith(pay(order(to, { amount: "7500.01" })), 400, /from 10 to 7500 USD/)
    await refusedWith(pay(order(to, { amount: undefined })), 400, /amount is required/)
    await refusedWith(pay(order("0x1234")), 400, /address must be an address/)
    await refusedWith(pay(order(to, { asset: "SBX" })), 400, /Unsupported purchase currency/)
    await refusedWith(pay(order(to, { country: "DE" })), 400, /USD is not accepted in Germany/)
    await refusedWith(pay(order(to, { network: "<script>" })), 400, /network is not valid/)
    await refusedWith(pay(order(to), { origin: "http://127.0.0.1:1" }), 403, /origin not allowed/)
    await refusedWith(pay(order(to), { "sec-fetch-site": "cross-site" }), 403, /origin not allowed/)
    const text = await fetch(`${onramp().url}/api/pay`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(order(to))
    })
    expect(text.status).toBe(415)
    const huge = await pay({ ...order(to), padding: "x".repeat(17 * 1024) })
    expect(huge.status).toBe(413)
    expect(onramp().purchases()).toHaveLength(count)
    expect(await tokenBalance(to)).toBe(0n)
  })

  it("serves the checkout page from the generated URL, under a strict CSP", async () => {
    const to = fresh()
    const generated = await answer(
      post(
        api(),
        "/v1/generators/onrampurl",
        generatorBody({
          destinationWallets: [{ address: to, blockchains: ["sandbox"], assets: ["sUSD"] }],
          presetFiatAmount: "50"
        })
      )
    )
    const url = String(generated.url)
    expect(url.startsWith(`${onramp().url}/buy?`)).toBe(true)
    const page = await fetch(url)
    expect(page.status).toBe(200)
    const csp = page.headers.get("content-security-policy")!
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeDefined()
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("require-trusted-types-for 'script'")
    expect(page.headers.get("x-frame-options")).toBe("DENY")
    const html = await page.text()
    expect(html).toContain("<h1>Sandbox Pay</h1>")
    expect(html).toContain('<label for="card">Card number</label>')
    expect(html).toContain('value="4242 4242 4242 4242"')
    expect(html).toContain(">Pay 50.00 USD</button>")
    expect(html).toContain(">49.15 sUSD</dd>")
    expect(html).toContain('data-testid="onramp-tx"')
    expect(html).toContain('role="alert" hidden')
    // Every script carries the nonce (the JSON data block is not executed)
    const scripts = html.match(/<script[^>]*>/g) ?? []
    expect(
      scripts.every((tag) => tag.includes(`nonce="${nonce}"`) || tag.includes('type="application/json"'))
    ).toBe(true)
    // A second load gets another nonce
    const again = (await fetch(url)).headers.get("content-security-policy")
    expect(again).not.toBe(csp)
  })

  it("runs the checkout in a page: edit the amount, refuse a bad card, pay and show the transaction", async () => {
    const to = fresh()
    const url = `${onramp().url}/buy?address=${to}&asset=sUSD&network=sandbox&fiat=USD&amount=50&country=US&method=card`
    const window = new Window({
      url,
      settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true }
    })
    try {
      const doc = window.document
      doc.write(await (await fetch(url)).text())
      await window.happyDOM.waitUntilComplete()
      const byId = (id: string) =>
        doc.getElementById(id) as unknown as HTMLElement & { value: string; disabled: boolean }
      const type = (id: string, value: string) => {
        byId(id).value = value
        byId(id).dispatchEvent(new window.Event("input", { bubbles: true }) as unknown as Event)
      }
      expect(byId("pay").textContent).toBe("Pay 50.00 USD")
      expect(doc.querySelector('label[for="card"]')?.textContent).toBe("Card number")

      type("amount", "8000")
      await eventually(() => !byId("problem").hidden, "the amount's problem")
      expect(byId("problem").getAttribute("role")).toBe("alert")
      expect(byId("problem").textContent).toBe("Amount must be from 10 to 7500 USD for card payments")
      expect(byId("pay").disabled).toBe(true)

      type("amount", "75.5")
      await eventually(() => byId("pay").textContent === "Pay 75.50 USD", "the new amount to pay")
      expect(byId("problem").hidden).toBe(true)
      const q = quoted({ amount: "75.5", country: "US" })
      if (!q.ok) throw new Error(q.reason)
      expect(byId("receive").textContent).toBe(`${q.quote.purchaseAmount} sUSD`)

      type("card", "4242 4242 4242 4241")
      byId("pay").click()
      await eventually(() => !byId("problem").hidden, "the card's problem")
      expect(byId("problem").textContent).toBe("Enter a valid card number")

      type("card", "4242 4242 4242 4242")
      byId("pay").click()
      await eventually(() => !byId("done").hidden, "the payment's end")
      expect(byId("done-text").textContent).toBe(
        `Payment complete — ${q.quote.purchaseAmount} sUSD sent to ${to}`
      )
      const hash = doc.querySelector('[data-testid="onramp-tx"]')?.textContent
      expect(hash).toBe(onramp().purchases().at(-1)?.txHash)
      expect(await tokenBalance(to)).toBe(q.order.units)
    } finally {
      await window.happyDOM.close()
    }
  })

  it("takes only the amount from the URL, showing a refused amount in the alert", async () => {
    const to = fresh()
    const high = await fetch(
      `${onramp().url}/buy?address=${to}&asset=ETH&network=sandbox&fiat=EUR&amount=9000`
    )
    expect(high.status).toBe(200)
    const html = await high.text()
    expect(html).toContain('role="alert">Amount must be from 10 to 7500 EUR for card payments</p>')
    expect(html).toContain('<button id="pay" type="submit" disabled>Pay</button>')
    // A purchaseAmount in the URL is ignored: the page quotes for itself
    const forged = await (
      await fetch(
        `${onramp().url}/buy?address=${to}&asset=sUSD&network=sandbox&fiat=USD&amount=50&purchaseAmount=999999`
      )
    ).text()
    expect(forged).toContain(">49.15 sUSD</dd>")
    const bad = await fetch(`${onramp().url}/buy?address=nope&asset=sUSD`)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('role="alert"')
    const unknown = await fetch(`${onramp().url}/buy?address=${to}&asset=DOGE&network=sandbox&fiat=USD`)
    expect(unknown.status).toBe(400)
    const escaped = await (
      await fetch(`${onramp().url}/buy?address=${to}&asset=sUSD&network=sandbox&fiat=USD&amount=%3Cb%3E`)
    ).text()
    expect(escaped).not.toContain("<b>")
    const live = await answer(
      fetch(`${onramp().url}/api/quote?asset=sUSD&network=sandbox&fiat=USD&amount=50&method=card`)
    )
    expect(live.purchaseAmount).toBe("49.15")
    expect((await answer(fetch(`${onramp().url}/health`))).ok).toBe(true)
  })
})
