import { useMemo, useState } from "react"
import { describeRequest } from "../../../../layers/requests/describeRequest"
import { simulationChanges } from "../../../../layers/requests/simulationText"
import { approveWords } from "../../../../messages/compiled/en/approve"
import { useController } from "../../element/context"
import { LazyViewBody, lazyView } from "../../element/lazyView"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { ViewBoundary } from "../../element/ViewBoundary"
import { ApproveTransactionBody } from "./ApproveTransactionView"
import { approveCss } from "./approveStyles"
import { FrameApproval } from "./FrameApproval"
import { shownApproval } from "./shownApproval"

/** An ERC-7715 grant in words (smart sessions' code), fetched only when a grant is reviewed. */
const grantReview = lazyView(() =>
  import("../sessions/GrantReview").then((module) => module.GrantReviewScreen)
)

/** A batch's review (which call would fail), fetched only when a batch is reviewed. */
const batchReview = lazyView(() =>
  import("../batches/BatchReview").then((module) => module.BatchReviewScreen)
)

/** A Bitcoin request's PSBT or message in words, fetched only when one is reviewed. */
const bitcoinReview = lazyView(() =>
  import("../bitcoin/BitcoinReview").then((module) => module.BitcoinReviewScreen)
)

/**
 * The oldest unsafe request shown in the modal, described with its simulation; the visitor's
 * answer (or Cancel, while the wallet asks) goes to the request owner, which moves the modal on once the
 * wallet has answered.
 */
export const ApproveTransactionScreen = () => {
  const controller = useController()
  const approval = shownApproval(useStore(controller.approvals), useStore(controller.router).transactionStack)
  const { active } = useStore(controller.networks)
  const [answered, setAnswered] = useState<number | undefined>(undefined)
  const t = useWords("approve", approveWords)
  useViewStyles(approveCss)
  const bitcoin = approval?.namespace === "bip122"
  const shownNetwork = bitcoin ? active.bip122 : active.eip155
  const known = shownNetwork?._tag === "Known" ? shownNetwork.network : undefined
  const description = useMemo(
    () =>
      approval === undefined
        ? undefined
        : describeRequest(approval, {
            activeChainId: known === undefined || bitcoin ? undefined : Number(known.id),
            networkName: known?.name,
            nativeSymbol: known?.nativeCurrency.symbol
          }),
    [approval, known, bitcoin]
  )
  const simulation = useMemo(
    () =>
      approval?.simulation === undefined
        ? undefined
        : simulationChanges(
            approval.simulation,
            known?.nativeCurrency ?? { symbol: t.nativeToken(), decimals: 18 }
          ),
    [approval, known, t]
  )
  if (approval === undefined || description === undefined) {
    return <p className="empty">{t.noRequest()}</p>
  }
  if (approval.answeredIn === "frame") return <FrameApproval />
  const answer = (approved: boolean) => {
    setAnswered(approval.id)
    void controller.decide(approval.id, approved)
  }
  return (
    <>
      {approval.method === "wallet_grantPermissions" ? (
        // Its own boundary: a review whose code did not load says so, and the request stays answerable.
        <ViewBoundary onFailure={grantReview.forgetFailedLoad}>
          <LazyViewBody view={grantReview} fallback={null} />
        </ViewBoundary>
      ) : null}
      {approval.bitcoin === undefined ? null : (
        <ViewBoundary onFailure={bitcoinReview.forgetFailedLoad}>
          <LazyViewBody view={bitcoinReview} fallback={null} />
        </ViewBoundary>
      )}
      {approval.method === "wallet_sendCalls" ? (
        <ViewBoundary onFailure={batchReview.forgetFailedLoad}>
          <LazyViewBody view={batchReview} fallback={null} />
        </ViewBoundary>
      ) : null}
      <ApproveTransactionBody
        description={description}
        simulation={simulation}
        answeredIn={approval.answeredIn}
        pending={answered === approval.id}
        onApprove={() => answer(true)}
        onReject={() => answer(false)}
      />
    </>
  )
}
