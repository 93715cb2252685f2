import { useId } from "react"
import { limitsOf } from "../../../../../layers/flows/onramp/onrampForm"
import { formatFiat, formatQuantity } from "../../../../../layers/format/format"
import type { BuyProblem, OnrampState } from "../../../../../services/Onramp"
import { makeImagesPort } from "../../../bridge/imagesPort"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { approveCss } from "../../requests/approveStyles"
import { WalletIcon } from "../../wallets/WalletIcon"
import {
  FieldProblem,
  FlowDone,
  FlowForm,
  FlowLoading,
  FlowQuote,
  FlowReview,
  FlowUnavailable,
  NetworkRow,
  ReviewChanged
} from "../FlowStep"

const METHODS: Record<string, string> = { card: "Card", bank_account: "Bank account" }

/** The chosen currency's image beside its menu; Continue stays in sight at the bottom of the content. */
const buyCss = `
.pay-in { display: flex; align-items: center; gap: calc(var(--_fs) * 0.8); }
.pay-in .input { flex: 1; min-width: 0; }
.buy-form > .approve > button[type="submit"] {
  position: sticky; bottom: 0; z-index: 1;
  /* A band of the card behind it, so the content scrolling under it never shows at its edges. */
  box-shadow: 0 0 0 calc(var(--_fs) * 0.8) var(--_bg);
}
`

const problemText = (
  problem: BuyProblem,
  limit: { readonly min: number; readonly max: number } | undefined,
  fiat: string
): string => {
  const range =
    limit === undefined ? "" : ` from ${formatFiat(limit.min, fiat)} to ${formatFiat(limit.max, fiat)}`
  switch (problem) {
    case "empty":
      return "Enter an amount"
    case "format":
      return "Enter an amount such as 50 or 49.99"
    case "below-min":
    case "above-max":
      return `This payment method takes amounts${range}`
    case "method":
      return "This payment method is not offered for this currency"
    case "country":
      return "Choose your country"
    case "crypto":
      return "Choose what to buy"
  }
}

/** The provider's page (a URL the flow's link rules allowed), cut off from this page. */
const openInNewTab = (url: string) => {
  window.open(url, "_blank", "noopener,noreferrer")
}

const Form = ({ state }: { readonly state: Extract<OnrampState, { _tag: "Editing" | "Opening" }> }) => {
  const controller = useController()
  const ids = {
    country: useId(),
    fiat: useId(),
    method: useId(),
    amount: useId(),
    crypto: useId(),
    help: useId()
  }
  const { draft, options } = state
  const edit = (change: Parameters<typeof controller.onramp.edit>[0]) => void controller.onramp.edit(change)
  const problem = state._tag === "Editing" ? state.problem : undefined
  const quote = state._tag === "Opening" ? ({ _tag: "Quoted", quote: state.quote } as const) : state.quote
  const country = options.countries.find((c) => c.id === draft.country)
  const methods = limitsOf(options.fiat.find((f) => f.id === draft.fiat)).filter(
    (l) => country === undefined || country.payment_methods.includes(l.method)
  )
  return (
    <FlowForm
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
      <fieldset className="approve-details">
        <legend>Provider</legend>
        {options.providers.map((provider) => (
          <label key={provider.id}>
            <input
              type="radio"
              name="provider"
              value={provider.id}
              checked={draft.provider === provider.id}
              onChange={() => edit({ provider: provider.id })}
            />{" "}
            {provider.name} · fees {provider.fees}
          </label>
        ))}
      </fieldset>
      {options.countries.length === 0 ? null : (
        <>
          <label htmlFor={ids.country}>Country</label>
          <select
            id={ids.country}
            className="input"
            value={draft.country ?? ""}
            onChange={(event) => edit({ country: event.currentTarget.value })}
          >
            <option value="" disabled>
              Choose your country
            </option>
            {options.countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.crypto}>Buy</label>
      <select
        id={ids.crypto}
        className="input"
        value={draft.crypto ?? ""}
        onChange={(event) => edit({ crypto: event.currentTarget.value })}
      >
        {options.crypto.map(({ currency }) => (
          <option key={currency.id} value={currency.id}>
            {currency.symbol ?? currency.id}
          </option>
        ))}
      </select>
      <label htmlFor={ids.fiat}>Pay in</label>
      <div className="pay-in">
        <WalletIcon icon={makeImagesPort(controller.imageUrls).currency(draft.fiat)} name={draft.fiat} />
        <select
          id={ids.fiat}
          className="input"
          value={draft.fiat}
          onChange={(event) => edit({ fiat: event.currentTarget.value })}
        >
          {options.fiat
            .filter((f) => country === undefined || country.currencies.includes(f.id))
            .map((f) => (
              <option key={f.id} value={f.id}>
                {f.id}
              </option>
            ))}
        </select>
      </div>
      <label htmlFor={ids.method}>Payment method</label>
      <select
        id={ids.method}
        className="input"
        value={draft.method}
        onChange={(event) => edit({ method: event.currentTarget.value })}
      >
        {methods.map((l) => (
          <option key={l.method} value={l.method}>
            {METHODS[l.method] ?? l.method}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>Amount ({draft.fiat})</label>
      <input
        id={ids.amount}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={draft.amount}
        aria-invalid={problem !== undefined}
        aria-describedby={problem === undefined ? undefined : ids.help}
        onChange={(event) => edit({ amount: event.currentTarget.value })}
      />
      {problem === undefined ? null : (
        <FieldProblem id={ids.help}>
          {problemText(problem, state._tag === "Editing" ? state.limit : undefined, draft.fiat)}
        </FieldProblem>
      )}
      <FlowQuote
        quote={quote}
        details={(quoted) => (
          <>
            <div>
              <dt>You receive about</dt>
              <dd>
                {formatQuantity(quoted.purchaseAmount)}{" "}
                {options.crypto.find((c) => c.currency.id === draft.crypto)?.currency.symbol}
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
              <dt>You pay</dt>
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

/** Buy: a provider, country, currency, method and amount, its quote, then the provider's page. */
export const BuyView = () => {
  useViewStyles(approveCss)
  useViewStyles(buyCss)
  const controller = useController()
  const state = useStore(controller.onramp.state)
  switch (state._tag) {
    case "Idle":
    case "Loading":
      return <FlowLoading label="Preparing Buy" />
    case "Unavailable":
      return (
        <>
          <ReviewChanged change={state.reviewChanged} />
          <FlowUnavailable>Nothing can be bought on this network.</FlowUnavailable>
        </>
      )
    case "Editing":
    case "Opening":
      return (
        <div className="buy-form">
          <Form state={state} />
        </div>
      )
    case "Opened":
      return (
        <FlowReview
          title="Pay on the provider's page"
          progress={`Waiting for your ${state.symbol} to arrive. It shows in Activity once it lands.`}
          onBack={() => void controller.onramp.back()}
        >
          <dl className="approve-details">
            <NetworkRow network={state.binding.network} />
          </dl>
          <p className="connecting-text">
            The provider's page opened in a new tab. If your browser blocked it, open it here:
          </p>
          <a className="button" href={state.url} target="_blank" rel="noopener noreferrer">
            Open the provider's page
          </a>
        </FlowReview>
      )
    case "Arrived":
      return <FlowDone title={`${state.amount} ${state.symbol} arrived`} />
  }
}
