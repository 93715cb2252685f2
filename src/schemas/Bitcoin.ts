/**
 * The Bitcoin requests as WalletConnect's bip122 namespace sends them (FACTS-NEXT §4), the one language the
 * modal speaks to every Bitcoin wallet, their answers, and the Esplora answers the modal reads (§5). Every
 * value a page, a wallet or a server can grow is bounded here.
 */
import * as Schema from "effect/Schema"
import { patterned } from "./Primitives"

/** A message longer than this is refused: a page cannot make the approval view hold megabytes. */
export const MAX_MESSAGE_LENGTH = 8192
/** 400 KB of PSBT in base64: a standard transaction is at most 100 kvB, its PSBT a few times that. */
export const MAX_PSBT_BASE64 = 400_000
export const MAX_SIGN_INPUTS = 256
/** An address: bech32 is at most 90 characters, base58 far fewer. */
export const BitcoinAddressText = patterned(
  /^[a-zA-Z0-9]{14,90}$/,
  "Expected a Bitcoin address: 14 to 90 letters and digits"
)

const Base64 = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9+/]+={0,2}$/, { message: "Expected base64 text" }),
  Schema.isMaxLength(MAX_PSBT_BASE64, { message: `Expected at most ${MAX_PSBT_BASE64} characters of base64` })
)

/** A whole number of satoshis as text ("100000"): at most 21 million BTC. */
export const SatsText = patterned(/^(0|[1-9][0-9]{0,15})$/, "Expected a whole number of satoshis").check(
  // Checks all run, so this one reads only digits.
  Schema.makeFilter((text) => !/^[0-9]{1,16}$/.test(text) || BigInt(text) <= 2_100_000_000_000_000n, {
    message: "Expected at most 21 million BTC"
  })
)

export const BitcoinGetAccountAddressesParams = Schema.Struct({
  account: Schema.optional(BitcoinAddressText),
  intentions: Schema.optional(
    Schema.Array(Schema.Literals(["payment", "ordinal"])).check(Schema.isMaxLength(2))
  )
}).annotate({ identifier: "BitcoinGetAccountAddressesParams" })

export const BitcoinSignMessageParams = Schema.Struct({
  message: Schema.String.check(
    Schema.isMaxLength(MAX_MESSAGE_LENGTH, {
      message: `Expected a message of at most ${MAX_MESSAGE_LENGTH} characters`
    })
  ),
  address: BitcoinAddressText,
  account: Schema.optional(BitcoinAddressText),
  protocol: Schema.optional(Schema.Literals(["ecdsa", "bip322"]))
}).annotate({ identifier: "BitcoinSignMessageParams" })
export type BitcoinSignMessageParams = typeof BitcoinSignMessageParams.Type

export const BitcoinSignMessageResult = Schema.Struct({
  signature: Schema.String.check(
    Schema.isPattern(/^[A-Za-z0-9+/]+={0,2}$/, { message: "Expected a base64 signature" }),
    Schema.isMaxLength(2048)
  ),
  address: Schema.optional(BitcoinAddressText),
  messageHash: Schema.optional(Schema.String.check(Schema.isMaxLength(128)))
}).annotate({ identifier: "BitcoinSignMessageResult" })
export type BitcoinSignMessageResult = typeof BitcoinSignMessageResult.Type

/** One input the wallet is asked to sign: by the address whose key signs it, at `index`. */
export const BitcoinSignInput = Schema.Struct({
  address: BitcoinAddressText,
  index: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000 })),
  sighashTypes: Schema.optional(
    Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 255 }))).check(
      Schema.isMaxLength(6)
    )
  )
})
export type BitcoinSignInput = typeof BitcoinSignInput.Type

export const BitcoinSignPsbtParams = Schema.Struct({
  psbt: Base64,
  signInputs: Schema.Array(BitcoinSignInput).check(
    Schema.isMaxLength(MAX_SIGN_INPUTS, { message: `Expected at most ${MAX_SIGN_INPUTS} inputs to sign` })
  ),
  account: Schema.optional(BitcoinAddressText),
  broadcast: Schema.optional(Schema.Boolean)
}).annotate({ identifier: "BitcoinSignPsbtParams" })
export type BitcoinSignPsbtParams = typeof BitcoinSignPsbtParams.Type

const Txid = patterned(/^[0-9a-f]{64}$/, "Expected a transaction id: 64 lower-case hex digits")

export const BitcoinSignPsbtResult = Schema.Struct({
  psbt: Schema.optional(Base64),
  txid: Schema.optional(Txid)
}).annotate({ identifier: "BitcoinSignPsbtResult" })
export type BitcoinSignPsbtResult = typeof BitcoinSignPsbtResult.Type

export const BitcoinSendTransferParams = Schema.Struct({
  account: BitcoinAddressText,
  recipientAddress: BitcoinAddressText,
  amount: SatsText,
  changeAddress: Schema.optional(BitcoinAddressText),
  memo: Schema.optional(Schema.String.check(Schema.isMaxLength(80)))
}).annotate({ identifier: "BitcoinSendTransferParams" })
export type BitcoinSendTransferParams = typeof BitcoinSendTransferParams.Type

export const BitcoinSendTransferResult = Schema.Struct({ txid: Txid }).annotate({
  identifier: "BitcoinSendTransferResult"
})

// ---- Esplora (amounts in sats) ----

export const MAX_UTXOS = 500

export const EsploraUtxo = Schema.Struct({
  txid: Txid,
  vout: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100_000 })),
  value: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2_100_000_000_000_000 })),
  status: Schema.optional(Schema.Struct({ confirmed: Schema.Boolean }))
})
export type EsploraUtxo = typeof EsploraUtxo.Type

export const EsploraUtxos = Schema.Array(EsploraUtxo).check(
  Schema.isMaxLength(MAX_UTXOS, { message: `Expected at most ${MAX_UTXOS} unspent outputs` })
)

/** `{ "<target blocks>": satPerVbyte }`. */
export const EsploraFeeEstimates = Schema.Record(
  patterned(/^[0-9]{1,4}$/, "Expected a target in blocks"),
  Schema.Number.check(Schema.isFinite(), Schema.isBetween({ minimum: 0, maximum: 100_000 }))
)
export type EsploraFeeEstimates = typeof EsploraFeeEstimates.Type
