/**
 * The Sandbox Solana Wallet's transaction side: decoding what the page asks it to sign, signing with the
 * dev account's key, and the local chain's JSON-RPC (send, then poll until the asked commitment).
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base64 } from "@scure/base"
import { getTransactionEncoder, type Transaction } from "@solana/kit"
import type {
  SolanaSignAndSendTransactionOptions,
  SolanaTransactionCommitment
} from "@solana/wallet-standard-features"
import { isLoopbackRpcUrl } from "../injected/requestParams"
import {
  decodeWireTransaction,
  describeTransaction,
  type KnownMint,
  transactionDetails,
  UnsupportedVersionError
} from "./describe"
import { invalidParams, SolanaErrorCode, SolanaWalletError } from "./errors"
import type { SandboxSolanaWalletOptions } from "./types"

/** The input's bytes, as this realm's Uint8Array (an app may pass one from another frame, or a Buffer). */
export const asBytes = (value: unknown, what: string): Uint8Array => {
  if (!ArrayBuffer.isView(value) || Object.prototype.toString.call(value) !== "[object Uint8Array]") {
    throw invalidParams(`${what} must be a Uint8Array.`)
  }
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const COMMITMENT_RANK: Record<SolanaTransactionCommitment, number> = {
  processed: 0,
  confirmed: 1,
  finalized: 2
}

/**
 * Decodes a transaction the page passed (`prefix` numbers it in a batch) and describes it for the
 * approval; throws unless it asks `address` to sign.
 */
export const decodeTransactionInput = (
  value: unknown,
  prefix: string,
  address: string,
  mints: ReadonlyArray<KnownMint>
) => {
  let transaction: Transaction
  let details: Array<readonly [string, string]>
  try {
    transaction = decodeWireTransaction(asBytes(value, "transaction"))
    details = transactionDetails(describeTransaction(transaction, mints), prefix)
  } catch (error) {
    if (error instanceof SolanaWalletError) throw error
    if (error instanceof UnsupportedVersionError) {
      throw new SolanaWalletError(SolanaErrorCode.invalidParams, error.message)
    }
    throw invalidParams(`Not a Solana transaction: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Object.hasOwn(transaction.signatures, address)) {
    throw invalidParams(`The transaction does not ask ${address} to sign it.`)
  }
  return { transaction, details }
}

/** Signs `transaction` as `address` with `seed`: the signed wire bytes and the signature. */
export const signTransactionAs = (
  transaction: Transaction,
  seed: Uint8Array,
  address: string
): { bytes: Uint8Array; signature: Uint8Array } => {
  const signature = ed25519.sign(Uint8Array.from(transaction.messageBytes), seed)
  const signatures = { ...transaction.signatures, [address]: signature } as Transaction["signatures"]
  const bytes = Uint8Array.from(getTransactionEncoder().encode({ ...transaction, signatures }))
  return { bytes, signature }
}

/** The local chain's JSON-RPC, at the RPC URL the config names when called (it may come later). */
export const createSolanaRpc = (
  options: Pick<SandboxSolanaWalletOptions, "config" | "fetch" | "pollMs" | "confirmTimeoutMs">
) => {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init))
  const pollMs = options.pollMs ?? 400
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 30_000

  let rpcId = 0
  const rpc = async (method: string, params: ReadonlyArray<unknown>): Promise<unknown> => {
    const rpcUrl = options.config()?.rpcUrl
    if (!isLoopbackRpcUrl(rpcUrl)) {
      throw new SolanaWalletError(
        SolanaErrorCode.internal,
        "The Sandbox Solana Wallet has no local Solana RPC (window.__AIRLOCK_SANDBOX__.solana.rpcUrl)."
      )
    }
    const response = await fetcher(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method, params })
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code?: number; message?: string; data?: unknown }
    }
    if (body.error !== undefined) {
      throw new SolanaWalletError(
        typeof body.error.code === "number" ? body.error.code : SolanaErrorCode.internal,
        body.error.message ?? `${method} failed`,
        body.error.data
      )
    }
    return body.result
  }

  const confirm = async (signature: string, commitment: SolanaTransactionCommitment) => {
    const deadline = Date.now() + confirmTimeoutMs
    for (;;) {
      const result = (await rpc("getSignatureStatuses", [[signature]])) as {
        value?: ReadonlyArray<{
          confirmationStatus?: SolanaTransactionCommitment | null
          err?: unknown
        } | null>
      }
      const status = result?.value?.[0]
      if (status?.err !== undefined && status.err !== null) {
        throw new SolanaWalletError(SolanaErrorCode.internal, `Transaction ${signature} failed`, status.err)
      }
      const reached = status?.confirmationStatus
      if (
        reached !== undefined &&
        reached !== null &&
        COMMITMENT_RANK[reached] >= COMMITMENT_RANK[commitment]
      )
        return
      if (Date.now() >= deadline) {
        throw new SolanaWalletError(
          SolanaErrorCode.internal,
          `Transaction ${signature} was not ${commitment} in time.`
        )
      }
      await sleep(pollMs)
    }
  }

  /** Sends signed bytes with the page's options; answers the signature the node gives. */
  const send = async (bytes: Uint8Array, settings: SolanaSignAndSendTransactionOptions): Promise<string> => {
    const config: Record<string, unknown> = { encoding: "base64" }
    if (settings.skipPreflight !== undefined) config.skipPreflight = settings.skipPreflight
    if (settings.preflightCommitment !== undefined) config.preflightCommitment = settings.preflightCommitment
    if (settings.maxRetries !== undefined) config.maxRetries = settings.maxRetries
    if (settings.minContextSlot !== undefined) config.minContextSlot = settings.minContextSlot
    const result = await rpc("sendTransaction", [base64.encode(bytes), config])
    if (typeof result !== "string") {
      throw new SolanaWalletError(SolanaErrorCode.internal, "sendTransaction answered no signature")
    }
    return result
  }

  return { send, confirm }
}
