// The JSON-RPC methods the chain answers, in Solana's wire shapes: each takes the request's params array
// and answers its result or throws an RpcError.
import { getSignatureFromTransaction } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  getMintDecoder,
  getMintSize,
  getTokenDecoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import {
  BASE58,
  b58,
  b64,
  decimalsOf,
  decodeMessage,
  decodeWire,
  encodeAccount,
  statusOf,
  tokenBalanceOf,
  transactionAnswer,
  uiAmount
} from "./encoding.mjs"
import { invalidParams, RpcError, transactionErrorJson, transactionErrorText } from "./errors.mjs"
import { feeOf, LAMPORTS_PER_SOL } from "./ledger.mjs"

/** @import { Address, EncodedAccount, KeyPairSigner } from "@solana/kit" */
/** @import { Ledger } from "./ledger.mjs" */
/**
 * A request's params: JSON from the wire, which every method checks itself.
 * @typedef {ReadonlyArray<any>} Params
 */
/** @typedef {Record<string, (params: Params) => unknown>} Methods */

/** The most lamports one `requestAirdrop` gives (1000 SOL). */
export const MAX_AIRDROP_LAMPORTS = 1_000n * LAMPORTS_PER_SOL
export const SOLANA_CORE_VERSION = "2.2.0"

/**
 * The method table over `ledger` (createLedger); `requestAirdrop` pays from `faucet`, a signer.
 * @param {Ledger} ledger
 * @param {KeyPairSigner} faucet
 * @returns {Methods}
 */
export function createMethods(ledger, faucet) {
  const {
    svm,
    genesisHash,
    records,
    bySignature,
    isRecentBlockhash,
    execute,
    run,
    simulate,
    simulationValue
  } = ledger
  const context = () => ({ slot: BigInt(ledger.slot), apiVersion: SOLANA_CORE_VERSION })
  /** @param {unknown} value */
  const wrap = (value) => ({ context: context(), value })
  /**
   * The config object at `params[index]`, `{}` when absent.
   * @param {Params} params
   * @param {number} index
   * @returns {Record<string, any>}
   */
  const config = (params, index) => {
    const value = params[index]
    if (value === undefined || value === null) return {}
    if (typeof value !== "object" || Array.isArray(value))
      throw invalidParams("Invalid params: expected a config object")
    return value
  }
  /**
   * @param {unknown} value
   * @param {string} [what]
   * @returns {Address}
   */
  const addressParam = (value, what = "address") => {
    if (typeof value !== "string" || !BASE58.test(value) || value.length < 32 || value.length > 44)
      throw invalidParams(`Invalid param: Invalid ${what}`)
    try {
      if (b58.decode(value).length !== 32) throw new Error("length")
    } catch {
      throw invalidParams(`Invalid param: Invalid ${what}`)
    }
    return /** @type {Address} */ (value)
  }

  /**
   * @param {Address} owner
   * @param {Record<string, any>} filter
   * @returns {Array<EncodedAccount>}
   */
  const tokenAccountsOf = (owner, filter) => {
    if (filter?.programId !== undefined) {
      addressParam(filter.programId, "program id")
      if (filter.programId !== TOKEN_PROGRAM_ADDRESS) return []
    } else if (filter?.mint !== undefined) addressParam(filter.mint, "mint")
    else throw invalidParams("Invalid params: expected a mint or a programId filter")
    return svm
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
      .filter((account) => account.data.length === getTokenSize())
      .filter((account) => {
        const token = getTokenDecoder().decode(account.data)
        return token.owner === owner && (filter.mint === undefined || token.mint === filter.mint)
      })
      .sort((a, b) => (a.address < b.address ? -1 : 1))
  }

  /**
   * @param {Address} address
   * @param {bigint} lamports
   */
  const faucetTransfer = (address, lamports) =>
    run(faucet, [getTransferSolInstruction({ source: faucet, destination: address, amount: lamports })])

  /** @type {Methods} */
  const methods = {
    getHealth: () => "ok",
    getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 3_294_202_862 }),
    getGenesisHash: () => genesisHash,
    getIdentity: () => ({ identity: faucet.address }),
    getSlot: () => BigInt(ledger.slot),
    getBlockHeight: () => BigInt(ledger.slot),
    getTransactionCount: () => BigInt(ledger.transactionCount),
    getEpochInfo: () => ({
      absoluteSlot: BigInt(ledger.slot),
      blockHeight: BigInt(ledger.slot),
      epoch: 0n,
      slotIndex: BigInt(ledger.slot),
      slotsInEpoch: 432_000n,
      transactionCount: BigInt(ledger.transactionCount)
    }),
    getLatestBlockhash: () =>
      wrap({
        blockhash: ledger.latest.blockhash,
        lastValidBlockHeight: BigInt(ledger.latest.lastValidBlockHeight)
      }),
    isBlockhashValid: (params) => {
      if (typeof params[0] !== "string") throw invalidParams("Invalid params: expected a blockhash")
      return wrap(isRecentBlockhash(params[0]))
    },
    getBalance: (params) => wrap(svm.getBalance(addressParam(params[0])) ?? 0n),
    getAccountInfo: (params) =>
      wrap(encodeAccount(svm, svm.getAccount(addressParam(params[0])), config(params, 1))),
    getMultipleAccounts: (params) => {
      if (!Array.isArray(params[0]) || params[0].length > 100)
        throw invalidParams("Invalid params: expected a list of at most 100 addresses")
      const options = config(params, 1)
      return wrap(params[0].map((a) => encodeAccount(svm, svm.getAccount(addressParam(a)), options)))
    },
    getTokenAccountsByOwner: (params) => {
      const owner = addressParam(params[0], "owner")
      const options = config(params, 2)
      return wrap(
        tokenAccountsOf(owner, config(params, 1)).map((account) => ({
          pubkey: account.address,
          account: encodeAccount(svm, { exists: true, ...account }, options)
        }))
      )
    },
    getTokenAccountBalance: (params) => {
      const token = tokenBalanceOf(svm, addressParam(params[0], "token account"))
      if (token === undefined) throw invalidParams("Invalid param: not a Token account")
      return wrap(uiAmount(token.amount, decimalsOf(svm, token.mint)))
    },
    getTokenSupply: (params) => {
      const account = svm.getAccount(addressParam(params[0], "mint"))
      if (
        !account.exists ||
        account.programAddress !== TOKEN_PROGRAM_ADDRESS ||
        account.data.length !== getMintSize()
      )
        throw invalidParams("Invalid param: not a Token mint")
      const m = getMintDecoder().decode(account.data)
      return wrap(uiAmount(m.supply, m.decimals))
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = params[0] ?? 0
      if (!Number.isSafeInteger(size) || size < 0 || size > 10 * 1024 * 1024)
        throw invalidParams("Invalid params: expected a data length")
      return svm.minimumBalanceForRentExemption(BigInt(size))
    },
    getFeeForMessage: (params) => {
      if (typeof params[0] !== "string") throw invalidParams("Invalid params: expected a base64 message")
      let message
      try {
        message = decodeMessage(b64.decode(params[0]))
      } catch {
        throw invalidParams("invalid message: failed to deserialize")
      }
      return wrap(isRecentBlockhash(message.lifetimeToken) ? feeOf(message) : null)
    },
    getRecentPrioritizationFees: () => [],
    sendTransaction: (params) => {
      const options = config(params, 1)
      const decoded = decodeWire(params[0], options.encoding ?? "base58")
      const signature = getSignatureFromTransaction(decoded.transaction)
      if (options.skipPreflight !== true) {
        const verified = simulate(decoded, { sigVerify: true })
        const err = "err" in verified ? transactionErrorJson(verified.err()) : null
        if (err === "SignatureFailure" || err === "MissingSignatureForFee")
          throw new RpcError(-32003, "Transaction signature verification failure")
        const blockErr = isRecentBlockhash(decoded.message.lifetimeToken) ? null : "BlockhashNotFound"
        const processed = bySignature.has(signature) ? "AlreadyProcessed" : null
        const preflightErr = processed ?? blockErr ?? err
        if (preflightErr !== null) {
          const value = simulationValue(decoded, verified)
          throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(preflightErr)}`, {
            ...value,
            err: preflightErr,
            logs: preflightErr === err ? value.logs : []
          })
        }
      }
      execute(decoded)
      return signature
    },
    simulateTransaction: (params) => {
      const options = config(params, 1)
      if (options.sigVerify === true && options.replaceRecentBlockhash === true)
        throw invalidParams("sigVerify may not be used with replaceRecentBlockhash")
      const decoded = decodeWire(params[0], options.encoding ?? "base58")
      const result = simulate(decoded, { sigVerify: options.sigVerify === true })
      /** @type {{ accounts?: unknown, replacementBlockhash?: unknown }} */
      const extra = {}
      if (options.replaceRecentBlockhash === true)
        extra.replacementBlockhash = {
          blockhash: ledger.latest.blockhash,
          lastValidBlockHeight: BigInt(ledger.latest.lastValidBlockHeight)
        }
      else if (!isRecentBlockhash(decoded.message.lifetimeToken))
        return wrap({
          ...simulationValue(decoded, result),
          err: "BlockhashNotFound",
          logs: [],
          accounts: null
        })
      const wanted = options.accounts
      if (wanted !== undefined && wanted !== null) {
        if (!Array.isArray(wanted.addresses) || wanted.addresses.length > 100)
          throw invalidParams("Invalid params: accounts.addresses")
        const post = "postAccounts" in result ? result.postAccounts() : []
        extra.accounts = wanted.addresses.map((/** @type {unknown} */ a) => {
          const address = addressParam(a)
          const found = post.find((p) => p.address === address)
          return encodeAccount(
            svm,
            found === undefined ? svm.getAccount(address) : { exists: true, ...found },
            {
              encoding: wanted.encoding ?? "base64"
            }
          )
        })
      }
      return wrap(simulationValue(decoded, result, extra))
    },
    getSignatureStatuses: (params) => {
      if (!Array.isArray(params[0]) || params[0].length > 256)
        throw invalidParams("Invalid params: expected a list of at most 256 signatures")
      return wrap(
        params[0].map((signature) => {
          const record = bySignature.get(signature)
          return record === undefined ? null : statusOf(record)
        })
      )
    },
    getTransaction: (params) => {
      if (typeof params[0] !== "string" || !BASE58.test(params[0]))
        throw invalidParams("Invalid param: Invalid signature")
      const options = typeof params[1] === "string" ? { encoding: params[1] } : config(params, 1)
      const record = bySignature.get(params[0])
      return record === undefined ? null : transactionAnswer(record, options)
    },
    getSignaturesForAddress: (params) => {
      const address = addressParam(params[0])
      const options = config(params, 1)
      const limit = options.limit ?? 1000
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
        throw invalidParams("Invalid limit; max 1000")
      let list = records.filter((r) => r.accountKeys.includes(address)).reverse()
      if (typeof options.before === "string") {
        const at = list.findIndex((r) => r.signature === options.before)
        list = at === -1 ? list : list.slice(at + 1)
      }
      if (typeof options.until === "string") {
        const at = list.findIndex((r) => r.signature === options.until)
        list = at === -1 ? list : list.slice(0, at)
      }
      return list.slice(0, limit).map((r) => ({
        signature: r.signature,
        slot: BigInt(r.slot),
        err: r.err,
        memo: null,
        blockTime: BigInt(r.blockTime),
        confirmationStatus: "finalized"
      }))
    },
    requestAirdrop: async (params) => {
      const address = addressParam(params[0])
      const lamports = params[1]
      if (!Number.isSafeInteger(lamports) || lamports <= 0 || BigInt(lamports) > MAX_AIRDROP_LAMPORTS)
        throw invalidParams(`Invalid params: lamports must be from 1 to ${MAX_AIRDROP_LAMPORTS}`)
      const record = await faucetTransfer(address, BigInt(lamports))
      return record.signature
    }
  }
  return methods
}
