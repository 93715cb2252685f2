/**
 * The sandbox onramp: the quote formula (sandbox/onramp/quote.mjs), the API's onramp endpoints
 * (sandbox/api/onramp.mjs, decoded by the app's own decoders in src/schemas/FiatOnramp.ts), and "Sandbox Pay"
 * (sandbox/onramp/provider.mjs) delivering on a real anvil chain exactly what was quoted.
 */
import * as Result from "effect/Result"
import fc from "fast-check"
import { Window } from "happy-dom"
import { createPublicClient, erc20Abi, type Hex, http } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { foundry } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { NO_PROVIDER_MESSAGE } from "../../sandbox/api/onramp.mjs"
import { COUNTRIES, FIAT_CURRENCIES, PAYMENT_METHOD_LIMITS } from "../../sandbox/onramp/options.mjs"
import { startOnrampProvider, TREASURY_ACCOUNT_INDEX } from "../../sandbox/onramp/provider.mjs"
import {
  fiatAmountFor,
  formatCents,
  NETWORK_FEE_USD_CENTS,
  ONRAMP_FEE_BPS,
  type OnrampQuoteRequest,
  parseFiatAmount,
  quoteOnramp
} from "../../sandbox/onramp/quote.mjs"
import { decodeOnrampOptions, decodeOnrampQuote, decodeOnrampUrl } from "../../src/schemas/FiatOnramp"
import { BOB } from "../kit/accounts"
import { eventually } from "../kit/waits"
import { apiForFile, chainsForFile, startedForFile } from "./sandboxWorld"

const right = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw new Error(`decode failed: ${String(result.failure)}`)
  return result.success
}

const SUSD = {
  chainId: 31337,
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  name: "Sandbox USD",
  symbol: "sUSD",
  decimals: 6
} as const
const base = { chainId: 31337, tokens: [SUSD], network: "sandbox" } as const
const quote = (request: Partial<OnrampQuoteRequest>) =>
  quoteOnramp({ ...base, purchaseCurrency: "sUSD", paymentCurrency: "USD", amount: "50", ...request })
const ok = (request: Partial<OnrampQuoteRequest>) => {
  const result = quote(request)
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  return result
}
const refusal = (request: Partial<OnrampQuoteRequest>) => {
  const result = quote(request)
  if (result.ok) throw new Error("expected a refusal")
  return result.reason
}
const cents = (text: string) => parseFiatAmount(text)!

describe("the quote formula", () => {
  it("charges 1.5 % (within the 1-2 % shown) and the network fee, and buys with the rest", () => {
    const { quote: q, order } = ok({ amount: "50" })
    expect(q).toMatchObject({
      paymentTotal: "50.00",
      paymentSubtotal: "49.15",
      purchaseAmount: "49.15",
      networkFee: { amount: "0.10", currency: "USD" },
      providerFee: { amount: "0.75", currency: "USD" }
    })
    expect(q.quoteId).toMatch(/^sandbox-[0-9a-f]{32}$/)
    expect(order.units).toBe(49_150_000n)
    expect(ONRAMP_FEE_BPS).toBe(150)
    expect(NETWORK_FEE_USD_CENTS).toBe(10)
    for (const amount of ["10", "10.01", "33.33", "99.99", "1234.56", "7500"]) {
      const fee = Number(ok({ amount }).quote.providerFee.amount) / Number(amount)
      expect(fee).toBeGreaterThanOrEqual(0.01)
      expect(fee).toBeLessThanOrEqual(0.02)
    }
  })

  it("converts the payment currency at its rate and charges the network fee in it, rounded up", () => {
    const eur = ok({ paymentCurrency: "EUR", amount: "100" })
    // 100 - 1.50 - 0.10 (0.10 USD is 0.0926 EUR, rounded up) = 98.40 EUR = 106.272 USD
    expect(eur.quote).toMatchObject({ paymentSubtotal: "98.40", purchaseAmount: "106.272" })
    expect(eur.quote.networkFee).toEqual({ amount: "0.10", currency: "EUR" })
    const gbp = ok({ paymentCurrency: "gbp", amount: "100" })
    expect(gbp.quote.networkFee).toEqual({ amount: "0.08", currency: "GBP" })
    expect(FIAT_CURRENCIES.map((f) => f.id)).toEqual(["USD", "EUR", "GBP"])
  })

  it("rounds the purchase down to the asset's decimals", () => {
    const eth = ok({ purchaseCurrency: "ETH", amount: "50" })
    // 49.15 USD / 3000 = 0.016383333… ETH, cut at 18 decimals
    expect(eth.quote.purchaseAmount).toBe("0.016383333333333333")
    expect(eth.order.units).toBe(16_383_333_333_333_333n)
    // Exact: units × price ≤ subtotal < (units + 1) × price, in wei × USD cents
    const subtotal = cents(eth.quote.paymentSubtotal) * 10n ** 18n
    expect(eth.order.units * 3000n * 100n).toBeLessThanOrEqual(subtotal)
    expect((eth.order.units + 1n) * 3000n * 100n).toBeGreaterThan(subtotal)
    // sUSD has 6 decimals: EUR 33.33 → (33.33 - 0.50 - 0.10) × 1.08 = 35.3484 sUSD
    expect(ok({ paymentCurrency: "EUR", amount: "33.33" }).quote.purchaseAmount).toBe("35.3484")
    expect(ok({ prices: { sUSD: 3 }, amount: "10" }).quote.purchaseAmount).toBe("3.25")
  })

  it("refuses amounts outside the method's limits, naming them", () => {
    expect(refusal({ amount: "9.99" })).toBe("Amount must be from 10 to 7500 USD for card payments")
    expect(refusal({ amount: "7500.01" })).toBe("Amount must be from 10 to 7500 USD for card payments")
    expect(refusal({ amount: "25000.01", paymentMethod: "bank_account", paymentCurrency: "EUR" })).toBe(
      "Amount must be from 10 to 25000 EUR for bank account payments"
    )
    expect(ok({ amount: "25000", paymentMethod: "bank_account" }).quote.paymentTotal).toBe("25000.00")
    expect(refusal({ amount: "0" })).toMatch(/from 10 to 7500/)
    for (const amount of ["-5", "1e3", "12.345", "abc", "", " 50", 0.1 + 0.2, Number.NaN, null]) {
      expect(refusal({ amount })).toMatch(/amount must be a number of at most 2 decimals/)
    }
  })

  it("refuses unknown currencies, networks, countries and methods with reasons", () => {
    expect(refusal({ purchaseCurrency: "DOGE" })).toMatch(
      /Unsupported purchase currency; choose one of sUSD, ETH/
    )
    expect(refusal({ paymentCurrency: "JPY" })).toMatch(
      /Unsupported payment currency; choose one of USD, EUR, GBP/
    )
    expect(refusal({ network: "ethereum" })).toMatch(/Unsupported network/)
    expect(refusal({ country: "XX" })).toMatch(/Unsupported country/)
    expect(refusal({ paymentMethod: "paypal" })).toMatch(
      /Unsupported payment method; choose one of card, bank_account/
    )
    expect(refusal({ country: "DE" })).toBe("USD is not accepted in Germany; pay in EUR")
    expect(refusal({ country: "JP", paymentMethod: "bank_account" })).toBe(
      "bank_account payments are not available in Japan"
    )
    // Ids as the real client sends them (objects), networks by name, chain id or CAIP-2
    expect(
      ok({ purchaseCurrency: { id: "ETH" }, paymentCurrency: { id: "EUR" }, country: "fr" }).order
    ).toMatchObject({ fiat: "EUR", country: "FR" })
    for (const network of ["sandbox", "31337", "eip155:31337"]) expect(quote({ network }).ok).toBe(true)
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(8)
  })

  it("finds a fiat amount that buys a preset crypto amount", () => {
    const amount = fiatAmountFor({
      ...base,
      purchaseCurrency: "sUSD",
      paymentCurrency: "USD",
      cryptoAmount: "50"
    })!
    expect(amount).toBe("50.86")
    expect(Number(ok({ amount }).quote.purchaseAmount)).toBeGreaterThanOrEqual(50)
    expect(Number(ok({ amount: formatCents(cents(amount) - 1n) }).quote.purchaseAmount)).toBeLessThan(50)
    const eth = fiatAmountFor({
      ...base,
      purchaseCurrency: "ETH",
      paymentCurrency: "EUR",
      cryptoAmount: "0.5"
    })!
    expect(
      ok({ purchaseCurrency: "ETH", paymentCurrency: "EUR", amount: eth }).order.units
    ).toBeGreaterThanOrEqual(5n * 10n ** 17n)
  })

  it("refuses a quote exactly when the amount is outside the method's limits (1 000 amounts)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3_000_000 }),
        fc.constantFrom("USD", "EUR", "GBP"),
        fc.constantFrom(...PAYMENT_METHOD_LIMITS),
        fc.constantFrom("sUSD", "ETH"),
        fc.boolean(),
        (amountCents, fiat, limit, asset, asNumber) => {
          const text = formatCents(BigInt(amountCents))
          const result = quote({
            amount: asNumber ? amountCents / 100 : text,
            paymentCurrency: fiat,
            paymentMethod: limit.id,
            purchaseCurrency: asset
          })
          const inside = amountCents >= limit.min * 100 && amountCents <= limit.max * 100
          expect(result.ok).toBe(inside)
          if (result.ok) {
            expect(result.quote.paymentTotal).toBe(text)
            expect(result.order.units).toBeGreaterThan(0n)
          } else expect(result.reason).toMatch(new RegExp(`from ${limit.min} to ${limit.max} ${fiat}`))
        }
      ),
      { numRuns: 1000, seed: 31337 }
    )
  })
})

// ---------------------------------------------------------------------------------------------------------

const post = (api: SandboxApi, path: string, body: unknown, projectId = DEFAULT_PROJECT_ID) =>
  fetch(`${api.url}${path}?projectId=${projectId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })
const answer = async (response: Promise<Response>, status = 200) => {
  const reply = await response
  const text = await reply.text()
  expect(reply.status, text).toBe(status)
  return JSON.parse(text) as Record<string, unknown>
}
const ADDRESS = BOB
const generatorBody = (overrides: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address: ADDRESS, blockchains: ["sandbox"], assets: ["sUSD"] }],
  partnerUserId: ADDRESS,
  defaultExperience: "buy",
  ...overrides
})

describe("the API's onramp endpoints", () => {
  let api: SandboxApi
  let bare: SandboxApi
  const provider = "http://127.0.0.1:4242"
  beforeAll(async () => {
    // No chain is read by these endpoints: an RPC URL nothing answers on will do.
    const chains = [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }]
    api = await startSandboxApi({ chains, tokens: [SUSD], onrampProviderUrl: provider })
    bare = await startSandboxApi({ chains, tokens: [SUSD] })
  })
  afterAll(async () => {
    await api?.close()
    await bare?.close()
  })

  it("lists the options as FACTS shapes them, plus countries", async () => {
    const options = await answer(fetch(`${api.url}/v1/onramp/options?projectId=${DEFAULT_PROJECT_ID}`))
    expect(options.paymentCurrencies).toEqual(
      ["USD", "EUR", "GBP"].map((id) => ({
        id,
        payment_method_limits: [
          { id: "card", min: 10, max: 7500 },
          { id: "bank_account", min: 10, max: 25000 }
        ]
      }))
    )
    const network = { name: "sandbox", display_name: "Sandbox Chain", chain_id: "31337" }
    expect(options.purchaseCurrencies).toEqual([
      {
        id: "sUSD",
        name: "Sandbox USD",
        symbol: "sUSD",
        networks: [{ ...network, contract_address: SUSD.address }]
      },
      { id: "ETH", name: "Ether", symbol: "ETH", networks: [{ ...network, contract_address: "" }] }
    ])
    expect(options.countries).toContainEqual({
      id: "US",
      name: "United States",
      currencies: ["USD"],
      payment_methods: ["card", "bank_account"]
    })
    const decoded = right(decodeOnrampOptions(options))
    expect(decoded.fiat.map((f) => f.id)).toEqual(["USD", "EUR", "GBP"])
    expect(decoded.crypto.map((c) => c.symbol)).toEqual(["sUSD", "ETH"])
    expect((await fetch(`${api.url}/v1/onramp/options`)).status).toBe(403)
  })

  it("quotes with the formula, as the app's client and the real one send the body", async () => {
    const body = { purchaseCurrency: "sUSD", paymentCurrency: "USD", amount: "50", network: "sandbox" }
    const q = await answer(post(api, "/v1/onramp/quote", body))
    expect(q).toEqual(ok({ amount: "50" }).quote)
    expect(right(decodeOnrampQuote(q))).toMatchObject({ paymentTotal: 50, purchaseAmount: 49.15 })
    const objects = await answer(
      post(api, "/v1/onramp/quote", {
        ...body,
        purchaseCurrency: { id: "ETH", name: "Ether", symbol: "ETH", networks: [] },
        paymentCurrency: { id: "EUR", payment_method_limits: [] },
        amount: 100,
        country: "FR",
        paymentMethod: "bank_account"
      })
    )
    expect(objects.purchaseAmount).toBe(
      ok({ purchaseCurrency: "ETH", paymentCurrency: "EUR", amount: "100" }).quote.purchaseAmount
    )
  })

  it("answers a refused or malformed quote 400 { message }", async () => {
    const body = { purchaseCurrency: "sUSD", paymentCurrency: "USD", amount: "50", network: "sandbox" }
    const cases: Array<[unknown, string | RegExp]> = [
      [{ ...body, amount: "5" }, "Amount must be from 10 to 7500 USD for card payments"],
      [{ ...body, purchaseCurrency: "BTC" }, /Unsupported purchase currency/],
      [{ ...body, network: "solana" }, /Unsupported network/],
      [{ ...body, country: "ZZ" }, /Unsupported country/],
      [{ ...body, paymentMethod: "cash" }, /Unsupported payment method/],
      [{ ...body, amount: undefined }, "amount is required"],
      [{ ...body, amount: { value: 5 } }, "amount must be a number or a numeric string"],
      [{ ...body, network: "x".repeat(65) }, /network must be an id of 1 to 64 characters/],
      [[body], "Expected a JSON object"],
      ["{not json", "Request body is not JSON"]
    ]
    for (const [input, reason] of cases) {
      const reply = await answer(post(api, "/v1/onramp/quote", input), 400)
      expect(reply.message).toMatch(reason)
    }
    await answer(post(api, "/v1/onramp/quote", { ...body, projectId: "someone-else" }), 403)
    const huge = await post(api, "/v1/onramp/quote", { ...body, padding: "x".repeat(17 * 1024) })
    expect(huge.status).toBe(413)
  })

  it("generates the provider page's URL on the provider's own origin", async () => {
    const reply = await answer(post(api, "/v1/generators/onrampurl", generatorBody({ presetFiatAmount: 50 })))
    const url = new URL(right(decodeOnrampUrl(reply)))
    expect(url.origin).toBe(provider)
    expect(url.pathname).toBe("/buy")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: ADDRESS,
      asset: "sUSD",
      network: "sandbox",
      fiat: "USD",
      amount: "50.00",
      method: "card"
    })
    // Lower-case address, country's currency, a crypto preset turned into fiat, no amount at all
    const french = await answer(
      post(
        api,
        "/v1/generators/onrampurl",
        generatorBody({
          destinationWallets: [
            { address: ADDRESS.toLowerCase(), blockchains: ["eip155:31337"], assets: ["ETH"] }
          ],
          country: "FR",
          paymentMethod: "bank_account",
          presetCryptoAmount: "0.1"
        })
      )
    )
    const params = Object.fromEntries(new URL(String(french.url)).searchParams)
    expect(params).toMatchObject({
      address: ADDRESS,
      asset: "ETH",
      fiat: "EUR",
      country: "FR",
      method: "bank_account"
    })
    expect(
      ok({
        purchaseCurrency: "ETH",
        paymentCurrency: "EUR",
        amount: params.amount,
        paymentMethod: "bank_account"
      }).order.units
    ).toBeGreaterThanOrEqual(10n ** 17n)
    const plain = await answer(
      post(api, "/v1/generators/onrampurl", generatorBody({ defaultExperience: undefined }))
    )
    expect(new URL(String(plain.url)).searchParams.has("amount")).toBe(false)
  })

  it("refuses bad generator bodies 400, and answers 503 without a provider", async () => {
    const wallet = { address: ADDRESS, blockchains: ["sandbox"], assets: ["sUSD"] }
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ destinationWallets: [] }, /destinationWallets must list 1 to 10/],
      [{ destinationWallets: Array(11).fill(wallet) }, /destinationWallets must list 1 to 10/],
      [{ destinationWallets: [{ ...wallet, address: "0x123" }] }, /address must be an address/],
      [{ destinationWallets: [{ ...wallet, address: `${ADDRESS}00` }] }, /address must be an address/],
      [{ destinationWallets: [{ ...wallet, blockchains: [] }] }, /blockchains must list 1 to 10/],
      [{ destinationWallets: [{ ...wallet, blockchains: ["solana"] }] }, /Unsupported blockchain solana/],
      [{ destinationWallets: [{ ...wallet, assets: Array(21).fill("ETH") }] }, /assets must list 0 to 20/],
      [{ destinationWallets: [{ ...wallet, assets: ["USDC"] }] }, /Unsupported asset USDC/],
      [{ destinationWallets: ["0xabc"] }, /must be an object/],
      [{ partnerUserId: "" }, /partnerUserId must be text/],
      [{ partnerUserId: "x".repeat(129) }, /partnerUserId must be text/],
      [{ partnerUserId: "a\u0000b" }, /partnerUserId must be text/],
      [{ defaultExperience: "send" }, /defaultExperience must be "buy"/],
      [{ defaultNetwork: "ethereum" }, /Unsupported defaultNetwork/],
      [{ country: "XX" }, /Unsupported country/],
      [{ paymentCurrency: "JPY" }, /Unsupported paymentCurrency/],
      [{ paymentMethod: "cash" }, /Unsupported paymentMethod/],
      [{ presetFiatAmount: 5 }, /Amount must be from 10 to 7500 USD/],
      [{ presetFiatAmount: 8000, paymentMethod: "card" }, /from 10 to 7500/],
      [{ presetCryptoAmount: "-1" }, /presetCryptoAmount must be a positive decimal/],
      [{ country: "DE", paymentCurrency: "USD" }, /USD is not accepted in Germany/]
    ]
    for (const [overrides, reason] of cases) {
      const reply = await answer(post(api, "/v1/generators/onrampurl", generatorBody(overrides)), 400)
      expect(reply.message).toMatch(reason)
    }
    const unavailable = await answer(post(bare, "/v1/generators/onrampurl", generatorBody()), 503)
    expect(unavailable.message).toBe(NO_PROVIDER_MESSAGE)
    await expect(
      startSandboxApi({
        chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }],
        onrampProviderUrl: "javascript:x"
      })
    ).rejects.toThrow(/onrampProviderUrl/)
  })
})

// ---------------------------------------------------------------------------------------------------------

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
