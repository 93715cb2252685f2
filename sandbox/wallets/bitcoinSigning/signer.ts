/**
 * What both sandbox Bitcoin wallets do with a request once the visitor approved it: sign a message, sign (and
 * maybe broadcast) a PSBT, build and send a transfer; and the words their approval screens show. The hostile
 * switches (another message signed, another coin spent) act here, so both wallets misbehave the same way.
 * Free of DOM code.
 */
import * as btc from "@scure/btc-signer"
import { REGTEST } from "../../shared/bitcoin"
import { type MessageProtocol, signMessageWith } from "./bip322"
import { BitcoinRequestError } from "./errors"
import type { Esplora } from "./esplora"
import type { BitcoinKey, BitcoinKeyRing } from "./keys"
import {
  decodePsbt,
  extractHex,
  type InputToSign,
  prevoutOf,
  psbtBytesOf,
  signInputs,
  swapInput
} from "./psbt"
import { buildTransfer, type Recipient } from "./transfer"

/** The hostile behaviours the signer itself has (the wallets add the name and address ones). */
export interface SignerHostility {
  /** Signs another message than the one asked (a valid signature of the wrong content). */
  readonly otherMessage: boolean
  /** Signs a PSBT whose first input to sign spends another of the wallet's coins. */
  readonly swapInput: boolean
}

export interface SignedMessage {
  readonly address: string
  readonly signature: string
  readonly messageHash: string
  readonly protocol: MessageProtocol
}

export interface SignedPsbt {
  readonly psbt: Uint8Array
  readonly txid?: string
}

export interface SentTransfer {
  readonly txid: string
  readonly fee: bigint
  readonly feeRate: number
}

/** What the approval panel shows: label and value pairs. */
export type Details = ReadonlyArray<readonly [label: string, value: string]>

const addressOfScript = (script: Uint8Array): string => {
  try {
    return btc.Address(REGTEST).encode(btc.OutScript.decode(script))
  } catch {
    return `script ${Array.from(script.subarray(0, 40), (b) => b.toString(16).padStart(2, "0")).join("")}`
  }
}

/** A message for the panel: its text when printable, its hex otherwise. */
export const readableMessage = (message: Uint8Array): string => {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(message)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: binary content is shown as hex instead
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(text)) return text
  } catch {
    // not UTF-8: hex below
  }
  return `0x${Array.from(message, (b) => b.toString(16).padStart(2, "0")).join("")}`
}

/** The panel's words for a PSBT: each input (whether the wallet signs it) and each output, in satoshis. */
export const describePsbt = (tx: btc.Transaction, toSign: ReadonlyArray<InputToSign>): Details => {
  const signing = new Set(toSign.map((request) => request.index))
  const rows: Array<readonly [string, string]> = []
  let spent = 0n
  let known = true
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = prevoutOf(tx, i)
    if (prevout === undefined) known = false
    else spent += prevout.amount
    const what =
      prevout === undefined ? "unknown coin" : `${prevout.amount} sats of ${addressOfScript(prevout.script)}`
    rows.push([`Input ${i}${signing.has(i) ? " (signed by this wallet)" : ""}`, what])
  }
  let paid = 0n
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i)
    paid += output.amount ?? 0n
    rows.push([
      `Output ${i}`,
      `${output.amount ?? 0n} sats to ${addressOfScript(output.script ?? new Uint8Array())}`
    ])
  }
  rows.push(["Fee", known ? `${spent - paid} sats` : "unknown (an input's amount is missing)"])
  return rows
}

export const createBitcoinSigner = (
  ring: () => BitcoinKeyRing,
  esplora: Esplora,
  hostility: () => SignerHostility
) => {
  const keyOf = (address: string): BitcoinKey => {
    const key = ring().byAddress(address)
    if (key === undefined) throw new BitcoinRequestError(`This wallet holds no key for ${address}.`)
    return key
  }

  return {
    keyOf,
    /** The inputs of `psbt` this wallet holds keys for, each with its address. */
    ownInputs: (psbt: Uint8Array): ReadonlyArray<InputToSign> => {
      const tx = decodePsbt(psbt)
      return Array.from({ length: tx.inputsLength }, (_, index) => {
        const script = prevoutOf(tx, index)?.script
        const key = script === undefined ? undefined : ring().byScript(script)
        return key === undefined ? [] : [{ index, address: key.address }]
      }).flat()
    },
    /** Checks a message request before it is shown; `run` signs it. */
    signMessage: (address: string, message: Uint8Array, protocol: MessageProtocol) => {
      const key = keyOf(address)
      if (protocol === "ECDSA" && key.addressType !== "p2wpkh") {
        throw new BitcoinRequestError(`${address} is a taproot address: it signs messages by BIP-322 only.`)
      }
      return {
        details: [
          ["Address", address],
          ["Protocol", protocol === "ECDSA" ? "ECDSA (legacy, BIP-137)" : "BIP-322"],
          ["Message", readableMessage(message)]
        ] satisfies Details,
        run: (): SignedMessage => {
          const signed = hostility().otherMessage
            ? {
                // A real signature, over other words; the hash still names the message asked for.
                signature: signMessageWith(
                  key,
                  new TextEncoder().encode(`${readableMessage(message)} (not this)`),
                  protocol
                ).signature,
                messageHash: signMessageWith(key, message, protocol).messageHash
              }
            : signMessageWith(key, message, protocol)
          return { address, protocol, ...signed }
        }
      }
    },
    /** Checks a PSBT request before it is shown; `run` signs (and broadcasts when asked). */
    signPsbt: (psbt: Uint8Array, inputs: ReadonlyArray<InputToSign>, broadcast: boolean) => {
      const tx = decodePsbt(psbt)
      // A dry run on a copy checks every input asked for before the visitor is asked.
      signInputs(decodePsbt(psbt), ring(), inputs)
      return {
        details: [
          ...describePsbt(tx, inputs),
          ["Broadcast", broadcast ? "yes, to the local chain" : "no"]
        ] as Details,
        run: async (): Promise<SignedPsbt> => {
          let signed = tx
          const first = inputs[0]
          if (hostility().swapInput && first !== undefined) {
            const key = ring().byScript(prevoutOf(tx, first.index)?.script ?? new Uint8Array())
            const utxos = key === undefined ? [] : await esplora.utxos(key.address).catch(() => [])
            signed = swapInput(tx, ring(), first.index, utxos)
          }
          signInputs(signed, ring(), inputs)
          if (!broadcast) return { psbt: psbtBytesOf(signed) }
          const txid = await esplora.broadcast(extractHex(signed))
          return { psbt: psbtBytesOf(signed), txid }
        }
      }
    },
    /**
     * Builds a transfer from the payment address's coins at the chain's estimated fee rate, for the panel; `run`
     * signs it and broadcasts it.
     */
    prepareTransfer: async (recipients: ReadonlyArray<Recipient>, changeAddress?: string) => {
      const from = ring().payment
      const [utxos, rate] = await Promise.all([esplora.utxos(from.address), esplora.feeRate()])
      const transfer = buildTransfer(from, utxos, recipients, rate, changeAddress)
      const indexes = Array.from({ length: transfer.tx.inputsLength }, (_, index) => ({ index }))
      return {
        details: [
          ...recipients.map(
            (r, i) =>
              [recipients.length === 1 ? "Pay" : `Pay ${i + 1}`, `${r.amount} sats to ${r.address}`] as const
          ),
          ["From", from.address],
          ["Fee", `${transfer.fee} sats (${transfer.feeRate} sat/vB)`]
        ] as Details,
        transfer,
        run: async (): Promise<SentTransfer> => {
          signInputs(transfer.tx, ring(), indexes)
          const txid = await esplora.broadcast(extractHex(transfer.tx))
          return { txid, fee: transfer.fee, feeRate: transfer.feeRate }
        }
      }
    }
  }
}

export type BitcoinSigner = ReturnType<typeof createBitcoinSigner>
