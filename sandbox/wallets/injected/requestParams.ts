/**
 * Reading a request's params strictly: chain ids, RPC URLs, typed data, transaction fields. Shared by both
 * sandbox wallets (the injected one and the WalletConnect one); each wrong shape answers `invalidParams`.
 */
import { type Hex, isAddress, isHex, type TypedDataDefinition } from "viem"
import { invalidParams } from "./errors"

export const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

export const parseChainId = (value: unknown): number => {
  if (typeof value !== "string" || !/^0x[0-9a-f]+$/i.test(value) || /^0x0[0-9a-f]/i.test(value)) {
    throw invalidParams(
      `Expected chainId as a 0x-prefixed hexadecimal string without leading zeros, got ${String(value)}`
    )
  }
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(`Invalid chainId ${value}`)
  return chainId
}

export const firstParam = (params: unknown): unknown => (Array.isArray(params) ? params[0] : undefined)

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Loopback only: the sandbox never talks to anything off this machine. */
export const isLoopbackRpcUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false
  try {
    const url = new URL(value)
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname))
    )
  } catch {
    return false
  }
}

/**
 * The typed data of `eth_signTypedData_v4` params `[address, typedData]` (JSON or an object), read for both
 * sandbox wallets: the definition and the rows a wallet shows, or why it is not valid. The address is
 * each wallet's own check.
 */
export const readTypedDataRequest = (
  params: unknown
):
  | { readonly ok: false; readonly problem: string }
  | {
      readonly ok: true
      readonly definition: TypedDataDefinition
      readonly rows: ReadonlyArray<readonly [string, string]>
    } => {
  const raw = Array.isArray(params) ? params[1] : undefined
  let typed: unknown
  try {
    typed = typeof raw === "string" ? JSON.parse(raw) : raw
  } catch {
    return { ok: false, problem: "Expected the typed data as JSON" }
  }
  if (
    !isRecord(typed) ||
    !isRecord(typed.types) ||
    typeof typed.primaryType !== "string" ||
    !isRecord(typed.message)
  ) {
    return { ok: false, problem: "Expected typed data { types, primaryType, domain, message }" }
  }
  const domain = isRecord(typed.domain) ? typed.domain : {}
  return {
    ok: true,
    // Checked in shape above; viem checks the rest when it signs.
    definition: typed as unknown as TypedDataDefinition,
    rows: [
      ["Domain", typeof domain.name === "string" ? domain.name : "(no name)"],
      ["Type", typed.primaryType],
      ["Message", JSON.stringify(typed.message, null, 1)]
    ]
  }
}

/**
 * The fields of an `eth_sendTransaction` transaction after the wallet checked sender and chain, read for
 * both sandbox wallets; throws `invalidParams` for a malformed `to`, `data` or quantity.
 */
export const readTransactionFields = (tx: Readonly<Record<string, unknown>>) => {
  if (
    tx.to !== undefined &&
    tx.to !== null &&
    (typeof tx.to !== "string" || !isAddress(tx.to, { strict: false }))
  )
    throw invalidParams("Expected `to` as an address")
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== "string" || !isHex(data)))
    throw invalidParams("Expected `data` as hex")
  return {
    to: (tx.to ?? undefined) as Hex | undefined,
    data: data as Hex | undefined,
    value: quantity(tx.value, "value") ?? 0n,
    gas: quantity(tx.gas, "gas"),
    nonce: tx.nonce === undefined ? undefined : Number(quantity(tx.nonce, "nonce")),
    ...(tx.gasPrice !== undefined
      ? { gasPrice: quantity(tx.gasPrice, "gasPrice") }
      : {
          maxFeePerGas: quantity(tx.maxFeePerGas, "maxFeePerGas"),
          maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, "maxPriorityFeePerGas")
        })
  }
}

const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !isHex(value)) throw invalidParams(`Expected ${field} as a hex quantity`)
  return BigInt(value)
}
