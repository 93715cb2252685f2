/**
 * The world of the sandbox's local Solana chain's tests (solanaChainState, solanaChainTransactions and
 * solanaChainApi .test.ts): importing this starts the chain (sandbox/solana/chain.mjs) once for the file
 * and stops it after; its dev accounts' signers, and readers of its JSON-RPC.
 */
import {
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { afterAll, beforeAll, expect } from "vitest"
import { type SandboxSolana, startSandboxSolana } from "../../sandbox/solana/chain.mjs"

export let solana: SandboxSolana
export let signers: KeyPairSigner[]
export const now = new Date()
export const SOL = 1_000_000_000n
export const TOKEN = 1_000_000n

beforeAll(async () => {
  solana = await startSandboxSolana({ now })
  signers = await Promise.all(solana.accounts.map((a) => createKeyPairSignerFromPrivateKeyBytes(a.seed)))
}, 30_000)
afterAll(async () => {
  await solana?.stop()
})

/** A JSON-RPC answer, read field by field in the assertions. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the wire shapes field by field
export type Json = any
export interface RpcAnswer {
  readonly jsonrpc: "2.0"
  readonly id: number | null
  readonly result?: Json
  readonly error?: { readonly code: number; readonly message: string; readonly data?: Json }
}
export let nextId = 0
export const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(solana.rpcUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body })
export const call = async (method: string, params: unknown[] = []): Promise<RpcAnswer> => {
  const response = await post(JSON.stringify({ jsonrpc: "2.0", id: ++nextId, method, params }))
  expect(response.status).toBe(200)
  return (await response.json()) as RpcAnswer
}
export const result = async (method: string, params: unknown[] = []) => {
  const answer = await call(method, params)
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}
export const address = (i: number) => solana.accounts[i]!.address
export const lamportsOf = async (who: string) => BigInt((await result("getBalance", [who])).value)
export const tokensOf = async (owner: string) => {
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
export const latest = async () => {
  const { value } = await result("getLatestBlockhash")
  return { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
}
export const message = async (payer: KeyPairSigner, instructions: Instruction[]) => {
  const lifetime = await latest()
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  )
}
export const signed = async (msg: Awaited<ReturnType<typeof message>>) =>
  signTransactionMessageWithSigners(msg)
export const ataOf = async (owner: string) =>
  (
    await findAssociatedTokenPda({
      owner: owner as never,
      mint: solana.mint.address as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS
    })
  )[0]
