import { useLayoutEffect, useRef } from "react"
import { approveWords } from "../../../../messages/compiled/en/approve"
import { useController } from "../../element/context"
import { useWords } from "../../element/useWords"

/**
 * The place of the embedded wallet's own approval screen: the frame (kept in the page, never moved) is
 * laid over this box while the request waits, and hidden again when the view goes. The frame enables its
 * Approve button only while it can see itself fully visible (THREATS.md T7).
 */
export const FrameApproval = () => {
  const controller = useController()
  const place = useRef<HTMLDivElement>(null)
  const t = useWords("approve", approveWords)
  useLayoutEffect(() => {
    const element = place.current
    if (element === null) return
    const { placeFrame } = controller.embedded
    const update = () => {
      const { left, top, width, height } = element.getBoundingClientRect()
      placeFrame({ left, top, width, height })
    }
    update()
    // The dialog's entrance animation, the window and the view's scrolling move the box without resizing it.
    const root = element.getRootNode()
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(update)
    observer?.observe(element)
    window.addEventListener("resize", update)
    root.addEventListener("animationend", update)
    root.addEventListener("transitionend", update)
    root.addEventListener("scroll", update, true)
    return () => {
      observer?.disconnect()
      window.removeEventListener("resize", update)
      root.removeEventListener("animationend", update)
      root.removeEventListener("transitionend", update)
      root.removeEventListener("scroll", update, true)
      placeFrame(undefined)
    }
  }, [controller])
  return (
    <section className="approve" aria-label={t.frameLabel()}>
      <p className="connecting-text">{t.frameHint()}</p>
      <div ref={place} className="frame-place" />
    </section>
  )
}
