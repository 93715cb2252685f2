// Whether the approval screen is steady (THREATS.md T7): fully visible, uncovered, the same size and in the
// same place for STEADY_MS, as far as this frame can tell. approval.js enables Approve only while it is,
// and judges each press against it.
//
// What a cross-origin frame can see of itself, and what each signal is used for:
// - IntersectionObserver v2 (`trackVisibility`): whether the frame is wholly inside the top's viewport and
//   nothing covers, fades, filters or skews it. Chromium computes it at most every `delay` (100 ms, its
//   least) and reports changes only, a frame or so after the host draws them; a click that comes first is
//   answered by approval.js's hold (CONFIRM_MS), which asks a new observer again (its first answer is not
//   held back by `delay`) before the click counts.
// - Its size: the frame's viewport is its own, so `resize` tells a resized frame (or a zoom).
// - Its place: nothing else reports where the top draws the frame. The observer's entries are in the
//   frame's own coordinates (`rootBounds` is null across origins) and come only when visibility or the
//   visible ratio changes, so a move that keeps the frame whole is silent; getBoundingClientRect and
//   requestAnimationFrame see only the frame's own document. The one witness is a pointer event over the
//   frame: `screenX − clientX` is where the frame's viewport sits on the screen. Each pointer event is a
//   sample of that place: a sample elsewhere is a move (everything locks again), and a press on Approve
//   counts only when the pointer has been over the frame, at one place, for STEADY_MS. A frame slid under
//   a pointer resting on the host's page has no such samples, and one slid under a pointer resting on it
//   shows its new place at the press. (A frame whose host scales it, CSS `zoom`, samples a new place at
//   every move of the pointer: there a press counts once the pointer has rested STEADY_MS.)
// - Not the host page: whatever it says about where it put the frame is the word of the page that would
//   clickjack it, so nothing here asks it.

/** How long the screen must have been steady, and the pointer on it at one place, before Approve counts. */
export const STEADY_MS = 500
/** A press this soon after Approve unlocks is not taken: it was aimed before the screen was steady. */
export const GRACE_MS = 300
/** Farther than this (CSS px) from the last sample, the frame has moved. */
const MOVE_TOLERANCE_PX = 1

/**
 * IntersectionObserver v2's additions, which the DOM library does not declare yet.
 * @typedef {IntersectionObserverEntry & { readonly isVisible?: boolean }} VisibilityEntry
 * @typedef {IntersectionObserverInit & { trackVisibility: boolean, delay: number }} VisibilityInit
 */
/** @type {VisibilityInit} */
const TRACKING = { trackVisibility: true, delay: 100, threshold: [1] }

/** Whether this browser has IntersectionObserver v2 (`isVisible` on entries). */
export const visibilityProvable = () =>
  typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype

const wholeAndSeen = (/** @type {VisibilityEntry | undefined} */ entry) =>
  entry?.isVisible === true && entry.intersectionRatio >= 1

/**
 * What became of a press on Approve: "ok"; "moved" (the frame was somewhere else at the pointer's last
 * sample); "unsettled" (the pointer has not been over the frame at this place for STEADY_MS); "early"
 * (Approve unlocked less than GRACE_MS before); "locked" (the screen is not steady).
 * @typedef {"ok" | "moved" | "unsettled" | "early" | "locked"} Verdict
 */

/**
 * Watches `target` (the screen, filling the frame) while it shows. `onChange()` runs on every lock
 * (cover, move, resize; again while locked too) and unlock.
 * @param {Element} target
 * @param {() => void} onChange
 */
export const watchSteadiness = (target, onChange) => {
  let visible = false
  /** @type {number | undefined} When the screen last became steady (unlocked); undefined while locked. */
  let steadySince
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let unlockTimer
  /** How many times the screen has locked: a hold that sees it change lost its screen. */
  let locks = 0
  let size = `${innerWidth}x${innerHeight}@${devicePixelRatio}`
  /**
   * The pointer's run of samples at one place: that place, since when, and whether a move began it.
   * @type {{ x: number, y: number, since: number, moved: boolean } | undefined}
   */
  let pointer

  const unlock = () => {
    unlockTimer = undefined
    steadySince = performance.now()
    onChange()
  }
  // Every lock restarts the clock: the screen unlocks STEADY_MS after the last disturbance, if visible.
  const lock = () => {
    locks++
    steadySince = undefined
    clearTimeout(unlockTimer)
    unlockTimer = visible ? setTimeout(unlock, STEADY_MS) : undefined
    onChange()
  }

  const observer = new IntersectionObserver((entries) => {
    const seen = wholeAndSeen(entries[entries.length - 1])
    if (seen === visible) return
    visible = seen
    lock()
  }, TRACKING)
  observer.observe(target)

  const onResize = () => {
    const now = `${innerWidth}x${innerHeight}@${devicePixelRatio}`
    if (now === size) return
    size = now
    lock()
  }
  /** @param {PointerEvent} event */
  const onSample = (event) => {
    const x = event.screenX - event.clientX
    const y = event.screenY - event.clientY
    if (pointer === undefined) {
      pointer = { x, y, since: event.timeStamp, moved: false }
    } else if (Math.abs(x - pointer.x) > MOVE_TOLERANCE_PX || Math.abs(y - pointer.y) > MOVE_TOLERANCE_PX) {
      pointer = { x, y, since: event.timeStamp, moved: true }
      lock()
    }
  }
  // A mouse or pen leaving the frame stops the samples: where the frame is when it comes back is unknown
  // until then. A finger leaves after every tap, so a tap's sample lasts until the next tap.
  /** @param {PointerEvent} event */
  const onOut = (event) => {
    if (event.relatedTarget === null && event.pointerType !== "touch") pointer = undefined
  }
  const samples = /** @type {const} */ (["pointerover", "pointermove", "pointerdown", "pointerup"])
  for (const type of samples) window.addEventListener(type, onSample, true)
  window.addEventListener("pointerout", onOut, true)
  window.addEventListener("resize", onResize)

  return {
    steady: () => steadySince !== undefined,
    /** How many times the screen has locked so far. */
    locks: () => locks,
    /**
     * Judges a trusted pointerdown on Approve (its own sample already taken: listen after this watcher).
     * @param {PointerEvent} event
     * @returns {Verdict}
     */
    judgePress: (event) => {
      if (pointer === undefined || event.timeStamp - pointer.since < STEADY_MS)
        return pointer?.moved === true ? "moved" : "unsettled"
      if (steadySince === undefined) return "locked"
      return event.timeStamp - steadySince < GRACE_MS ? "early" : "ok"
    },
    /**
     * Judges a trusted click from the keyboard (no pointer aims it; the screen must still be steady).
     * @param {number} time
     * @returns {Verdict}
     */
    judgeKey: (time) => {
      if (steadySince === undefined) return "locked"
      return time - steadySince < GRACE_MS ? "early" : "ok"
    },
    /** Asks a new observer, whose first answer `delay` does not hold back: is the screen whole and seen now? */
    seenNow: () =>
      new Promise((resolve) => {
        const fresh = new IntersectionObserver((entries) => {
          fresh.disconnect()
          resolve(wholeAndSeen(entries[entries.length - 1]))
        }, TRACKING)
        fresh.observe(target)
      }),
    stop: () => {
      observer.disconnect()
      clearTimeout(unlockTimer)
      for (const type of samples) window.removeEventListener(type, onSample, true)
      window.removeEventListener("pointerout", onOut, true)
      window.removeEventListener("resize", onResize)
    }
  }
}
