// What npm run bench and the budget's browser check install in the page before its own scripts
// (`context.addInitScript`), the same for every build: the probe that takes the marks, and the test wallet.

/**
 * The probe's marks, in ms since navigation start.
 * @typedef {object} Marks
 * @property {number} [interactive] the Connect Wallet button is laid out, opaque and enabled
 * @property {number} [click] the first click (capturing listener)
 * @property {number} [rendered] the dialog shows the Connect view, laid out
 * @property {number} [frame] the animation frame after `rendered`
 * @property {number} [shown] the frame that paints the Connect view off opacity 0 starts
 * @property {number} [picked] the probe clicked the test wallet's row (in a frame after `shown`)
 * @property {number} [connected] the frame that paints the connected account's address starts
 */
/** @typedef {Window & { __bench?: Marks }} ProbedWindow */

/** The test wallet that npm run bench connects with (bench/probe.mjs `announceBenchWallet`). */
export const benchWallet = {
  name: "Bench Wallet",
  rdns: "dev.airlock.bench",
  uuid: "00000000-0000-4000-8000-0000000be4c4",
  // Digits only, so its checksummed and lower-case forms are the same.
  address: "0x1000000000000000000000000000000000000032",
  // 31337: the bench app's one network.
  chainId: "0x7a69"
}

/**
 * Installed before the page's own scripts. All timestamps are `performance.now()`, i.e. milliseconds since
 * navigation start, taken inside the page. With `pick`, the probe clicks the wallet's row itself as soon as
 * the Connect view shows it (no driver's round trip in the figure), then watches for the account.
 * @param {{ pick?: { name: string, address: string } }} options
 */
export function probe({ pick }) {
  /** @type {Marks} */
  const marks = {}
  Object.defineProperty(window, "__bench", { value: marks })
  // The files fetched between the pick and the account are read from the resource timeline.
  performance.setResourceTimingBufferSize(2000)
  // Laid out and not hidden (display, visibility, content-visibility); opacity is checked separately.
  const laidOut = (/** @type {Element} */ element) =>
    element.checkVisibility() && element.getBoundingClientRect().width > 0
  const opaque = (/** @type {Element} */ element) =>
    laidOut(element) && element.checkVisibility({ opacityProperty: true })
  const textOf = (/** @type {Element} */ element) => (element.textContent ?? "").trim()
  const connectButton = () =>
    [...document.querySelectorAll("button")].find(
      (button) => (button.getAttribute("aria-label") ?? textOf(button)) === "Connect Wallet"
    )
  const modalRoot = () => document.querySelector("airlock-modal")?.shadowRoot ?? undefined
  const openDialog = () => {
    const dialog = modalRoot()?.querySelector('[role="dialog"]')
    return dialog && laidOut(dialog) ? dialog : undefined
  }
  /** The dialog when its Connect view (titled "Connect Wallet") is rendered and laid out. */
  const connectView = () => {
    const root = modalRoot()
    const dialog = openDialog()
    const titleId = dialog?.getAttribute("aria-labelledby")
    const title = titleId && root ? root.getElementById(titleId) : null
    return title && laidOut(title) && textOf(title) === "Connect Wallet" ? dialog : undefined
  }
  /**
   * The account is in sight: an element of the open modal titled with its address (the Account view), or,
   * with the modal closed, a page button showing its short address (the Connect button once connected).
   */
  const accountShown = (/** @type {string} */ address) => {
    const lower = address.toLowerCase()
    if (openDialog())
      return [...(modalRoot()?.querySelectorAll("[title]") ?? [])].some(
        (element) => element.getAttribute("title")?.toLowerCase() === lower && opaque(element)
      )
    const short = `${lower.slice(0, 4)}…${lower.slice(-6)}`
    return [...document.querySelectorAll("button")].some(
      (button) => textOf(button).toLowerCase() === short && opaque(button)
    )
  }

  const watched = new WeakSet()
  // What a visitor sees is what a frame paints: `shown` and `connected` are taken in the animation frame that
  // paints them (its callbacks run just before its paint), and the row is clicked in a later frame, since a
  // visitor clicks only what was painted. Mutation checks between frames mark what is laid out (`rendered`).
  let frames = 0
  let shownInFrame = Number.POSITIVE_INFINITY
  const check = (inFrame = false) => {
    if (marks.interactive === undefined) {
      const button = connectButton()
      if (button && !button.disabled && opaque(button)) marks.interactive = performance.now()
    }
    const root = modalRoot()
    if (root && !watched.has(root)) {
      watched.add(root)
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true })
    }
    if (marks.click === undefined) return
    const view = marks.shown === undefined ? connectView() : undefined
    if (view && marks.rendered === undefined) {
      marks.rendered = performance.now()
      requestAnimationFrame(() => {
        marks.frame = performance.now()
      })
    }
    // An opening animation that starts from opacity 0 shows the view a frame or two later.
    if (inFrame && view?.checkVisibility({ opacityProperty: true })) {
      marks.shown = performance.now()
      shownInFrame = frames
    }
    if (pick === undefined || marks.shown === undefined) return
    if (marks.picked === undefined) {
      if (frames <= shownInFrame) return
      const row = [...(root?.querySelectorAll("button") ?? [])].find(
        (button) => textOf(button).startsWith(pick.name) && opaque(button)
      )
      if (row instanceof HTMLButtonElement) {
        marks.picked = performance.now()
        row.click()
      }
    } else if (inFrame && marks.connected === undefined && accountShown(pick.address)) {
      marks.connected = performance.now()
    }
  }
  const observer = new MutationObserver(() => check())
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })

  // Style-driven changes (an opening transition) do not mutate the DOM: also check once per frame.
  const done = () => (pick === undefined ? marks.shown : marks.connected) !== undefined
  const everyFrame = () => {
    frames++
    check(true)
    if (!done()) requestAnimationFrame(everyFrame)
  }
  addEventListener(
    "click",
    () => {
      if (marks.click !== undefined) return
      marks.click = performance.now()
      check()
      requestAnimationFrame(everyFrame)
    },
    true
  )
}

/**
 * An EIP-6963 wallet that answers at once: it announces itself whenever the page asks, connects its one
 * account on the bench app's network, accepts a switch to it, emits no events, and refuses every other
 * method with EIP-1193's 4200 (unsupported method).
 * @param {typeof benchWallet} wallet
 */
export function announceBenchWallet(wallet) {
  /** @param {{ method: string }} request */
  const request = async ({ method }) => {
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return [wallet.address]
      case "eth_chainId":
        return wallet.chainId
      case "wallet_switchEthereumChain":
        return null
      default:
        throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    }
  }
  const provider = Object.freeze({ request, on: () => provider, removeListener: () => provider })
  const icon =
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%23345'/%3E%3C/svg%3E"
  const info = Object.freeze({ uuid: wallet.uuid, name: wallet.name, icon, rdns: wallet.rdns })
  const detail = Object.freeze({ info, provider })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
}
