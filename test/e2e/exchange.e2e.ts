import { readFileSync } from "node:fs"
import { type Abi, createPublicClient, http } from "viem"
import { describe, expect, inject, it } from "vitest"

/**
 * The sandbox exchange the swap tests run against (issue 15): the pools the demo's chain was started with,
 * as the browser tests receive them, are on chain with their tokens, and their constant product has not
 * fallen below the one they started with (a swap's fee only raises it, whichever test swapped first).
 */

const sandbox = inject("sandbox")
const { abi } = JSON.parse(
  readFileSync(new URL("../../sandbox/chain/contracts/SandboxPool.json", import.meta.url), "utf8")
) as { abi: Abi }

describe("the sandbox exchange (issue 15)", () => {
  it("ETH/sUSD, ETH/SBX and sUSD/SBX on the first chain, with their tokens and their liquidity", async () => {
    const [chainA] = sandbox.chains
    expect(sandbox.pools.map((pool) => `${pool.symbol0}/${pool.symbol1}`).sort()).toEqual([
      "ETH/SBX",
      "ETH/sUSD",
      "sUSD/SBX"
    ])
    const chain = createPublicClient({ transport: http(chainA!.rpcUrl) })
    for (const pool of sandbox.pools) {
      expect(pool.chainId).toBe(chainA!.chainId)
      const read = (functionName: string) => chain.readContract({ address: pool.address, abi, functionName })
      expect([await read("token0"), await read("token1")]).toEqual([pool.token0, pool.token1])
      const [reserve0, reserve1] = (await read("getReserves")) as readonly [bigint, bigint]
      expect(reserve0 * reserve1 >= BigInt(pool.reserve0) * BigInt(pool.reserve1)).toBe(true)
    }
  })
})
