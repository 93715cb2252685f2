/**
 * The catalogue's error (`errors.ts`) of a Bitcoin wallet that answered what it must not, or nothing: made
 * only by the Bitcoin connectors' code, which loads when the host has a Bitcoin network. Its sentences are
 * namespace `bitcoinConnect` (`sentence(catalog)`).
 */
import * as Data from "effect/Data"
import type { Catalog } from "./messages/compiled/catalog"
import { bitcoinConnectWords } from "./messages/compiled/en/bitcoinConnect"

/** What was wrong with a Bitcoin wallet's answer. */
export type BitcoinWalletFailure =
  /** An address that is not one of the network's (another network's prefix, a bad checksum, junk). */
  | "bad-address"
  /** An answer of another shape than the method's (no signature, a PSBT that does not decode). */
  | "bad-answer"
  /** No answer within the time a read may take. */
  | "no-answer"
  /** The wallet names none of the host's Bitcoin networks. */
  | "no-network"

const SENTENCES = {
  "bad-address": "badAddress",
  "bad-answer": "badAnswer",
  "no-answer": "noAnswer",
  "no-network": "noNetwork"
} as const satisfies { readonly [F in BitcoinWalletFailure]: keyof typeof bitcoinConnectWords }

export class BitcoinWalletError extends Data.TaggedError("BitcoinWalletError")<{
  readonly reason: BitcoinWalletFailure
  /** The wallet method whose answer it was. */
  readonly method: string
  readonly cause?: unknown
}> {
  override readonly message = `The Bitcoin wallet's ${this.method}: ${this.reason}`
  /** What the visitor reads (`present()`), in `catalog`'s locale. */
  sentence(catalog?: Catalog): string {
    return (catalog?.bitcoinConnect ?? bitcoinConnectWords)[SENTENCES[this.reason]]()
  }
}
