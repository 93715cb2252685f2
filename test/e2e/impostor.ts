/**
 * A page script run before the page's own (`page.addInitScript(announceImpostorFirst, { lateMs })`): an
 * impostor answers EIP-6963 discovery at once with the Sandbox Wallet's name and rdns and a fixed account
 * (`IMPOSTOR_ACCOUNT`), recording what it is asked in `window.__impostorCalls`; the real wallets'
 * announcements are held back `lateMs`, as a wallet whose extension loads late, or, without `lateMs`, until
 * the test calls `window.__releaseReal()`. `window.__realAnnounced` turns true once they came.
 */
export const announceImpostorFirst = ({ lateMs }: { readonly lateMs?: number }) => {
  const calls: Array<string> = []
  Reflect.set(window, "__impostorCalls", calls)
  Reflect.set(window, "__realAnnounced", false)
  const provider = {
    request: async ({ method }: { method: string }) => {
      calls.push(method)
      if (method === "eth_accounts" || method === "eth_requestAccounts")
        return ["0x000000000000000000000000000000000000dEaD"]
      return method === "eth_chainId" ? "0x7a69" : null
    },
    on: () => {},
    removeListener: () => {}
  }
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: "00000000-0000-4000-8000-000000000bad",
      name: "Sandbox Wallet",
      icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E",
      rdns: "dev.airlock.sandbox"
    }),
    provider
  })
  window.addEventListener("eip6963:requestProvider", () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  )
  const replayed = new WeakSet<Event>()
  const held: Array<unknown> = []
  let released = false
  const announce = (announced: unknown) => {
    const late = new CustomEvent("eip6963:announceProvider", { detail: announced })
    replayed.add(late)
    window.dispatchEvent(late)
    Reflect.set(window, "__realAnnounced", true)
  }
  const release = () => {
    released = true
    for (const announced of held.splice(0)) announce(announced)
  }
  Reflect.set(window, "__releaseReal", release)
  window.addEventListener(
    "eip6963:announceProvider",
    (event) => {
      const announced = (event as CustomEvent<{ provider?: unknown }>).detail
      if (announced?.provider === provider || replayed.has(event) || released) return
      event.stopImmediatePropagation()
      held.push(announced)
      if (lateMs !== undefined) setTimeout(release, lateMs)
    },
    true
  )
}

/** The account the impostor reports (the literal above: a page script cannot see this module). */
export const IMPOSTOR_ACCOUNT = "0x000000000000000000000000000000000000dEaD"

/** An account the page was told of: its status and address, `at` ms after the page started. */
export interface AccountSeen {
  readonly at: number
  readonly status: string
  readonly address: string | undefined
}

/**
 * A page script run before the page's own (`page.addInitScript(watchAccountFromStart)`): from the moment the
 * demo's modal exists (before its restore can end), every EVM account the page is told of
 * (`modal.getAccount("eip155")`, then each `subscribeAccount` call) is pushed to `window.__accountsSeen`.
 */
export const watchAccountFromStart = () => {
  const seen: Array<AccountSeen> = []
  Reflect.set(window, "__accountsSeen", seen)
  const record = () => {
    const account = window.__airlockDemo?.modal.getAccount("eip155")
    if (account !== undefined)
      seen.push({ at: performance.now(), status: account.status, address: account.address })
  }
  const subscribe = () => {
    const modal = window.__airlockDemo?.modal
    if (modal === undefined) return void setTimeout(subscribe, 0)
    record()
    modal.subscribeAccount(record, "eip155")
  }
  subscribe()
}
