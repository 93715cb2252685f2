// The Esplora API's JSON shapes (Blockstream/esplora API.md; FACTS-NEXT §5), amounts in sats, read from the
// ledger. Every transaction is confirmed: a block is mined per accepted transaction, the mempool is empty.
import { hex } from "@scure/base"
import * as btc from "@scure/btc-signer"
import { addressOf, asmOf, esploraTypeOf } from "./script.mjs"
import { isCoinbaseInput } from "./validate.mjs"

/** Esplora's page sizes for `/address/:a/txs` (confirmed part) and `/txs/chain/:last_seen`. */
export const TXS_PAGE = 25

/** @import { Block, ChainTx, Ledger } from "./ledger.mjs" */

/**
 * `{confirmed, block_height, block_hash, block_time}`
 * @param {Block} block
 */
export const statusOf = (block) => ({
  confirmed: true,
  block_height: block.height,
  block_hash: block.hash,
  block_time: block.time
})

/**
 * An output as Esplora writes it (`vout[]` and `vin[].prevout`).
 * @param {{ readonly script: Uint8Array, readonly value: bigint }} output
 */
const outputOf = ({ script, value }) => {
  const address = addressOf(script)
  return {
    scriptpubkey: hex.encode(script),
    scriptpubkey_asm: asmOf(script),
    scriptpubkey_type: esploraTypeOf(script),
    ...(address === undefined ? {} : { scriptpubkey_address: address }),
    value: Number(value)
  }
}

/**
 * `GET /tx/:txid`: `{txid, version, locktime, size, weight, fee, vin[], vout[], status}`.
 * @param {ChainTx} entry
 */
export function txJson(entry) {
  const raw = btc.RawTx.decode(entry.bytes)
  return {
    txid: entry.txid,
    version: raw.version,
    locktime: raw.lockTime,
    vin: raw.inputs.map((input, i) => {
      const coinbase = isCoinbaseInput(input)
      const prevout = entry.prevouts?.[i]
      return {
        txid: hex.encode(input.txid),
        vout: input.index,
        prevout: prevout === undefined ? null : outputOf(prevout),
        scriptsig: hex.encode(input.finalScriptSig),
        scriptsig_asm: asmOf(input.finalScriptSig),
        witness: (raw.witnesses?.[i] ?? []).map((item) => hex.encode(item)),
        is_coinbase: coinbase,
        sequence: input.sequence
      }
    }),
    vout: raw.outputs.map((output) => outputOf({ script: output.script, value: output.amount })),
    size: entry.size,
    weight: entry.weight,
    fee: Number(entry.fee),
    status: statusOf(entry.block)
  }
}

/**
 * `GET /tx/:txid/outspend/:vout`: `{spent: false}` or `{spent: true, txid, vin, status}`.
 * @param {Ledger} ledger
 * @param {string} txid
 * @param {number} vout
 */
export function outspendJson(ledger, txid, vout) {
  const spend = ledger.spendOf(txid, vout)
  const block = spend === undefined ? undefined : ledger.blockAt(spend.height)
  return spend === undefined || block === undefined
    ? { spent: false }
    : { spent: true, txid: spend.txid, vin: spend.vin, status: statusOf(block) }
}

/**
 * Each output of the address's transactions that pays it, with whether it is still unspent.
 * @param {Ledger} ledger
 * @param {string} address
 */
function* fundedOutputs(ledger, address) {
  for (const txid of ledger.txidsOf(address)) {
    const entry = ledger.tx(txid)
    if (entry === undefined) continue
    const raw = btc.RawTx.decode(entry.bytes)
    for (let vout = 0; vout < raw.outputs.length; vout++) {
      const output = /** @type {{ script: Uint8Array, amount: bigint }} */ (raw.outputs[vout])
      if (addressOf(output.script) === address)
        yield { entry, vout, value: output.amount, unspent: ledger.utxo(txid, vout) !== undefined }
    }
  }
}

/**
 * `GET /address/:a/utxo`: `{txid, vout, value, status}[]`, newest first.
 * @param {Ledger} ledger
 * @param {string} address
 */
export const utxosJson = (ledger, address) =>
  [...fundedOutputs(ledger, address)]
    .filter((o) => o.unspent)
    .reverse()
    .map((o) => ({
      txid: o.entry.txid,
      vout: o.vout,
      value: Number(o.value),
      status: statusOf(o.entry.block)
    }))

/**
 * `GET /address/:a`: `{address, chain_stats, mempool_stats}`.
 * @param {Ledger} ledger
 * @param {string} address
 */
export function addressJson(ledger, address) {
  let funded = 0
  let fundedSum = 0n
  let spent = 0
  let spentSum = 0n
  for (const o of fundedOutputs(ledger, address)) {
    funded++
    fundedSum += o.value
    if (!o.unspent) {
      spent++
      spentSum += o.value
    }
  }
  const zero = { tx_count: 0, funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0 }
  return {
    address,
    chain_stats: {
      tx_count: ledger.txidsOf(address).length,
      funded_txo_count: funded,
      funded_txo_sum: Number(fundedSum),
      spent_txo_count: spent,
      spent_txo_sum: Number(spentSum)
    },
    mempool_stats: zero
  }
}

/**
 * `GET /address/:a/txs` (no `lastSeen`) and `/address/:a/txs/chain/:last_seen_txid`: 25 transactions,
 * newest first, after `lastSeen` when given (none when it is not one of the address's).
 * @param {Ledger} ledger
 * @param {string} address
 * @param {string} [lastSeen]
 */
export function addressTxsJson(ledger, address, lastSeen) {
  const newestFirst = [...ledger.txidsOf(address)].reverse()
  const start = lastSeen === undefined ? 0 : newestFirst.indexOf(lastSeen) + 1
  if (lastSeen !== undefined && start === 0) return []
  return newestFirst.slice(start, start + TXS_PAGE).flatMap((txid) => {
    const entry = ledger.tx(txid)
    return entry === undefined ? [] : [txJson(entry)]
  })
}
