/** The sandbox's regtest accounts and coins as the Bitcoin tests use them: PSBTs, UTXOs, signatures. */
import { p2wpkh, Transaction } from "@scure/btc-signer"
import { BITCOIN_REGTEST, REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { bitcoinParamsOf } from "../../src/layers/bitcoin/bitcoinAddress"
import { fromHex, toBase64 } from "../../src/layers/requests/bitcoinPsbt"
import type { EsploraUtxo } from "../../src/schemas/Bitcoin"

const known = bitcoinParamsOf(BITCOIN_REGTEST)
if (known === undefined) throw new Error("regtest is a known network")
export const regtest = known

const accounts = sandboxBitcoinAccounts()
const at = (index: number) => {
  const account = accounts[index]
  if (account === undefined) throw new Error(`no sandbox account ${index}`)
  return account
}
/** The visitor (the Sandbox Bitcoin Wallet's account), another wallet, and a recipient. */
export const ALICE_BTC = at(0)
export const BOB_BTC = at(1)
export const CAROL_BTC = at(2)

export const paymentScript = (account: typeof ALICE_BTC) => p2wpkh(account.payment.publicKey, REGTEST).script

export const txidOf = (n: number) => n.toString(16).padStart(2, "0").repeat(32)

export const utxo = (n: number, value: number, vout = 0): EsploraUtxo => ({
  txid: txidOf(n),
  vout,
  value,
  status: { confirmed: true }
})

/** A PSBT spending `inputs` (each: the owner's coin and its amount) to `outputs`. */
export const psbtOf = (
  inputs: ReadonlyArray<{ owner: typeof ALICE_BTC; amount: bigint; n: number; witness?: boolean }>,
  outputs: ReadonlyArray<{ script: Uint8Array; amount: bigint }>
): { psbt: string; tx: Transaction } => {
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const input of inputs)
    tx.addInput({
      txid: fromHex(txidOf(input.n)) ?? new Uint8Array(32),
      index: 0,
      ...(input.witness === false
        ? {}
        : { witnessUtxo: { script: paymentScript(input.owner), amount: input.amount } })
    })
  for (const output of outputs) tx.addOutput(output)
  return { psbt: toBase64(tx.toPSBT()), tx }
}
