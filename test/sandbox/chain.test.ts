import { decodeFunctionResult, encodeFunctionData } from "viem"
import { describe, expect, it } from "vitest"
import { findAnvil } from "../../sandbox/chain/anvil.mjs"
import { sandboxAccounts, startSandboxChains } from "../../sandbox/chain/chain.mjs"
import artifact from "../../sandbox/chain/contracts/SandboxToken.json"
import { rpc } from "../../sandbox/chain/rpc.mjs"
import { SANDBOX_TOKENS, TOKEN_HOLDERS } from "../../sandbox/chain/seed.mjs"
import { chainsForFile } from "./sandboxWorld"

const abi = artifact.abi

const now = new Date()
const sandbox = chainsForFile({ now })

const call = async (token: `0x${string}`, functionName: string, args: ReadonlyArray<unknown> = []) =>
  decodeFunctionResult({
    abi,
    functionName,
    data: (await rpc(sandbox().chains[0]!.rpcUrl, "eth_call", [
      { to: token, data: encodeFunctionData({ abi, functionName, args }) },
      "latest"
    ])) as `0x${string}`
  })

const monthOf = (seconds: number) => {
  const date = new Date(seconds * 1000)
  return date.getUTCFullYear() * 12 + date.getUTCMonth()
}

describe("startSandboxChains", () => {
  it("runs chains 31337 and 31338 on loopback with the sandbox's funded accounts", async () => {
    expect(sandbox().chains.map((c) => [c.chainId, c.name])).toEqual([
      [31337, "Sandbox Chain"],
      [31338, "Sandbox Chain B"]
    ])
    for (const chain of sandbox().chains) {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(Number(await rpc(chain.rpcUrl, "eth_chainId"))).toBe(chain.chainId)
      expect(await rpc(chain.rpcUrl, "eth_accounts")).toEqual(
        sandbox().accounts.map((a) => a.address.toLowerCase())
      )
    }
    expect(sandbox().accounts[0]).toMatchObject({
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
    })
    expect(sandboxAccounts()).toEqual(sandbox().accounts)
    // Chain B is untouched: every account holds its 10,000 ether.
    expect(
      BigInt(
        (await rpc(sandbox().chains[1]!.rpcUrl, "eth_getBalance", [
          sandbox().accounts[9]!.address,
          "latest"
        ])) as string
      )
    ).toBe(10_000n * 10n ** 18n)
  })

  it("deploys a 6-decimals stablecoin and an 18-decimals token, minted to the first accounts", async () => {
    expect(sandbox().tokens.map((t) => [t.symbol, t.name, t.decimals, t.chainId])).toEqual([
      ["sUSD", "Sandbox USD", 6, 31337],
      ["SBX", "Sandbox Token", 18, 31337]
    ])
    for (const [i, token] of sandbox().tokens.entries()) {
      expect(await call(token.address, "symbol")).toBe(token.symbol)
      expect(await call(token.address, "name")).toBe(token.name)
      expect(await call(token.address, "decimals")).toBe(token.decimals)
      const minted = BigInt(SANDBOX_TOKENS[i]!.mint) * 10n ** BigInt(token.decimals)
      // The pools' liquidity was minted on top (sandbox/chain/pools.mjs).
      const pooled = sandbox().pools.reduce(
        (sum, pool) =>
          sum +
          (pool.token0 === token.address ? BigInt(pool.reserve0) : 0n) +
          (pool.token1 === token.address ? BigInt(pool.reserve1) : 0n),
        0n
      )
      expect(await call(token.address, "totalSupply")).toBe(minted * BigInt(TOKEN_HOLDERS) + pooled)
      // Account 9 never holds tokens.
      expect(await call(token.address, "balanceOf", [sandbox().accounts[9]!.address])).toBe(0n)
    }
    // 10,000 sUSD minted, -125.5 -42 sent, +1,250 received.
    expect(await call(sandbox().tokens[0]!.address, "balanceOf", [sandbox().accounts[0]!.address])).toBe(
      11_082_500_000n
    )
  })

  it("leaves transfers of ether and both tokens in the two months before this one, then returns to now", async () => {
    const thisMonth = monthOf(now.getTime() / 1000)
    const months = new Set(sandbox().history.map((t) => thisMonth - monthOf(t.timestamp)))
    expect([...months].sort()).toEqual([1, 2])
    expect(new Set(sandbox().history.map((t) => t.asset))).toEqual(new Set(["ETH", "sUSD", "SBX"]))
    for (const transfer of sandbox().history) {
      const tx = (await rpc(sandbox().chains[0]!.rpcUrl, "eth_getTransactionByHash", [transfer.hash])) as {
        blockNumber: string
      }
      const block = (await rpc(sandbox().chains[0]!.rpcUrl, "eth_getBlockByNumber", [
        tx.blockNumber,
        false
      ])) as {
        timestamp: string
      }
      expect(Number(block.timestamp)).toBe(transfer.timestamp)
    }
    const latest = (await rpc(sandbox().chains[0]!.rpcUrl, "eth_getBlockByNumber", ["latest", false])) as {
      timestamp: string
    }
    expect(Math.abs(Number(latest.timestamp) - now.getTime() / 1000)).toBeLessThan(120)
  })

  it("stop() ends both nodes and resolves once they have exited", async () => {
    const own = await startSandboxChains()
    await own.stop()
    for (const chain of own.chains) {
      await expect(rpc(chain.rpcUrl, "eth_chainId")).rejects.toThrow()
    }
    await own.stop()
  }, 30_000)
})

describe("findAnvil", () => {
  it("explains what to do when AIRLOCK_ANVIL is not an executable", () => {
    const saved = process.env.AIRLOCK_ANVIL
    process.env.AIRLOCK_ANVIL = "/nonexistent/anvil"
    try {
      expect(() => findAnvil()).toThrow("AIRLOCK_ANVIL=/nonexistent/anvil is not an executable file")
    } finally {
      if (saved === undefined) delete process.env.AIRLOCK_ANVIL
      else process.env.AIRLOCK_ANVIL = saved
    }
    expect(findAnvil()).toMatch(/anvil$/)
  })
})
