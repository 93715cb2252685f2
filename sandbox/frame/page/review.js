// The review window's script (`/sdk/approve?request=<id>`; reviewWindow.js is the frame's side): a
// top-level window on the frame's origin, which the host page can neither cover nor script. It asks the
// frame that opened it for request `id` and shows what that frame describes: the URL carries only the id,
// so whoever writes a URL cannot put words here, and a window some other page opened gets nothing. Approve
// works SETTLE_MS after the request shows, for trusted clicks only; the answer goes to that frame alone,
// which closes this window. `<html data-approval>`: "waiting" (nothing shown yet, or Approve still
// settling), "ready" (Approve enabled), "answered".

import { ANSWER, HELLO, REQUEST, REVIEW_ID } from "./reviewWindow.js"
import { buildScreen, element } from "./screen.js"

/** A click aimed at what was under the pointer before this window opened must not land on Approve. */
const SETTLE_MS = 500
const root = document.documentElement
const request = new URLSearchParams(location.search).get("request")
const opener = window.opener

const waiting = element("section", "approval")
const note = element("p", "status", "Waiting for the wallet that opened this window…")
waiting.append(note)
document.body.append(waiting)
root.dataset.approval = "waiting"

/**
 * @param {unknown} value
 * @returns {value is string}
 */
const isText = (value) => typeof value === "string"
/**
 * @param {any} data A message's data, checked here.
 * @returns {data is { title: string, origin: string, rows: Array<[string, string]> }}
 */
const isDescription = (data) =>
  isText(data.title) &&
  isText(data.origin) &&
  Array.isArray(data.rows) &&
  data.rows.every((/** @type {unknown} */ row) => Array.isArray(row) && row.length === 2 && row.every(isText))

/** @param {{ title: string, origin: string, rows: Array<[string, string]> }} described */
const show = (described) => {
  const { screen, status, approve, reject } = buildScreen(
    described,
    described.origin,
    "Approve unlocks in a moment."
  )
  const answer = (/** @type {"approve" | "reject"} */ value) => {
    approve.disabled = true
    reject.disabled = true
    root.dataset.approval = "answered"
    status.textContent = "Answer sent to the wallet."
    opener.postMessage({ type: ANSWER, request, answer: value }, location.origin)
  }
  approve.addEventListener("click", (event) => {
    if (event.isTrusted && root.dataset.approval === "ready") answer("approve")
  })
  reject.addEventListener("click", (event) => {
    if (event.isTrusted && root.dataset.approval !== "answered") answer("reject")
  })
  waiting.replaceWith(screen)
  setTimeout(() => {
    if (root.dataset.approval !== "waiting") return
    approve.disabled = false
    root.dataset.approval = "ready"
    status.textContent = "Check the request, then Approve or Reject."
  }, SETTLE_MS)
}

if (request === null || !REVIEW_ID.test(request) || opener === null) {
  note.textContent = "This window was not opened by the wallet for a request. Close it."
} else {
  /** @param {MessageEvent} event */
  const onRequest = (event) => {
    const data = event.data
    if (event.origin !== location.origin || event.source !== opener) return
    if (data?.type !== REQUEST || data.request !== request || !isDescription(data)) return
    window.removeEventListener("message", onRequest)
    show(data)
  }
  window.addEventListener("message", onRequest)
  // Delivered only when the opener is a page of this origin; the frame answers only its own window.
  opener.postMessage({ type: HELLO, request }, location.origin)
}
