import { Component, type CSSProperties, createRef, type ReactNode, type RefObject } from "react"
import { RequestAbortedError } from "../../../errors"
import { chromeWords } from "../../../messages/compiled/en/chrome"
import { present } from "../../../presentation"
import { deepActiveElement } from "./focus"
import { useLocale, useWords } from "./useWords"

/** Loading and failure share one height, so the body frame does not jump between them and back. */
const STEADY_HEIGHT: CSSProperties = { minHeight: "calc(var(--_fs) * 24)", justifyContent: "center" }

/**
 * The catalogue has no row of its own for a view that could not load or render; its generic text is the
 * aborted request's ("Something went wrong"): the view's request for its code, or its rendering, never
 * completed, and there is nothing more specific a visitor could act on.
 */
const ViewFailed = ({
  retryRef,
  retry
}: {
  readonly retryRef: RefObject<HTMLButtonElement | null>
  readonly retry: () => void
}) => {
  const { catalog } = useLocale()
  const t = useWords("chrome", chromeWords)
  return (
    <div className="connecting" style={STEADY_HEIGHT}>
      <p className="connecting-title" role="alert">
        {present(new RequestAbortedError({ source: "other" }), catalog).message}
      </p>
      <button ref={retryRef} type="button" className="button" onClick={retry}>
        {t.tryAgain()}
      </button>
    </div>
  )
}

export const ViewLoading = () => (
  <div className="connecting" style={STEADY_HEIGHT} aria-busy="true">
    <p className="connecting-text">{useWords("chrome", chromeWords).loading()}</p>
  </div>
)

interface ViewBoundaryProps {
  readonly children: ReactNode
  /** Called once a failure is on screen; a lazy view forgets its failed import here. */
  readonly onFailure?: (() => void) | undefined
}

interface ViewBoundaryState {
  readonly failed: boolean
}

/**
 * Keeps a view's failure inside the dialog body: a chunk that did not load, or a view that threw while
 * rendering, shows the catalogue's text and Try again, while the header, Close and Escape go on working.
 * Key it by view: a new view starts with a fresh boundary.
 */
export class ViewBoundary extends Component<ViewBoundaryProps, ViewBoundaryState> {
  override state: ViewBoundaryState = { failed: false }
  private readonly retryButton = createRef<HTMLButtonElement>()

  static getDerivedStateFromError(): ViewBoundaryState {
    return { failed: true }
  }

  override componentDidCatch() {
    this.props.onFailure?.()
    // The failed view may have taken the focused control with it: a modal dialog keeps the focus inside,
    // so it goes to Try again. Focus on the header stays put, as does the page's around an inline modal.
    const button = this.retryButton.current
    const dialog = button?.closest('[role="dialog"][aria-modal="true"]')
    if (button && dialog && !dialog.contains(deepActiveElement(document))) button.focus()
  }

  private readonly retry = () => {
    const button = this.retryButton.current
    // Try again disappears with the failure; the dialog keeps the focus so Tab and Escape stay inside.
    if (button !== null && deepActiveElement(document) === button)
      button.closest<HTMLElement>('[role="dialog"]')?.focus()
    this.setState({ failed: false })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return <ViewFailed retryRef={this.retryButton} retry={this.retry} />
  }
}
