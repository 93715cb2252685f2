import { useController } from "../../element/context"

/** A flow's last step (sent, swapped, arrived, registered): what happened, a detail such as the hash, Done. */
export const FlowDone = ({
  title,
  detail
}: {
  readonly title: string
  readonly detail?: string | undefined
}) => {
  const controller = useController()
  return (
    <div className="approve">
      <p className="approve-title" role="status">
        {title}
      </p>
      {detail === undefined ? null : <p className="connecting-text code">{detail}</p>}
      <button type="button" className="button" onClick={() => void controller.goBack()}>
        Done
      </button>
    </div>
  )
}
