import { useController } from "../../../element/context"
import { useViewStyles } from "../../../element/styleSheets"
import { useStore } from "../../../element/useStore"
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
      return <BuyForm state={state} />
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
