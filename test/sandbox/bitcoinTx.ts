import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import type { SandboxBitcoinAddress } from "../../sandbox/bitcoin/accounts.mjs"
import { REGTEST } from "../../sandbox/shared/bitcoin"

/**
 * Builds and signs regtest transactions for the local chain's tests with @scure/btc-signer, from the dev
 * keys of sandbox/bitcoin/accounts.mjs.
 */

/** A coin to spend: where it is, what it holds, and the key that signs for it. */
export interface Coin {
  readonly txid: string
  readonly vout: number
  readonly sats: bigint
  readonly owner: SandboxBitcoinAddress
  /** What the signature commits to, when a test signs over something else than the real coin. */
  readonly signAs?: { readonly sats?: bigint; readonly owner?: SandboxBitcoinAddress }
  /** The sighash type (default: SIGHASH_DEFAULT for taproot, SIGHASH_ALL otherwise). */
  readonly sighash?: number
  /** A p2pkh coin: the raw transaction that created it (legacy signing needs it). */
  readonly previousHex?: string
  /** A p2pkh coin: pays hash160 of this compressed key. */
  readonly legacy?: boolean
  /** The input's sequence (default final, 0xffffffff). */
  readonly sequence?: number
}

/** An output: a regtest address or a raw script, and its amount. */
export type Output =
  | { readonly address: string; readonly sats: bigint }
  | { readonly script: Uint8Array; readonly sats: bigint }

export const scriptOfKey = (key: SandboxBitcoinAddress, legacy = false): Uint8Array =>
  legacy
    ? btc.p2pkh(key.publicKey, REGTEST).script
    : key.addressType === "p2wpkh"
      ? btc.p2wpkh(key.publicKey, REGTEST).script
      : btc.p2tr(key.publicKey, undefined, REGTEST).script

export const legacyAddressOf = (key: SandboxBitcoinAddress): string =>
  btc.p2pkh(key.publicKey, REGTEST).address as string

/** A signed transaction's hex spending `coins` to `outputs`. */
export function spend(
  coins: ReadonlyArray<Coin>,
  outputs: ReadonlyArray<Output>,
  options: { lockTime?: number } = {}
) {
  const tx = new btc.Transaction({
    allowUnknownOutputs: true,
    ...(options.lockTime === undefined ? {} : { lockTime: options.lockTime })
  })
  for (const coin of coins) {
    const owner = coin.signAs?.owner ?? coin.owner
    const sats = coin.signAs?.sats ?? coin.sats
    const sighash = {
      ...(coin.sighash === undefined ? {} : { sighashType: coin.sighash }),
      ...(coin.sequence === undefined ? {} : { sequence: coin.sequence })
    }
    if (coin.legacy)
      tx.addInput({
        txid: coin.txid,
        index: coin.vout,
        nonWitnessUtxo: hex.decode(coin.previousHex as string),
        ...sighash
      })
    else
      tx.addInput({
        txid: coin.txid,
        index: coin.vout,
        witnessUtxo: { script: scriptOfKey(owner), amount: sats },
        ...(owner.addressType === "p2tr" ? { tapInternalKey: owner.publicKey } : {}),
        ...sighash
      })
  }
  for (const output of outputs)
    if ("address" in output) tx.addOutputAddress(output.address, output.sats, REGTEST)
    else tx.addOutput({ script: output.script, amount: output.sats })
  coins.forEach((coin, idx) => {
    const owner = coin.signAs?.owner ?? coin.owner
    tx.signIdx(owner.privateKey, idx, coin.sighash === undefined ? undefined : [coin.sighash])
  })
  tx.finalize()
  return { hex: tx.hex, txid: tx.id, vsize: tx.vsize }
}

/** The same raw transaction with input `idx` pointing at another outpoint (its witness kept). */
export function repoint(rawHex: string, idx: number, txid: string, vout: number): string {
  const raw = btc.RawTx.decode(hex.decode(rawHex))
  const inputs = raw.inputs.map((input, i) =>
    i === idx ? { ...input, txid: hex.decode(txid), index: vout } : input
  )
  return hex.encode(btc.RawTx.encode({ ...raw, inputs }))
}

/** The same raw transaction with output `vout` paying `sats` (its signatures kept). */
export function reamount(rawHex: string, vout: number, sats: bigint): string {
  const raw = btc.RawTx.decode(hex.decode(rawHex))
  const outputs = raw.outputs.map((output, i) => (i === vout ? { ...output, amount: sats } : output))
  return hex.encode(btc.RawTx.encode({ ...raw, outputs }))
}

/** The same raw transaction with input `idx`'s witness replaced. */
export function rewitness(rawHex: string, idx: number, witness: ReadonlyArray<Uint8Array>): string {
  const raw = btc.RawTx.decode(hex.decode(rawHex))
  const witnesses = (raw.witnesses ?? []).map((w, i) => (i === idx ? [...witness] : w))
  return hex.encode(btc.RawTx.encode({ ...raw, witnesses }))
}

/** Input `idx`'s witness. */
export const witnessOf = (rawHex: string, idx: number): ReadonlyArray<Uint8Array> =>
  btc.RawTx.decode(hex.decode(rawHex)).witnesses?.[idx] ?? []
