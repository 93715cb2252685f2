/**
 * The modal as an EIP-1193 provider, for code that speaks to wallets that way: the wagmi connector
 * (`airlock/wagmi`) and the EIP-6963 announcement. It adapts the public `Modal` handle and decides nothing
 * the modal does not: requests go to `modal.request` (RpcRouter), the visitor picks a wallet in the modal,
 * and events are read from the handle's eip155 account.
 */

import type { AirlockError } from "../errors"
import type { AccountSnapshot, Modal } from "../Modal"
import { present } from "../presentation"
import { walletErrorCode } from "../walletErrors"

export type ModalProviderEvent = "accountsChanged" | "chainChanged" | "connect" | "disconnect"

/** An EIP-1193 provider over the modal's eip155 connection. */
export interface ModalProvider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly on: (event: ModalProviderEvent, listener: (payload: never) => void) => void
  readonly removeListener: (event: ModalProviderEvent, listener: (payload: never) => void) => void
}

/** An EIP-1193 error: the code a dapp's library maps, and the catalogue's words for it. */
export interface ProviderRpcError extends Error {
  readonly code: number
}

const codeByTag: Readonly<Record<string, number>> = {
  UserRejectedRequestError: walletErrorCode.userRejectedRequest,
  SignatureDeclinedError: walletErrorCode.userRejectedRequest,
  RequestAbortedError: walletErrorCode.userRejectedRequest,
  UnauthorizedWalletError: walletErrorCode.unauthorized,
  // EIP-1193 4100: the account asked for is not one the visitor connected.
  AccountMismatchError: walletErrorCode.unauthorized,
  MethodNotAllowedError: walletErrorCode.unsupportedMethod,
  UnsupportedMethodError: walletErrorCode.unsupportedMethod,
  ConnectorNotConnectedError: walletErrorCode.disconnected,
  WalletDisconnectedError: walletErrorCode.disconnected,
  ChainDisconnectedError: walletErrorCode.chainDisconnected,
  ChainNotAddedError: walletErrorCode.chainNotAdded,
  ChainNotSupportedError: walletErrorCode.chainNotAdded,
  ChainNotConfiguredError: walletErrorCode.chainNotAdded,
  NetworkNotFoundError: walletErrorCode.chainNotAdded,
  RequestPendingError: walletErrorCode.requestPending
}

/** A failure of the modal as an EIP-1193 error; the original stays in `cause`. */
export const providerError = (error: unknown): ProviderRpcError => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : ""
  const code = Object.hasOwn(codeByTag, tag) ? (codeByTag[tag] as number) : walletErrorCode.internal
  return Object.assign(new Error(present(error as AirlockError).message, { cause: error }), { code })
}

const rejected = (code: number, message: string) =>
  Object.assign(new Error(message), { code }) as ProviderRpcError

const hexChainId = (chainId: number) => `0x${chainId.toString(16)}`

/** The numeric chain of an eip155 CAIP-10 account (`eip155:<chain>:<address>`). */
const chainOfAccount = (account: AccountSnapshot): number | undefined => {
  const chain = Number(account.caipAddress?.split(":")[1])
  return Number.isSafeInteger(chain) ? chain : undefined
}

const addressesOf = (account: AccountSnapshot): ReadonlyArray<string> =>
  account.isConnected ? account.allAccounts.map((a) => a.address) : []

const evmAccount = (modal: Modal) => modal.getAccount("eip155")

/** The eip155 chain: the connected account's, else the modal's when it shows an eip155 network. */
const evmChain = (modal: Modal): number | undefined => {
  const connected = chainOfAccount(evmAccount(modal))
  if (connected !== undefined) return connected
  const { namespace, chainId } = modal.getNetwork()
  return namespace === "eip155" && typeof chainId === "number" ? chainId : undefined
}

const parseChainId = (params: unknown): number | undefined => {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const raw = first?.chainId
  const chainId = typeof raw === "string" && /^0x[0-9a-fA-F]{1,15}$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}

/**
 * Opens the modal and settles once the visitor connected an EVM wallet (its addresses) or closed the
 * modal without one (4001).
 */
const awaitConnection = (modal: Modal): Promise<ReadonlyArray<string>> =>
  new Promise((resolve, reject) => {
    const stops: Array<() => void> = []
    const settle = () => {
      const account = evmAccount(modal)
      if (account.isConnected) resolve(addressesOf(account))
      else if (!modal.isOpen())
        reject(rejected(walletErrorCode.userRejectedRequest, "User rejected the request."))
      else return
      for (const stop of stops) stop()
    }
    stops.push(modal.subscribeAccount(settle, "eip155"), modal.subscribeState(settle))
    modal.open("Connect").then(settle, (error: unknown) => {
      for (const stop of stops) stop()
      reject(providerError(error))
    })
  })

const providers = new WeakMap<Modal, ModalProvider>()

/** The provider of `modal`: one per modal, so every caller sees the same object and events. */
export const modalProvider = (modal: Modal): ModalProvider => {
  const existing = providers.get(modal)
  if (existing !== undefined) return existing
  const listeners = new Map<ModalProviderEvent, Set<(payload: never) => void>>()
  const emit = (event: ModalProviderEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])])
      (listener as (payload: unknown) => void)(payload)
  }

  // Events follow the handle's eip155 account: what changed since the last value seen.
  let addresses = addressesOf(evmAccount(modal)).join()
  let chain = evmChain(modal)
  const follow = () => {
    const account = evmAccount(modal)
    const nextAddresses = addressesOf(account)
    const nextChain = evmChain(modal)
    const wasConnected = addresses !== ""
    if (nextChain !== chain) {
      chain = nextChain
      if (nextChain !== undefined) emit("chainChanged", hexChainId(nextChain))
    }
    if (nextAddresses.join() !== addresses) {
      addresses = nextAddresses.join()
      if (!wasConnected && nextChain !== undefined) emit("connect", { chainId: hexChainId(nextChain) })
      emit("accountsChanged", nextAddresses)
      if (nextAddresses.length === 0) {
        emit("disconnect", rejected(walletErrorCode.disconnected, "The wallet disconnected."))
      }
    }
  }
  modal.subscribeAccount(follow, "eip155")
  modal.subscribeNetwork(follow)

  let connecting: Promise<ReadonlyArray<string>> | undefined
  const requestAccounts = () => {
    const account = evmAccount(modal)
    if (account.isConnected) return Promise.resolve(addressesOf(account))
    // Concurrent asks share one visit to the modal.
    connecting ??= awaitConnection(modal).finally(() => {
      connecting = undefined
    })
    return connecting
  }

  const forward = (method: string, params: unknown) =>
    modal.request({ method, params }, { namespace: "eip155" }).catch((error: unknown) => {
      throw providerError(error)
    })

  const request: ModalProvider["request"] = async ({ method, params }) => {
    switch (method) {
      case "eth_requestAccounts":
        return requestAccounts()
      case "wallet_requestPermissions":
        await requestAccounts()
        return [{ parentCapability: "eth_accounts" }]
      case "wallet_getPermissions":
        return evmAccount(modal).isConnected ? [{ parentCapability: "eth_accounts" }] : []
      case "wallet_revokePermissions":
        await modal.disconnect("eip155")
        return null
      case "eth_accounts":
        // The wallet's own answer while connected; nothing to ask without one.
        return evmAccount(modal).isConnected ? forward(method, params) : []
      case "eth_chainId": {
        const chainId = evmChain(modal)
        if (chainId === undefined) throw rejected(walletErrorCode.disconnected, "No EVM network is shown.")
        return hexChainId(chainId)
      }
      case "wallet_switchEthereumChain": {
        const chainId = parseChainId(params)
        if (chainId === undefined) throw rejected(-32602, "Expected [{ chainId: hex }].")
        await modal.switchNetwork(`eip155:${chainId}`).catch((error: unknown) => {
          throw providerError(error)
        })
        return null
      }
      default:
        return forward(method, params)
    }
  }

  const provider: ModalProvider = {
    request,
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    }
  }
  providers.set(modal, provider)
  return provider
}
