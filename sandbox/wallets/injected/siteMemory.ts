/**
 * What the wallet remembers for the site (authorization, known chains, active chain, selected account), kept
 * in `localStorage` as an extension keeps per-site permissions. Apart from the wallet's methods: this is only
 * the first-run state, the checked read of the stored one, and writing and forgetting it.
 */

import { isLoopbackRpcUrl, isRecord } from "./requestParams"
import type { WalletChain, WalletOptions, WalletState } from "./types"

/** The wallet's own `localStorage` key (per origin, as an extension keeps per-site permissions). */
export const STORAGE_KEY = "dev.airlock.sandbox:wallet"

export const createSiteMemory = (
  options: Pick<WalletOptions, "sandboxChains" | "defaultChainId" | "accountIndex" | "storage">,
  validIndex: (index: unknown) => index is number
) => {
  const defaultChain = (): WalletChain => {
    const chain = options.sandboxChains.find((c) => c.chainId === options.defaultChainId)
    if (chain === undefined) throw new Error(`The sandbox runs no chain ${options.defaultChainId}`)
    return { chainId: chain.chainId, name: chain.name, rpcUrl: chain.rpcUrl, currencySymbol: "ETH" }
  }

  const initialState = (): WalletState => ({
    authorized: false,
    chains: [defaultChain()],
    activeChainId: options.defaultChainId,
    accountIndex: validIndex(options.accountIndex) ? options.accountIndex : 0
  })

  /** The remembered state, checked field by field; anything odd falls back to the first-run state. */
  const load = (): WalletState => {
    const fresh = initialState()
    let stored: unknown
    try {
      stored = JSON.parse(options.storage?.getItem(STORAGE_KEY) ?? "null")
    } catch {
      stored = null
    }
    if (!isRecord(stored) || stored.version !== 1) return fresh
    const chains = Array.isArray(stored.chains)
      ? stored.chains.flatMap(
          (c): Array<WalletChain> =>
            isRecord(c) &&
            typeof c.chainId === "number" &&
            Number.isSafeInteger(c.chainId) &&
            typeof c.name === "string" &&
            typeof c.currencySymbol === "string" &&
            isLoopbackRpcUrl(c.rpcUrl)
              ? [{ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl, currencySymbol: c.currencySymbol }]
              : []
        )
      : []
    const known = [
      fresh.chains[0] as WalletChain,
      ...chains.filter((c) => c.chainId !== options.defaultChainId)
    ]
    return {
      authorized: stored.authorized === true,
      chains: known,
      activeChainId: known.some((c) => c.chainId === stored.activeChainId)
        ? (stored.activeChainId as number)
        : fresh.activeChainId,
      accountIndex: validIndex(stored.accountIndex) ? stored.accountIndex : fresh.accountIndex
    }
  }

  const save = (state: WalletState) => {
    try {
      options.storage?.setItem(STORAGE_KEY, JSON.stringify({ version: 1, ...state }))
    } catch {
      // A full or blocked storage only costs the memory across reloads.
    }
  }

  const forget = () => {
    try {
      options.storage?.removeItem(STORAGE_KEY)
    } catch {
      // Nothing stored to forget.
    }
  }

  return { initialState, load, save, forget }
}
