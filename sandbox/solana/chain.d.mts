import type { SandboxSolanaAccount } from "./accounts.mjs"

export declare const SOLANA_LOCALNET: "solana:localnet"
export declare const LAMPORTS_PER_SOL: bigint
/** SOL each dev account starts with (100). */
export declare const ACCOUNT_BALANCE_SOL: number
/** The SPL token minted at start: "Sandbox SPL" (sSPL), 6 decimals, 1000 to each of the first 3 accounts. */
export declare const SANDBOX_SPL: {
  readonly name: "Sandbox SPL"
  readonly symbol: "sSPL"
  readonly decimals: 6
  readonly mint: number
}
export declare const SPL_HOLDERS: number
/** 5000 lamports per signature. */
export declare const LAMPORTS_PER_SIGNATURE: bigint
export declare const MAX_AIRDROP_LAMPORTS: bigint
export declare const BLOCKHASH_VALIDITY: number
/** The largest request body the RPC reads (50 KiB, as Solana's); over it: HTTP 413. */
export declare const MAX_BODY_BYTES: number
export declare const MAX_BATCH: number
export declare const SOLANA_CORE_VERSION: string

export interface SandboxSplMint {
  /** base58 mint address (fixed: derived from a sandbox seed). */
  readonly address: string
  readonly name: string
  readonly symbol: string
  readonly decimals: number
  /** The mint authority, a sandbox key (not a dev account). */
  readonly authority: string
  /** The Token program. */
  readonly programId: string
}

/** One seeded transfer (mints, then account 0's history). Amounts in base units, as decimal strings. */
export interface SandboxSolanaTransfer {
  readonly signature: string
  readonly slot: number
  /** Unix seconds. */
  readonly blockTime: number
  readonly asset: string
  /** The SPL mint; undefined for SOL. */
  readonly mint: string | undefined
  readonly from: string
  readonly to: string
  readonly amount: string
}

export interface SandboxSolana {
  /** `http://127.0.0.1:PORT` (JSON-RPC 2.0 at `/`; `GET /health` answers "ok"). */
  readonly rpcUrl: string
  readonly chain: "solana:localnet"
  readonly accounts: ReadonlyArray<SandboxSolanaAccount>
  readonly mint: SandboxSplMint
  readonly history: ReadonlyArray<SandboxSolanaTransfer>
  /** The address `requestAirdrop` pays from. */
  readonly faucet: string
  /** The current slot (the block height: one block per transaction). */
  readonly slot: () => number
  /** Stops the RPC server; safe to call more than once. */
  readonly stop: () => Promise<void>
}

/** The JSON form Solana gives a transaction error (`"BlockhashNotFound"`, `{ InstructionError: [0, …] }`). */
export declare function transactionErrorJson(err: unknown): unknown
export declare function transactionErrorText(json: unknown): string
/** The fee of a compiled message: 5000 lamports a signature plus the priority fee. */
export declare function feeOf(message: unknown): bigint
export declare function startSandboxSolana(options?: {
  readonly port?: number
  /** "The present": dates the seeded history and starts the block clock. Default: now. */
  readonly now?: Date
}): Promise<SandboxSolana>
