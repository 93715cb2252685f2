/** The sandbox's local Solana chain (sandbox/solana/chain.mjs): its seeded state, and its JSON-RPC server. */
import { createSolanaRpc } from "@solana/kit"
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { describe, expect, it } from "vitest"
import {
  address,
  ataOf,
  call,
  lamportsOf,
  nextId,
  now,
  post,
  type RpcAnswer,
  result,
  SOL,
  solana,
  TOKEN,
  tokensOf
} from "./solanaChainWorld"

describe("seeded state", () => {
  it("funds the dev accounts and answers in Solana's wrapped shape", async () => {
    const answer = await call("getBalance", [address(2)])
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id: nextId,
      result: {
        context: { slot: expect.any(Number), apiVersion: expect.any(String) },
        value: 100_000_000_000
      }
    })
    // Account 1 sent 2.5 SOL to account 0, which then paid the fee of a token transfer to account 2.
    expect(await lamportsOf(address(0))).toBe(100n * SOL + (5n * SOL) / 2n - 5_000n)
    expect(await lamportsOf(address(1))).toBe(100n * SOL - (5n * SOL) / 2n - 5_000n)
    for (const i of [3, 4, 5]) expect(await lamportsOf(address(i))).toBe(100n * SOL)
  })

  it("mints Sandbox SPL (6 decimals) to accounts 0-2 and records the history", async () => {
    expect(solana.mint).toMatchObject({ name: "Sandbox SPL", symbol: "sSPL", decimals: 6 })
    expect(await tokensOf(address(0))).toBe(975n * TOKEN)
    expect(await tokensOf(address(1))).toBe(1_000n * TOKEN)
    expect(await tokensOf(address(2))).toBe(1_025n * TOKEN)
    expect(await tokensOf(address(3))).toBe(0n)
    const mint = await result("getAccountInfo", [solana.mint.address, { encoding: "jsonParsed" }])
    expect(mint.value.data).toEqual({
      program: "spl-token",
      parsed: {
        type: "mint",
        info: {
          decimals: 6,
          freezeAuthority: null,
          isInitialized: true,
          mintAuthority: solana.mint.authority,
          supply: String(3_000n * TOKEN)
        }
      },
      space: 82
    })
    expect(mint.value.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    // The associated token account, by getTokenAccountBalance.
    const balance = await result("getTokenAccountBalance", [await ataOf(address(1))])
    expect(balance.value).toEqual({
      amount: "1000000000",
      decimals: 6,
      uiAmount: 1000,
      uiAmountString: "1000"
    })

    const past = Math.floor(now.getTime() / 1000)
    const mine = solana.history.filter((t) => t.from === address(0) || t.to === address(0))
    expect(mine.map((t) => t.asset)).toEqual(["sSPL", "SOL", "sSPL"])
    for (const transfer of solana.history) expect(transfer.blockTime).toBeLessThan(past)
    const signatures = await result("getSignaturesForAddress", [address(0)])
    expect(signatures.map((s: { signature: string }) => s.signature)).toEqual(
      mine.map((t) => t.signature).reverse()
    )
    expect(signatures[0]).toMatchObject({ err: null, memo: null, confirmationStatus: "finalized" })
  })

  it("serves @solana/kit's own RPC client", async () => {
    const rpc = createSolanaRpc(solana.rpcUrl)
    const { value } = await rpc.getBalance(address(3) as never).send()
    expect(value).toBe(100n * SOL)
    const { value: hash } = await rpc.getLatestBlockhash().send()
    expect(typeof hash.blockhash).toBe("string")
    expect((await rpc.isBlockhashValid(hash.blockhash).send()).value).toBe(true)
    const info = await rpc.getAccountInfo(address(3) as never, { encoding: "base64" }).send()
    expect(info.value).toMatchObject({
      data: ["", "base64"],
      owner: "11111111111111111111111111111111",
      space: 0n
    })
    expect(await rpc.getHealth().send()).toBe("ok")
    expect(typeof (await rpc.getGenesisHash().send())).toBe("string")
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBe(await rpc.getSlot().send())
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
  })
})

describe("JSON-RPC server", () => {
  it("answers batches in order", async () => {
    const response = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "getHealth" },
        { jsonrpc: "2.0", id: "two", method: "getBalance", params: [address(2)] },
        { jsonrpc: "2.0", id: 3, method: "nope" },
        { id: 4 }
      ])
    )
    const answers = (await response.json()) as RpcAnswer[]
    expect(answers.map((a) => a.id)).toEqual([1, "two", 3, 4])
    expect(answers[0]!.result).toBe("ok")
    expect(answers[1]!.result.value).toBeGreaterThan(0)
    expect(answers[2]!.error).toEqual({ code: -32601, message: "Method not found" })
    expect(answers[3]!.error?.code).toBe(-32600)
  })

  it("refuses unknown methods, bad JSON, bad params and oversized bodies", async () => {
    expect((await call("eth_chainId")).error).toEqual({ code: -32601, message: "Method not found" })
    expect((await (await post("{nope")).json()).error.code).toBe(-32700)
    expect((await call("getBalance", ["not-an-address"])).error?.code).toBe(-32602)
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getHealth",
      params: ["x".repeat(60 * 1024)]
    })
    const response = await post(big)
    expect(response.status).toBe(413)
  })

  it("allows loopback origins only (CORS)", async () => {
    const response = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getSlot" }), {
      origin: "http://localhost:5173"
    })
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    const foreign = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getSlot" }), {
      origin: "https://evil.example"
    })
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    const preflight = await fetch(solana.rpcUrl, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:4000", "access-control-request-method": "POST" }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-headers")).toContain("content-type")
  })
})
