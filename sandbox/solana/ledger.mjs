// The chain's state around litesvm: the block clock (one block per landed transaction, blockhashes valid
// for BLOCKHASH_VALIDITY blocks), the ledger of landed transactions and the fee Solana charges.
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getSignatureFromTransaction,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners
} from "@solana/kit"
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { LiteSVM } from "litesvm"
import { accountKeysOf, decimalsOf, decodeMessage, tokenBalanceOf, uiAmount } from "./encoding.mjs"
import { TRANSACTION_ERRORS, transactionErrorJson } from "./errors.mjs"

/** @import { Address, Instruction, Signature, TransactionSigner } from "@solana/kit" */
/** @import { FailedTransactionMetadata, SimulatedTransactionInfo, TransactionMetadata } from "litesvm" */
/** @import { CompiledMessage, DecodedTransaction } from "./encoding.mjs" */
/**
 * A token balance in a landed transaction's meta (`preTokenBalances`, `postTokenBalances`).
 * @typedef {{ accountIndex: number, mint: Address, owner: Address, programId: Address, uiTokenAmount: ReturnType<typeof uiAmount> }} TokenBalance
 */
/**
 * A landed transaction, as the ledger keeps it.
 * @typedef {object} LandedTransaction
 * @property {Signature} signature
 * @property {number} slot
 * @property {number} blockTime Unix seconds.
 * @property {Uint8Array} bytes
 * @property {CompiledMessage["version"]} version
 * @property {CompiledMessage} message
 * @property {Array<Address>} accountKeys
 * @property {unknown} err
 * @property {bigint} fee
 * @property {Array<string>} logs
 * @property {bigint} computeUnitsConsumed
 * @property {Array<bigint>} preBalances
 * @property {Array<bigint>} postBalances
 * @property {Array<TokenBalance>} preTokenBalances
 * @property {Array<TokenBalance>} postTokenBalances
 */
/** @typedef {ReturnType<typeof createLedger>} Ledger */

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** Lamports per signature, Solana's base fee. */
export const LAMPORTS_PER_SIGNATURE = 5_000n
/** How many blocks a blockhash stays valid, as on Solana. */
export const BLOCKHASH_VALIDITY = 150

const SYSTEM_PROGRAM = "11111111111111111111111111111111"
const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111"
const BUILTINS = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  "Vote111111111111111111111111111111111111111",
  "Stake11111111111111111111111111111111111111",
  "Config1111111111111111111111111111111111111",
  "BPFLoader1111111111111111111111111111111111",
  "BPFLoader2111111111111111111111111111111111",
  "BPFLoaderUpgradeab1e11111111111111111111111",
  "LoaderV411111111111111111111111111111111111",
  "AddressLookupTab1e1111111111111111111111111",
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111"
])

/**
 * The fee Solana charges for a compiled message: 5000 lamports a signature plus the priority fee
 * (`SetComputeUnitPrice` micro-lamports × the compute-unit limit, rounded up; without
 * `SetComputeUnitLimit`, 3000 units per builtin instruction and 200 000 per other one, at most 1.4 M).
 * @param {CompiledMessage} message
 * @returns {bigint}
 */
export function feeOf(message) {
  const keys = message.staticAccounts
  /** @type {number | undefined} */
  let limit
  let price = 0n
  let defaultLimit = 0
  for (const ix of message.instructions) {
    const program = keys[ix.programAddressIndex] ?? ""
    const data = ix.data ?? new Uint8Array()
    if (program === COMPUTE_BUDGET_PROGRAM) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (data[0] === 2 && data.length >= 5) limit = view.getUint32(1, true)
      if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true)
    }
    defaultLimit += BUILTINS.has(program) ? 3_000 : 200_000
  }
  const units = BigInt(Math.min(limit ?? defaultLimit, 1_400_000))
  const priority = (price * units + 999_999n) / 1_000_000n
  return BigInt(message.header.numSignerAccounts) * LAMPORTS_PER_SIGNATURE + priority
}

/**
 * The SVM, its block clock and its ledger, starting at `start` (a Date): the clock runs on from it in
 * real time. `slot`, `latest` (blockhash) and `transactionCount` are read live.
 * @param {Date} start
 */
export function createLedger(start) {
  const startedAt = Date.now()
  const nowSeconds = () => Math.floor(start.getTime() / 1000 + (Date.now() - startedAt) / 1000)

  // Blockhashes are checked here (any of the last BLOCKHASH_VALIDITY blocks', as on Solana), not by
  // litesvm, which accepts only its latest one.
  const svm = new LiteSVM()
    .withLamports(1_000_000_000n * LAMPORTS_PER_SOL)
    .withBlockhashCheck(false)
    .withTransactionHistory(100_000n)
  const genesisHash = svm.latestBlockhash()
  let slot = 1
  let transactionCount = 0
  /** @type {Map<string, number>} blockhash → last valid block height */
  const blockhashes = new Map()
  let latest = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY }
  blockhashes.set(latest.blockhash, latest.lastValidBlockHeight)
  /** @param {number} unixTimestamp */
  const setClock = (unixTimestamp) => {
    svm.warpToSlot(BigInt(slot))
    const clock = svm.getClock()
    clock.unixTimestamp = BigInt(unixTimestamp)
    svm.setClock(clock)
  }
  setClock(nowSeconds())

  /** @type {Array<LandedTransaction>} Every landed transaction, oldest first. */
  const records = []
  /** @type {Map<string, LandedTransaction>} The same, by signature. */
  const bySignature = new Map()

  /** @param {ReadonlyArray<Address>} keys */
  const snapshot = (keys) => ({
    lamports: keys.map((key) => svm.getBalance(key) ?? 0n),
    tokens: keys.flatMap((key, accountIndex) => {
      const token = tokenBalanceOf(svm, key)
      if (token === undefined) return []
      return [
        {
          accountIndex,
          mint: token.mint,
          owner: token.owner,
          programId: TOKEN_PROGRAM_ADDRESS,
          uiTokenAmount: uiAmount(token.amount, decimalsOf(svm, token.mint))
        }
      ]
    })
  })

  /** @param {string} hash */
  const isRecentBlockhash = (hash) => {
    const lastValid = blockhashes.get(hash)
    return lastValid !== undefined && slot <= lastValid
  }

  /**
   * Moves the block clock on: the next slot, a fresh blockhash, the clock sysvar at `blockTime`.
   * @param {number} blockTime
   */
  const advance = (blockTime) => {
    slot += 1
    svm.expireBlockhash()
    latest = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY }
    blockhashes.set(latest.blockhash, latest.lastValidBlockHeight)
    for (const [hash, lastValid] of blockhashes) if (lastValid < slot) blockhashes.delete(hash)
    setClock(blockTime)
  }

  /**
   * Runs a decoded transaction on the SVM. A transaction that pays its fee lands (failed or not) and is
   * recorded; one that does not (bad signature, unknown blockhash, no funds for the fee, already
   * processed) is dropped, as a cluster drops it. Answers `{ landed, err, meta }`.
   * @param {DecodedTransaction} decoded
   * @param {number} [blockTime]
   * @returns {{ landed: boolean, err: unknown, meta?: TransactionMetadata, record?: LandedTransaction }}
   */
  const execute = ({ transaction, message, bytes }, blockTime = nowSeconds()) => {
    const lifetime = message.lifetimeToken
    if (!isRecentBlockhash(lifetime)) return { landed: false, err: "BlockhashNotFound" }
    const keys = accountKeysOf(message)
    const before = snapshot(keys)
    /** @type {TransactionMetadata | FailedTransactionMetadata} */
    let result
    try {
      result = svm.sendTransaction(transaction)
    } catch {
      return { landed: false, err: "SignatureFailure" }
    }
    const failed = "err" in result
    const err = "err" in result ? transactionErrorJson(result.err()) : null
    const meta = "err" in result ? result.meta() : result
    const after = snapshot(keys)
    if (failed && after.lamports[0] === before.lamports[0]) return { landed: false, err, meta }
    const signature = getSignatureFromTransaction(transaction)
    const record = Object.freeze({
      signature,
      slot,
      blockTime,
      bytes,
      version: message.version,
      message,
      accountKeys: keys,
      err,
      fee: feeOf(message),
      logs: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      preBalances: before.lamports,
      postBalances: after.lamports,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens
    })
    records.push(record)
    bySignature.set(signature, record)
    transactionCount += 1
    advance(Math.max(nowSeconds(), blockTime))
    return { landed: true, err, meta, record }
  }

  /**
   * Builds, signs and lands a transaction from instructions (seeding and airdrops); throws if it fails.
   * @param {TransactionSigner} payer
   * @param {ReadonlyArray<Instruction>} instructions
   * @param {number} [blockTime]
   * @returns {Promise<LandedTransaction>}
   */
  const run = async (payer, instructions, blockTime) => {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { ...latest, lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) },
          m
        ),
      (m) => appendTransactionMessageInstructions(instructions, m)
    )
    const transaction = await signTransactionMessageWithSigners(message)
    const bytes = Uint8Array.from(getTransactionEncoder().encode(transaction))
    const outcome = execute(
      { transaction, message: decodeMessage(transaction.messageBytes), bytes },
      blockTime ?? nowSeconds()
    )
    if (!outcome.landed || outcome.err !== null || outcome.record === undefined)
      throw new Error(`sandbox Solana transaction failed: ${JSON.stringify(outcome.err)}`)
    return outcome.record
  }

  /**
   * Simulates without landing; `sigVerify` false (the default) skips the signature check, as Solana does.
   * @param {DecodedTransaction} decoded
   * @param {{ sigVerify?: boolean }} [options]
   * @returns {FailedTransactionMetadata | SimulatedTransactionInfo | { err: () => number, meta: () => undefined }}
   */
  const simulate = (decoded, { sigVerify = false } = {}) => {
    if (!sigVerify) svm.withSigverify(false)
    try {
      return svm.simulateTransaction(decoded.transaction)
    } catch {
      return { err: () => TRANSACTION_ERRORS.indexOf("SignatureFailure"), meta: () => undefined }
    } finally {
      svm.withSigverify(true)
    }
  }
  /**
   * @param {DecodedTransaction} decoded
   * @param {ReturnType<typeof simulate>} result
   * @param {{ accounts?: unknown, replacementBlockhash?: unknown }} [extra]
   */
  const simulationValue = (decoded, result, extra = {}) => {
    const failed = "err" in result
    const meta = result.meta()
    return {
      err: failed ? transactionErrorJson(result.err()) : null,
      logs: meta?.logs() ?? [],
      accounts: extra.accounts ?? null,
      unitsConsumed: meta?.computeUnitsConsumed() ?? 0n,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash: extra.replacementBlockhash ?? null,
      loadedAccountsDataSize: 0,
      fee: feeOf(decoded.message)
    }
  }

  return {
    svm,
    genesisHash,
    records,
    bySignature,
    nowSeconds,
    setClock,
    isRecentBlockhash,
    execute,
    run,
    simulate,
    simulationValue,
    get slot() {
      return slot
    },
    get latest() {
      return latest
    },
    get transactionCount() {
      return transactionCount
    }
  }
}
