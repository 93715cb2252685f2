// Solana's wire encodings of what the chain holds: base58/base64, transactions off the wire, accounts
// (base58, base64, jsonParsed for SPL tokens and mints) and landed transactions as getTransaction answers.
import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder
} from "@solana/kit"
import {
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { invalidParams, RpcError } from "./errors.mjs"

/** @import { Address, CompiledTransactionMessageWithLifetime, LegacyCompiledTransactionMessage, ReadonlyUint8Array, Transaction, V0CompiledTransactionMessage } from "@solana/kit" */
/** @import { LiteSVM } from "litesvm" */
/** @import { LandedTransaction } from "./ledger.mjs" */
/**
 * A compiled legacy or version 0 message with its blockhash: the messages the sandbox reads.
 * @typedef {(LegacyCompiledTransactionMessage | V0CompiledTransactionMessage) & CompiledTransactionMessageWithLifetime} CompiledMessage
 */
/**
 * A transaction off the wire: kit's transaction, its compiled message and its bytes.
 * @typedef {{ transaction: Transaction, message: CompiledMessage, bytes: Uint8Array }} DecodedTransaction
 */
/**
 * An account as litesvm answers it, `exists` false for none.
 * @typedef {{ readonly exists: false } | ({ readonly exists: true } & HeldAccount)} ChainAccount
 */
/**
 * @typedef {object} HeldAccount
 * @property {ReadonlyUint8Array} data
 * @property {boolean} executable
 * @property {bigint} lamports
 * @property {Address} programAddress
 */

const U64_MAX = 18_446_744_073_709_551_615n
export const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/

export const b58 = {
  encode: (/** @type {ReadonlyUint8Array} */ bytes) => getBase58Decoder().decode(bytes),
  decode: (/** @type {string} */ s) => getBase58Encoder().encode(s)
}
export const b64 = {
  encode: (/** @type {ReadonlyUint8Array} */ bytes) => getBase64Decoder().decode(bytes),
  decode: (/** @type {string} */ s) => getBase64Encoder().encode(s)
}

/**
 * A compiled message from its bytes; throws for a version the sandbox does not read (only legacy and 0).
 * @param {ReadonlyUint8Array} messageBytes
 * @returns {CompiledMessage}
 */
export const decodeMessage = (messageBytes) => {
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  if (message.version === 1) throw new Error("unsupported message version 1")
  return message
}

/**
 * Wire bytes (base58 or base64 text) to a kit transaction and its compiled message; -32602 when malformed.
 * @param {unknown} text
 * @param {unknown} [encoding]
 * @returns {DecodedTransaction}
 */
export function decodeWire(text, encoding = "base58") {
  if (typeof text !== "string") throw invalidParams("Invalid params: expected an encoded transaction")
  if (encoding !== "base58" && encoding !== "base64")
    throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding).slice(0, 20)}`)
  let bytes
  try {
    if (encoding === "base58" && !BASE58.test(text)) throw new Error("invalid base58")
    bytes = encoding === "base58" ? b58.decode(text) : b64.decode(text)
  } catch {
    throw invalidParams(`invalid transaction: invalid ${encoding} encoding`)
  }
  if (bytes.length > 1232)
    throw invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${bytes.length} bytes (max: 1232 bytes)`
    )
  try {
    const transaction = getTransactionDecoder().decode(bytes)
    const message = decodeMessage(transaction.messageBytes)
    return { transaction, message, bytes: Uint8Array.from(bytes) }
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${String(error instanceof Error ? error.message : error).slice(0, 200)}`
    )
  }
}

/** @param {CompiledMessage} message */
export const accountKeysOf = (message) => [...message.staticAccounts]
/**
 * @param {CompiledMessage} message
 * @param {number} i
 */
const isWritable = (message, i) => {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header
  const total = message.staticAccounts.length
  return i < numSignerAccounts
    ? i < numSignerAccounts - numReadonlySignerAccounts
    : i < total - numReadonlyNonSignerAccounts
}

/**
 * Solana's `uiTokenAmount` / `tokenAmount`.
 * @param {bigint} amount
 * @param {number} decimals
 */
export const uiAmount = (amount, decimals) => {
  const digits = amount.toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const frac = decimals === 0 ? "" : digits.slice(-decimals).replace(/0+$/, "")
  const text = frac === "" ? whole : `${whole}.${frac}`
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text }
}

/**
 * The SPL token account at `address` on `svm`, decoded; undefined when it is none.
 * @param {LiteSVM} svm
 * @param {Address} address
 */
export const tokenBalanceOf = (svm, address) => {
  const account = svm.getAccount(address)
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return undefined
  if (account.data.length !== getTokenSize()) return undefined
  return getTokenDecoder().decode(account.data)
}
/**
 * @param {LiteSVM} svm
 * @param {Address} mint
 */
export const decimalsOf = (svm, mint) => {
  const account = svm.getAccount(mint)
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return 0
  return getMintDecoder().decode(account.data).decimals
}

/**
 * @param {LiteSVM} svm
 * @param {HeldAccount} account
 */
const parsedAccountData = (svm, account) => {
  if (account.programAddress !== TOKEN_PROGRAM_ADDRESS) return undefined
  if (account.data.length === getTokenSize()) {
    const token = getTokenDecoder().decode(account.data)
    const decimals = decimalsOf(svm, token.mint)
    const state = ["uninitialized", "initialized", "frozen"][token.state] ?? "initialized"
    /** @type {Record<string, unknown>} */
    const info = {
      isNative: token.isNative.__option === "Some",
      mint: token.mint,
      owner: token.owner,
      state,
      tokenAmount: uiAmount(token.amount, decimals)
    }
    if (token.delegate.__option === "Some") {
      info.delegate = token.delegate.value
      info.delegatedAmount = uiAmount(token.delegatedAmount, decimals)
    }
    if (token.closeAuthority.__option === "Some") info.closeAuthority = token.closeAuthority.value
    return { program: "spl-token", parsed: { info, type: "account" }, space: BigInt(account.data.length) }
  }
  if (account.data.length === getMintSize()) {
    const m = getMintDecoder().decode(account.data)
    return {
      program: "spl-token",
      parsed: {
        info: {
          decimals: m.decimals,
          freezeAuthority: m.freezeAuthority.__option === "Some" ? m.freezeAuthority.value : null,
          isInitialized: m.isInitialized,
          mintAuthority: m.mintAuthority.__option === "Some" ? m.mintAuthority.value : null,
          supply: m.supply.toString()
        },
        type: "mint"
      },
      space: BigInt(account.data.length)
    }
  }
  return undefined
}

/**
 * An account in `getAccountInfo`'s shape; null when it does not exist.
 * @param {LiteSVM} svm
 * @param {ChainAccount} account
 * @param {{ encoding?: unknown, dataSlice?: { offset?: unknown, length?: unknown } | null }} [options]
 */
export const encodeAccount = (svm, account, options = {}) => {
  if (!account.exists) return null
  const encoding = options.encoding ?? "base58"
  let data = account.data
  const slice = options.dataSlice
  if (slice !== undefined && slice !== null) {
    const offset = Number(slice.offset ?? 0)
    const length = Number(slice.length ?? 0)
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0)
      throw invalidParams("Invalid params: bad dataSlice")
    data = data.slice(offset, offset + length)
  }
  let encoded
  if (encoding === "jsonParsed")
    encoded = (slice ? undefined : parsedAccountData(svm, account)) ?? [b64.encode(data), "base64"]
  else if (encoding === "base64") encoded = [b64.encode(data), "base64"]
  else if (encoding === "base58" || encoding === "binary") {
    if (data.length > 128)
      throw invalidParams(
        "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding."
      )
    encoded = encoding === "binary" ? b58.encode(data) : [b58.encode(data), "base58"]
  } else throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding).slice(0, 20)}`)
  return {
    data: encoded,
    executable: account.executable,
    lamports: BigInt(account.lamports),
    owner: account.programAddress,
    rentEpoch: U64_MAX,
    space: BigInt(account.data.length)
  }
}

/** @param {LandedTransaction} record */
export const statusOf = (record) => ({
  slot: BigInt(record.slot),
  confirmations: null,
  err: record.err,
  status: record.err === null ? { Ok: null } : { Err: record.err },
  confirmationStatus: "finalized"
})

/**
 * @param {LandedTransaction} record
 * @param {boolean} parsed
 */
const jsonTransaction = (record, parsed) => {
  const { message } = record
  const signatures = Object.values(getTransactionDecoder().decode(record.bytes).signatures).map((s) =>
    s === null ? "1111111111111111111111111111111111111111111111111111111111111111" : b58.encode(s)
  )
  const keys = record.accountKeys
  return {
    signatures,
    message: {
      accountKeys: parsed
        ? keys.map((pubkey, i) => ({
            pubkey,
            signer: i < message.header.numSignerAccounts,
            writable: isWritable(message, i),
            source: "transaction"
          }))
        : keys,
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts
      },
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) =>
        parsed
          ? {
              programId: keys[ix.programAddressIndex],
              accounts: (ix.accountIndices ?? []).map((i) => keys[i]),
              data: b58.encode(ix.data ?? new Uint8Array()),
              stackHeight: null
            }
          : {
              programIdIndex: ix.programAddressIndex,
              accounts: ix.accountIndices ?? [],
              data: b58.encode(ix.data ?? new Uint8Array()),
              stackHeight: null
            }
      ),
      ...(message.version === "legacy" ? {} : { addressTableLookups: message.addressTableLookups ?? [] })
    }
  }
}

/**
 * @param {LandedTransaction} record
 * @param {{ encoding?: unknown, maxSupportedTransactionVersion?: any }} options The request's config (JSON).
 */
export const transactionAnswer = (record, options) => {
  const encoding = options.encoding ?? "json"
  const maxVersion = options.maxSupportedTransactionVersion
  if (
    record.version !== "legacy" &&
    (maxVersion === undefined || maxVersion === null || record.version > maxVersion)
  )
    throw new RpcError(
      -32015,
      `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`
    )
  let transaction
  if (encoding === "base64") transaction = [b64.encode(record.bytes), "base64"]
  else if (encoding === "base58") transaction = [b58.encode(record.bytes), "base58"]
  else if (encoding === "json" || encoding === "jsonParsed")
    transaction = jsonTransaction(record, encoding === "jsonParsed")
  else throw invalidParams(`Invalid params: unsupported encoding: ${String(encoding).slice(0, 20)}`)
  return {
    slot: BigInt(record.slot),
    blockTime: BigInt(record.blockTime),
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions: [],
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: record.computeUnitsConsumed
    },
    version: record.version
  }
}
