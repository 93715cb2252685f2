/**
 * The approval panel: what a wallet extension's popup is, drawn in the page. It lives in its own shadow
 * root, shows the oldest waiting request as plain text (never markup: the page and the request are
 * untrusted) and offers Reject and Approve. While it has the focus it owns Tab and Escape, as a separate
 * window would, so the dapp's own focus handling does not take them.
 */
import type { ApprovalRequest, ApprovalView } from "./approvals"

const STYLES = `
:host { all: initial; }
.panel {
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 2147483647;
  box-sizing: border-box;
  width: min(360px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 16px;
  border: 1px solid #9bb8af;
  border-radius: 12px;
  background: #ffffff;
  color: #14201c;
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.35);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
.panel:focus { outline: 2px solid #1d6f5f; outline-offset: 2px; }
.brand { display: flex; align-items: center; gap: 8px; margin: 0 0 8px; font-size: 12px; font-weight: 600;
  letter-spacing: 0.04em; text-transform: uppercase; color: #3b5249; }
.brand img { width: 20px; height: 20px; }
h2 { margin: 0 0 2px; font-size: 17px; }
.origin { margin: 0 0 12px; color: #3b5249; overflow-wrap: anywhere; }
dl { margin: 0 0 12px; display: grid; gap: 6px; }
dt { font-size: 12px; color: #3b5249; }
dd { margin: 0; font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 13px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 9em; overflow: auto; }
.waiting { margin: 0 0 12px; font-size: 12px; color: #3b5249; }
.waiting:empty { display: none; }
.actions { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 8px; cursor: pointer;
  border: 1px solid #1d6f5f; }
button:focus-visible { outline: 2px solid #0b3d33; outline-offset: 2px; }
.reject { background: #ffffff; color: #1d6f5f; }
.approve { background: #1d6f5f; color: #ffffff; }
`

export interface PanelOptions {
  readonly icon: string
  readonly onDecide: (approved: boolean) => void
  /** The wallet's name in the panel's head; "Sandbox Wallet" unless given. */
  readonly name?: string
  /** The attribute that marks the panel's host element, for tests; `data-sandbox-wallet-panel` unless given. */
  readonly hostAttribute?: string
}

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { readonly className?: string; readonly text?: string; readonly id?: string } = {}
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  if (props.className !== undefined) node.className = props.className
  if (props.id !== undefined) node.id = props.id
  if (props.text !== undefined) node.textContent = props.text
  return node
}

/** The focused element, looking through open shadow roots. */
const deepActiveElement = (): Element | null => {
  let active = document.activeElement
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

export const createPanel = ({
  icon,
  onDecide,
  name = "Sandbox Wallet",
  hostAttribute = "data-sandbox-wallet-panel"
}: PanelOptions): ApprovalView => {
  let host: HTMLElement | undefined
  let parts:
    | {
        readonly root: ShadowRoot
        readonly panel: HTMLElement
        readonly title: HTMLElement
        readonly origin: HTMLElement
        readonly details: HTMLDListElement
        readonly waiting: HTMLElement
        readonly reject: HTMLButtonElement
        readonly approve: HTMLButtonElement
      }
    | undefined
  let returnFocusTo: Element | null = null

  const hasFocus = () => parts !== undefined && parts.root.activeElement !== null

  const onKeyDown = (event: KeyboardEvent) => {
    if (parts === undefined || host?.isConnected !== true || !hasFocus()) return
    if (event.key === "Escape") {
      event.preventDefault()
      event.stopImmediatePropagation()
      onDecide(false)
    } else if (event.key === "Tab") {
      event.preventDefault()
      event.stopImmediatePropagation()
      const order = [parts.reject, parts.approve]
      const index = order.indexOf(parts.root.activeElement as HTMLButtonElement)
      const next = event.shiftKey ? (index <= 0 ? order.length - 1 : index - 1) : (index + 1) % order.length
      order[next]?.focus()
    }
  }

  const build = () => {
    const node = element("div")
    node.setAttribute(hostAttribute, "")
    const root = node.attachShadow({ mode: "open" })
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLES)
    root.adoptedStyleSheets = [sheet]

    const panel = element("section", { className: "panel" })
    panel.setAttribute("role", "dialog")
    panel.setAttribute("aria-labelledby", "brand title")
    panel.setAttribute("aria-describedby", "origin")
    panel.tabIndex = -1
    const brand = element("p", { className: "brand" })
    const logo = element("img")
    logo.src = icon
    logo.alt = ""
    brand.append(logo, element("span", { id: "brand", text: name }))
    const title = element("h2", { id: "title" })
    const origin = element("p", { className: "origin", id: "origin" })
    const details = element("dl")
    const waiting = element("p", { className: "waiting" })
    waiting.setAttribute("aria-live", "polite")
    const actions = element("div", { className: "actions" })
    const reject = element("button", { className: "reject", text: "Reject" })
    reject.type = "button"
    reject.addEventListener("click", () => onDecide(false))
    const approve = element("button", { className: "approve", text: "Approve" })
    approve.type = "button"
    approve.addEventListener("click", () => onDecide(true))
    actions.append(reject, approve)
    panel.append(brand, title, origin, details, waiting, actions)
    root.append(panel)
    // Capture on window runs before any listener of the page's document.
    window.addEventListener("keydown", onKeyDown, true)
    parts = { root, panel, title, origin, details, waiting, reject, approve }
    return node
  }

  return {
    show: (request: ApprovalRequest, waiting: number) => {
      const wasShown = host?.isConnected === true
      host ??= build()
      if (parts === undefined) return
      parts.title.textContent = request.title
      parts.origin.textContent = `${request.origin} asks`
      const rows = request.details.flatMap(([label, value]) => [
        element("dt", { text: label }),
        element("dd", { text: value })
      ])
      parts.details.replaceChildren(...rows)
      parts.waiting.textContent =
        waiting === 0 ? "" : `${waiting} more request${waiting === 1 ? "" : "s"} waiting`
      if (!wasShown) {
        returnFocusTo = deepActiveElement()
        ;(document.body ?? document.documentElement).append(host)
        // Like a wallet's popup window, the panel takes the focus when it opens.
        parts.panel.focus()
      }
    },
    hide: () => {
      if (host?.isConnected !== true) return
      const hadFocus = hasFocus()
      host.remove()
      const previous = returnFocusTo
      returnFocusTo = null
      if (hadFocus && previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }
}
