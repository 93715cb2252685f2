/**
 * The page's Wallet Standard registry as an event source, for whichever namespace decodes its wallets
 * (Solana's `walletStandard.ts`, Bitcoin's `bitcoinDiscovery.ts`): subscribing announces the app
 * (`wallet-standard:app-ready`, which wallets already loaded answer by registering) and takes later
 * registrations (`wallet-standard:register-wallet`), each change an event listing the wallets registered now.
 */
import * as Option from "effect/Option"
import { readField } from "../../schemas/ThirdPartyText"
import type { WalletConnector } from "../../services/Connectors"
import type { Subscribe } from "../platform/listen"

export const APP_READY_EVENT = "wallet-standard:app-ready"
export const REGISTER_WALLET_EVENT = "wallet-standard:register-wallet"

/**
 * Registered wallets one page may list, per namespace; later registrations are refused (a page cannot grow
 * it forever). Only usable wallets count (the `decode` given): junk registrations never take a place, so
 * they cannot hide a wallet that registers after them. Well-formed fakes do take places, and are bounded by
 * this: nothing tells a well-formed fake from a real wallet, and a script that can register them can as
 * well swallow the real wallet's registration event, so refusing rather than evicting keeps the wallets that
 * registered first (extensions register before the page's scripts run).
 */
export const MAX_STANDARD_WALLETS = 32

/** Two registered wallets with one name are flagged, both of them, as announcements claiming one rdns are. */
export const flagClashes = (list: ReadonlyArray<WalletConnector>): ReadonlyArray<WalletConnector> =>
  list.map((c) => {
    const clash = list.some((other) => other !== c && other.key === c.key)
    return clash === c.suspicious ? c : { ...c, suspicious: clash }
  })

/**
 * Registrations decoded by `decode` (a wallet and a fresh id: its connector, or none when it is of no use
 * here). A wallet registered twice is listed once; unregistering takes it off the list.
 */
export const standardRegistrations =
  (
    decode: (wallet: unknown, id: string) => Option.Option<WalletConnector>,
    idPrefix: string
  ): Subscribe<ReadonlyArray<WalletConnector>> =>
  (listener) => {
    const registered: Array<{ readonly wallet: unknown; readonly connector: WalletConnector }> = []
    let next = 1
    const changed = () => listener(flagClashes(registered.map((r) => r.connector)))

    const registerOne = (wallet: unknown): (() => void) => {
      if (registered.length >= MAX_STANDARD_WALLETS || registered.some((r) => r.wallet === wallet))
        return () => {}
      // Decoded before it takes a place: what is no usable wallet is dropped here and counts for nothing.
      const connector = decode(wallet, `${idPrefix}${next++}`)
      if (Option.isNone(connector)) return () => {}
      const entry = { wallet, connector: connector.value }
      registered.push(entry)
      changed()
      return () => {
        const at = registered.indexOf(entry)
        if (at < 0) return
        registered.splice(at, 1)
        changed()
      }
    }
    const api = Object.freeze({
      register: (...wallets: ReadonlyArray<unknown>) => {
        const unregister = wallets.map(registerOne)
        return () => {
          for (const u of unregister) u()
        }
      }
    })
    const onRegister = (event: Event) => {
      const callback = readField(event, "detail")
      if (typeof callback !== "function") return
      try {
        Reflect.apply(callback, undefined, [api])
      } catch {
        // A wallet whose callback throws registers nothing; the others are unaffected.
      }
    }
    window.addEventListener(REGISTER_WALLET_EVENT, onRegister)
    window.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail: api }))
    return () => window.removeEventListener(REGISTER_WALLET_EVENT, onRegister)
  }
