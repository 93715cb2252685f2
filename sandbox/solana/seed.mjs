// The chain's seed: SOL for the dev accounts of accounts.mjs, the faucet and the SPL mint's authority,
// the "Sandbox SPL" mint with tokens for the first SPL_HOLDERS accounts, and a little history for account 0.
import { sha256 } from "@noble/hashes/sha2"
import { createKeyPairSignerFromPrivateKeyBytes, lamports } from "@solana/kit"
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import { sandboxSolanaAccounts } from "./accounts.mjs"
import { LAMPORTS_PER_SOL } from "./ledger.mjs"

/** @import { Address, KeyPairSigner } from "@solana/kit" */
/** @import { SandboxSolanaAccount } from "./accounts.mjs" */
/** @import { Ledger } from "./ledger.mjs" */
/**
 * @typedef {object} SandboxSplMint
 * @property {string} address base58 mint address (fixed: derived from a sandbox seed).
 * @property {string} name
 * @property {string} symbol
 * @property {number} decimals
 * @property {string} authority The mint authority, a sandbox key (not a dev account).
 * @property {string} programId The Token program.
 */
/**
 * One seeded transfer (mints, then account 0's history). Amounts in base units, as decimal strings.
 * @typedef {object} SandboxSolanaTransfer
 * @property {string} signature
 * @property {number} slot
 * @property {number} blockTime Unix seconds.
 * @property {string} asset
 * @property {string | undefined} mint The SPL mint; undefined for SOL.
 * @property {string} from
 * @property {string} to
 * @property {string} amount
 */

/** SOL each dev account starts with. */
export const ACCOUNT_BALANCE_SOL = 100
/** The SPL token the chain mints at start. */
export const SANDBOX_SPL = Object.freeze(
  /** @type {const} */ ({ name: "Sandbox SPL", symbol: "sSPL", decimals: 6, mint: 1_000 })
)
/** How many of the first dev accounts get `SANDBOX_SPL.mint` tokens. */
export const SPL_HOLDERS = 3

/** A sandbox key that is not a dev account: SHA-256 of `airlock-sandbox-solana-<label>`, like accounts.mjs. */
const sandboxSeed = (/** @type {string} */ label) =>
  sha256(new TextEncoder().encode(`airlock-sandbox-solana-${label}`))

/**
 * UTC seconds of `day` at `hour`:00 in the month `monthsAgo` months before `now`'s.
 * @param {Date} now
 * @param {number} monthsAgo
 * @param {number} day
 * @param {number} hour
 */
const pastDay = (now, monthsAgo, day, hour) =>
  Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour) / 1000)

/**
 * Seeds the ledger (createLedger) with history dated before `start`, then sets its clock back to the
 * present. Answers the dev accounts, the faucet's signer, the mint and the seeded transfers.
 * @param {Ledger} ledger
 * @param {Date} start
 * @returns {Promise<{ accounts: ReadonlyArray<SandboxSolanaAccount>, faucet: KeyPairSigner, mint: SandboxSplMint, history: Array<SandboxSolanaTransfer> }>}
 */
export async function seedChain({ svm, run, setClock, nowSeconds }, start) {
  const accounts = sandboxSolanaAccounts()
  const signers = await Promise.all(accounts.map((a) => createKeyPairSignerFromPrivateKeyBytes(a.seed)))
  const faucet = await createKeyPairSignerFromPrivateKeyBytes(sandboxSeed("faucet"))
  const mintAuthority = await createKeyPairSignerFromPrivateKeyBytes(sandboxSeed("mint-authority"))
  const mintSigner = await createKeyPairSignerFromPrivateKeyBytes(sandboxSeed("mint"))
  // Genesis funds (litesvm's airdrop, not transactions): the dev accounts, the faucet, the mint's payer.
  /**
   * @param {Address} address
   * @param {bigint} amount
   */
  const fund = (address, amount) => {
    const result = svm.airdrop(address, lamports(amount))
    if (result === null || "err" in result)
      throw new Error(`could not fund ${address} on the sandbox Solana chain: ${result?.toString()}`)
  }
  for (const signer of signers) fund(signer.address, BigInt(ACCOUNT_BALANCE_SOL) * LAMPORTS_PER_SOL)
  fund(faucet.address, 1_000_000n * LAMPORTS_PER_SOL)
  fund(mintAuthority.address, 10n * LAMPORTS_PER_SOL)

  const mint = Object.freeze({
    address: mintSigner.address,
    name: SANDBOX_SPL.name,
    symbol: SANDBOX_SPL.symbol,
    decimals: SANDBOX_SPL.decimals,
    authority: mintAuthority.address,
    programId: TOKEN_PROGRAM_ADDRESS
  })
  const unit = 10n ** BigInt(SANDBOX_SPL.decimals)
  const ataOf = async (/** @type {Address} */ owner) =>
    (await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
  /** @type {Array<SandboxSolanaTransfer>} */
  const history = []
  let clock = pastDay(start, 2, 2, 9)
  const tick = () => {
    clock += 61
    return clock
  }

  await run(
    mintAuthority,
    [
      getCreateAccountInstruction({
        payer: mintAuthority,
        newAccount: mintSigner,
        lamports: svm.minimumBalanceForRentExemption(BigInt(getMintSize())),
        space: getMintSize(),
        programAddress: TOKEN_PROGRAM_ADDRESS
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals: SANDBOX_SPL.decimals,
        mintAuthority: mintAuthority.address,
        freezeAuthority: null
      })
    ],
    tick()
  )
  for (const holder of signers.slice(0, SPL_HOLDERS)) {
    const ata = await ataOf(holder.address)
    const record = await run(
      mintAuthority,
      [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: mintAuthority,
          ata,
          owner: holder.address,
          mint: mint.address
        }),
        getMintToInstruction({
          mint: mint.address,
          token: ata,
          mintAuthority,
          amount: BigInt(SANDBOX_SPL.mint) * unit
        })
      ],
      tick()
    )
    history.push(
      Object.freeze({
        signature: record.signature,
        slot: record.slot,
        blockTime: record.blockTime,
        asset: SANDBOX_SPL.symbol,
        mint: mint.address,
        from: mintAuthority.address,
        to: holder.address,
        amount: (BigInt(SANDBOX_SPL.mint) * unit).toString()
      })
    )
  }
  // Account 0's history: 2.5 SOL from account 1 last month, then 25 sSPL to account 2.
  const [signer0, signer1, signer2] = /** @type {[KeyPairSigner, KeyPairSigner, KeyPairSigner]} */ (signers)
  const solAmount = (5n * LAMPORTS_PER_SOL) / 2n
  clock = Math.max(clock, pastDay(start, 1, 12, 15))
  const solRecord = await run(
    signer1,
    [getTransferSolInstruction({ source: signer1, destination: signer0.address, amount: solAmount })],
    tick()
  )
  history.push(
    Object.freeze({
      signature: solRecord.signature,
      slot: solRecord.slot,
      blockTime: solRecord.blockTime,
      asset: "SOL",
      mint: undefined,
      from: signer1.address,
      to: signer0.address,
      amount: solAmount.toString()
    })
  )
  const tokenAmount = 25n * unit
  clock = Math.max(clock, pastDay(start, 1, 20, 10))
  const tokenRecord = await run(
    signer0,
    [
      getTransferCheckedInstruction({
        source: await ataOf(signer0.address),
        mint: mint.address,
        destination: await ataOf(signer2.address),
        authority: signer0,
        amount: tokenAmount,
        decimals: SANDBOX_SPL.decimals
      })
    ],
    tick()
  )
  history.push(
    Object.freeze({
      signature: tokenRecord.signature,
      slot: tokenRecord.slot,
      blockTime: tokenRecord.blockTime,
      asset: SANDBOX_SPL.symbol,
      mint: mint.address,
      from: signer0.address,
      to: signer2.address,
      amount: tokenAmount.toString()
    })
  )
  // Back to the present.
  setClock(nowSeconds())
  return { accounts, faucet, mint, history }
}
