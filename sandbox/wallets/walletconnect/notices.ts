/**
 * The wallet's activity log (the page's "Activity") and its change listeners: every part of the wallet reports
 * what happened, and what failed, through `notice`, and the page renders again on each `notify`.
 */
export interface Notice {
  readonly level: "info" | "error"
  readonly text: string
}

/** The log keeps the latest ones only, so that it stays one screen long. */
const MAX_NOTICES = 20

export const createNotices = () => {
  const noticeList: Array<Notice> = []
  const listeners = new Set<() => void>()

  const notify = () => {
    for (const listener of [...listeners]) listener()
  }

  const notice = (level: Notice["level"], text: string) => {
    noticeList.push({ level, text })
    if (noticeList.length > MAX_NOTICES) noticeList.splice(0, noticeList.length - MAX_NOTICES)
    notify()
  }

  return {
    notify,
    notice,
    notices: (): ReadonlyArray<Notice> => [...noticeList],
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
