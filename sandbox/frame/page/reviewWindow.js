// The frame's side of the review window, THREATS.md T7's popup fallback: when the frame cannot prove its
// approval screen is seen, the visitor may answer in a top-level window on this origin (`/sdk/approve`,
// review.js), which the host page cannot cover. The two talk through the window handle and
// `window.opener`, each posting only to this origin and taking messages only from the other window. Not a
// BroadcastChannel: storage partitioning keeps an embedded frame's channels apart from a top-level
// window's, and any page of this origin in any tab could join one. A random id per request names the
// conversation (never the app's RPC id, which the host knows); the frame sends the description itself (the
// window's URL carries only the id, and anyone can write a URL) and takes one answer.

export const REVIEW_PATH = "/sdk/approve"
/** Window → frame `{ request }`: send me the request. */
export const HELLO = "@airlock-review/HELLO"
/** Frame → window `{ request, title, rows, origin }`: what to show. */
export const REQUEST = "@airlock-review/REQUEST"
/** Window → frame `{ request, answer: "approve" | "reject" }`: the visitor's trusted click. */
export const ANSWER = "@airlock-review/ANSWER"
export const REVIEW_ID = /^[0-9a-f]{32}$/

const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")

/**
 * The review window of `{ title, rows }` asked by `origin`. `open()` opens it (call it from a trusted click;
 * it focuses the window when open; false when the browser refused), `close()` closes it and stops listening.
 * `onAnswer` gets the first answer ("approve" or "reject") that the window this opened sends under this
 * request's id, and nothing else.
 * @param {{ readonly title: string, readonly rows: ReadonlyArray<readonly [string, string]> }} described
 * @param {string} origin
 * @param {(answer: "approve" | "reject") => void} onAnswer
 */
export const reviewWindow = ({ title, rows }, origin, onAnswer) => {
  const request = newId()
  /** @type {Window | null} */
  let popup = null
  let answered = false
  /** @param {MessageEvent} event */
  const onMessage = (event) => {
    const data = event.data
    if (event.origin !== location.origin || popup === null || event.source !== popup) return
    if (data?.request !== request) return
    if (data.type === HELLO)
      popup.postMessage({ type: REQUEST, request, title, rows, origin }, location.origin)
    else if (data.type === ANSWER && !answered && (data.answer === "approve" || data.answer === "reject")) {
      answered = true
      onAnswer(data.answer)
    }
  }
  const close = () => {
    window.removeEventListener("message", onMessage)
    window.removeEventListener("pagehide", close)
    popup?.close()
    popup = null
  }
  window.addEventListener("message", onMessage)
  // The window would outlive a frame the host removes or navigates, showing a request nobody waits for.
  window.addEventListener("pagehide", close)
  const open = () => {
    if (popup !== null && !popup.closed) {
      popup.focus()
      return true
    }
    // No name: the host page could otherwise find the window by it (`window.open("", name)`).
    popup = window.open(`${REVIEW_PATH}?request=${request}`, "_blank", "popup,width=440,height=600")
    return popup !== null
  }
  return { open, close }
}
