import { buyWords } from "../../../../../messages/compiled/en/buy"
import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
import { useWords } from "../../../element/useWords"
import { choiceCss } from "../../../ui/choiceStyles"
import { tokenFieldCss } from "../../../ui/tokenFieldStyles"
import { approveCss } from "../../requests/approveStyles"
import { FlowDone, FlowLoading, FlowReview, FlowUnavailable, NetworkRow, ReviewChanged } from "../FlowStep"
import { BuyForm } from "./BuyForm"

/** Buy: a country, an amount and its currency, a token, a method and a provider, its quote, then the provider's page. */
export const BuyView = () => {
  useViewStyles(approveCss)
  useViewStyles(tokenFieldCss)
  useViewStyles(choiceCss)
  const controller = useController()
  const state = useStore(controller.onramp.state)
  // The form reads the account's tokens through its flow: showing it asks for them.
  useStore(controller.accountData.shown.tokens)
  const t = useWords("buy", buyWords)
  switch (state._tag) {
    case "Idle":
    case "Loading":
      return <FlowLoading label={t.preparing()} />
    case "Unavailable":
      return (
        <>
          <ReviewChanged change={state.reviewChanged} />
          <FlowUnavailable>{t.unavailable()}</FlowUnavailable>
        </>
      )
    case "Editing":
    case "Opening":
      return <BuyForm state={state} />
    case "Opened":
      return (
        <FlowReview
          title={t.payOnPage()}
          progress={t.waiting({ symbol: state.symbol })}
          onBack={() => void controller.onramp.back()}
        >
          <dl className="approve-details">
            <NetworkRow network={state.binding.network} />
          </dl>
          <p className="connecting-text">{t.openedInTab()}</p>
          <a className="button" href={state.url} target="_blank" rel="noopener noreferrer">
            {t.openPage()}
          </a>
        </FlowReview>
      )
    case "Arrived":
      return <FlowDone title={t.arrived({ amount: state.amount, symbol: state.symbol })} />
  }
}
