/**
 * The sandbox's exchange (issue 15): the SandboxPools the chain starts with, swaps on a real anvil chain that
 * move reserves and balances exactly as sandbox/chain/poolMath.mjs predicts, the contract's refusals, and the
 * formula's properties (agreeing with the contract's own `getAmountOut`).
 */
import fc from "fast-check"
import {
  type Abi,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
  type WalletClient
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { foundry } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SandboxChains, startSandboxChains } from "../../sandbox/chain/chain.mjs"
import poolArtifact from "../../sandbox/chain/contracts/SandboxPool.json"
import tokenArtifact from "../../sandbox/chain/contracts/SandboxToken.json"
import { getAmountOut, minimumReceived, priceImpactBps, quoteSwap } from "../../sandbox/chain/poolMath.mjs"
import { NATIVE_ETH, POOL_PROVIDER_INDEX, SANDBOX_POOLS } from "../../sandbox/chain/pools.mjs"

const poolAbi = poolArtifact.abi as Abi
const tokenAbi = tokenArtifact.abi as Abi

let sandbox: SandboxChains
let client: PublicClient
let trader: WalletClient
beforeAll(async () => {
  sandbox = await startSandboxChains()
  const transport = http(sandbox.chains[0]!.rpcUrl)
  client = createPublicClient({ chain: foundry, transport, pollingInterval: 25 })
  // Account 1 holds both tokens; this file's chain is its own, so its trades touch no other test.
  trader = createWalletClient({
    account: privateKeyToAccount(sandbox.accounts[1]!.privateKey),
    chain: foundry,
    transport
  })
}, 30_000)
afterAll(() => sandbox?.stop())

const poolOf = (symbol0: string, symbol1: string) => {
  const pool = sandbox.pools.find((p) => p.symbol0 === symbol0 && p.symbol1 === symbol1)
  if (pool === undefined) throw new Error(`no ${symbol0}/${symbol1} pool`)
  return pool
}
const tokenOf = (symbol: string) => sandbox.tokens.find((t) => t.symbol === symbol)!.address
const me = () => trader.account!.address
const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)

const reserves = async (pool: Hex) =>
  (await client.readContract({ address: pool, abi: poolAbi, functionName: "getReserves" })) as readonly [
    bigint,
    bigint
  ]
const tokenBalance = async (token: Hex, owner: Hex) =>
  (await client.readContract({
    address: token,
    abi: tokenAbi,
    functionName: "balanceOf",
    args: [owner]
  })) as bigint
const quote = async (pool: Hex, tokenIn: Hex, amountIn: bigint) =>
  (await client.readContract({
    address: pool,
    abi: poolAbi,
    functionName: "quote",
    args: [tokenIn, amountIn]
  })) as bigint

/** Sends a call from the trader; resolves to the mined receipt, which must have succeeded. */
const write = async (
  address: Hex,
  abi: Abi,
  functionName: string,
  args: ReadonlyArray<unknown>,
  value?: bigint
) => {
  const hash = await trader.writeContract({
    address,
    abi,
    functionName,
    args,
    value,
    account: trader.account!,
    chain: foundry
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe("success")
  return receipt
}

/** The reason a call reverts with, from the node's own simulation. */
const revertReason = async (
  address: Hex,
  functionName: string,
  args: ReadonlyArray<unknown>,
  value?: bigint
) => {
  try {
    await client.simulateContract({ address, abi: poolAbi, functionName, args, value, account: me() })
  } catch (error) {
    const reverted =
      error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
    if (reverted instanceof ContractFunctionRevertedError) return reverted.reason
    throw error
  }
  throw new Error(`${functionName} did not revert`)
}

describe("the pools the sandbox chain starts with", () => {
  it("ETH/sUSD, ETH/SBX and sUSD/SBX on chain 31337, holding the liquidity they report", async () => {
    expect(sandbox.pools.map((p) => [p.chainId, p.symbol0, p.symbol1])).toEqual([
      [31337, "ETH", "sUSD"],
      [31337, "ETH", "SBX"],
      [31337, "sUSD", "SBX"]
    ])
    const decimals = (symbol: string) => sandbox.tokens.find((t) => t.symbol === symbol)?.decimals ?? 18
    for (const [i, pool] of sandbox.pools.entries()) {
      const { liquidity } = SANDBOX_POOLS[i]!
      expect([pool.reserve0, pool.reserve1]).toEqual([
        parseUnits(liquidity[0], decimals(pool.symbol0)).toString(),
        parseUnits(liquidity[1], decimals(pool.symbol1)).toString()
      ])
      expect(await reserves(pool.address)).toEqual([BigInt(pool.reserve0), BigInt(pool.reserve1)])
      const token0 = pool.symbol0 === "ETH" ? NATIVE_ETH : tokenOf(pool.symbol0)
      expect([pool.token0, pool.token1]).toEqual([token0, tokenOf(pool.symbol1)])
      expect(await client.readContract({ address: pool.address, abi: poolAbi, functionName: "token0" })).toBe(
        token0
      )
      // What the pool holds is its reserves.
      const held0 =
        token0 === NATIVE_ETH
          ? await client.getBalance({ address: pool.address })
          : await tokenBalance(token0, pool.address)
      expect([held0, await tokenBalance(pool.token1, pool.address)]).toEqual([
        BigInt(pool.reserve0),
        BigInt(pool.reserve1)
      ])
    }
    // The provider passed on every token it was given.
    const provider = sandbox.accounts[POOL_PROVIDER_INDEX]!.address
    for (const token of sandbox.tokens) expect(await tokenBalance(token.address, provider)).toBe(0n)
  })
})

describe("swaps", () => {
  it("100 sUSD to SBX: reserves and balances move exactly as the formula predicts", async () => {
    const pool = poolOf("sUSD", "SBX")
    const [sUSD, SBX] = [tokenOf("sUSD"), tokenOf("SBX")]
    const amountIn = parseUnits("100", 6)
    const [r0, r1] = await reserves(pool.address)
    const predicted = quoteSwap({ amountIn, reserveIn: r0, reserveOut: r1, slippageBps: 100 })
    expect(await quote(pool.address, sUSD, amountIn)).toBe(predicted.amountOut)
    // At the pools' prices (1 sUSD = 4 SBX) 100 sUSD buys a little under 400 SBX: the fee and the impact.
    expect(predicted.amountOut).toBeLessThan(parseUnits("400", 18))
    expect(predicted.amountOut).toBeGreaterThan(parseUnits("398", 18))
    const before = [await tokenBalance(sUSD, me()), await tokenBalance(SBX, me())]

    await write(sUSD, tokenAbi, "approve", [pool.address, amountIn])
    await write(pool.address, poolAbi, "swapExactTokensForTokens", [
      sUSD,
      amountIn,
      predicted.minimumReceived,
      me(),
      deadline()
    ])

    expect(await reserves(pool.address)).toEqual([predicted.reserveInAfter, predicted.reserveOutAfter])
    expect([await tokenBalance(sUSD, me()), await tokenBalance(SBX, me())]).toEqual([
      before[0]! - amountIn,
      before[1]! + predicted.amountOut
    ])
  })

  it("1 ETH to sUSD: the pool takes the ether, the trader gets the quoted sUSD and pays only the ether and gas", async () => {
    const pool = poolOf("ETH", "sUSD")
    const sUSD = tokenOf("sUSD")
    const amountIn = parseEther("1")
    const [r0, r1] = await reserves(pool.address)
    const predicted = quoteSwap({ amountIn, reserveIn: r0, reserveOut: r1, slippageBps: 50 })
    expect(await quote(pool.address, NATIVE_ETH, amountIn)).toBe(predicted.amountOut)
    const ethBefore = await client.getBalance({ address: me() })
    const sUSDBefore = await tokenBalance(sUSD, me())

    const receipt = await write(
      pool.address,
      poolAbi,
      "swapExactETHForTokens",
      [predicted.minimumReceived, me(), deadline()],
      amountIn
    )

    expect(await reserves(pool.address)).toEqual([predicted.reserveInAfter, predicted.reserveOutAfter])
    expect(await client.getBalance({ address: pool.address })).toBe(predicted.reserveInAfter)
    expect(await tokenBalance(sUSD, me())).toBe(sUSDBefore + predicted.amountOut)
    expect(await client.getBalance({ address: me() })).toBe(
      ethBefore - amountIn - receipt.gasUsed * receipt.effectiveGasPrice
    )
  })

  it("SBX to ETH pays the ether out of the ETH/SBX pool", async () => {
    const pool = poolOf("ETH", "SBX")
    const SBX = tokenOf("SBX")
    const amountIn = parseUnits("120", 18)
    const [r0, r1] = await reserves(pool.address)
    const predicted = quoteSwap({ amountIn, reserveIn: r1, reserveOut: r0, slippageBps: 100 })
    await write(SBX, tokenAbi, "approve", [pool.address, amountIn])
    const ethBefore = await client.getBalance({ address: me() })

    const receipt = await write(pool.address, poolAbi, "swapExactTokensForETH", [
      amountIn,
      predicted.minimumReceived,
      me(),
      deadline()
    ])

    expect(await reserves(pool.address)).toEqual([predicted.reserveOutAfter, predicted.reserveInAfter])
    expect(await client.getBalance({ address: me() })).toBe(
      ethBefore + predicted.amountOut - receipt.gasUsed * receipt.effectiveGasPrice
    )
  })

  it("refuses with its reasons: a minimum above the quote, an old deadline, the wrong kind of swap", async () => {
    const pool = poolOf("ETH", "sUSD")
    const amountIn = parseEther("0.5")
    const before = await reserves(pool.address)
    const out = await quote(pool.address, NATIVE_ETH, amountIn)
    expect(
      await revertReason(pool.address, "swapExactETHForTokens", [out + 1n, me(), deadline()], amountIn)
    ).toBe("SandboxPool: insufficient output amount")
    // The quote itself is the most it can ask for.
    await client.simulateContract({
      address: pool.address,
      abi: poolAbi,
      functionName: "swapExactETHForTokens",
      args: [out, me(), deadline()],
      value: amountIn,
      account: me()
    })
    expect(await revertReason(pool.address, "swapExactETHForTokens", [0n, me(), 1n], amountIn)).toBe(
      "SandboxPool: expired"
    )
    expect(await revertReason(pool.address, "swapExactETHForTokens", [0n, me(), deadline()], 0n)).toBe(
      "SandboxPool: insufficient input amount"
    )
    expect(
      await revertReason(poolOf("sUSD", "SBX").address, "swapExactETHForTokens", [0n, me(), deadline()], 1n)
    ).toBe("SandboxPool: not an ether pool")
    expect(
      await revertReason(pool.address, "swapExactTokensForTokens", [
        tokenOf("sUSD"),
        1n,
        0n,
        me(),
        deadline()
      ])
    ).toBe("SandboxPool: an ether pool swaps with the ETH functions")
    expect(await revertReason(pool.address, "quote", [tokenOf("SBX"), 1n])).toBe(
      "SandboxPool: token not in this pool"
    )
    expect(await revertReason(pool.address, "getAmountOut", [1n, 0n, 1n])).toBe(
      "SandboxPool: insufficient liquidity"
    )
    expect(await reserves(pool.address)).toEqual(before)
  })
})

describe("poolMath", () => {
  const amount = fc.bigInt({ min: 1n, max: 2n ** 96n })
  const bps = fc.integer({ min: 0, max: 10_000 })

  it("pays out less than the output reserve, more for more in, and a minimum received no more than that", () => {
    fc.assert(
      fc.property(amount, amount, amount, amount, bps, (amountIn, more, reserveIn, reserveOut, slippage) => {
        const out = getAmountOut(amountIn, reserveIn, reserveOut)
        expect(out).toBeGreaterThanOrEqual(0n)
        expect(out).toBeLessThan(reserveOut)
        expect(getAmountOut(amountIn + more, reserveIn, reserveOut)).toBeGreaterThanOrEqual(out)
        expect(minimumReceived(out, slippage)).toBeLessThanOrEqual(out)
        expect(minimumReceived(out, slippage)).toBeGreaterThanOrEqual(
          out - (out * BigInt(slippage)) / 10_000n - 1n
        )
        const impact = priceImpactBps(amountIn, reserveIn, reserveOut)
        expect(impact).toBeGreaterThanOrEqual(1)
        expect(impact).toBeLessThanOrEqual(10_000)
      }),
      { numRuns: 1_000 }
    )
  })

  it("agrees with the contract's getAmountOut to the unit", async () => {
    const pool = sandbox.pools[0]!.address
    await fc.assert(
      fc.asyncProperty(amount, amount, amount, async (amountIn, reserveIn, reserveOut) => {
        const onChain = await client.readContract({
          address: pool,
          abi: poolAbi,
          functionName: "getAmountOut",
          args: [amountIn, reserveIn, reserveOut]
        })
        expect(onChain).toBe(getAmountOut(amountIn, reserveIn, reserveOut))
      }),
      { numRuns: 200 }
    )
  })

  it("keeps the numbers a person can check", () => {
    // 1 in against 1,000 / 1,000: 997 · 1000 / (1000 · 1000 + 997) rounded down.
    expect(getAmountOut(1n, 1_000n, 1_000n)).toBe(0n)
    expect(getAmountOut(10n, 1_000n, 1_000n)).toBe(9n)
    expect(minimumReceived(10_000n, 100)).toBe(9_900n)
    // 1 % of the input reserve after the fee moves the price about 1 %.
    expect(priceImpactBps(10_000n, 1_000_000n, 1_000_000n)).toBe(99)
    expect(() => getAmountOut(0n, 1n, 1n)).toThrow("insufficient input amount")
    expect(() => getAmountOut(1n, 0n, 1n)).toThrow("insufficient liquidity")
    expect(() => minimumReceived(1n, 10_001)).toThrow(RangeError)
  })
})
