/**
 * What a wallet's answer to a send says about the transaction to watch: the hash (or batch id, or Solana
 * signature) and, from the request, where it goes and how much. Pure and total over any params.
 */

import { solanaTransferOf } from "./solanaWire"

/** A send the transaction watcher can follow, before its network and sender are added. */
export type SentTransaction =
  | {
      readonly kind: "transaction"
      /** The transaction hash; on Solana the transaction's signature (base58), which names it on chain. */
      readonly hash: string
      readonly to: string | undefined
      readonly value: string | undefined
    }
  | { readonly kind: "calls"; readonly id: string }

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

/** A hex quantity as a decimal string; anything else is unknown. */
const decimal = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) return undefined
  return BigInt(value).toString()
}

/** The batch id of a `wallet_sendCalls` answer: EIP-5792 v2 `{ id }`, or the older bare string. */
const batchId = (result: unknown): string | undefined => {
  const id = typeof result === "string" ? result : text(field(result, "id"))
  return id !== undefined && id.length > 0 && id.length <= 256 ? id : undefined
}

/** The transaction a successful send started, if the method sends one. */
export const sentTransaction = (
  method: string,
  params: unknown,
  result: unknown
): SentTransaction | undefined => {
  switch (method) {
    case "eth_sendTransaction": {
      const hash = text(result)
      if (hash === undefined) return undefined
      const tx = Array.isArray(params) ? params[0] : undefined
      return { kind: "transaction", hash, to: text(field(tx, "to")), value: decimal(field(tx, "value")) }
    }
    case "eth_sendRawTransaction": {
      const hash = text(result)
      return hash === undefined ? undefined : { kind: "transaction", hash, to: undefined, value: undefined }
    }
    case "solana_signAndSendTransaction": {
      const signature = text(field(result, "signature"))
      if (signature === undefined || signature.length === 0) return undefined
      // A plain SOL transfer says where and how much (lamports); any other transaction says neither.
      const wire = text(field(params, "transaction"))
      const transfer = wire === undefined ? undefined : solanaTransferOf(wire)
      return { kind: "transaction", hash: signature, to: transfer?.to, value: transfer?.lamports.toString() }
    }
    case "wallet_sendCalls": {
      const id = batchId(result)
      return id === undefined ? undefined : { kind: "calls", id }
    }
    default:
      return undefined
  }
}
