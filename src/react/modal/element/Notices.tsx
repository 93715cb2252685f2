import { chromeWords } from "../../../messages/compiled/en/chrome"
import type { Notice } from "../../../services/Notifications"
import { useController } from "./context"
import { useStore } from "./useStore"
import { useWords } from "./useWords"

interface NoticeItemProps {
  readonly notice: Notice
  readonly dismiss: string
  readonly onDismiss: () => void
}

const NoticeItem = ({ notice, dismiss, onDismiss }: NoticeItemProps) => (
  <div
    className="notice"
    data-variant={notice.variant}
    role={notice.variant === "error" ? "alert" : "status"}
  >
    <span className="text">
      {notice.message}
      {notice.description === undefined ? null : <span className="description">{notice.description}</span>}
    </span>
    <button type="button" className="icon-button" aria-label={dismiss} onClick={onDismiss}>
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
  const t = useWords("chrome", chromeWords)
  return (
    <div className="notices" data-placement={placement} aria-live="polite">
      {notices.map((notice) => (
        <NoticeItem
          key={notice.id}
          notice={notice}
          dismiss={t.dismiss()}
          onDismiss={() => void controller.dismissNotice(notice.id)}
        />
      ))}
    </div>
  )
}
