/**
 * The modal as an EIP-1193 provider (`modal.getProvider()`, the wagmi connector, the EIP-6963
 * announcement), loaded with its first use. It adapts the handle: requests that need the visitor go to
 * `modal.request` (RpcRouter, with its approvals), reads without a wallet to the network's RPC
 * (`RpcRouter.readChain`), and the visitor picks a wallet in the modal. What the modal does not serve is
 * refused here, without opening it.
 *
 * Connectivity is EIP-1193's: the provider is connected while the modal has an EVM network, whose RPC
 * answers reads with or without an account; `disconnect` means it lost every chain (no EVM network, or
 * the modal disposed), never that the account went away (that is `accountsChanged` with `[]`).
 */

import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { type AirlockError, ConnectorNotConnectedError, MethodNotAllowedError } from "../errors"
import { isChainRead, isNodeMethod } from "../layers/requests/chainReads"
import { type AllowedRpcMethod, classifyRpcMethod, rpcMethodNamespace } from "../layers/requests/rpcMethods"
import type { AccountSnapshot, Modal, ModalProviderEvent, ProviderRpcError } from "../Modal"
import { present } from "../presentation"
import type { ModalController } from "../react/modal/bridge/controller"
import type { ModalRuntime } from "../react/modal/bridge/run"
import { type ChainReadError, RpcRouter } from "../services/RpcRouter"
import { boundedText, walletErrorCode } from "../walletErrors"
import { chainIdParamOf, configuredChains, eip155ChainOf, hexChain } from "./providerParams"

import type { ProviderCore, ProviderListeners } from "./providerShell"

const codeByTag: Readonly<Record<string, number>> = {
  UserRejectedRequestError: walletErrorCode.userRejectedRequest,
  SignatureDeclinedError: walletErrorCode.userRejectedRequest,
  RequestAbortedError: walletErrorCode.userRejectedRequest,
  UnauthorizedWalletError: walletErrorCode.unauthorized,
  // EIP-1193 4100: the account asked for is not one the visitor connected, or none is yet.
  AccountMismatchError: walletErrorCode.unauthorized,
  ConnectorNotConnectedError: walletErrorCode.unauthorized,
  MethodNotAllowedError: walletErrorCode.unsupportedMethod,
  UnsupportedMethodError: walletErrorCode.unsupportedMethod,
  WalletDisconnectedError: walletErrorCode.disconnected,
  ChainDisconnectedError: walletErrorCode.chainDisconnected,
  ChainNotAddedError: walletErrorCode.chainNotAdded,
  ChainNotSupportedError: walletErrorCode.chainNotAdded,
  ChainNotConfiguredError: walletErrorCode.chainNotAdded,
  NetworkNotFoundError: walletErrorCode.chainNotAdded,
  RequestPendingError: walletErrorCode.requestPending
}

const rejected = (code: number, message: string, cause?: unknown): ProviderRpcError =>
  Object.assign(new Error(message, { cause }), { code })

/**
 * A failure of the modal as an EIP-1193 error (its `code`, or `code` given); the original stays in `cause`.
 * Its message is the catalogue's English (no catalog): the dapp reads it, not the visitor.
 */
export const providerError = (error: unknown, code?: number): ProviderRpcError => {
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : ""
  // A batch the modal refused carries its own EIP-5792 code (5730, 5760).
  const own = tag === "BatchError" ? (error as { readonly code: number }).code : undefined
  const mapped =
    own ?? (Object.hasOwn(codeByTag, tag) ? (codeByTag[tag] as number) : walletErrorCode.internal)
  return rejected(code ?? mapped, present(error as AirlockError).message, error)
}

/** The longest revert data passed on (a reason string or a custom error, not a payload). */
const MAX_REVERT_DATA = 16_384

/**
 * A read of the network's RPC that failed: the node's own error keeps its code, words and hex data (what a
 * library decodes a revert from: the node is the host's configured RPC, not a wallet); the rest in the
 * catalogue's words. A network the host did not configure is 4901: no RPC of that chain to ask.
 */
const readError = (error: ChainReadError): ProviderRpcError => {
  if (error._tag === "RpcResponseError") {
    const data =
      typeof error.data === "string" &&
      /^0x[0-9a-fA-F]*$/.test(error.data) &&
      error.data.length <= MAX_REVERT_DATA
        ? { data: error.data }
        : {}
    const code = Number.isSafeInteger(error.code) ? error.code : walletErrorCode.internal
    const message = boundedText(error.message) ?? "The network answered with an error"
    return Object.assign(rejected(code, message, error), data)
  }
  if (error._tag === "NetworkNotFoundError") return providerError(error, walletErrorCode.chainDisconnected)
  return providerError(error)
}

const addressesOf = (account: AccountSnapshot): ReadonlyArray<string> =>
  account.isConnected ? account.allAccounts.map((a) => a.address) : []

const sameAddresses = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((address, i) => address === b[i])

/**
 * Opens the modal for the dapp's ask (it closes once connected: `closeAfterConnect.ts`) and settles once
 * the visitor connected an EVM wallet (its addresses) or closed the modal without one (4001).
 */
const awaitConnection = (modal: Modal): Promise<ReadonlyArray<string>> =>
  new Promise((resolve, reject) => {
    const stops: Array<() => void> = []
    const settle = () => {
      const account = modal.getAccount("eip155")
      if (account.isConnected) resolve(addressesOf(account))
      else if (!modal.isOpen())
        reject(rejected(walletErrorCode.userRejectedRequest, "User rejected the request."))
      else return
      for (const stop of stops) stop()
    }
    stops.push(modal.subscribeAccount(settle, "eip155"), modal.subscribeState(settle))
    modal.open("Connect", { askedBy: "dapp" }).then(settle, (error: unknown) => {
      for (const stop of stops) stop()
      reject(providerError(error))
    })
  })

/**
 * Starts the provider of `modal`: it follows the modal at once, telling `listeners` its events, and answers
 * requests. `controller` gives the EVM networks (configured, and the one shown); `runtime` the router.
 */
export const startModalProvider = (
  modal: Modal,
  runtime: ModalRuntime,
  controller: Pick<ModalController, "networks" | "config">,
  listeners: ProviderListeners
): ProviderCore => {
  const { networks } = controller
  const chains = configuredChains(controller.config.networks)
  const emit = (event: ModalProviderEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (payload: unknown) => void)(payload)
      } catch (error) {
        // A dapp's listener that throws is the dapp's bug: reported, never in the modal's way.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }
  const chainOf = () => eip155ChainOf(networks.get())
  const accountsOf = () => addressesOf(modal.getAccount("eip155"))
  const authorised = () => modal.getAccount("eip155").isConnected

  // Events follow the EVM network and account: what changed since the last value told.
  let chain: number | undefined
  let accounts = accountsOf()
  let stopped = false
  const follow = () => {
    if (stopped) return
    const nextChain = chainOf()
    if (nextChain !== chain) {
      if (nextChain === undefined)
        emit("disconnect", rejected(walletErrorCode.disconnected, "The provider serves no chain."))
      else if (chain === undefined) emit("connect", { chainId: hexChain(nextChain) })
      else emit("chainChanged", hexChain(nextChain))
      chain = nextChain
    }
    const nextAccounts = accountsOf()
    if (!sameAddresses(nextAccounts, accounts)) {
      accounts = nextAccounts
      emit("accountsChanged", nextAccounts)
    }
  }
  const stops = [modal.subscribeAccount(follow, "eip155"), networks.subscribe(follow)]
  // EIP-1193: a provider that serves a chain once created says so with `connect`.
  follow()

  let connecting: Promise<ReadonlyArray<string>> | undefined
  const requestAccounts = () => {
    if (authorised()) return Promise.resolve(accountsOf())
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

  const readChain = (method: string, params: unknown) =>
    runtime
      .runPromiseExit(Effect.flatMap(RpcRouter, (rpc) => rpc.readChain({ method, params })))
      .then((exit) => {
        if (Exit.isSuccess(exit)) return exit.value
        throw Option.match(Cause.findErrorOption(exit.cause), {
          onSome: readError,
          onNone: () => rejected(walletErrorCode.internal, "Something went wrong", Cause.squash(exit.cause))
        })
      })

  const switchChain = async (params: unknown) => {
    const chainId = chainIdParamOf(params)
    if (chainId === undefined) throw rejected(-32602, "Expected [{ chainId: hex }].")
    await modal.switchNetwork(`eip155:${chainId}`).catch((error: unknown) => {
      throw providerError(error)
    })
    return null
  }

  /** EIP-3085: a chain the host configured needs no adding; any other is not the modal's to add. */
  const addChain = (params: unknown) => {
    const chainId = chainIdParamOf(params)
    if (chainId === undefined) throw rejected(-32602, "Expected [{ chainId: hex, … }].")
    if (!chains.includes(chainId))
      throw providerError(new MethodNotAllowedError({ method: "wallet_addEthereumChain" }))
    return null
  }

  const request: ProviderCore["request"] = async ({ method, params }) => {
    if (stopped) throw rejected(walletErrorCode.disconnected, "The modal was disposed.")
    switch (method) {
      case "eth_requestAccounts":
        return requestAccounts()
      case "wallet_requestPermissions":
        await requestAccounts()
        return [{ parentCapability: "eth_accounts" }]
      case "wallet_getPermissions":
        return authorised() ? [{ parentCapability: "eth_accounts" }] : []
      case "wallet_revokePermissions":
        await modal.disconnect("eip155")
        return null
      case "eth_accounts":
        // The wallet's own answer while connected; nothing to ask without one.
        return authorised() ? forward(method, params) : []
      case "eth_chainId": {
        const chainId = chainOf()
        if (chainId === undefined)
          throw rejected(walletErrorCode.disconnected, "The provider serves no chain.")
        return hexChain(chainId)
      }
      case "wallet_switchEthereumChain":
        return switchChain(params)
      case "wallet_addEthereumChain":
        return addChain(params)
    }
    if (isNodeMethod(method)) return readChain(method, params)
    switch (classifyRpcMethod(method)) {
      // A chain read: the wallet's view while one is connected, else the network's RPC.
      case "safe":
        if (authorised()) return forward(method, params)
        if (isChainRead(method)) return readChain(method, params)
        throw providerError(new ConnectorNotConnectedError({}))
      // Signs, sends or grants: the connected account's, through the modal's approval.
      case "unsafe":
        if (rpcMethodNamespace(method as AllowedRpcMethod) !== "eip155")
          throw providerError(new MethodNotAllowedError({ method }))
        if (!authorised()) throw providerError(new ConnectorNotConnectedError({}))
        return forward(method, params)
      // Not the modal's to serve: refused here, without opening it (RpcRouter would, for its toast).
      case "disallowed":
        throw providerError(new MethodNotAllowedError({ method }))
    }
  }

  return {
    request,
    stop: () => {
      if (stopped) return
      for (const stop of stops) stop()
      if (chain !== undefined)
        emit("disconnect", rejected(walletErrorCode.disconnected, "The modal was disposed."))
      stopped = true
    }
  }
}
