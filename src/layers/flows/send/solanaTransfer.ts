/**
 * The Solana transactions a send makes, built with `@solana/kit`: a System transfer of SOL, or an SPL
 * `transferChecked` between the sender's and the receiver's associated token accounts, the receiver's
 * created first (idempotently) when it does not exist yet. The sender pays and signs in its wallet: here
 * it is a no-op signer, so the wire transaction leaves with an empty signature slot for the wallet to fill.
 * Loaded only with a Solana send (`solanaSend`), never with the first paint.
 */

import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import type { ReceiverProblem, SolanaTransfer } from "../../../services/Send"

/** The Token-2022 program: its `transferChecked` and associated accounts work as the legacy program's. */
export const TOKEN_2022_PROGRAM_ADDRESS = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PE4FQhNkzwKcQ8"

/** The programs a mint may belong to for a send; any other owner is not a token we can move. */
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS
])

/**
 * Bytes of an associated token account, for its rent: 165 under the legacy program, 170 under Token-2022
 * (its account-type byte and the ImmutableOwner extension). A mint whose extensions add more to its
 * accounts costs a little more rent than this counts; the wallet's preflight still refuses a send short of it.
 */
export const tokenAccountSize = (tokenProgram: string): number =>
  tokenProgram === TOKEN_2022_PROGRAM_ADDRESS ? 170 : 165

/** A recent blockhash and the last block height at which a transaction using it is accepted. */
export interface BlockhashLifetime {
  readonly blockhash: string
  readonly lastValidBlockHeight: bigint
}

/** The receiver as a Solana address (base58 of 32 bytes), or what is wrong with it. */
export const checkSolanaReceiver = (
  text: string
):
  | { readonly ok: true; readonly address: string }
  | { readonly ok: false; readonly problem: ReceiverProblem } => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, problem: "empty" }
  return isAddress(trimmed) ? { ok: true, address: trimmed } : { ok: false, problem: "solana-format" }
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export const associatedTokenAccount = async (
  owner: string,
  mint: string,
  tokenProgram: string
): Promise<string> => {
  const [account] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: address(tokenProgram)
  })
  return account
}

const instructionsOf = (transfer: SolanaTransfer): ReadonlyArray<Instruction> => {
  const sender = createNoopSigner(address(transfer.from))
  if (transfer.kind === "sol")
    return [
      getTransferSolInstruction({
        source: sender,
        destination: address(transfer.to),
        amount: transfer.lamports
      })
    ]
  const tokenProgram: Address = address(transfer.tokenProgram)
  const send = getTransferCheckedInstruction(
    {
      source: address(transfer.source),
      mint: address(transfer.mint),
      destination: address(transfer.destination),
      authority: sender,
      amount: transfer.amount,
      decimals: transfer.decimals
    },
    { programAddress: tokenProgram }
  )
  if (!transfer.createsAccount) return [send]
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: sender,
      ata: address(transfer.destination),
      owner: address(transfer.to),
      mint: address(transfer.mint),
      tokenProgram
    }),
    send
  ]
}

const compiled = (transfer: SolanaTransfer, lifetime: BlockhashLifetime) =>
  compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayer(address(transfer.from), message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: lifetime.blockhash as Blockhash,
            lastValidBlockHeight: lifetime.lastValidBlockHeight
          },
          message
        ),
      (message) => appendTransactionMessageInstructions(instructionsOf(transfer), message)
    )
  )

/** The compiled message in base64, as `getFeeForMessage` takes it. */
export const transferMessage = (transfer: SolanaTransfer, lifetime: BlockhashLifetime): string =>
  getBase64Decoder().decode(compiled(transfer, lifetime).messageBytes)

/** The unsigned wire transaction in base64, as `solana_signAndSendTransaction` takes it. */
export const transferTransaction = (transfer: SolanaTransfer, lifetime: BlockhashLifetime): string =>
  getBase64EncodedWireTransaction(compiled(transfer, lifetime))
