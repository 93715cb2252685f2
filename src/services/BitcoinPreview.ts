/**
 * What a Bitcoin request shows in ApproveTransaction, decoded by the modal (the request path's lazy Bitcoin
 * part): a PSBT's inputs, outputs, fee and fee rate, or a message's protocol. Amounts are satoshis.
 */
/** A sighash the visitor must read about: anything but ALL lets others change what was signed. */
export type SighashName =
  | "ALL"
  | "NONE"
  | "SINGLE"
  | "ALL|ANYONECANPAY"
  | "NONE|ANYONECANPAY"
  | "SINGLE|ANYONECANPAY"
  | "DEFAULT"
  | "OTHER"

export interface BitcoinInputPreview {
  readonly index: number
  readonly txid: string
  readonly vout: number
  /** From the PSBT's `witnessUtxo`, or the previous transaction; `undefined` when neither was had. */
  readonly amount: bigint | undefined
  readonly address: string | undefined
  /** It spends the connected account's coins. */
  readonly mine: boolean
  /** The wallet is asked to sign it now, with these sighashes (ALL when the request names none). */
  readonly signing: ReadonlyArray<SighashName> | undefined
}

export type BitcoinOutputPreview =
  | { readonly _tag: "Recipient"; readonly index: number; readonly address: string; readonly amount: bigint }
  /** Back to the connected account. */
  | { readonly _tag: "Change"; readonly index: number; readonly address: string; readonly amount: bigint }
  /** `OP_RETURN` data, hex (bounded). */
  | { readonly _tag: "Data"; readonly index: number; readonly data: string; readonly amount: bigint }
  /** A script with no address (a bare key, a future version). */
  | { readonly _tag: "Script"; readonly index: number; readonly script: string; readonly amount: bigint }

export interface BitcoinTransactionPreview {
  readonly _tag: "Transaction"
  readonly txid: string
  readonly inputs: ReadonlyArray<BitcoinInputPreview>
  readonly outputs: ReadonlyArray<BitcoinOutputPreview>
  /** In − out, when every input's amount is known. */
  readonly fee: bigint | undefined
  /** Estimated from the inputs' and outputs' types once signed. */
  readonly vsize: number
  /** sat/vB, `fee / vsize`. */
  readonly feeRate: number | undefined
  /** What leaves the visitor: their inputs less what returns to them (fee included). */
  readonly leaves: bigint | undefined
  readonly broadcast: boolean
  /** A sighash other than ALL, or an input of the visitor's whose amount is unknown. */
  readonly risky: boolean
}

export interface BitcoinMessagePreview {
  readonly _tag: "Message"
  readonly protocol: "bip322" | "ecdsa"
}

/** The approval's Bitcoin part: its transaction or its message's protocol. */
export type BitcoinPreview = BitcoinTransactionPreview | BitcoinMessagePreview
