import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react"
import { chromeWords } from "../../../messages/compiled/en/chrome"
import type { ModalController } from "../bridge/controller"
import { BackIcon, CloseIcon, HelpIcon } from "../ui/icons"
import { ControllerContext } from "./context"
import { deepActiveElement, focusableIn, OWNS_ESCAPE, trapTarget } from "./focus"
import { afterNextPaint, whenIdle } from "./frames"
import { Notices } from "./Notices"
import { useStore } from "./useStore"
import { useWords } from "./useWords"
import { prefetchNext, ViewBody, viewTitle } from "./views"

const SHAKE_MS = 500
const WARM_UP_TIMEOUT_MS = 2000

/**
 * Animates the body's height between views instead of letting the card jump (SPEC.md §2: 150 ms).
 * The view is keyed, so each view brings a new element: a callback ref observes each one. The frame asks
 * for the view's whole height; the card, never taller than the viewport, shrinks it, and the body scrolls.
 */
const useAnimatedHeight = () => {
  const frame = useRef<HTMLDivElement>(null)
  const content = useCallback((inner: HTMLDivElement) => {
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(() => {
      if (frame.current !== null) frame.current.style.height = `${inner.offsetHeight}px`
    })
    observer.observe(inner)
    return () => observer.disconnect()
  }, [])
  return { frame, content }
}

interface DialogProps {
  readonly controller: ModalController
  readonly embedded: boolean
}

const Dialog = ({ controller, embedded }: DialogProps) => {
  const router = useStore(controller.router)
  const titleId = useId()
  const card = useRef<HTMLDivElement>(null)
  const [shaking, setShaking] = useState(false)
  const { frame, content } = useAnimatedHeight()
  const t = useWords("chrome", chromeWords)

  const requestClose = useCallback(() => {
    void controller.close().then((closed) => {
      if (!closed) setShaking(true)
    })
  }, [controller])

  // What the visitor needs next, right after this view's first frame (a wallet may be picked at once):
  // counted from the commit (a layout effect), since a passive effect may run only after that frame.
  useLayoutEffect(() => afterNextPaint(() => prefetchNext(router.view)), [router.view])

  useEffect(() => {
    if (!shaking) return
    const timer = setTimeout(() => setShaking(false), SHAKE_MS)
    return () => clearTimeout(timer)
  }, [shaking])

  // Focus moves in when the dialog opens, once its first frame is painted (focusing sooner forces the new
  // dialog's style and layout inside the click), and goes back where it was when it closes. The way back
  // runs as a passive effect, after React's own post-commit focus restoration, so it has the last word.
  const returnFocusTo = useRef<Element | null>(null)
  useLayoutEffect(() => {
    if (embedded) return
    returnFocusTo.current = deepActiveElement(document)
    const frame = requestAnimationFrame(() => {
      const dialog = card.current
      if (dialog !== null) (focusableIn(dialog)[0] ?? dialog).focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [embedded])
  useEffect(
    () => () => {
      const previous = returnFocusTo.current
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    },
    []
  )

  useEffect(() => {
    if (embedded) return
    const onKeyDown = (event: KeyboardEvent) => {
      const dialog = card.current
      if (dialog === null) return
      if (event.key === "Escape") {
        // A control open inside the dialog (a token picker) closes itself first: the dialog stays.
        if (
          event.composedPath().some((node) => node instanceof HTMLElement && node.hasAttribute(OWNS_ESCAPE))
        )
          return
        event.preventDefault()
        requestClose()
        return
      }
      if (event.key !== "Tab") return
      const target = trapTarget(focusableIn(dialog), deepActiveElement(document), event.shiftKey)
      if (target !== undefined) {
        event.preventDefault()
        target.focus()
      }
    }
    document.addEventListener("keydown", onKeyDown, true)
    return () => document.removeEventListener("keydown", onKeyDown, true)
  }, [embedded, requestClose])

  const canGoBack = router.history.length > 1
  const cardNode: ReactNode = (
    <div
      ref={card}
      className={shaking ? "card shake" : "card"}
      role="dialog"
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <div className="header">
        {canGoBack ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t.back()}
            onClick={() => void controller.goBack()}
          >
            <BackIcon />
          </button>
        ) : router.view === "Connect" ? (
          // Help for a visitor without a wallet (issue 30).
          <button
            type="button"
            className="icon-button"
            aria-label={t.help()}
            onClick={() => void controller.push("WhatIsAWallet")}
          >
            <HelpIcon />
          </button>
        ) : (
          <span />
        )}
        <h2 className="title" id={titleId} key={router.view}>
          {viewTitle(router.view, t)}
        </h2>
        <button type="button" className="icon-button" aria-label={t.close()} onClick={requestClose}>
          <CloseIcon />
        </button>
      </div>
      <Notices placement="dialog" />
      <div className="body-frame" ref={frame}>
        <div className="body" key={router.view}>
          <div className="view" ref={content}>
            <ViewBody view={router.view} />
          </div>
        </div>
      </div>
    </div>
  )

  if (embedded) return <div className="inline">{cardNode}</div>
  return (
    // The overlay is a pointer target only; keyboard users close with Escape or the Close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop mirrors the Close button for pointers
    <div
      className="overlay"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return
        // Keep the browser from moving focus to the body after ours went back to the opener.
        event.preventDefault()
        requestClose()
      }}
    >
      {cardNode}
    </div>
  )
}

interface ModalAppProps {
  readonly controller: ModalController
}

/**
 * Renders the Connect view once, hidden, when the page is idle, so the visitor's first open does not pay
 * for cold code and first style resolution (the click-to-view goal is 16 ms).
 */
const useIdleWarmUp = () => {
  const [phase, setPhase] = useState<"cold" | "warming" | "warm">("cold")
  useEffect(() => {
    if (phase === "warming") {
      setPhase("warm")
      return
    }
    if (phase !== "cold") return
    return whenIdle(() => setPhase("warming"), WARM_UP_TIMEOUT_MS)
  }, [phase])
  return phase === "warming"
}

/** Everything inside the shadow root: the dialog while open (its notices inside it), else the notices. */
export const ModalApp = ({ controller }: ModalAppProps) => {
  const router = useStore(controller.router)
  const locale = useStore(controller.locale)
  const warming = useIdleWarmUp()
  // Nothing renders in English while the first other locale loads.
  if (!locale.ready) return null
  return (
    <ControllerContext.Provider value={controller}>
      {router.open ? (
        <Dialog controller={controller} embedded={controller.config.enableEmbedded} />
      ) : warming ? (
        <div className="card warm-up" aria-hidden="true" inert>
          <div className="view">
            <ViewBody view="Connect" />
          </div>
        </div>
      ) : null}
      {router.open ? null : <Notices placement="page" />}
    </ControllerContext.Provider>
  )
}
