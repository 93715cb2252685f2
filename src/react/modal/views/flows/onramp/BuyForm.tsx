/**
 * Buy's form: the country, the amount in a fiat currency (its picker: the currencies the country allows),
 * the token to buy with the quoted amount, the payment method, the provider, then the quote and Continue,
 * which opens the provider's page within the visitor's click.
 */
import { useId } from "react"
import { limitsOf } from "../../../../../layers/flows/onramp/onrampForm"
import { currencyName, formatFiat, formatQuantity } from "../../../../../layers/format/format"
import type { OnrampState } from "../../../../../services/Onramp"
import { makeImagesPort } from "../../../bridge/imagesPort"
import { useController } from "../../../element/context"
import { ChoiceGroup } from "../../../ui/ChoiceGroup"
import { PickerRow } from "../../../ui/PickerRow"
import { TokenAmountField } from "../../../ui/TokenAmountField"
import type { PickerToken } from "../../../ui/TokenPicker"
import { RemoteImage } from "../../wallets/WalletImage"
import { FieldProblem, FlowForm, FlowQuote, ReviewChanged } from "../FlowStep"
import { limitsLine, methodName, problemField, problemText } from "./buyWords"

/** The provider's page (a URL the flow's link rules allowed), cut off from this page. */
const openInNewTab = (url: string) => {
  window.open(url, "_blank", "noopener,noreferrer")
}

export const BuyForm = ({
  state
}: {
  readonly state: Extract<OnrampState, { _tag: "Editing" | "Opening" }>
}) => {
  const controller = useController()
  const help = useId()
  const images = makeImagesPort(controller.imageUrls)
  const { draft, options } = state
  const edit = (change: Parameters<typeof controller.onramp.edit>[0]) => void controller.onramp.edit(change)
  const problem = state._tag === "Editing" ? state.problem : undefined
  const quote = state._tag === "Opening" ? ({ _tag: "Quoted", quote: state.quote } as const) : state.quote
  const country = options.countries.find((c) => c.id === draft.country)
  const methods = limitsOf(options.fiat.find((f) => f.id === draft.fiat)).filter(
    (l) => country === undefined || country.payment_methods.includes(l.method)
  )
  const currency = (id: string): PickerToken => ({
    key: id,
    symbol: id,
    name: currencyName(id),
    icon: images.currency(id)
  })
  const cryptoItems = options.crypto.map(({ currency: c }): PickerToken => {
    const symbol = c.symbol ?? c.id
    return { key: c.id, symbol, name: c.name ?? symbol, icon: images.token({ symbol }) }
  })
  const crypto = cryptoItems.find((c) => c.key === draft.crypto)
  const purchase = quote._tag === "Quoted" ? formatQuantity(quote.quote.purchaseAmount) : ""
  const shown = (field: ReturnType<typeof problemField>) =>
    problem !== undefined && problemField(problem) === field
  const problemLine = (field: ReturnType<typeof problemField>) =>
    problem === undefined || !shown(field) ? null : (
      <FieldProblem id={help}>
        {problemText(problem, state._tag === "Editing" ? state.limit : undefined, draft.fiat)}
      </FieldProblem>
    )
  return (
    <FlowForm
      sticky
      onSubmit={() => {
        // Within the click: a page opened after an `await` is what Safari blocks.
        if (state._tag === "Editing" && state.page !== undefined) openInNewTab(state.page.url)
        void controller.onramp.proceed()
      }}
      submit={{
        label: "Continue",
        busy: state._tag === "Opening" ? "Opening the provider's page…" : undefined,
        disabled: quote._tag !== "Quoted"
      }}
    >
      {options.countries.length === 0 ? null : (
        <>
          <PickerRow
            label="Country"
            unset="Choose your country"
            items={options.countries.map((c) => ({ key: c.id, title: c.name ?? c.id, icon: null }))}
            selected={draft.country}
            onPick={(id) => edit({ country: id })}
            placeholder="Search countries"
            none="No country matches"
            describedBy={shown("country") ? help : undefined}
          />
          {problemLine("country")}
        </>
      )}
      <TokenAmountField
        label="You pay"
        pickerLabel="Currency"
        noMatch="No currency matches"
        amount={draft.amount}
        onAmount={(amount) => edit({ amount })}
        token={currency(draft.fiat)}
        tokens={options.fiat
          .filter((f) => country === undefined || country.currencies.includes(f.id))
          .map((f) => currency(f.id))}
        onToken={(fiat) => edit({ fiat })}
        fiat={limitsLine(
          draft.method,
          methods.find((l) => l.method === draft.method),
          draft.fiat
        )}
        invalid={shown("amount")}
        describedBy={shown("amount") ? help : undefined}
      />
      {problemLine("amount")}
      <TokenAmountField
        label="You get"
        pickerLabel="Token to buy"
        amount={purchase}
        token={crypto}
        tokens={cryptoItems}
        onToken={(id) => edit({ crypto: id })}
        invalid={shown("crypto")}
        describedBy={shown("crypto") ? help : undefined}
      />
      {problemLine("crypto")}
      <ChoiceGroup
        legend="Payment method"
        layout="segments"
        choices={methods.map((l) => ({ key: l.method, title: methodName(l.method) }))}
        selected={draft.method}
        onChoose={(method) => edit({ method })}
      />
      {problemLine("method")}
      <ChoiceGroup
        legend="Provider"
        layout="rows"
        choices={options.providers.map((p) => ({
          key: p.id,
          title: p.name,
          tag: `Fees ${p.fees}`,
          icon: <RemoteImage src={undefined} name={p.name} />
        }))}
        selected={draft.provider}
        onChoose={(provider) => edit({ provider })}
      />
      <FlowQuote
        quote={quote}
        details={(quoted) => (
          <>
            <div>
              <dt>You get about</dt>
              <dd>
                {formatQuantity(quoted.purchaseAmount)} {crypto?.symbol}
              </dd>
            </div>
            <div>
              <dt>Fees</dt>
              <dd>
                {formatFiat(quoted.paymentTotal - quoted.paymentSubtotal, draft.fiat)} (network{" "}
                {formatFiat(quoted.networkFee.amount, quoted.networkFee.currency)})
              </dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd>{formatFiat(quoted.paymentTotal, draft.fiat)}</dd>
            </div>
          </>
        )}
      />
      {options.fallback ? (
        <p className="connecting-text">The provider's options could not be loaded: standard limits apply.</p>
      ) : null}
      <ReviewChanged change={state._tag === "Editing" ? state.reviewChanged : undefined} />
    </FlowForm>
  )
}
