// The approval screen's DOM, shared by the frame's own screen (approval.js) and the review window
// (review.js): built with DOM APIs and textContent only, so nothing a request says can become markup.

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export const element = (tag, className, text) => {
  const node = document.createElement(tag)
  if (className !== undefined) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

export const button = (/** @type {string} */ className, /** @type {string} */ text) => {
  const node = element("button", className, text)
  node.type = "button"
  return node
}

/**
 * `{ title, rows }` asked by `origin` (describe.js's words), with `statusText` under it: the screen and the
 * parts its owner drives. Approve starts disabled.
 * @param {{ readonly title: string, readonly rows: ReadonlyArray<readonly [string, string]> }} described
 * @param {string} origin
 * @param {string} statusText
 */
export const buildScreen = ({ title, rows }, origin, statusText) => {
  const screen = element("section", "approval")
  screen.setAttribute("role", "dialog")
  screen.setAttribute("aria-label", title)
  const list = element("dl")
  for (const [label, value] of rows)
    list.append(element("dt", undefined, label), element("dd", undefined, value))
  const status = element("p", "status", statusText)
  const approve = button("approve", "Approve")
  const reject = button("reject", "Reject")
  approve.disabled = true
  const actions = element("div", "actions")
  actions.append(reject, approve)
  screen.append(
    element("h1", undefined, title),
    element("p", "origin", `Requested by ${origin}`),
    list,
    status,
    actions
  )
  return { screen, status, approve, reject, actions }
}
