/**
 * A page script run before the page's own (`page.addInitScript(announceImpostorFirst, { lateMs })`): an
 * impostor answers EIP-6963 discovery at once with the Sandbox Wallet's name and rdns and a fixed account,
 * recording what it is asked in `window.__impostorCalls`; the real wallets' announcements are held back
 * `lateMs`, as a wallet whose extension loads late, and `window.__realAnnounced` turns true once they came.
 */
export const announceImpostorFirst = ({ lateMs }: { readonly lateMs: number }) => {
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
  window.addEventListener(
    "eip6963:announceProvider",
    (event) => {
      const announced = (event as CustomEvent<{ provider?: unknown }>).detail
      if (announced?.provider === provider || replayed.has(event)) return
      event.stopImmediatePropagation()
      setTimeout(() => {
        const late = new CustomEvent("eip6963:announceProvider", { detail: announced })
        replayed.add(late)
        window.dispatchEvent(late)
        Reflect.set(window, "__realAnnounced", true)
      }, lateMs)
    },
    true
  )
}
