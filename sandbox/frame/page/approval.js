// The frame's own approval screen (THREATS.md T7): what an unsafe request asks and who asks, with Approve
// and Reject, in this origin's document so the host page cannot draw or script it. Approve is enabled only
// while IntersectionObserver v2 has reported the screen fully visible and unoccluded for VISIBLE_MS without
// a break, and only a trusted click counts. When the frame cannot prove it is seen (no IO v2, or not proven
// for FALLBACK_MS: covered, hidden, off screen) it offers "Review in a new window" (reviewWindow.js), a
// window the host page cannot cover; Approve here stays locked. `<html data-approval>` says where it is:
// "none", "waiting" (shown, not proven visible yet), "fallback" (not proven, the review window offered) or
// "ready" (Approve enabled).

import { reviewWindow } from "./reviewWindow.js"
import { buildScreen, button } from "./screen.js"

/** @import { Described } from "./describe.js" */
/** @typedef {"approve" | "reject" | "abort"} Outcome */
/**
 * IntersectionObserver v2's additions, which the DOM library does not declare yet.
 * @typedef {IntersectionObserverEntry & { readonly isVisible?: boolean }} VisibilityEntry
 * @typedef {IntersectionObserverInit & { trackVisibility: boolean, delay: number }} VisibilityInit
 */

/** How long the screen must have been seen, unbroken, before Approve works. */
export const VISIBLE_MS = 500
/** How long the screen may stay unproven before the review window is offered. */
export const FALLBACK_MS = 2000
const root = document.documentElement

export const visibilityProvable = () =>
  typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype

const STATUS = {
  proving: "Approve unlocks once this window has been fully visible for a moment.",
  unprovable:
    "This browser cannot prove this window is visible (IntersectionObserver v2), so Approve stays locked here: review the request in a new window.",
  unseen:
    "This window has not been fully visible, so Approve stays locked here: review the request in a new window.",
  opened: "Answer in the new window, or Reject here. Closing that window leaves the request waiting.",
  blocked: "The new window could not be opened: allow pop-ups for this site and try again, or Reject here."
}

/** @type {{ id: string, finish: (outcome: Outcome) => void } | undefined} The request on screen; one at a time. */
let current

export const approvalShown = () => current !== undefined

/**
 * Shows `{ title, rows }` asked by `origin` for request `id`; resolves "approve" or "reject" (the visitor's
 * trusted click, here or in the review window) or "abort" (`abortApproval(id)`). The screen and any review
 * window are gone by the time it resolves.
 * @param {string} id
 * @param {Described} described
 * @param {string} origin
 * @returns {Promise<Outcome>}
 */
export const askApproval = (id, described, origin) =>
  new Promise((resolve) => {
    const provable = visibilityProvable()
    const { screen, status, approve, reject, actions } = buildScreen(described, origin, STATUS.proving)
    const reviewButton = button("review", "Review in a new window")

    let ready = false
    /** @type {ReturnType<typeof reviewWindow> | undefined} The review window, once offered. */
    let review
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let visibleTimer
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let fallbackTimer
    const show = () => {
      approve.disabled = !ready
      root.dataset.approval = ready ? "ready" : review === undefined ? "waiting" : "fallback"
    }
    const offer = () => {
      review = reviewWindow(described, origin, (answer) => finish(answer))
      status.textContent = provable ? STATUS.unseen : STATUS.unprovable
      screen.insertBefore(reviewButton, actions)
      show()
    }
    // The fallback clock runs while the screen is not proven seen, from the first moment it is not.
    const setReady = (/** @type {boolean} */ value) => {
      ready = value
      if (ready) {
        clearTimeout(fallbackTimer)
        fallbackTimer = undefined
      } else if (review === undefined) fallbackTimer ??= setTimeout(offer, FALLBACK_MS)
      show()
    }
    /** @type {VisibilityInit} */
    const tracking = { trackVisibility: true, delay: 100, threshold: [1] }
    const observer = provable
      ? new IntersectionObserver((entries) => {
          /** @type {VisibilityEntry | undefined} */
          const entry = entries[entries.length - 1]
          if (entry?.isVisible === true && entry.intersectionRatio >= 1) {
            visibleTimer ??= setTimeout(() => setReady(true), VISIBLE_MS)
          } else {
            clearTimeout(visibleTimer)
            visibleTimer = undefined
            setReady(false)
          }
        }, tracking)
      : undefined

    const finish = (/** @type {Outcome} */ outcome) => {
      observer?.disconnect()
      clearTimeout(visibleTimer)
      clearTimeout(fallbackTimer)
      review?.close()
      screen.remove()
      root.classList.remove("asking")
      root.dataset.approval = "none"
      current = undefined
      resolve(outcome)
    }
    approve.addEventListener("click", (event) => {
      if (event.isTrusted && !approve.disabled && root.dataset.approval === "ready") finish("approve")
    })
    reject.addEventListener("click", (event) => {
      if (event.isTrusted) finish("reject")
    })
    // Opening a window needs the visitor's click anyway; a script's click must not even try.
    reviewButton.addEventListener("click", (event) => {
      if (event.isTrusted) status.textContent = review?.open() ? STATUS.opened : STATUS.blocked
    })

    current = { id, finish }
    root.classList.add("asking")
    document.body.append(screen)
    if (observer !== undefined) {
      setReady(false)
      observer.observe(screen)
    } else offer()
  })

/** Takes request `id`'s screen away (its promise resolves "abort"); false when it is not the one shown. */
export const abortApproval = (/** @type {string} */ id) => {
  if (current === undefined || current.id !== id) return false
  current.finish("abort")
  return true
}
