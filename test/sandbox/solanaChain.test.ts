import {
  appendTransactionMessageInstructions,
  type Base64EncodedWireTransaction,
  compileTransactionMessage,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import * as Result from "effect/Result"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID, PRICES, type SandboxApi, startSandboxApi } from "../../sandbox/api/api.mjs"
import { type SandboxSolana, startSandboxSolana } from "../../sandbox/solana/chain.mjs"
import { decodeBalanceResponse } from "../../src/schemas/Balance"
import { decodeHistoryResponse } from "../../src/schemas/Transaction"

/** The sandbox's local Solana chain (sandbox/solana/chain.mjs): litesvm behind Solana's JSON-RPC. */

let solana: SandboxSolana
let api: SandboxApi
let signers: KeyPairSigner[]
const now = new Date()
const SOL = 1_000_000_000n
const TOKEN = 1_000_000n

beforeAll(async () => {
  solana = await startSandboxSolana({ now })
  signers = await Promise.all(solana.accounts.map((a) => createKeyPairSignerFromPrivateKeyBytes(a.seed)))
  // The API needs an EVM chain; nothing here asks it anything, so no anvil runs.
  api = await startSandboxApi({ chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }], solana, now })
}, 30_000)
afterAll(async () => {
  await api?.close()
  await solana?.stop()
})

/** A JSON-RPC answer, read field by field in the assertions. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the wire shapes field by field
type Json = any
interface RpcAnswer {
  readonly jsonrpc: "2.0"
  readonly id: number | null
  readonly result?: Json
  readonly error?: { readonly code: number; readonly message: string; readonly data?: Json }
}
let nextId = 0
const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(solana.rpcUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body })
const call = async (method: string, params: unknown[] = []): Promise<RpcAnswer> => {
  const response = await post(JSON.stringify({ jsonrpc: "2.0", id: ++nextId, method, params }))
  expect(response.status).toBe(200)
  return (await response.json()) as RpcAnswer
}
const result = async (method: string, params: unknown[] = []) => {
  const answer = await call(method, params)
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}
const address = (i: number) => solana.accounts[i]!.address
const lamportsOf = async (who: string) => BigInt((await result("getBalance", [who])).value)
const tokensOf = async (owner: string) => {
  const { value } = await result("getTokenAccountsByOwner", [
    owner,
    { mint: solana.mint.address },
    { encoding: "jsonParsed" }
  ])
  return value.reduce(
    (sum: bigint, entry: Json) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount),
    0n
  )
}
const latest = async () => {
  const { value } = await result("getLatestBlockhash")
  return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
}
const message = async (payer: KeyPairSigner, instructions: Instruction[]) => {
  const lifetime = await latest()
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  )
}
/** `getFeeForMessage` for a message, as a wallet asks it. */
const feeFor = async (msg: Awaited<ReturnType<typeof message>>) => {
  const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(msg))
  const { value } = await result("getFeeForMessage", [getBase64Decoder().decode(bytes)])
  return BigInt(value)
}
const signed = async (msg: Awaited<ReturnType<typeof message>>) => signTransactionMessageWithSigners(msg)
const ataOf = async (owner: string) =>
  (
    await findAssociatedTokenPda({
      owner: owner as never,
      mint: solana.mint.address as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS
    })
  )[0]
const right = <A, E>(either: Result.Result<A, E>): A => {
  if (Result.isFailure(either)) throw new Error(`decode failed: ${String(either.failure)}`)
  return either.success
}

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

describe("transactions", () => {
  it("lands a SOL transfer signed with @solana/kit: confirmed, amount plus fee moved", async () => {
    const amount = 1_234_567_890n
    const msg = await message(signers[3]!, [
      getTransferSolInstruction({ source: signers[3]!, destination: address(4) as never, amount })
    ])
    const fee = await feeFor(msg)
    expect(fee).toBe(5_000n)
    const [from, to, slot] = [
      await lamportsOf(address(3)),
      await lamportsOf(address(4)),
      await result("getSlot")
    ]
    const tx = await signed(msg)
    const signature = await result("sendTransaction", [
      getBase64EncodedWireTransaction(tx),
      { encoding: "base64" }
    ])
    expect(signature).toBe(getSignatureFromTransaction(tx))
    const statuses = await result("getSignatureStatuses", [[signature, "1".repeat(88)]])
    expect(statuses.value[0]).toMatchObject({ err: null, status: { Ok: null }, slot })
    expect(["confirmed", "finalized"]).toContain(statuses.value[0].confirmationStatus)
    expect(statuses.value[1]).toBeNull()
    expect(await lamportsOf(address(3))).toBe(from - amount - fee)
    expect(await lamportsOf(address(4))).toBe(to + amount)
    // The block clock moved on; the old blockhash stays valid for a while, as on Solana.
    expect(await result("getSlot")).toBe(slot + 1)
    expect((await result("isBlockhashValid", [msg.lifetimeConstraint.blockhash])).value).toBe(true)
    expect((await result("isBlockhashValid", ["4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY"])).value).toBe(
      false
    )

    const landed = await result("getTransaction", [
      signature,
      { encoding: "json", maxSupportedTransactionVersion: 0 }
    ])
    expect(landed).toMatchObject({ slot, version: 0, meta: { err: null, fee: 5000 } })
    expect(landed.blockTime).toBeGreaterThanOrEqual(Math.floor(now.getTime() / 1000))
    expect(landed.transaction.signatures).toEqual([signature])
    expect(landed.transaction.message.accountKeys.slice(0, 2)).toEqual([address(3), address(4)])
    expect(landed.meta.preBalances[0] - landed.meta.postBalances[0]).toBe(Number(amount + fee))
    expect(landed.meta.logMessages).toContain("Program 11111111111111111111111111111111 success")
    // Version 0 needs maxSupportedTransactionVersion, as on Solana.
    expect((await call("getTransaction", [signature, { encoding: "json" }])).error?.code).toBe(-32015)
    const [newest] = await result("getSignaturesForAddress", [address(4), { limit: 1 }])
    expect(newest.signature).toBe(signature)
  })

  it("takes base58 wire transactions too, and refuses to land one twice", async () => {
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({ source: signers[5]!, destination: address(4) as never, amount: 1_000n })
    ])
    const wire = getBase58Decoder().decode(getTransactionEncoder().encode(await signed(msg)))
    const signature = await result("sendTransaction", [wire])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    const again = await call("sendTransaction", [wire])
    expect(again.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: This transaction has already been processed",
      data: { err: "AlreadyProcessed" }
    })
  })

  it("lands an SPL transfer into a new associated token account", async () => {
    const amount = 12_500_000n
    const destination = await ataOf(address(3))
    const msg = await message(signers[1]!, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signers[1]!,
        ata: destination,
        owner: address(3) as never,
        mint: solana.mint.address as never
      }),
      getTransferCheckedInstruction({
        source: await ataOf(address(1)),
        mint: solana.mint.address as never,
        destination,
        authority: signers[1]!,
        amount,
        decimals: 6
      })
    ])
    const fee = await feeFor(msg)
    const rent = BigInt(await result("getMinimumBalanceForRentExemption", [165]))
    const [sol, from, to] = [
      await lamportsOf(address(1)),
      await tokensOf(address(1)),
      await tokensOf(address(3))
    ]
    const signature = await result("sendTransaction", [
      getBase64EncodedWireTransaction(await signed(msg)),
      { encoding: "base64", preflightCommitment: "confirmed" }
    ])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    expect(await tokensOf(address(1))).toBe(from - amount)
    expect(await tokensOf(address(3))).toBe(to + amount)
    expect(await lamportsOf(address(3))).toBe(100n * SOL - 1_234_567_890n - 5_000n)
    expect(await lamportsOf(address(1))).toBe(sol - fee - rent)
    const { value } = await result("getTokenAccountsByOwner", [
      address(3),
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: "jsonParsed" }
    ])
    expect(value).toEqual([
      {
        pubkey: destination,
        account: expect.objectContaining({
          owner: TOKEN_PROGRAM_ADDRESS,
          lamports: Number(rent),
          data: {
            program: "spl-token",
            parsed: {
              type: "account",
              info: {
                isNative: false,
                mint: solana.mint.address,
                owner: address(3),
                state: "initialized",
                tokenAmount: { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" }
              }
            },
            space: 165
          }
        })
      }
    ])
    const landed = await result("getTransaction", [signature, { maxSupportedTransactionVersion: 0 }])
    expect(landed.meta.postTokenBalances).toContainEqual({
      accountIndex: expect.any(Number),
      mint: solana.mint.address,
      owner: address(3),
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: { amount: "12500000", decimals: 6, uiAmount: 12.5, uiAmountString: "12.5" }
    })
  })

  it("refuses a tampered signature with Solana's error and lands nothing", async () => {
    const before = await lamportsOf(address(5))
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({ source: signers[5]!, destination: address(2) as never, amount: 7n * SOL })
    ])
    const bytes = Uint8Array.from(getTransactionEncoder().encode(await signed(msg)))
    bytes[10] = (bytes[10]! ^ 0xff) & 0xff // inside the first signature
    const wire = getBase64Decoder().decode(bytes)
    const answer = await call("sendTransaction", [wire, { encoding: "base64" }])
    expect(answer.error).toEqual({ code: -32003, message: "Transaction signature verification failure" })
    const signature = getBase58Decoder().decode(bytes.slice(1, 65))
    expect((await result("getSignatureStatuses", [[signature]])).value).toEqual([null])
    expect(await lamportsOf(address(5))).toBe(before)
  })

  it("answers a failing transaction with the -32002 preflight failure, logs included", async () => {
    const before = await lamportsOf(address(5))
    const msg = await message(signers[5]!, [
      getTransferSolInstruction({
        source: signers[5]!,
        destination: address(2) as never,
        amount: 10_000n * SOL
      })
    ])
    const answer = await call("sendTransaction", [
      getBase64EncodedWireTransaction(await signed(msg)),
      { encoding: "base64" }
    ])
    expect(answer.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
      data: {
        err: { InstructionError: [0, { Custom: 1 }] },
        logs: expect.arrayContaining([expect.stringMatching(/insufficient lamports/)]),
        accounts: null,
        unitsConsumed: expect.any(Number)
      }
    })
    expect(await lamportsOf(address(5))).toBe(before)
    // A malformed transaction is an invalid param.
    expect((await call("sendTransaction", ["AAAA", { encoding: "base64" }])).error?.code).toBe(-32602)
  })

  it("simulates without landing and reports the logs", async () => {
    const before = await lamportsOf(address(4))
    const msg = await message(signers[4]!, [
      getTransferSolInstruction({ source: signers[4]!, destination: address(5) as never, amount: 3n * SOL })
    ])
    const tx = await signed(msg)
    const slot = await result("getSlot")
    const { context, value } = await result("simulateTransaction", [
      getBase64EncodedWireTransaction(tx),
      { encoding: "base64", accounts: { addresses: [address(5)], encoding: "base64" } }
    ])
    expect(context.slot).toBe(slot)
    expect(value).toMatchObject({
      err: null,
      logs: [
        "Program 11111111111111111111111111111111 invoke [1]",
        "Program 11111111111111111111111111111111 success"
      ],
      unitsConsumed: expect.any(Number),
      replacementBlockhash: null
    })
    expect(BigInt(value.accounts[0].lamports)).toBe((await lamportsOf(address(5))) + 3n * SOL)
    expect(await lamportsOf(address(4))).toBe(before)
    expect(await result("getSlot")).toBe(slot)
    expect((await result("getSignatureStatuses", [[getSignatureFromTransaction(tx)]])).value).toEqual([null])
    // Unsigned, with the blockhash replaced: as @solana/kit estimates compute units.
    const unsigned = getBase64Decoder().decode(
      getTransactionEncoder().encode({ ...tx, signatures: { [address(4)]: null } } as never)
    )
    const estimate = await result("simulateTransaction", [
      unsigned as Base64EncodedWireTransaction,
      { encoding: "base64", replaceRecentBlockhash: true, sigVerify: false }
    ])
    expect(estimate.value.err).toBeNull()
    expect(estimate.value.replacementBlockhash).toEqual({
      blockhash: expect.any(String),
      lastValidBlockHeight: expect.any(Number)
    })
  })

  it("airdrops from its faucet", async () => {
    const before = await lamportsOf(address(5))
    const signature = await result("requestAirdrop", [address(5), 2_000_000_000])
    expect((await result("getSignatureStatuses", [[signature]])).value[0].err).toBeNull()
    expect(await lamportsOf(address(5))).toBe(before + 2n * SOL)
    expect((await call("requestAirdrop", [address(5), 10 ** 16])).error?.code).toBe(-32602)
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

describe("the provider API on solana:localnet", () => {
  const apiGet = async (path: string, params: Record<string, string> = {}) => {
    const response = await fetch(
      `${api.url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, ...params })}`
    )
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as unknown
  }

  it("lists the chain among the supported ones", async () => {
    expect(await apiGet("/v1/supported-chains")).toEqual({
      http: ["eip155:31337", "solana:localnet"],
      ws: []
    })
  })

  it("answers balances from the chain, decoded by the app's decoder", async () => {
    const raw = await apiGet(`/v1/account/${address(2)}/balance`, {
      chainId: "solana:localnet",
      currency: "usd"
    })
    const { balances, dropped } = right(decodeBalanceResponse(raw))
    expect(dropped).toBe(0)
    const lamports = await lamportsOf(address(2))
    expect(balances).toEqual([
      expect.objectContaining({
        name: "Solana",
        symbol: "SOL",
        chainId: "solana:localnet",
        price: PRICES.SOL,
        quantity: { decimals: "9", numeric: (Number(lamports) / 1e9).toString() }
      }),
      expect.objectContaining({
        name: "Sandbox SPL",
        symbol: "sSPL",
        chainId: "solana:localnet",
        address: `solana:localnet:${solana.mint.address}`,
        price: 1,
        value: Number(await tokensOf(address(2))) / 1e6,
        quantity: { decimals: "6", numeric: (Number(await tokensOf(address(2))) / 1e6).toString() }
      })
    ])
    expect(balances[0]!.address).toBeUndefined()
    expect(balances[1]!.iconUrl).toBeDefined()
    const icon = await fetch(balances[1]!.iconUrl!)
    expect(icon.status).toBe(200)
    // Mainnet stays the fixture.
    const mainnet = await apiGet(`/v1/account/${address(2)}/balance`, {
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
    })
    expect(right(decodeBalanceResponse(mainnet)).balances.map((b) => b.symbol)).toEqual(["SOL", "USDC"])
  })

  it("answers history from the chain, decoded by the app's decoder", async () => {
    const raw = await apiGet(`/v1/account/${address(0)}/history`, { chainId: "solana:localnet" })
    const { data, next, dropped } = right(decodeHistoryResponse(raw))
    expect(dropped).toBe(0)
    expect(next).toBeUndefined()
    const seeded = solana.history.filter((t) => t.from === address(0) || t.to === address(0)).reverse()
    expect(data.map((tx) => tx.metadata.hash)).toEqual(seeded.map((t) => t.signature))
    const [tokenSend, solReceive, mintReceive] = data
    expect(tokenSend!.metadata).toMatchObject({
      operationType: "send",
      status: "confirmed",
      chain: "solana:localnet",
      sentFrom: address(0),
      sentTo: address(2),
      minedAt: new Date(seeded[0]!.blockTime * 1000).toISOString()
    })
    expect(tokenSend!.transfers).toEqual([
      expect.objectContaining({
        direction: "out",
        quantity: { numeric: "25" },
        fungible_info: expect.objectContaining({ symbol: "sSPL", name: "Sandbox SPL" })
      })
    ])
    expect(solReceive!.metadata).toMatchObject({
      operationType: "receive",
      sentFrom: address(1),
      sentTo: address(0)
    })
    expect(solReceive!.transfers).toEqual([
      expect.objectContaining({ direction: "in", quantity: { numeric: "2.5" }, price: PRICES.SOL })
    ])
    expect(mintReceive!.metadata.operationType).toBe("receive")
    expect(mintReceive!.transfers[0]).toMatchObject({ direction: "in", quantity: { numeric: "1000" } })
    // Without a chain filter the same; other Solana clusters have none.
    const all = right(decodeHistoryResponse(await apiGet(`/v1/account/${address(0)}/history`)))
    expect(all.data.length).toBe(data.length)
    const devnet = await apiGet(`/v1/account/${address(0)}/history`, {
      chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
    })
    expect(devnet).toEqual({ data: [], next: null })
  })

  it("pages the history with a cursor", async () => {
    const small = await startSandboxApi({
      chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:9" }],
      solana,
      now,
      historyPageSize: 2
    })
    try {
      const page = async (cursor?: string) => {
        const query = new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, chainId: "solana:localnet" })
        if (cursor !== undefined) query.set("cursor", cursor)
        return right(
          decodeHistoryResponse(
            await (await fetch(`${small.url}/v1/account/${address(0)}/history?${query}`)).json()
          )
        )
      }
      const first = await page()
      expect(first.data).toHaveLength(2)
      const second = await page(first.next)
      expect(second.next).toBeUndefined()
      expect([...first.data, ...second.data].map((tx) => tx.metadata.hash)).toEqual(
        solana.history
          .filter((t) => t.from === address(0) || t.to === address(0))
          .map((t) => t.signature)
          .reverse()
      )
    } finally {
      await small.close()
    }
  })

  it("proxies the chain's RPC, without airdrops", async () => {
    const proxy = (body: unknown) =>
      fetch(
        `${api.url}/v1/?${new URLSearchParams({ chainId: "solana:localnet", projectId: DEFAULT_PROJECT_ID })}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body)
        }
      ).then((r) => r.json() as Promise<Json>)
    const balance = await proxy({ jsonrpc: "2.0", id: 1, method: "getBalance", params: [address(2)] })
    expect(balance.result.value).toBe(Number(await lamportsOf(address(2))))
    const airdrop = await proxy({ jsonrpc: "2.0", id: 2, method: "requestAirdrop", params: [address(2), 1] })
    expect(airdrop.error.code).toBe(-32601)
    const batch = await proxy([
      { jsonrpc: "2.0", id: 1, method: "getSlot" },
      { jsonrpc: "2.0", id: 2, method: "requestAirdrop", params: [address(2), 1] },
      { jsonrpc: "2.0", id: 3, method: "getLatestBlockhash" }
    ])
    expect(batch.map((a: RpcAnswer) => [a.id, a.error?.code])).toEqual([
      [1, undefined],
      [2, -32601],
      [3, undefined]
    ])
    // A transaction sent through the proxy lands.
    const msg = await message(signers[2]!, [
      getTransferSolInstruction({ source: signers[2]!, destination: address(5) as never, amount: 42n })
    ])
    const sent = await proxy({
      jsonrpc: "2.0",
      id: 4,
      method: "sendTransaction",
      params: [getBase64EncodedWireTransaction(await signed(msg)), { encoding: "base64" }]
    })
    expect((await result("getSignatureStatuses", [[sent.result]])).value[0].err).toBeNull()
  })
})
