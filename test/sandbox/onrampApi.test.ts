/**
 * The sandbox API's onramp endpoints (sandbox/api/onramp.mjs), decoded by the app's own decoders in
 * src/schemas/FiatOnramp.ts.
 */
import * as Result from "effect/Result"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { NO_PROVIDER_MESSAGE } from "../../sandbox/api/onramp.mjs"
import { decodeOnrampOptions, decodeOnrampQuote, decodeOnrampUrl } from "../../src/schemas/FiatOnramp"
import { ADDRESS, answer, generatorBody, ok, post, SUSD } from "./onrampFixtures"

const right = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw new Error(`decode failed: ${String(result.failure)}`)
  return result.success
}

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
