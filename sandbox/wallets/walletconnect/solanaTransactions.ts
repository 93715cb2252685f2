/**
 * The wallet's Solana transactions, per the WalletConnect Solana RPC: `solana_signTransaction` (→
 * `{ signature, transaction }`), `solana_signAllTransactions` (→ `{ transactions }`) and
 * `solana_signAndSendTransaction` (→ `{ signature }`, sent to the local chain). Transactions travel as wire
 * transactions in base64, or base58 from older dapps; answers are base64, signatures base58. Each one is
 * decoded and described before the visitor sees it (the Sandbox Solana Wallet's describe.ts), and signed with
 * the sandbox key only when it asks the wallet's account to sign. Free of DOM code.
 */
import { base58, base64 } from "@scure/base"
import { getCompiledTransactionMessageDecoder, type Transaction } from "@solana/kit"
import type { SandboxSolanaConfig } from "../../shared/config"
import { SANDBOX_SOLANA_LOCALNET, SANDBOX_SOLANA_SEED, sandboxSolanaAddress } from "../../shared/solana"
import {
  decodeWireTransaction,
  describeTransaction,
  type KnownMint,
  transactionDetails
} from "../solana/describe"
import { createSolanaRpc, signTransactionAs } from "../solana/transactions"
import type { Prepared, Preview } from "./evm"
import { ErrorCode, invalidParams, isRecord, unauthorized, unsupportedChain, WalletRpcError } from "./rpc"

/** Solana's packet limit: no wire transaction is longer. */
export const MAX_TRANSACTION_BYTES = 1232

/** At most this many transactions in one `solana_signAllTransactions`, so that one card stays readable. */
export const MAX_BATCH = 20

const COMMITMENTS = ["processed", "confirmed", "finalized"] as const
type Commitment = (typeof COMMITMENTS)[number]

/** What `solana_signAndSendTransaction` may ask of the send (`sendOptions`, or this SDK's `options`). */
export interface SolanaSendOptions {
  readonly skipPreflight?: boolean
  readonly preflightCommitment?: Commitment
  readonly maxRetries?: number
  readonly minContextSlot?: number
  /** Wallet-standard's: the wallet waits until the transaction reaches it. */
  readonly commitment?: Commitment
}

/** The bytes as one whole wire transaction: a message decoder that stops short means trailing bytes. */
const decodeWhole = (bytes: Uint8Array): Transaction => {
  const transaction = decodeWireTransaction(bytes)
  const [, end] = getCompiledTransactionMessageDecoder().read(transaction.messageBytes, 0)
  if (end !== transaction.messageBytes.length) {
    throw new Error(`${transaction.messageBytes.length - end} bytes after the message`)
  }
  return transaction
}

/**
 * A dapp's serialised transaction: base64 first (the RPC's encoding), then base58. A string in one alphabet
 * hardly ever decodes to a well-formed transaction in the other, so the first that does wins.
 */
export const decodeTransactionString = (value: unknown, what: string): Transaction => {
  const expected = `Expected ${what} as a base64 (or base58) wire transaction`
  // base58 takes about 1.37 characters a byte, base64 1.34.
  if (typeof value !== "string" || value === "" || value.length > 2 * MAX_TRANSACTION_BYTES) {
    throw invalidParams(expected)
  }
  let problem: string | undefined
  for (const codec of [base64, base58]) {
    let bytes: Uint8Array
    try {
      bytes = codec.decode(value)
    } catch {
      continue
    }
    if (bytes.length > MAX_TRANSACTION_BYTES) {
      problem ??= `${bytes.length} bytes, more than Solana's ${MAX_TRANSACTION_BYTES}`
      continue
    }
    try {
      return decodeWhole(bytes)
    } catch (error) {
      problem ??= error instanceof Error ? error.message : String(error)
    }
  }
  throw invalidParams(problem === undefined ? expected : `${expected}: ${problem}`)
}

/** A decoded transaction that asks the wallet's account to sign, and what the approval card says of it. */
export interface CheckedTransaction {
  readonly transaction: Transaction
  readonly details: Preview
}

/** Decodes and describes one transaction; refuses it unless the wallet's account is among its signers. */
export const checkTransaction = (
  value: unknown,
  what: string,
  mints: ReadonlyArray<KnownMint>,
  prefix = ""
): CheckedTransaction => {
  const transaction = decodeTransactionString(value, what)
  let details: Preview
  try {
    details = transactionDetails(describeTransaction(transaction, mints), prefix)
  } catch (error) {
    // A version other than legacy and 0, or a message the describer cannot read.
    throw invalidParams(`Cannot read ${what}: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Object.hasOwn(transaction.signatures, sandboxSolanaAddress)) {
    const signers = Object.keys(transaction.signatures).join(", ")
    throw unauthorized(
      `The Sandbox WalletConnect Wallet holds no key for the fee payer or any signer of ${what} (${signers}).`
    )
  }
  return { transaction, details }
}

/** The params object; its `pubkey`, when given (AppKit sends it), must be the wallet's account. */
const paramsOf = (params: unknown, shape: string): Record<string, unknown> => {
  if (!isRecord(params)) throw invalidParams(`Expected ${shape}`)
  if (params.pubkey !== undefined && params.pubkey !== sandboxSolanaAddress) {
    throw unauthorized(`The Sandbox WalletConnect Wallet holds no Solana key for ${String(params.pubkey)}.`)
  }
  return params
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0

const isCommitment = (value: unknown): value is Commitment =>
  typeof value === "string" && (COMMITMENTS as ReadonlyArray<string>).includes(value)

/**
 * The send options, from `sendOptions` (WalletConnect's name, as AppKit sends it) or `options` (this SDK's).
 * An unknown key is refused rather than dropped: the wallet would otherwise send in a way nobody asked for.
 */
export const parseSendOptions = (params: Record<string, unknown>): SolanaSendOptions => {
  const given = [params.sendOptions, params.options].filter((value) => value !== undefined && value !== null)
  if (given.length > 1) throw invalidParams("Expected sendOptions or options, not both")
  const [raw] = given
  if (raw === undefined) return {}
  if (!isRecord(raw)) throw invalidParams("Expected the send options as an object")
  const options: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue
    const valid =
      key === "skipPreflight"
        ? typeof value === "boolean"
        : key === "maxRetries" || key === "minContextSlot"
          ? isCount(value)
          : key === "preflightCommitment" || key === "commitment"
            ? isCommitment(value)
            : undefined
    if (valid === undefined) throw invalidParams(`Unknown send option ${JSON.stringify(key)}`)
    if (!valid) throw invalidParams(`Invalid send option ${key}: ${JSON.stringify(value)}`)
    options[key] = value
  }
  return options as SolanaSendOptions
}

const signed = (transaction: Transaction) =>
  signTransactionAs(transaction, SANDBOX_SOLANA_SEED, sandboxSolanaAddress)

/**
 * The three transaction methods over the local chain that `config` names when they run; `fetch` reaches its
 * RPC (the page's own unless given).
 */
export const createSolanaTransactions = (
  config: () => SandboxSolanaConfig | undefined,
  fetch?: typeof globalThis.fetch
) => {
  const rpc = createSolanaRpc({ config, fetch })
  const mints = (): ReadonlyArray<KnownMint> => {
    const mint = config()?.mint
    return mint === undefined ? [] : [mint]
  }
  const account: Preview = [["Account", sandboxSolanaAddress]]

  const signTransaction = (params: unknown): Prepared => {
    const request = paramsOf(params, "{ transaction: <base64 wire transaction> }")
    const { transaction, details } = checkTransaction(request.transaction, "the transaction", mints())
    return {
      preview: [...account, ...details],
      run: async () => {
        const { bytes, signature } = signed(transaction)
        return { signature: base58.encode(signature), transaction: base64.encode(bytes) }
      }
    }
  }

  const signAllTransactions = (params: unknown): Prepared => {
    const { transactions } = paramsOf(params, "{ transactions: [<base64 wire transaction>, …] }")
    if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > MAX_BATCH) {
      throw invalidParams(`Expected transactions as 1 to ${MAX_BATCH} base64 wire transactions`)
    }
    const checked = transactions.map((value: unknown, index) =>
      checkTransaction(value, `transaction ${index + 1}`, mints(), `#${index + 1} `)
    )
    return {
      preview: [...account, ["Transactions", String(checked.length)], ...checked.flatMap((c) => c.details)],
      run: async () => ({
        transactions: checked.map(({ transaction }) => base64.encode(signed(transaction).bytes))
      })
    }
  }

  /** Sends on the local chain only: the wallet reaches no other Solana cluster. */
  const signAndSendTransaction = (chainId: string, params: unknown): Prepared => {
    if (chainId !== SANDBOX_SOLANA_LOCALNET) {
      throw unsupportedChain(
        `The sandbox wallet sends Solana transactions on ${SANDBOX_SOLANA_LOCALNET} only.`
      )
    }
    const rpcUrl = config()?.rpcUrl
    if (rpcUrl === undefined) {
      throw new WalletRpcError(ErrorCode.internal, "The sandbox runs no local Solana chain to send to.")
    }
    const request = paramsOf(params, "{ transaction: <base64 wire transaction>, sendOptions? }")
    const options = parseSendOptions(request)
    const { transaction, details } = checkTransaction(request.transaction, "the transaction", mints())
    const optionRows = Object.entries(options).map(([key, value]) => [key, String(value)] as const)
    return {
      preview: [...account, ...details, ["Sent to", rpcUrl], ...optionRows],
      run: async () => {
        const signature = await rpc.send(signed(transaction).bytes, options)
        if (options.commitment !== undefined) await rpc.confirm(signature, options.commitment)
        return { signature }
      }
    }
  }

  return { signTransaction, signAllTransactions, signAndSendTransaction }
}
