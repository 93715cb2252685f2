import type { Notice } from "../../../services/Notifications"
import { useController } from "./context"
import { useStore } from "./useStore"

const NoticeItem = ({ notice, onDismiss }: { readonly notice: Notice; readonly onDismiss: () => void }) => (
  <div
    className="notice"
    data-variant={notice.variant}
    role={notice.variant === "error" ? "alert" : "status"}
  >
    <span className="text">
      {notice.message}
      {notice.description === undefined ? null : <span className="description">{notice.description}</span>}
    </span>
    <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
      ×
    </button>
  </div>
)

/** Alerts and toasts; shown whether or not the modal is open. */
export const Notices = () => {
  const controller = useController()
  const notices = useStore(controller.notices)
  return (
    <div className="notices" aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          onDismiss={() => void controller.dismissNotice(notice.id)}
        />
      ))}
    </div>
  )
}
