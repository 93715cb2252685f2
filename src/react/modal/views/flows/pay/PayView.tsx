import { useId } from "react"
import { transactionUrl } from "../../../../../layers/format/explorerLinks"
import { formatTokenExact, tokenText } from "../../../../../layers/format/format"
import { payWords } from "../../../../../messages/compiled/en/pay"
import type { PayDetails, PayPayer, PayState } from "../../../../../services/Pay"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useIntlLocale } from "../../../element/useIntlLocale"
import { useStore } from "../../../element/useStore"
import { useWords } from "../../../element/useWords"
import { CopyableValue } from "../../../ui/CopyableValue"
import { tokenFieldCss } from "../../../ui/tokenFieldStyles"
import { approveCss } from "../../requests/approveStyles"
import { FlowDone, FlowLoading, FlowReview, NetworkRow } from "../FlowStep"

type PayWords = typeof payWords

/** The "pay" namespace's messages in the modal's locale. */
const usePayWords = () => useWords("pay", payWords)

/** What is paid, every decimal kept: "5 sUSD". */
const paidAmount = (details: PayDetails, locale: string) =>
  `${formatTokenExact(details.amount, details.asset.decimals, locale)} ${details.asset.symbol}`

/** The payer's balance of the asset, in words. */
const balanceText = (
  payer: PayPayer,
  details: PayDetails,
  t: PayWords,
  locale: string
): string | undefined => {
  if (payer._tag === "None") return undefined
  switch (payer.balance._tag) {
    case "Loading":
      return t.balanceLoading()
    case "Unavailable":
      return t.balanceUnavailable()
    case "Known":
      return tokenText(payer.balance.amount, details.asset, locale)
  }
}

/** Whether the payer's balance is known to be below the amount. */
const short = (payer: PayPayer, details: PayDetails) =>
  payer._tag === "Connected" && payer.balance._tag === "Known" && payer.balance.amount < details.amount

/** What the payment is waiting for, in words. */
const stepText = (state: Extract<PayState, { _tag: "Paying" }>, t: PayWords): string => {
  switch (state.step._tag) {
    case "Switching":
      return t.switching({ network: state.details.network.name })
    case "Wallet":
      return t.confirmInWallet()
    case "Confirming":
      return t.confirming()
    case "Exchange":
      return t.exchangeWaiting({ exchange: state.step.exchange.name })
  }
}

/** The payment: what is paid, to whom, on which network, the visitor's balance; then how to pay. */
const Payment = ({ state }: { readonly state: Extract<PayState, { _tag: "Ready" | "Paying" }> }) => {
  const controller = useController()
  const t = usePayWords()
  const locale = useIntlLocale()
  const { details, payer } = state
  const balance = balanceText(payer, details, t, locale)
  const notEnough = short(payer, details)
  const exchangesId = useId()
  const confirm =
    state._tag === "Paying"
      ? undefined
      : payer._tag === "None"
        ? { label: t.connect(), onClick: () => void controller.pay.connect() }
        : {
            label: t.payWith({ wallet: payer.wallet }),
            onClick: () => void controller.pay.payWithWallet(),
            disabled: notEnough
          }
  return (
    <FlowReview
      title={t.title({ amount: paidAmount(details, locale) })}
      error={state._tag === "Ready" ? state.problem : undefined}
      progress={state._tag === "Paying" ? stepText(state, t) : undefined}
      confirm={confirm}
    >
      <CopyableValue label={t.to()} value={details.recipient} />
      <dl className="approve-details">
        <NetworkRow network={details.network} />
        <div>
          <dt>{t.yourBalance()}</dt>
          <dd dir="ltr" aria-live="polite">
            {balance ?? t.noWallet()}
          </dd>
        </div>
      </dl>
      {notEnough ? (
        <p className="connecting-text" role="alert">
          {t.notEnough({ symbol: details.asset.symbol })}
        </p>
      ) : null}
      {state._tag === "Ready" && state.exchanges.length > 0 ? (
        <section className="pay-exchanges" aria-labelledby={exchangesId}>
          <p id={exchangesId} className="connecting-text">
            {t.payFromExchange()}
          </p>
          {state.exchanges.map((exchange) => (
            <button
              key={exchange.id}
              type="button"
              className="button secondary"
              onClick={() => void controller.pay.payFromExchange(exchange.id)}
            >
              {exchange.imageUrl === undefined ? null : (
                <img src={exchange.imageUrl} alt="" width={20} height={20} />
              )}
              {t.fromExchange({ exchange: exchange.name })}
            </button>
          ))}
        </section>
      ) : null}
      {state._tag === "Paying" && state.step._tag === "Exchange" ? (
        <a className="button" href={state.step.url} target="_blank" rel="noopener noreferrer">
          {t.openExchange({ exchange: state.step.exchange.name })}
        </a>
      ) : null}
      {state._tag === "Paying" && state.step._tag === "Confirming" ? (
        <CopyableValue
          label={details.namespace === "solana" ? t.signature() : t.transaction()}
          value={state.step.hash}
          explorerUrl={transactionUrl(details.network, state.step.hash)}
        />
      ) : null}
    </FlowReview>
  )
}

/** Pay: a host's payment request, paid with the visitor's wallet. */
export const PayView = () => {
  useViewStyles(approveCss)
  useViewStyles(tokenFieldCss)
  const controller = useController()
  const state = useStore(controller.pay.state)
  const t = usePayWords()
  const locale = useIntlLocale()
  switch (state._tag) {
    case "Idle":
    case "Checking":
      return <FlowLoading label={t.preparing()} />
    case "Paid":
      return (
        <FlowDone
          title={t.paid({ amount: paidAmount(state.details, locale) })}
          transaction={{
            label: state.details.namespace === "solana" ? t.signature() : t.transaction(),
            hash: state.txHash,
            explorerUrl: transactionUrl(state.details.network, state.txHash)
          }}
        />
      )
    default:
      return <Payment state={state} />
  }
}
