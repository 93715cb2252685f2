/**
 * What the Solana and the Bitcoin Wallet Standard providers share: reaching a wallet's features, and the
 * provider surface over them (requests dispatched by method; `accountsChanged` from `standard:events`).
 * Apart from either provider, so that a host with one family loads nothing of the other.
 */
import { readField } from "../../schemas/ThirdPartyText"
import type { Eip1193Provider, WalletRequestArgs } from "../../services/Connectors"

/** A failure coded the way wallets code theirs, for `normalizeWalletError`. */
export const walletFailure = (code: number, message: string) => Object.assign(new Error(message), { code })
export const unsupported = (what: string) => walletFailure(4200, `The wallet does not offer ${what}`)

/** A method of one of the wallet's features, bound to the feature, or none when the wallet lacks it. */
export const featureMethod = (wallet: unknown, feature: string, method: string) => {
  const owner = readField(readField(wallet, "features"), feature)
  const fn = readField(owner, method)
  return typeof fn === "function"
    ? (...args: ReadonlyArray<unknown>): Promise<unknown> => Promise.resolve(Reflect.apply(fn, owner, args))
    : undefined
}

/** The same, or EIP-1193's 4200 when the wallet lacks it. */
export const requireMethod = (wallet: unknown, feature: string, method: string) => {
  const fn = featureMethod(wallet, feature, method)
  if (fn === undefined) throw unsupported(feature)
  return fn
}

/** One request method: its params and the CAIP-2 network it is asked on. */
export type StandardHandler = (params: unknown, chainId: string | undefined) => Promise<unknown>

/**
 * The provider over `wallet`: `request` runs its method's handler (4200 for any other method) on the
 * network asked, else `defaultChain()`'s; an `accountsChanged` listener gets `accountsOfChange(accounts)`
 * for each `change` the wallet emits (nothing when that is undefined), and is removed with the wallet's own
 * stop function.
 */
export const standardProvider = (
  wallet: unknown,
  handlers: Readonly<Record<string, StandardHandler>>,
  {
    defaultChain = () => undefined,
    accountsOfChange
  }: {
    readonly defaultChain?: () => string | undefined
    readonly accountsOfChange: (accounts: unknown) => unknown
  }
): Eip1193Provider => {
  // The wallet's `change` subscriptions, by the listener Airlock gave, so that each can be removed.
  const unsubscribers = new Map<(payload: unknown) => void, () => void>()
  return {
    request: async ({ method, params, chainId }: WalletRequestArgs) => {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
      if (handler === undefined) throw unsupported(method)
      return handler(params, chainId ?? defaultChain())
    },
    on: (event, listener) => {
      if (event !== "accountsChanged" || unsubscribers.has(listener)) return
      const events = readField(readField(wallet, "features"), "standard:events")
      const on = readField(events, "on")
      if (typeof on !== "function") return
      const onChange = (properties: unknown) => {
        const changed = readField(properties, "accounts")
        if (changed === undefined) return
        const payload = accountsOfChange(changed)
        if (payload !== undefined) listener(payload)
      }
      // `on` answers the function that stops listening; a wallet answering anything else cannot be stopped.
      const stop: unknown = Reflect.apply(on, events, ["change", onChange])
      unsubscribers.set(listener, () => {
        if (typeof stop === "function") Reflect.apply(stop, undefined, [])
      })
    },
    removeListener: (event, listener) => {
      if (event !== "accountsChanged") return
      unsubscribers.get(listener)?.()
      unsubscribers.delete(listener)
    }
  }
}
