/**
 * What the approval panel says about a Solana transaction: its version, fee payer, signers and lifetime, and
 * each instruction decoded where the wallet knows the program (SOL transfers, SPL token transfers, token
 * account creation, compute budget, memo) and named by its program id where it does not. Plain text only.
 */
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, type Transaction } from "@solana/kit"

export const SYSTEM_PROGRAM = "11111111111111111111111111111111"
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"
export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL"
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111"
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"

/** A token the wallet can name (the sandbox's mint, from the sandbox config). */
export interface KnownMint {
  readonly address: string
  readonly symbol: string
  readonly decimals: number
}

/** One decoded instruction: its program and what it does, as text. */
export interface DescribedInstruction {
  readonly program: string
  readonly kind: string
  readonly text: string
}

export interface DescribedTransaction {
  readonly version: "legacy" | number
  readonly feePayer: string
  readonly signers: ReadonlyArray<string>
  readonly lifetime: string
  readonly instructions: ReadonlyArray<DescribedInstruction>
}

/** `value` base units with `decimals` decimals, without trailing zeros: 500000000n, 9 → "0.5". */
export const formatUnits = (value: bigint, decimals: number): string => {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  return `${negative ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`
}

const u32 = (data: Uint8Array, offset: number): number | undefined =>
  data.length >= offset + 4
    ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true)
    : undefined

const u64 = (data: Uint8Array, offset: number): bigint | undefined =>
  data.length >= offset + 8
    ? new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true)
    : undefined

const SYSTEM_NAMES: Record<number, string> = {
  0: "Create account",
  1: "Assign",
  3: "Create account with seed",
  4: "Advance nonce account",
  8: "Allocate"
}

const TOKEN_NAMES: Record<number, string> = {
  0: "Initialize mint",
  1: "Initialize account",
  4: "Approve",
  5: "Revoke",
  6: "Set authority",
  7: "Mint to",
  8: "Burn",
  9: "Close account",
  13: "Approve (checked)",
  14: "Mint to (checked)",
  15: "Burn (checked)"
}

const describeInstruction = (
  program: string,
  accounts: ReadonlyArray<string>,
  data: Uint8Array,
  mints: ReadonlyArray<KnownMint>
): DescribedInstruction => {
  const account = (index: number) => accounts[index] ?? "(missing account)"
  const unknown = (kind: string) => ({
    program,
    kind,
    text: [
      `Program ${program}`,
      `${accounts.length} account${accounts.length === 1 ? "" : "s"}, ${data.length} data byte${data.length === 1 ? "" : "s"}`
    ].join("\n")
  })
  if (program === SYSTEM_PROGRAM) {
    const index = u32(data, 0)
    if (index === 2) {
      const lamports = u64(data, 4)
      if (lamports !== undefined) {
        return {
          program,
          kind: "sol-transfer",
          text: `Send ${formatUnits(lamports, 9)} SOL\nfrom ${account(0)}\nto ${account(1)}`
        }
      }
    }
    const name = index === undefined ? undefined : SYSTEM_NAMES[index]
    if (name !== undefined) return { program, kind: "system", text: `System program: ${name}` }
    return unknown("system")
  }
  if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) {
    const tag = data[0]
    const amount = u64(data, 1)
    if (tag === 12 && amount !== undefined && data.length >= 10) {
      const decimals = data[9] ?? 0
      const mint = account(1)
      const known = mints.find((m) => m.address === mint)
      return {
        program,
        kind: "token-transfer",
        text: [
          `Send ${formatUnits(amount, decimals)} ${known?.symbol ?? "tokens"}`,
          `mint ${mint}`,
          `from token account ${account(0)}`,
          `to token account ${account(2)}`,
          `owner ${account(3)}`
        ].join("\n")
      }
    }
    if (tag === 3 && amount !== undefined) {
      return {
        program,
        kind: "token-transfer",
        text: [
          `Send ${amount} base units of a token (unchecked transfer: the mint is not named)`,
          `from token account ${account(0)}`,
          `to token account ${account(1)}`,
          `owner ${account(2)}`
        ].join("\n")
      }
    }
    const name = tag === undefined ? undefined : TOKEN_NAMES[tag]
    if (name !== undefined) return { program, kind: "token", text: `Token program: ${name}` }
    return unknown("token")
  }
  if (program === ASSOCIATED_TOKEN_PROGRAM && (data.length === 0 || data[0] === 0 || data[0] === 1)) {
    const mint = account(3)
    const known = mints.find((m) => m.address === mint)
    return {
      program,
      kind: "create-token-account",
      text: [
        `Create the ${known?.symbol ?? "token"} account ${account(1)}`,
        `for ${account(2)}`,
        `mint ${mint}`,
        `paid by ${account(0)}`
      ].join("\n")
    }
  }
  if (program === COMPUTE_BUDGET_PROGRAM) {
    if (data[0] === 2 && u32(data, 1) !== undefined) {
      return { program, kind: "compute-budget", text: `Compute unit limit ${u32(data, 1)}` }
    }
    if (data[0] === 3 && u64(data, 1) !== undefined) {
      return { program, kind: "compute-budget", text: `Priority fee ${u64(data, 1)} micro-lamports per unit` }
    }
    return unknown("compute-budget")
  }
  if (program === MEMO_PROGRAM) {
    try {
      return {
        program,
        kind: "memo",
        text: `Memo: ${new TextDecoder("utf-8", { fatal: true }).decode(data)}`
      }
    } catch {
      return unknown("memo")
    }
  }
  return unknown("unknown")
}

/** The wallet signs legacy and version 0 transactions only (`supportedTransactionVersions`). */
export class UnsupportedVersionError extends Error {
  constructor(readonly version: unknown) {
    super(`The Sandbox Solana Wallet does not sign version ${String(version)} transactions.`)
    this.name = "UnsupportedVersionError"
  }
}

/** Decodes a wire transaction (`getTransactionDecoder`); throws on bytes that are not one. */
export const decodeWireTransaction = (bytes: Uint8Array): Transaction =>
  getTransactionDecoder().decode(bytes) as Transaction

/** Describes a transaction's message for the approval panel. */
export const describeTransaction = (
  transaction: Transaction,
  mints: ReadonlyArray<KnownMint> = []
): DescribedTransaction => {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  if (message.version !== "legacy" && message.version !== 0) {
    throw new UnsupportedVersionError(message.version)
  }
  const statics: ReadonlyArray<string> = message.staticAccounts
  const accountAt = (index: number) =>
    statics[index] ?? `(address lookup table account #${index - statics.length})`
  const lifetime = "lifetimeToken" in message ? String(message.lifetimeToken) : "(none)"
  return {
    version: message.version,
    feePayer: statics[0] ?? "(none)",
    signers: Object.keys(transaction.signatures),
    lifetime,
    instructions: message.instructions.map((instruction) =>
      describeInstruction(
        accountAt(instruction.programAddressIndex),
        (instruction.accountIndices ?? []).map(accountAt),
        Uint8Array.from(instruction.data ?? []),
        mints
      )
    )
  }
}

/** The panel's rows for a described transaction. */
export const transactionDetails = (
  described: DescribedTransaction,
  prefix = ""
): Array<readonly [string, string]> => [
  [`${prefix}Version`, String(described.version)],
  [`${prefix}Fee payer`, described.feePayer],
  [`${prefix}Signers`, described.signers.join("\n")],
  [`${prefix}Recent blockhash`, described.lifetime],
  ...described.instructions.map(
    (instruction, index) => [`${prefix}Instruction ${index + 1}`, instruction.text] as const
  )
]
