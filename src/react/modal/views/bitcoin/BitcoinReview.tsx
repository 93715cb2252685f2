import { formatToken, formatTokenExact } from "../../../../layers/format/format"
import { bitcoinWords } from "../../../../messages/compiled/en/bitcoin"
import type {
  BitcoinInputPreview,
  BitcoinOutputPreview,
  BitcoinPreview
} from "../../../../services/BitcoinPreview"
import { useController } from "../../element/context"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { shownApproval } from "../requests/shownApproval"

type Words = typeof bitcoinWords

/**
 * Amounts in BTC, every decimal kept (a review never rounds what leaves), and in sats in detail; a coin or an
 * output reads in BTC as the formatting rules show it, exact in sats beside it.
 */
const amounts = (locale: string) => ({
  btc: (sats: bigint) => formatTokenExact(sats, 8, locale),
  sats: (sats: bigint) => new Intl.NumberFormat(locale).format(sats),
  coin: (t: Words, sats: bigint) =>
    t.btcSats({ amount: formatToken(sats, 8, locale), sats: new Intl.NumberFormat(locale).format(sats) })
})

type Coin = (sats: bigint) => string

const inputText = (t: Words, input: BitcoinInputPreview, coin: Coin) => {
  const amount = input.amount === undefined ? t.amountUnknown() : coin(input.amount)
  if (input.address === undefined) return t.inputUnknownAddress({ amount })
  return input.mine
    ? t.inputYours({ amount, address: input.address })
    : t.inputOther({ amount, address: input.address })
}

const outputText = (t: Words, output: BitcoinOutputPreview, coin: Coin) => {
  const amount = coin(output.amount)
  switch (output._tag) {
    case "Recipient":
      return t.toRecipient({ amount, address: output.address })
    case "Change":
      return t.toChange({ amount, address: output.address })
    case "Data":
      return t.toData({ amount, data: output.data })
    case "Script":
      return t.toScript({ amount, script: output.script })
  }
}

/**
 * A Bitcoin request in words, above ApproveTransaction's common rows: a message's protocol; a PSBT's
 * inputs (whose they are, which the visitor signs now and with which sighash), outputs (recipient, change
 * back to the visitor, data), fee and fee rate, what leaves the visitor's account, and whether it is sent.
 * Anything but SIGHASH_ALL, and an input of unknown amount, is called out first. Pure.
 */
export const BitcoinReview = ({ preview }: { readonly preview: BitcoinPreview }) => {
  const t = useWords("bitcoin", bitcoinWords)
  const locale = useIntlLocale()
  const { btc, sats, coin: coinIn } = amounts(locale)
  const coin = (value: bigint) => coinIn(t, value)
  if (preview._tag === "Message")
    return (
      <dl className="approve-details">
        <div>
          <dt>{t.protocol()}</dt>
          <dd>{preview.protocol === "bip322" ? t.protocolBip322() : t.protocolEcdsa()}</dd>
        </div>
      </dl>
    )
  const risks = preview.inputs.flatMap((input) => [
    ...(input.signing ?? [])
      .filter((sighash) => sighash !== "ALL" && sighash !== "DEFAULT")
      .map((sighash) => t.sighashRisk({ index: input.index, sighash })),
    ...(input.signing !== undefined && input.amount === undefined
      ? [t.amountRisk({ index: input.index })]
      : [])
  ])
  return (
    <>
      {risks.length > 0 ? (
        <div className="approve-warning" role="alert">
          {risks.map((risk) => (
            <p key={risk}>{risk}</p>
          ))}
        </div>
      ) : null}
      <dl className="approve-details" aria-label={t.inputs()}>
        {preview.inputs.map((input) => (
          <div key={`in${input.index}`}>
            <dt>{t.input({ index: input.index })}</dt>
            <dd className="code" dir="ltr">
              {inputText(t, input, coin)}
            </dd>
            <dd>
              {input.signing === undefined
                ? t.notSigned()
                : t.signedNow({ sighash: input.signing.join(", ") })}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="approve-details" aria-label={t.outputs()}>
        {preview.outputs.map((output) => (
          <div key={`out${output.index}`}>
            <dt>{t.output({ index: output.index })}</dt>
            <dd className="code" dir="ltr">
              {outputText(t, output, coin)}
            </dd>
          </div>
        ))}
      </dl>
      <dl className="approve-details">
        <div>
          <dt>{t.fee()}</dt>
          <dd dir="ltr">
            {preview.fee === undefined
              ? t.feeUnknown()
              : t.btcSats({ amount: btc(preview.fee), sats: sats(preview.fee) })}
          </dd>
        </div>
        {preview.feeRate === undefined ? null : (
          <div>
            <dt>{t.feeRate()}</dt>
            <dd dir="ltr">
              {t.feeRateValue({
                rate: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(preview.feeRate),
                vsize: preview.vsize
              })}
            </dd>
          </div>
        )}
        {preview.leaves === undefined ? null : (
          <div>
            <dt>{t.leaves()}</dt>
            <dd dir="ltr">{t.btcSats({ amount: btc(preview.leaves), sats: sats(preview.leaves) })}</dd>
          </div>
        )}
        <div>
          <dt>{t.broadcast()}</dt>
          <dd>{preview.broadcast ? t.broadcastYes() : t.broadcastNo()}</dd>
        </div>
      </dl>
    </>
  )
}

/** The shown approval's Bitcoin review, rendered in ApproveTransaction when the request has one. */
export const BitcoinReviewScreen = () => {
  const controller = useController()
  const approval = shownApproval(useStore(controller.approvals), useStore(controller.router).transactionStack)
  return approval?.bitcoin === undefined ? null : <BitcoinReview preview={approval.bitcoin} />
}
