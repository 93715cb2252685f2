// The frame's own approval screen (THREATS.md T7): what an unsafe request asks and who asks, with Approve
// and Reject, in this origin's document so the host page cannot draw or script it. Approve is enabled only
// while IntersectionObserver v2 has reported the screen fully visible and unoccluded for VISIBLE_MS without
// a break, and only a trusted click counts. Without IO v2 the frame cannot tell it is seen: Approve stays
// disabled. `<html data-approval>` says where it is: "none", "waiting" (shown, not proven visible long
// enough) or "ready" (Approve enabled).

/** How long the screen must have been seen, unbroken, before Approve works. */
export const VISIBLE_MS = 500
const root = document.documentElement

export const visibilityProvable = () =>
  typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype

const element = (tag, className, text) => {
  const node = document.createElement(tag)
  if (className !== undefined) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

/** The request on screen: `{ id, finish(outcome) }`; one at a time. */
let current

export const approvalShown = () => current !== undefined

/**
 * Shows `{ title, rows }` asked by `origin` for request `id`; resolves "approve" or "reject" (the visitor's
 * trusted click) or "abort" (`abortApproval(id)`). The screen is gone by the time it resolves.
 */
export const askApproval = (id, { title, rows }, origin) =>
  new Promise((resolve) => {
    const screen = element("section", "approval")
    screen.setAttribute("role", "dialog")
    screen.setAttribute("aria-label", title)
    screen.append(element("h1", undefined, title), element("p", "origin", `Requested by ${origin}`))
    const list = element("dl")
    for (const [label, value] of rows)
      list.append(element("dt", undefined, label), element("dd", undefined, value))
    const provable = visibilityProvable()
    const status = element(
      "p",
      "status",
      provable
        ? "Approve unlocks once this window has been fully visible for a moment."
        : "Approving needs a browser that can prove this window is visible (IntersectionObserver v2); this one cannot, so only Reject works here."
    )
    const approve = element("button", "approve", "Approve")
    const reject = element("button", "reject", "Reject")
    approve.type = "button"
    reject.type = "button"
    approve.disabled = true
    const actions = element("div", "actions")
    actions.append(reject, approve)
    screen.append(list, status, actions)

    let timer
    const setReady = (ready) => {
      approve.disabled = !ready
      root.dataset.approval = ready ? "ready" : "waiting"
    }
    const observer = provable
      ? new IntersectionObserver(
          (entries) => {
            const entry = entries[entries.length - 1]
            if (entry.isVisible === true && entry.intersectionRatio >= 1) {
              timer ??= setTimeout(() => setReady(true), VISIBLE_MS)
            } else {
              clearTimeout(timer)
              timer = undefined
              setReady(false)
            }
          },
          { trackVisibility: true, delay: 100, threshold: [1] }
        )
      : undefined

    const finish = (outcome) => {
      observer?.disconnect()
      clearTimeout(timer)
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

    current = { id, finish }
    root.dataset.approval = "waiting"
    root.classList.add("asking")
    document.body.append(screen)
    observer?.observe(screen)
  })

/** Takes request `id`'s screen away (its promise resolves "abort"); false when it is not the one shown. */
export const abortApproval = (id) => {
  if (current === undefined || current.id !== id) return false
  current.finish("abort")
  return true
}
