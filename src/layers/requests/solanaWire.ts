/**
 * What a serialised Solana transaction sends, read without `@solana/kit` (the request path must not load
 * it): the receiver and lamports of a transaction whose one System instruction is a transfer from the fee
 * payer. Anything else (an SPL transfer, several transfers, a receiver behind a lookup table, bytes that do
 * not parse exactly as a legacy or v0 transaction) reads as unknown. Pure and total over any string.
 */

import { encodeBase58 } from "../../siwx/base58"

const SYSTEM_PROGRAM = new Uint8Array(32)
/** The System program's `Transfer` instruction: its index, then the lamports (u64, little-endian). */
const TRANSFER_INDEX = 2
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Solana's wire transactions are at most 1232 bytes; more base64 than that is not one. */
const MAX_BASE64_LENGTH = 1700

const fromBase64 = (text: string): Uint8Array | undefined => {
  if (text.length > MAX_BASE64_LENGTH || text.length % 4 !== 0 || !BASE64.test(text)) return undefined
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** A cursor over the bytes; every read fails (throws) past the end, caught once by `solanaTransferOf`. */
const reader = (bytes: Uint8Array) => {
  let at = 0
  const take = (length: number) => {
    if (at + length > bytes.length) throw new RangeError("past the end")
    const slice = bytes.subarray(at, at + length)
    at += length
    return slice
  }
  const byte = () => take(1)[0] as number
  /** Solana's compact-u16: 7 bits per byte, at most 3 bytes. */
  const short = () => {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const next = byte()
      value |= (next & 0x7f) << shift
      if ((next & 0x80) === 0) return value
    }
    throw new RangeError("compact-u16 too long")
  }
  return { take, byte, short, done: () => at === bytes.length }
}

interface Instruction {
  readonly program: number
  readonly accounts: Uint8Array
  readonly data: Uint8Array
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

const parse = (bytes: Uint8Array) => {
  const r = reader(bytes)
  r.take(r.short() * 64)
  const first = r.byte()
  const versioned = (first & 0x80) !== 0
  if (versioned && (first & 0x7f) !== 0) return undefined
  // A legacy message starts with its header; a v0 one with its version byte, then the header.
  if (versioned) r.byte()
  r.take(2)
  const keys = Array.from({ length: r.short() }, () => r.take(32))
  r.take(32)
  const instructions: Array<Instruction> = Array.from({ length: r.short() }, () => ({
    program: r.byte(),
    accounts: r.take(r.short()),
    data: r.take(r.short())
  }))
  if (versioned)
    for (let tables = r.short(); tables > 0; tables--) {
      r.take(32)
      r.take(r.short())
      r.take(r.short())
    }
  return r.done() ? { keys, instructions } : undefined
}

/** The receiver (base58) and lamports of a plain SOL transfer from the fee payer, else `undefined`. */
export const solanaTransferOf = (
  transaction: string
): { readonly to: string; readonly lamports: bigint } | undefined => {
  const bytes = fromBase64(transaction)
  if (bytes === undefined) return undefined
  try {
    const parsed = parse(bytes)
    if (parsed === undefined) return undefined
    const { keys, instructions } = parsed
    const system = instructions.filter((i) => {
      const program = keys[i.program]
      return program !== undefined && sameBytes(program, SYSTEM_PROGRAM)
    })
    const [transfer] = system
    if (system.length !== 1 || transfer === undefined) return undefined
    const { accounts, data } = transfer
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (data.length !== 12 || view.getUint32(0, true) !== TRANSFER_INDEX || accounts.length !== 2)
      return undefined
    const receiver = keys[accounts[1] as number]
    if (accounts[0] !== 0 || receiver === undefined) return undefined
    return { to: encodeBase58(receiver), lamports: view.getBigUint64(4, true) }
  } catch {
    return undefined
  }
}
