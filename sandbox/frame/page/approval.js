// The frame's own approval screen (THREATS.md T7): what an unsafe request asks and who asks, with Approve
// and Reject, in this origin's document so the host page cannot draw or script it. Approve is enabled only
// while the screen is steady (steadiness.js: fully visible, uncovered, the same size and place for
// STEADY_MS) and only a trusted click counts. A press on Approve counts only when the pointer has been on
// the frame, at one place, for STEADY_MS and Approve did not unlock just before (GRACE_MS); a click that
// counts is held for CONFIRM_MS and taken only if nothing locked the screen meanwhile and a fresh look
// still sees it whole: the frame learns of a cover a moment after the host draws it, and a host busy with
// a long task draws it later still. When the frame cannot prove it is seen (no IO v2, or not steady for
// FALLBACK_MS) it offers "Review in a new window" (reviewWindow.js), a window the host page cannot cover;
// Approve here stays locked. `<html data-approval>` says where it is: "none", "waiting" (shown, not steady
// yet), "fallback" (not steady, the review window offered), "ready" (Approve enabled) or "confirming" (a
// click held); `<html data-press>` what became of the last press on Approve: "confirming", "moved",
// "unsettled", "early" or "lost" (the screen locked during the hold).

import { reviewWindow } from "./reviewWindow.js"
import { buildScreen, button } from "./screen.js"
import { visibilityProvable, watchSteadiness } from "./steadiness.js"

/** @import { Described } from "./describe.js" */
/** @import { Verdict } from "./steadiness.js" */
/** @typedef {"approve" | "reject" | "abort"} Outcome */

/** How long the screen may stay unproven before the review window is offered. */
export const FALLBACK_MS = 2000
/** How long a click on Approve is held before it counts: longer than the frame takes to learn of a cover. */
export const CONFIRM_MS = 300
const root = document.documentElement

const STATUS = {
  proving: "Approve unlocks once this window has been fully visible and still for a moment.",
  unprovable:
    "This browser cannot prove this window is visible (IntersectionObserver v2), so Approve stays locked here: review the request in a new window.",
  unseen:
    "This window has not been fully visible, so Approve stays locked here: review the request in a new window.",
  opened: "Answer in the new window, or Reject here. Closing that window leaves the request waiting.",
  blocked: "The new window could not be opened: allow pop-ups for this site and try again, or Reject here.",
  confirming: "Approving…",
  moved: "Approve was not taken: this window moved under the pointer. Check it, then press Approve again.",
  unsettled:
    "Approve was not taken: the pointer had only just come onto this window. Keep it there a moment, then press Approve again.",
  early: "Approve was not taken: it had only just unlocked. Press it again.",
  lost: "Approve was not taken: this window moved or was covered. Press Approve again once it is in full view."
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

    /** @type {ReturnType<typeof reviewWindow> | undefined} The review window, once offered. */
    let review
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let fallbackTimer
    /** @type {{ locks: number } | undefined} A click on Approve being held: the screen's lock count then. */
    let held
    /** @type {{ verdict: Verdict, locks: number } | undefined} The last pointerdown on Approve, judged. */
    let press

    const steadiness = provable ? watchSteadiness(screen, () => show()) : undefined
    const steady = () => steadiness?.steady() === true
    const refuse = (/** @type {Exclude<Verdict, "ok" | "locked"> | "lost"} */ reason) => {
      held = undefined
      root.dataset.press = reason
      status.textContent = STATUS[reason]
    }
    // The fallback clock runs while the screen is not steady, from the first moment it is not.
    const show = () => {
      if (held !== undefined && steadiness?.locks() !== held.locks) refuse("lost")
      if (steady()) {
        clearTimeout(fallbackTimer)
        fallbackTimer = undefined
      } else if (review === undefined) fallbackTimer ??= setTimeout(offer, FALLBACK_MS)
      approve.disabled = !steady() || held !== undefined
      root.dataset.approval =
        held !== undefined ? "confirming" : steady() ? "ready" : review === undefined ? "waiting" : "fallback"
    }
    const offer = () => {
      review = reviewWindow(described, origin, (answer) => finish(answer))
      status.textContent = provable ? STATUS.unseen : STATUS.unprovable
      screen.insertBefore(reviewButton, actions)
      show()
    }
    // A click that counts waits CONFIRM_MS, then a fresh look: a cover drawn just before it, or while it
    // waits, locks the screen (or fails that look) and the click is not taken.
    const hold = () => {
      if (steadiness === undefined) return
      const mark = { locks: steadiness.locks() }
      held = mark
      root.dataset.press = "confirming"
      status.textContent = STATUS.confirming
      show()
      setTimeout(async () => {
        if (held !== mark) return
        const seen = await steadiness.seenNow()
        if (held !== mark) return
        if (seen && steadiness.locks() === mark.locks) finish("approve")
        else {
          refuse("lost")
          show()
        }
      }, CONFIRM_MS)
    }

    const finish = (/** @type {Outcome} */ outcome) => {
      steadiness?.stop()
      window.removeEventListener("pointerdown", onPointerDown, true)
      held = undefined
      clearTimeout(fallbackTimer)
      review?.close()
      screen.remove()
      root.classList.remove("asking")
      root.dataset.approval = "none"
      delete root.dataset.press
      current = undefined
      resolve(outcome)
    }
    // Judged on the window, after steadiness.js has taken the event's sample: a press that reveals a move
    // has locked Approve by the time it reaches the button, and the click would never come.
    const onPointerDown = (/** @type {PointerEvent} */ event) => {
      if (!event.isTrusted || event.target !== approve || steadiness === undefined) return
      const verdict = steadiness.judgePress(event)
      press = { verdict, locks: steadiness.locks() }
      if (verdict !== "ok" && verdict !== "locked") refuse(verdict)
    }
    window.addEventListener("pointerdown", onPointerDown, true)
    approve.addEventListener("click", (event) => {
      if (!event.isTrusted || steadiness === undefined || held !== undefined || !steady()) return
      // A keyboard's click has no pointerdown (detail 0); a pointer's counts only as its press was judged.
      const pointed = event.detail !== 0
      const verdict = pointed
        ? press !== undefined && press.locks === steadiness.locks()
          ? press.verdict
          : "locked"
        : steadiness.judgeKey(event.timeStamp)
      press = undefined
      if (verdict === "ok") hold()
      else if (verdict !== "locked") refuse(verdict)
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
    if (provable) show()
    else offer()
  })

/** Takes request `id`'s screen away (its promise resolves "abort"); false when it is not the one shown. */
export const abortApproval = (/** @type {string} */ id) => {
  if (current === undefined || current.id !== id) return false
  current.finish("abort")
  return true
}
