/**
 * The Blockchain API's convert (swap) and fungible price endpoints (issue 15 item 5; FACTS.md §1.5): the
 * request each sends, the answer decoded with bad items dropped and lists bounded, amounts kept as
 * integer strings, and an answer of the wrong shape a typed failure.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import fc from "fast-check"
import { BlockchainApiLive } from "../../src/layers/provider/BlockchainApiLive"
import { decodeConvertQuotes, MAX_CONVERT_TOKENS, MAX_QUOTES } from "../../src/schemas/Convert"
import { BlockchainApi } from "../../src/services/BlockchainApi"
import { apiHarness, fakeFetch, IDENTITY, json } from "../kit/fakeFetch"

const { withApi } = apiHarness(BlockchainApiLive)

const RPC = "https://rpc.walletconnect.org"
const USER = "0x71C7656EC7ab88b098defB751B7401B5f6d8976F"
const SUSD = "eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3"
const SBX = "eip155:31337:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"

const token = (symbol: string, address: string) => ({
  name: symbol,
  symbol,
  address,
  decimals: 6,
  logoUri: null
})

describe("BlockchainApi convert endpoints", () => {
  it.effect("GET v1/convert/tokens?chainId: bad tokens dropped, the list bounded", () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        tokens: [
          token("sUSD", SUSD),
          { ...token("SBX", SBX), decimals: 99 },
          { ...token("BAD", "not-caip"), name: "x" },
          ...Array.from({ length: MAX_CONVERT_TOKENS + 5 }, (_, i) =>
            token(`T${i}`, `${SUSD.slice(0, -4)}${String(i).padStart(4, "0")}`)
          )
        ]
      })
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const { items, dropped } = yield* api.convertTokens("eip155:31337")
      assert.strictEqual(items[0]?.symbol, "sUSD")
      assert.strictEqual(items.length + dropped, MAX_CONVERT_TOKENS + 8)
      assert.isAtMost(items.length, MAX_CONVERT_TOKENS)
      assert.strictEqual(seen[0]?.url, `${RPC}/v1/convert/tokens?${IDENTITY}&chainId=eip155%3A31337`)
    }).pipe(withApi(fetch))
  })

  it.effect("GET v1/convert/quotes: amounts stay integer strings; a number amount is dropped", () => {
    const quote = {
      id: null,
      fromAmount: "100000000",
      fromAccount: SUSD,
      toAmount: "98712345678901234567890",
      toAccount: SBX
    }
    const { fetch, seen } = fakeFetch(() => json({ quotes: [quote, { ...quote, toAmount: 5 }] }))
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const { items, dropped } = yield* api.convertQuotes({
        amount: "100000000",
        userAddress: `eip155:31337:${USER}`,
        from: SUSD,
        to: SBX,
        gasPrice: "1000000000"
      })
      const { id: _none, ...withoutId } = quote
      assert.deepStrictEqual(items, [withoutId])
      assert.strictEqual(dropped, 1)
      const url = new URL(seen[0]!.url)
      assert.strictEqual(url.pathname, "/v1/convert/quotes")
      assert.deepStrictEqual(
        ["amount", "userAddress", "from", "to", "gasPrice"].map((k) => url.searchParams.get(k)),
        ["100000000", `eip155:31337:${USER}`, SUSD, SBX, "1000000000"]
      )
    }).pipe(withApi(fetch))
  })

  it.effect("allowance, gas price, the approval and the swap, each decoded; the swap is a POST", () => {
    const tx = { from: `eip155:31337:${USER}`, to: SUSD, data: "0x095ea7b3" }
    const { fetch, seen } = fakeFetch((request) => {
      const path = new URL(request.url).pathname
      if (path.endsWith("allowance")) return json({ allowance: "0" })
      if (path.endsWith("gas-price")) return json({ standard: "1", fast: "2", instant: "3" })
      if (path.endsWith("build-approve"))
        return json({ tx: { ...tx, value: "0", eip155: { gas: 60000, gasPrice: "2" } } })
      return json({
        tx: { ...tx, data: "0x38ed1739", amount: "0", eip155: { gas: "150000", gasPrice: "2" } }
      })
    })
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      assert.strictEqual(yield* api.convertAllowance({ tokenAddress: SUSD, userAddress: USER }), "0")
      assert.deepStrictEqual(yield* api.convertGasPrice("eip155:31337"), {
        standard: "1",
        fast: "2",
        instant: "3"
      })
      const approve = yield* api.buildApproveTransaction({ userAddress: USER, from: SUSD, to: SBX })
      assert.deepStrictEqual(approve.eip155, { gas: "60000", gasPrice: "2" })
      const swap = yield* api.buildSwapTransaction({
        amount: "100000000",
        from: SUSD,
        to: SBX,
        userAddress: USER,
        slippage: 1
      })
      assert.deepStrictEqual(swap, {
        ...tx,
        data: "0x38ed1739",
        value: "0",
        eip155: { gas: "150000", gasPrice: "2" }
      })
      const post = seen.at(-1)!
      assert.strictEqual(post.method, "POST")
      assert.deepStrictEqual(JSON.parse(post.body ?? "{}"), {
        amount: "100000000",
        eip155: { slippage: 1 },
        projectId: "p1",
        from: SUSD,
        to: SBX,
        userAddress: USER
      })
    }).pipe(withApi(fetch))
  })

  it.effect("an answer of the wrong shape is a typed failure, never a made-up value", () => {
    const { fetch } = fakeFetch(() => json({ allowance: 12 }))
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const error = yield* Effect.flip(api.convertAllowance({ tokenAddress: SUSD, userAddress: USER }))
      assert.strictEqual(error._tag === "ProviderRequestError" && error.reason, "malformed-body")
    }).pipe(withApi(fetch))
  })

  it.effect("POST v1/fungible/price asks for at most its bound, and never throws on odd prices", () => {
    const { fetch, seen } = fakeFetch(() =>
      json({
        fungibles: [
          { address: SUSD, name: "Sandbox USD", symbol: "sUSD", iconUrl: null, price: 1 },
          { address: SBX, name: "SBX", symbol: "SBX", iconUrl: null, price: -3 }
        ]
      })
    )
    return Effect.gen(function* () {
      const api = yield* BlockchainApi
      const addresses = Array.from({ length: 150 }, () => SUSD)
      const { items, dropped } = yield* api.fungiblePrices(addresses)
      assert.deepStrictEqual(
        items.map((f) => [f.symbol, f.price]),
        [["sUSD", 1]]
      )
      assert.strictEqual(dropped, 1)
      assert.strictEqual(JSON.parse(seen[0]!.body ?? "{}").addresses.length, 100)
    }).pipe(withApi(fetch))
  })

  it("any answer decodes to valid quotes and a dropped count, or to a typed failure; nothing throws", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.array(fc.anything()).map((quotes) => ({ quotes }))
        ),
        (input) => {
          const result = decodeConvertQuotes(input)
          if (Result.isSuccess(result)) {
            assert.isAtMost(result.success.items.length, MAX_QUOTES)
            for (const quote of result.success.items) assert.match(quote.toAmount, /^\d+$/)
          } else assert.strictEqual(result.failure._tag, "SchemaDecodeError")
        }
      ),
      { numRuns: 1000 }
    )
  })
})
