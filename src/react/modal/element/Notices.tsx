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

/**
 * Alerts and toasts, shown whether or not the modal is open: inside the dialog (`dialog`), under its
 * header, where they take their own space and never cover the view; over the page (`page`) while it is
 * closed.
 */
export const Notices = ({ placement }: { readonly placement: "dialog" | "page" }) => {
  const controller = useController()
  const notices = useStore(controller.notices)
  return (
    <div className="notices" data-placement={placement} aria-live="polite">
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
