/**
 * What the onramp tests (onrampQuote, onrampApi and onrampPay .test.ts) share: the sandbox's sUSD, quotes by
 * the formula (sandbox/onramp/quote.mjs) for it, and requests to the API's onramp endpoints.
 */
import { expect } from "vitest"
import { DEFAULT_PROJECT_ID, type SandboxApi } from "../../sandbox/api/api.mjs"
import { type OnrampQuoteRequest, quoteOnramp } from "../../sandbox/onramp/quote.mjs"
import { BOB } from "../kit/accounts"

export const SUSD = {
  chainId: 31337,
  address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  name: "Sandbox USD",
  symbol: "sUSD",
  decimals: 6
} as const
export const base = { chainId: 31337, tokens: [SUSD], network: "sandbox" } as const
export const quote = (request: Partial<OnrampQuoteRequest>) =>
  quoteOnramp({ ...base, purchaseCurrency: "sUSD", paymentCurrency: "USD", amount: "50", ...request })
export const ok = (request: Partial<OnrampQuoteRequest>) => {
  const result = quote(request)
  if (!result.ok) throw new Error(`refused: ${result.reason}`)
  return result
}

export const post = (api: SandboxApi, path: string, body: unknown, projectId = DEFAULT_PROJECT_ID) =>
  fetch(`${api.url}${path}?projectId=${projectId}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body)
  })
export const answer = async (response: Promise<Response>, status = 200) => {
  const reply = await response
  const text = await reply.text()
  expect(reply.status, text).toBe(status)
  return JSON.parse(text) as Record<string, unknown>
}
export const ADDRESS = BOB
export const generatorBody = (overrides: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address: ADDRESS, blockchains: ["sandbox"], assets: ["sUSD"] }],
  partnerUserId: ADDRESS,
  defaultExperience: "buy",
  ...overrides
})
