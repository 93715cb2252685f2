/**
 * The sandbox API's convert endpoints and fungible prices (sandbox/api/convert.mjs) over the SandboxPools of a
 * real anvil chain: quotes exact to poolMath over the chain's reserves, approvals and swaps built by the API
 * and sent from a dev account paying what was quoted, the refusals, and every answer decoded by the app's own
 * decoders (src/schemas/Convert.ts), so the client and the sandbox agree on the wire.
 */
import * as Result from "effect/Result"
import fc from "fast-check"
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { foundry } from "viem/chains"
import { describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, PRICES } from "../../sandbox/api/api.mjs"
import { NATIVE_TOKEN_ADDRESS } from "../../sandbox/api/convertAssets.mjs"
import { ATTACKER_ADDRESS } from "../../sandbox/api/hostileSwap.mjs"
import poolArtifact from "../../sandbox/chain/contracts/SandboxPool.json"
import { getAmountOut, minimumReceived } from "../../sandbox/chain/poolMath.mjs"
import { minimumReceived as modalMinimumReceived } from "../../src/layers/flows/swap/swapForm"
import {
  decodeAllowance,
  decodeApproveTransaction,
  decodeConvertQuotes,
  decodeConvertTokens,
  decodeFungiblePrices,
  decodeGasPrices,
  decodeSwapTransaction
} from "../../src/schemas/Convert"
import { apiForFile, chainsForFile } from "./sandboxWorld"

const poolAbi = poolArtifact.abi as Abi
const CHAIN = "eip155:31337"

const sandbox = chainsForFile()
const api = apiForFile(() => ({ chains: sandbox().chains, tokens: sandbox().tokens, pools: sandbox().pools }))

const client = () =>
  createPublicClient({ chain: foundry, transport: http(sandbox().chains[0]!.rpcUrl), pollingInterval: 25 })
// Account 2 holds sUSD and SBX; this file's chain is its own, so its swaps touch no other test.
const trader = () =>
  createWalletClient({
    account: privateKeyToAccount(sandbox().accounts[2]!.privateKey),
    chain: foundry,
    transport: http(sandbox().chains[0]!.rpcUrl)
  })
const me = () => sandbox().accounts[2]!.address
const tokenOf = (symbol: string) => sandbox().tokens.find((t) => t.symbol === symbol)!.address
const caip = (symbol: string) => `${CHAIN}:${symbol === "ETH" ? NATIVE_TOKEN_ADDRESS : tokenOf(symbol)}`
const poolOf = (a: string, b: string) =>
  sandbox().pools.find((p) => [p.symbol0, p.symbol1].sort().join() === [a, b].sort().join())!

const url = (path: string, params: Record<string, string> = {}) =>
  `${api().url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, ...params })}`
const get = (path: string, params: Record<string, string> = {}) => fetch(url(path, params))
const post = (path: string, body: unknown) =>
  fetch(url(path), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
const ok = async (response: Promise<Response>) => {
  const answer = await response
  expect(answer.status, await answer.clone().text()).toBe(200)
  return (await answer.json()) as unknown
}
const refused = async (response: Promise<Response>, status = 400) => {
  const answer = await response
  expect(answer.status).toBe(status)
  return ((await answer.json()) as { message: string }).message
}
const right = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw new Error(`decode failed: ${String(result.failure)}`)
  return result.success
}

const reserves = async (pool: Hex) =>
  (await client().readContract({ address: pool, abi: poolAbi, functionName: "getReserves" })) as readonly [
    bigint,
    bigint
  ]
/** What poolMath says `amountIn` of `from` buys in the from/to pool at its reserves now. */
const expectedOut = async (from: string, to: string, amountIn: bigint) => {
  const pool = poolOf(from, to)
  const [r0, r1] = await reserves(pool.address)
  return pool.symbol0 === from ? getAmountOut(amountIn, r0, r1) : getAmountOut(amountIn, r1, r0)
}
const balanceOf = (symbol: string) =>
  client().readContract({ address: tokenOf(symbol), abi: erc20Abi, functionName: "balanceOf", args: [me()] })
/** Sends a built transaction from the trader, at its gas limit; resolves once mined, which must succeed. */
const send = async (tx: { to: string; data: string; value: string; eip155: { gas: string } }) => {
  const hash = await trader().sendTransaction({
    to: tx.to.split(":")[2] as Hex,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas)
  })
  const receipt = await client().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe("success")
  return receipt
}
const quoteFor = async (from: string, to: string, amount: bigint) =>
  right(
    decodeConvertQuotes(
      await ok(
        get("/v1/convert/quotes", {
          amount: amount.toString(),
          userAddress: me(),
          from: caip(from),
          to: caip(to),
          gasPrice: "1000000000"
        })
      )
    )
  ).items
const allowanceOf = async (symbol: string, to?: string) =>
  right(
    decodeAllowance(
      await ok(
        get("/v1/convert/allowance", {
          tokenAddress: caip(symbol),
          userAddress: me(),
          ...(to === undefined ? {} : { to: caip(to) })
        })
      )
    )
  )

describe("GET /v1/convert/tokens", () => {
  it("lists ether and the pools' tokens as CAIP-10, with the API's token images", async () => {
    const { items, dropped } = right(
      decodeConvertTokens(await ok(get("/v1/convert/tokens", { chainId: CHAIN })))
    )
    expect(dropped).toBe(0)
    expect(items.map((t) => [t.symbol, t.address, t.decimals])).toEqual([
      ["ETH", `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`, 18],
      ["sUSD", caip("sUSD"), 6],
      ["SBX", caip("SBX"), 18]
    ])
    for (const token of items) {
      expect(token.logoUri).toBe(url(`/public/getTokenImage/${token.symbol}`))
      expect((await fetch(token.logoUri!)).status).toBe(200)
    }
  })
  it("lists none on a chain without pools, and refuses a malformed chain id", async () => {
    expect(await ok(get("/v1/convert/tokens", { chainId: "eip155:31338" }))).toEqual({ tokens: [] })
    expect(await ok(get("/v1/convert/tokens", { chainId: "eip155:1" }))).toEqual({ tokens: [] })
    await refused(get("/v1/convert/tokens", { chainId: "nope" }))
    // The same CORS as every endpoint: a loopback page's origin is echoed, on refusals too.
    const cors = await fetch(url("/v1/convert/tokens", { chainId: "nope" }), {
      headers: { origin: "http://localhost:5173" }
    })
    expect(cors.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    await refused(get("/v1/convert/tokens"))
  })
})

describe("quotes, approval and swaps", () => {
  it("quotes 100 sUSD→SBX as poolMath over the chain's reserves", async () => {
    const amount = parseUnits("100", 6)
    const expected = {
      fromAmount: amount.toString(),
      fromAccount: caip("sUSD"),
      toAmount: (await expectedOut("sUSD", "SBX", amount)).toString(),
      toAccount: caip("SBX")
    }
    const raw = await ok(
      get("/v1/convert/quotes", {
        amount: amount.toString(),
        userAddress: me(),
        from: caip("sUSD"),
        to: caip("SBX"),
        gasPrice: "1"
      })
    )
    expect(raw).toEqual({ quotes: [{ id: null, ...expected }] })
    // The decoder reads the null id as absent.
    expect(right(decodeConvertQuotes(raw)).items).toEqual([expected])
  })

  it("builds the approval and the swap for 100 sUSD→SBX; sent, they pay the quote", async () => {
    const amount = parseUnits("100", 6)
    const pool = poolOf("sUSD", "SBX")
    expect(await allowanceOf("sUSD", "SBX")).toBe("0")

    const approve = right(
      decodeApproveTransaction(
        await ok(get("/v1/convert/build-approve", { userAddress: me(), from: caip("sUSD"), to: caip("SBX") }))
      )
    )
    expect(approve.from).toBe(`${CHAIN}:${me()}`)
    expect(approve.to).toBe(caip("sUSD"))
    expect(approve.value).toBe("0")
    await send(approve)
    expect(await allowanceOf("sUSD", "SBX")).toBe(maxUint256.toString())
    // The default spender is the token's pool with ether, which was not approved.
    expect(await allowanceOf("sUSD")).toBe("0")

    const [quote] = await quoteFor("sUSD", "SBX", amount)
    const swap = right(
      decodeSwapTransaction(
        await ok(
          post("/v1/convert/build-transaction", {
            amount: amount.toString(),
            eip155: { slippage: 1 },
            projectId: DEFAULT_PROJECT_ID,
            from: caip("sUSD"),
            to: caip("SBX"),
            userAddress: me()
          })
        )
      )
    )
    expect(swap.to).toBe(`${CHAIN}:${pool.address}`)
    expect(swap.value).toBe("0")
    const before = [await balanceOf("sUSD"), await balanceOf("SBX")]
    await send(swap)
    const received = (await balanceOf("SBX")) - before[1]!
    expect(before[0]! - (await balanceOf("sUSD"))).toBe(amount)
    expect(received).toBe(BigInt(quote!.toAmount))
    expect(received >= minimumReceived(BigInt(quote!.toAmount), 100)).toBe(true)
  })

  it("swaps ETH→sUSD without approval, sending the amount as value", async () => {
    const amount = parseEther("0.5")
    expect(await allowanceOf("ETH")).toBe(maxUint256.toString())
    const [quote] = await quoteFor("ETH", "sUSD", amount)
    expect(quote!.toAmount).toBe((await expectedOut("ETH", "sUSD", amount)).toString())
    const swap = right(
      decodeSwapTransaction(
        await ok(
          post("/v1/convert/build-transaction", {
            amount: amount.toString(),
            eip155: { slippage: 0.5 },
            projectId: DEFAULT_PROJECT_ID,
            from: caip("ETH"),
            to: caip("sUSD"),
            userAddress: `${CHAIN}:${me()}`
          })
        )
      )
    )
    expect(swap.value).toBe(amount.toString())
    const before = await balanceOf("sUSD")
    await send(swap)
    expect((await balanceOf("sUSD")) - before).toBe(BigInt(quote!.toAmount))
    await refused(
      get("/v1/convert/build-approve", { userAddress: me(), from: caip("ETH"), to: caip("sUSD") })
    )
  })

  it("for 1 000 generated amounts and pairs, quotes are the pool's formula and the built swap's minimum is the modal's", async () => {
    const pairs = [
      ["sUSD", "SBX"],
      ["SBX", "sUSD"],
      ["ETH", "sUSD"],
      ["sUSD", "ETH"],
      ["ETH", "SBX"],
      ["SBX", "ETH"]
    ] as const
    const decimals = (symbol: string) => (symbol === "sUSD" ? 6 : 18)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 5000 }),
        async ([from, to], mantissa, exponent, bps) => {
          const amount = mantissa * 10n ** BigInt(Math.min(exponent, decimals(from)))
          const pool = poolOf(from, to)
          const [r0, r1] = await reserves(pool.address)
          const [reserveIn, reserveOut] = pool.symbol0 === from ? [r0, r1] : [r1, r0]
          const expected = getAmountOut(amount, reserveIn, reserveOut)
          const answer = await get("/v1/convert/quotes", {
            amount: amount.toString(),
            userAddress: me(),
            from: caip(from),
            to: caip(to),
            gasPrice: "1"
          })
          if (expected === 0n || expected >= reserveOut) {
            expect(answer.status).toBe(400)
            return
          }
          const [quote] = right(decodeConvertQuotes(await ok(Promise.resolve(answer)))).items
          expect(BigInt(quote!.toAmount)).toBe(expected)
          const built = right(
            decodeSwapTransaction(
              await ok(
                post("/v1/convert/build-transaction", {
                  amount: amount.toString(),
                  eip155: { slippage: bps / 100 },
                  projectId: DEFAULT_PROJECT_ID,
                  from: caip(from),
                  to: caip(to),
                  userAddress: me()
                })
              )
            )
          )
          const call = decodeFunctionData({ abi: poolAbi, data: built.data as Hex })
          // Every swap function takes the minimum out as the argument just before the receiver.
          const args = call.args as ReadonlyArray<unknown>
          const minOut = args[args.indexOf(me()) - 1]
          expect(minOut).toBe(modalMinimumReceived(expected, bps))
        }
      ),
      { numRuns: 1000 }
    )
  }, 120_000)

  it("answers no route and insufficient liquidity", async () => {
    const ask = (from: string, to: string, amount: string) =>
      get("/v1/convert/quotes", { amount, userAddress: me(), from, to, gasPrice: "1" })
    expect(await refused(ask(caip("sUSD"), caip("sUSD"), "100"))).toBe("No route for this pair")
    expect(await refused(ask(caip("sUSD"), `${CHAIN}:0x${"12".repeat(20)}`, "100"))).toBe(
      "No route for this pair"
    )
    expect(await refused(ask(caip("sUSD"), `eip155:31338:${NATIVE_TOKEN_ADDRESS}`, "100"))).toBe(
      "No route for this pair"
    )
    // 1 wei of SBX buys less than one unit of sUSD (6 decimals); a huge amount overflows the pool.
    expect(await refused(ask(caip("SBX"), caip("sUSD"), "1"))).toBe("Insufficient liquidity")
    expect(await refused(ask(caip("SBX"), caip("sUSD"), (maxUint256 / 2n).toString()))).toBe(
      "Insufficient liquidity"
    )
  })

  it("refuses bad input with 400s and an unknown project with 403", async () => {
    const good = { amount: "100", userAddress: me(), from: caip("sUSD"), to: caip("SBX"), gasPrice: "1" }
    for (const bad of [
      { amount: "1.5" },
      { amount: "0" },
      { amount: "-1" },
      { amount: "9".repeat(79) },
      { userAddress: "0x123" },
      { userAddress: `eip155:31338:${me()}` },
      { from: tokenOf("sUSD") },
      { to: "eip155:31337:nope" },
      { gasPrice: "fast" }
    ])
      await refused(get("/v1/convert/quotes", { ...good, ...bad }))
    const body = {
      amount: "100",
      eip155: { slippage: 1 },
      from: caip("sUSD"),
      to: caip("SBX"),
      userAddress: me()
    }
    for (const bad of [{ eip155: { slippage: 101 } }, { eip155: {} }, { amount: 100 }, { from: null }])
      await refused(post("/v1/convert/build-transaction", { ...body, ...bad }))
    await refused(post("/v1/convert/build-transaction", [body]))
    await refused(post("/v1/convert/build-transaction", { ...body, projectId: "other" }), 403)
    expect((await fetch(`${api().url}/v1/convert/quotes?${new URLSearchParams(good)}`)).status).toBe(403)
    const big = await fetch(url("/v1/convert/build-transaction"), {
      method: "POST",
      body: JSON.stringify({ ...body, pad: "x".repeat(20_000) })
    })
    expect(big.status).toBe(413)
    await refused(get("/v1/convert/allowance", { tokenAddress: caip("sUSD"), userAddress: "me" }))
  })
})

describe("hostile builds (issue 28)", () => {
  const buildSwap = (from: string, to: string, amount: bigint) =>
    ok(
      post("/v1/convert/build-transaction", {
        amount: amount.toString(),
        eip155: { slippage: 1 },
        from: caip(from),
        to: caip(to),
        userAddress: me()
      })
    ).then((raw) => right(decodeSwapTransaction(raw)))
  const buildApprove = (from: string, to: string) =>
    ok(get("/v1/convert/build-approve", { userAddress: me(), from: caip(from), to: caip(to) })).then((raw) =>
      right(decodeApproveTransaction(raw))
    )
  const ether = (address: Hex) => client().getBalance({ address })

  it("swap-to-attacker: the swap's call and value go to the attacker; sent, the ether is theirs and nothing is bought", async () => {
    const amount = parseEther("0.25")
    const honest = await buildSwap("ETH", "sUSD", amount)
    api().faults.set({ hostile: "swap-to-attacker" })
    try {
      expect(api().faults.active).toEqual([{ hostile: "swap-to-attacker" }])
      const hostile = await buildSwap("ETH", "sUSD", amount)
      expect(hostile.to).toBe(`${CHAIN}:${ATTACKER_ADDRESS}`)
      expect(hostile.value).toBe(amount.toString())
      expect(hostile.from).toBe(honest.from)
      const call = (data: string) => decodeFunctionData({ abi: poolAbi, data: data as Hex })
      expect(call(hostile.data).functionName).toBe(call(honest.data).functionName)
      // The approval and the other endpoints are the honest ones.
      await approvesThePool()
      const [attackerBefore, sUsdBefore] = [await ether(ATTACKER_ADDRESS), await balanceOf("sUSD")]
      await send(hostile)
      expect((await ether(ATTACKER_ADDRESS)) - attackerBefore).toBe(amount)
      expect(await balanceOf("sUSD")).toBe(sUsdBefore)
    } finally {
      api().faults.clear()
    }
  })

  it("approve-attacker: the approval allows the attacker any amount of the same token", async () => {
    const honest = await buildApprove("sUSD", "SBX")
    api().faults.set({ hostile: "approve-attacker", paths: "^/v1/convert/" })
    try {
      const hostile = await buildApprove("sUSD", "SBX")
      expect({ ...hostile, data: honest.data }).toEqual(honest)
      expect(decodeFunctionData({ abi: erc20Abi, data: hostile.data as Hex })).toEqual({
        functionName: "approve",
        args: [getAddress(ATTACKER_ADDRESS), maxUint256]
      })
      expect((await buildSwap("ETH", "sUSD", parseEther("0.01"))).to).toBe(
        `${CHAIN}:${poolOf("ETH", "sUSD").address}`
      )
    } finally {
      api().faults.clear()
    }
  })

  /** build-approve for sUSD→SBX still approves the pair's pool. */
  const approvesThePool = async () => {
    const { data } = await buildApprove("sUSD", "SBX")
    const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: data as Hex })
    expect(functionName).toBe("approve")
    expect(String(args?.[0]).toLowerCase()).toBe(poolOf("sUSD", "SBX").address.toLowerCase())
  }
})

describe("gas price and fungible prices", () => {
  it("derives fast and instant from eth_gasPrice", async () => {
    const prices = right(decodeGasPrices(await ok(get("/v1/convert/gas-price", { chainId: CHAIN }))))
    const standard = await client().getGasPrice()
    expect(prices).toEqual({
      standard: standard.toString(),
      fast: ((standard * 125n) / 100n).toString(),
      instant: ((standard * 3n) / 2n).toString()
    })
    await refused(get("/v1/convert/gas-price", { chainId: "eip155:1" }))
  })

  it("prices known tokens at the API's prices and leaves the unknown out", async () => {
    const unknown = `${CHAIN}:0x${"34".repeat(20)}`
    const { items } = right(
      decodeFungiblePrices(
        await ok(
          post("/v1/fungible/price", {
            currency: "usd",
            addresses: [caip("ETH"), caip("sUSD"), unknown, caip("SBX")],
            projectId: DEFAULT_PROJECT_ID
          })
        )
      )
    )
    expect(items.map((f) => [f.address, f.symbol, f.price])).toEqual([
      [caip("ETH"), "ETH", PRICES.ETH],
      [caip("sUSD"), "sUSD", PRICES.sUSD],
      [caip("SBX"), "SBX", PRICES.SBX]
    ])
    expect(items[1]!.iconUrl).toBe(url("/public/getTokenImage/sUSD"))
    await refused(post("/v1/fungible/price", { currency: "eur", addresses: [caip("ETH")] }))
    await refused(post("/v1/fungible/price", { currency: "usd", addresses: ["0x12"] }))
    await refused(post("/v1/fungible/price", { currency: "usd", addresses: Array(101).fill(caip("ETH")) }))
  })
})
