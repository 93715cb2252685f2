/**
 * Buy's form: the country, the amount in a fiat currency (its picker: the currencies the country allows),
 * the token to buy with the quoted amount, the payment method, the provider, then the quote and Continue,
 * which opens the provider's page within the visitor's click.
 */
import { useId } from "react"
import { limitsOf } from "../../../../../layers/flows/onramp/onrampForm"
import { currencyName, formatFiat, formatQuantity } from "../../../../../layers/format/format"
import { buyWords } from "../../../../../messages/compiled/en/buy"
import type { OnrampState } from "../../../../../services/Onramp"
import { makeImagesPort } from "../../../bridge/imagesPort"
import { useController } from "../../../element/context"
import { useIntlLocale } from "../../../element/useIntlLocale"
import { useWords } from "../../../element/useWords"
import { ChoiceGroup } from "../../../ui/ChoiceGroup"
import { PickerRow } from "../../../ui/PickerRow"
import { TokenAmountField } from "../../../ui/TokenAmountField"
import type { PickerToken } from "../../../ui/TokenPicker"
import { RemoteImage } from "../../wallets/WalletImage"
import { FieldProblem, FlowForm, FlowQuote, ReviewChanged } from "../FlowStep"
import { countryName, limitsLine, methodName, problemField, problemText } from "./buyWords"

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
  const t = useWords("buy", buyWords)
  const locale = useIntlLocale()
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
    name: currencyName(id, locale),
    icon: images.currency(id)
  })
  const cryptoItems = options.crypto.map(({ currency: c }): PickerToken => {
    const symbol = c.symbol ?? c.id
    return { key: c.id, symbol, name: c.name ?? symbol, icon: images.token({ symbol }) }
  })
  const crypto = cryptoItems.find((c) => c.key === draft.crypto)
  const purchase = quote._tag === "Quoted" ? formatQuantity(quote.quote.purchaseAmount, locale) : ""
  const shown = (field: ReturnType<typeof problemField>) =>
    problem !== undefined && problemField(problem) === field
  const problemLine = (field: ReturnType<typeof problemField>) =>
    problem === undefined || !shown(field) ? null : (
      <FieldProblem id={help}>
        {problemText(t, problem, state._tag === "Editing" ? state.limit : undefined, draft.fiat, locale)}
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
        label: t.continue(),
        busy: state._tag === "Opening" ? t.opening() : undefined,
        disabled: quote._tag !== "Quoted"
      }}
    >
      {options.countries.length === 0 ? null : (
        <>
          <PickerRow
            label={t.country()}
            unset={t.chooseCountry()}
            items={options.countries.map((c) => ({
              key: c.id,
              title: countryName(c.id, locale) ?? c.name ?? c.id,
              icon: null
            }))}
            selected={draft.country}
            onPick={(id) => edit({ country: id })}
            placeholder={t.searchCountries()}
            none={t.noCountry()}
            describedBy={shown("country") ? help : undefined}
          />
          {problemLine("country")}
        </>
      )}
      <TokenAmountField
        label={t.youPay()}
        pickerLabel={t.currency()}
        noMatch={t.noCurrency()}
        amount={draft.amount}
        onAmount={(amount) => edit({ amount })}
        token={currency(draft.fiat)}
        tokens={options.fiat
          .filter((f) => country === undefined || country.currencies.includes(f.id))
          .map((f) => currency(f.id))}
        onToken={(fiat) => edit({ fiat })}
        fiat={limitsLine(
          t,
          draft.method,
          methods.find((l) => l.method === draft.method),
          draft.fiat,
          locale
        )}
        invalid={shown("amount")}
        describedBy={shown("amount") ? help : undefined}
      />
      {problemLine("amount")}
      <TokenAmountField
        label={t.youGet()}
        pickerLabel={t.tokenToBuy()}
        amount={purchase}
        token={crypto}
        tokens={cryptoItems}
        onToken={(id) => edit({ crypto: id })}
        invalid={shown("crypto")}
        describedBy={shown("crypto") ? help : undefined}
      />
      {problemLine("crypto")}
      <ChoiceGroup
        legend={t.paymentMethod()}
        layout="segments"
        choices={methods.map((l) => ({ key: l.method, title: methodName(t, l.method) }))}
        selected={draft.method}
        onChoose={(method) => edit({ method })}
      />
      {problemLine("method")}
      <ChoiceGroup
        legend={t.provider()}
        layout="rows"
        choices={options.providers.map((p) => ({
          key: p.id,
          title: p.name,
          tag: t.providerFees({ fees: p.fees }),
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
              <dt>{t.youGetAbout()}</dt>
              <dd dir="ltr">
                {formatQuantity(quoted.purchaseAmount, locale)} {crypto?.symbol}
              </dd>
            </div>
            <div>
              <dt>{t.fees()}</dt>
              <dd>
                {t.feesValue({
                  fees: formatFiat(quoted.paymentTotal - quoted.paymentSubtotal, draft.fiat, locale),
                  network: formatFiat(quoted.networkFee.amount, quoted.networkFee.currency, locale)
                })}
              </dd>
            </div>
            <div>
              <dt>{t.total()}</dt>
              <dd dir="ltr">{formatFiat(quoted.paymentTotal, draft.fiat, locale)}</dd>
            </div>
          </>
        )}
      />
      {options.fallback ? <p className="connecting-text">{t.fallback()}</p> : null}
      <ReviewChanged change={state._tag === "Editing" ? state.reviewChanged : undefined} />
    </FlowForm>
  )
}
