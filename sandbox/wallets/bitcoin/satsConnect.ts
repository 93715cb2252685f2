/**
 * The Sandbox Bitcoin Wallet's sats-connect provider: what `window.btc_providers` announces (by its `id`, a
 * dotted path on `window`) and what the Wallet Standard's `sats-connect:` feature carries. `request(method,
 * params)` answers a JSON-RPC 2.0 envelope, as @sats-connect/core expects: `getInfo`, `getAccounts`,
 * `signMessage` (ECDSA or BIP322), `signPsbt` (base64, `signInputs: { [address]: indexes }`, `broadcast`) and
 * `sendTransfer` (recipients in sats); refusals carry sats-connect's error codes.
 */
import { base64 } from "@scure/base"
import type { BitcoinPurpose, InputToSign } from "../bitcoinSigning"
import { BitcoinWalletError, invalidParams, SatsErrorCode, walletErrorOf } from "./errors"
import type { BitcoinWalletCore } from "./wallet"

export const SATS_CONNECT_METHODS = [
  "getInfo",
  "getAccounts",
  "signMessage",
  "signPsbt",
  "sendTransfer"
] as const

export type RpcEnvelope =
  | { readonly jsonrpc: "2.0"; readonly id: string; readonly result: unknown }
  | {
      readonly jsonrpc: "2.0"
      readonly id: string
      readonly error: { readonly code: number; readonly message: string }
    }

export interface SatsConnectProvider {
  readonly request: (method: string, params?: unknown) => Promise<RpcEnvelope>
  /** Xverse's listener API: `accountChange` when the account switches, `disconnect` when it disconnects. */
  readonly addListener: (event: string, listener: (detail: unknown) => void) => () => void
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const utf8 = (text: string) => new TextEncoder().encode(text)

const decodeBase64 = (value: unknown, what: string): Uint8Array => {
  if (typeof value !== "string") throw invalidParams(`Expected ${what} as base64`)
  try {
    return base64.decode(value)
  } catch {
    throw invalidParams(`${what} is not base64`)
  }
}

const readPurposes = (params: unknown): ReadonlyArray<BitcoinPurpose> => {
  if (!isRecord(params) || !Array.isArray(params.purposes))
    throw invalidParams("Expected { purposes: [...] }")
  const known = params.purposes.filter((p): p is BitcoinPurpose => p === "payment" || p === "ordinals")
  if (known.length === 0) throw invalidParams("The wallet has payment and ordinals addresses only.")
  return known
}

const readSignInputs = (value: unknown): ReadonlyArray<InputToSign> => {
  if (!isRecord(value)) throw invalidParams("Expected signInputs as { [address]: number[] }")
  return Object.entries(value).flatMap(([address, indexes]) => {
    if (!Array.isArray(indexes) || !indexes.every((i) => Number.isSafeInteger(i))) {
      throw invalidParams(`Expected signInputs[${address}] as input indexes`)
    }
    return indexes.map((index: number) => ({ index, address }))
  })
}

export const createSatsConnectProvider = (core: BitcoinWalletCore): SatsConnectProvider => {
  let nextId = 0
  const listeners = new Map<string, Set<(detail: unknown) => void>>()
  core.onChange((addresses) => {
    const event = addresses.length === 0 ? "disconnect" : "accountChange"
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener({ type: event, addresses })
      } catch (error) {
        console.error("Sandbox Bitcoin Wallet: a listener threw", error)
      }
    }
  })

  const answer = async (method: string, params: unknown): Promise<unknown> => {
    switch (method) {
      case "getInfo":
        return { version: "1.0.0", methods: [...SATS_CONNECT_METHODS], supports: [] }
      case "getAccounts":
        return (await core.connect(readPurposes(params))).map((a) => ({
          address: a.address,
          publicKey: a.publicKey,
          purpose: a.purpose,
          addressType: a.addressType,
          walletType: "software"
        }))
      case "signMessage": {
        if (!isRecord(params) || typeof params.address !== "string" || typeof params.message !== "string") {
          throw invalidParams("Expected { address, message, protocol? }")
        }
        const protocol = params.protocol ?? "BIP322"
        if (protocol !== "BIP322" && protocol !== "ECDSA") {
          throw invalidParams(`Unknown protocol ${String(protocol)}: ECDSA or BIP322`)
        }
        const signed = await core.signMessage(params.address, utf8(params.message), protocol)
        return {
          signature: signed.signature,
          messageHash: signed.messageHash,
          address: signed.address,
          protocol: signed.protocol
        }
      }
      case "signPsbt": {
        if (!isRecord(params)) throw invalidParams("Expected { psbt, signInputs?, broadcast? }")
        const psbt = decodeBase64(params.psbt, "psbt")
        if (params.broadcast !== undefined && typeof params.broadcast !== "boolean") {
          throw invalidParams("Expected broadcast as a boolean")
        }
        const inputs =
          params.signInputs === undefined ? core.ownInputs(psbt) : readSignInputs(params.signInputs)
        const signed = await core.signPsbt(psbt, inputs, params.broadcast === true)
        return {
          psbt: base64.encode(signed.psbt),
          ...(signed.txid === undefined ? {} : { txid: signed.txid })
        }
      }
      case "sendTransfer": {
        if (!isRecord(params) || !Array.isArray(params.recipients)) {
          throw invalidParams("Expected { recipients: [{ address, amount }] }")
        }
        const recipients = params.recipients.map((r: unknown) => {
          if (!isRecord(r) || typeof r.address !== "string" || !Number.isSafeInteger(r.amount)) {
            throw invalidParams("Expected each recipient as { address, amount: sats }")
          }
          return { address: r.address, amount: BigInt(r.amount as number) }
        })
        return { txid: (await core.sendTransfer(recipients)).txid }
      }
      default:
        throw new BitcoinWalletError(SatsErrorCode.methodNotFound, `Method not found: ${method}`)
    }
  }

  return {
    request: async (method, params) => {
      const id = `sandbox-bitcoin-${++nextId}`
      try {
        return { jsonrpc: "2.0", id, result: await answer(String(method), params) }
      } catch (error) {
        const { code, message } = walletErrorOf(error)
        return { jsonrpc: "2.0", id, error: { code, message } }
      }
    },
    addListener: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => void set.delete(listener)
    }
  }
}
