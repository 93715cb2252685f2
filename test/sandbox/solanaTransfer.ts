/**
 * SOL and sSPL transfers built with @solana/kit as a dapp builds them (unsigned wire transactions), and the
 * few JSON-RPC calls the tests make to the sandbox's local Solana chain: the Sandbox WalletConnect Wallet's
 * unit tests and its browser test share them.
 */
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"

export interface Lifetime {
  readonly blockhash: string
  readonly lastValidBlockHeight: number
}

/** A blockhash no chain knows, for transactions that are only decoded and signed. */
export const OFFLINE_LIFETIME: Lifetime = {
  blockhash: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zqqqqqqqqqqqq",
  lastValidBlockHeight: 150
}

/** A compiled, unsigned transaction of `instructions`, `feePayer` paying. */
export const compile = (
  feePayer: string,
  instructions: ReadonlyArray<Instruction>,
  lifetime: Lifetime,
  version: "legacy" | 0 = 0
): Transaction =>
  compileTransaction(
    pipe(
      createTransactionMessage({ version }),
      (m) => setTransactionMessageFeePayer(address(feePayer), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: lifetime.blockhash as Blockhash,
            lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight)
          },
          m
        ),
      (m) => appendTransactionMessageInstructions(instructions, m)
    )
  )

/** `lamports` from `from` to `to`; `from` signs the transfer. */
export const solTransfer = (from: string, to: string, lamports: bigint) =>
  getTransferSolInstruction({
    source: createNoopSigner(address(from)),
    destination: address(to),
    amount: lamports
  })

/** `amount` base units of `mint` (Token program) between the two owners' associated token accounts. */
export const tokenTransfer = async (
  mint: { readonly address: string; readonly decimals: number },
  from: string,
  to: string,
  amount: bigint
) => {
  const ata = async (owner: string) =>
    (
      await findAssociatedTokenPda({
        owner: address(owner),
        mint: address(mint.address),
        tokenProgram: TOKEN_PROGRAM_ADDRESS
      })
    )[0]
  const [source, destination] = [await ata(from), await ata(to)]
  return {
    source,
    destination,
    instruction: getTransferCheckedInstruction({
      source,
      mint: address(mint.address),
      destination,
      authority: createNoopSigner(address(from)),
      amount,
      decimals: mint.decimals
    })
  }
}

/** The wire bytes of a (partly) signed or unsigned transaction. */
export const wireBytes = (transaction: Transaction): Uint8Array =>
  Uint8Array.from(getTransactionEncoder().encode(transaction))

/** One JSON-RPC call; a JSON-RPC error is thrown as its JSON. */
export const solanaRpc = async <T>(
  rpcUrl: string,
  method: string,
  params: ReadonlyArray<unknown> = []
): Promise<T> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error !== undefined) throw new Error(JSON.stringify(body.error))
  return body.result as T
}

export const latestLifetime = async (rpcUrl: string): Promise<Lifetime> =>
  (await solanaRpc<{ value: Lifetime }>(rpcUrl, "getLatestBlockhash")).value

export const lamportsOf = async (rpcUrl: string, owner: string) =>
  BigInt((await solanaRpc<{ value: number }>(rpcUrl, "getBalance", [owner])).value)

export const tokensOf = async (rpcUrl: string, tokenAccount: string) =>
  BigInt(
    (await solanaRpc<{ value: { amount: string } }>(rpcUrl, "getTokenAccountBalance", [tokenAccount])).value
      .amount
  )
