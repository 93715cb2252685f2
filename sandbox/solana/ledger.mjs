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
 */
export function feeOf(message) {
  const keys = message.staticAccounts
  let limit
  let price = 0n
  let defaultLimit = 0
  for (const ix of message.instructions) {
    const program = keys[ix.programAddressIndex]
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
  /** blockhash → last valid block height */
  const blockhashes = new Map()
  let latest = { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY }
  blockhashes.set(latest.blockhash, latest.lastValidBlockHeight)
  const setClock = (unixTimestamp) => {
    svm.warpToSlot(BigInt(slot))
    const clock = svm.getClock()
    clock.unixTimestamp = BigInt(unixTimestamp)
    svm.setClock(clock)
  }
  setClock(nowSeconds())

  /** Every landed transaction, oldest first; and by signature. */
  const records = []
  const bySignature = new Map()

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

  const isRecentBlockhash = (hash) => {
    const lastValid = blockhashes.get(hash)
    return lastValid !== undefined && slot <= lastValid
  }

  /** Moves the block clock on: the next slot, a fresh blockhash, the clock sysvar at `blockTime`. */
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
   */
  const execute = ({ transaction, message, bytes }, blockTime = nowSeconds()) => {
    const lifetime = message.lifetimeToken
    if (!isRecentBlockhash(lifetime)) return { landed: false, err: "BlockhashNotFound" }
    const keys = accountKeysOf(message)
    const before = snapshot(keys)
    let result
    try {
      result = svm.sendTransaction(transaction)
    } catch {
      return { landed: false, err: "SignatureFailure" }
    }
    const failed = typeof result.err === "function"
    const err = failed ? transactionErrorJson(result.err()) : null
    const meta = failed ? result.meta() : result
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

  /** Builds, signs and lands a transaction from instructions (seeding and airdrops); throws if it fails. */
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
    if (!outcome.landed || outcome.err !== null)
      throw new Error(`sandbox Solana transaction failed: ${JSON.stringify(outcome.err)}`)
    return outcome.record
  }

  /** Simulates without landing; `sigVerify` false (the default) skips the signature check, as Solana does. */
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
  const simulationValue = (decoded, result, extra = {}) => {
    const failed = typeof result.err === "function"
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
