/**
 * The sandbox wallet's EIP-1193 provider: a local key (a viem local account) signing against the sandbox's
 * anvil nodes, with the per-site memory of a browser extension (authorization, known chains, active chain,
 * selected account) kept in `localStorage`. Free of DOM code, so it also runs in Node tests.
 *
 * This file composes the wallet: its state, connection and chain methods, and the dispatch of each request.
 * Its parts: `types.ts` (its shapes), `siteMemory.ts` (what it remembers), `requestParams.ts` (reading
 * params), `approvalWords.ts` (the panel's words), `nodeRpc.ts` (the nodes), `signing.ts` (signing and
 * sending), `batches.ts` (EIP-5792).
 */
import { type Hex, isAddress, isAddressEqual } from "viem"
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts"
import type { ApprovalRequest } from "./approvals"
import { batchApproval, statusNotice } from "./approvalWords"
import { BATCH_METHODS, createBatches } from "./batches"
import { ErrorCode, invalidParams, ProviderRpcError, userRejected } from "./errors"
import { forwardToNode, rpcErrorOf } from "./nodeRpc"
import { firstParam, isLoopbackRpcUrl, isRecord, parseChainId, toHexChainId } from "./requestParams"
import { createSigning } from "./signing"
import { createSiteMemory } from "./siteMemory"
import type {
  Listener,
  RecordedCall,
  RequestArguments,
  SandboxProvider,
  SandboxWallet,
  WalletChain,
  WalletOptions
} from "./types"

export const WALLET_NAME = "Sandbox Wallet"
export const WALLET_RDNS = "dev.airlock.sandbox"

export const createSandboxWallet = (options: WalletOptions): SandboxWallet => {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  const accounts: ReadonlyArray<PrivateKeyAccount> = options.accounts.map((a) =>
    privateKeyToAccount(a.privateKey as Hex)
  )
  if (accounts.length === 0) throw new Error("The sandbox wallet needs at least one account")
  const validIndex = (index: unknown): index is number =>
    typeof index === "number" && Number.isInteger(index) && index >= 0 && index < accounts.length

  const sandboxChain = (chainId: number) => options.sandboxChains.find((c) => c.chainId === chainId)
  const memory = createSiteMemory(options, validIndex)

  let state = memory.load()
  if (validIndex(options.accountOverride)) state = { ...state, accountIndex: options.accountOverride }
  const save = () => memory.save(state)

  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: Array<unknown>) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        // A throwing listener is the page's bug: report it without breaking the wallet.
        queueMicrotask(() => {
          throw error
        })
      }
    }
  }

  const account = () => accounts[state.accountIndex] as PrivateKeyAccount
  const activeChain = (): WalletChain => {
    const chain =
      state.chains.find((c) => c.chainId === state.activeChainId) ?? (state.chains[0] as WalletChain)
    // The sandbox's own chains are always reached at the ports they run on now.
    const live = sandboxChain(chain.chainId)
    return live === undefined ? chain : { ...chain, rpcUrl: live.rpcUrl }
  }
  const authorizedAccounts = () => (state.authorized ? [account().address] : [])

  const counts: Record<string, number> = {}
  const calls: Array<RecordedCall> = []
  let connecting: Promise<Array<string>> | undefined

  const ask = (request: Omit<ApprovalRequest, "origin">) =>
    options.approvals.ask({ ...request, origin: options.origin })

  const forward = (rpcUrl: string, method: string, params: unknown) =>
    forwardToNode(fetchFn, rpcUrl, method, params)

  /** The signer address a request names must be the selected, authorized account. */
  const requireAccount = (address: unknown) => {
    if (!state.authorized) {
      throw new ProviderRpcError(ErrorCode.unauthorized, "The site is not connected to the Sandbox Wallet.")
    }
    if (
      typeof address !== "string" ||
      !isAddress(address, { strict: false }) ||
      !isAddressEqual(address, account().address)
    ) {
      throw new ProviderRpcError(
        ErrorCode.unauthorized,
        `The Sandbox Wallet has not authorized ${String(address)}.`
      )
    }
  }

  const requestAccounts = async (): Promise<Array<string>> => {
    if (state.authorized) return authorizedAccounts()
    // Like a real wallet: one prompt at a time; a second request while it is open is refused.
    if (connecting !== undefined) {
      throw new ProviderRpcError(
        ErrorCode.requestPending,
        "A connection request is already pending in the Sandbox Wallet."
      )
    }
    const approved = ask({
      kind: "connect",
      title: "Connect to this site",
      details: [
        ["Account", account().address],
        ["Network", `${activeChain().name} (chain ${state.activeChainId})`]
      ]
    })
    connecting = approved.then((ok) => {
      if (!ok) throw userRejected()
      state = { ...state, authorized: true }
      save()
      emit("accountsChanged", authorizedAccounts())
      return authorizedAccounts()
    })
    try {
      return await connecting
    } finally {
      connecting = undefined
    }
  }

  const switchChain = async (params: unknown) => {
    const target = firstParam(params)
    if (!isRecord(target)) throw invalidParams("Expected [{ chainId }]")
    const chainId = parseChainId(target.chainId)
    const chain = state.chains.find((c) => c.chainId === chainId)
    if (chain === undefined) {
      throw new ProviderRpcError(
        ErrorCode.unrecognizedChain,
        `Unrecognized chain ID "${toHexChainId(chainId)}". Try adding the chain using wallet_addEthereumChain first.`
      )
    }
    if (chainId === state.activeChainId) return null
    const approved = await ask({
      kind: "switch-chain",
      title: "Switch network",
      details: [
        ["From", `${activeChain().name} (chain ${state.activeChainId})`],
        ["To", `${chain.name} (chain ${chainId})`]
      ]
    })
    if (!approved) throw userRejected()
    state = { ...state, activeChainId: chainId }
    save()
    emit("chainChanged", toHexChainId(chainId))
    return null
  }

  const addChain = async (params: unknown) => {
    const request = firstParam(params)
    if (!isRecord(request)) throw invalidParams("Expected [{ chainId, chainName, nativeCurrency, rpcUrls }]")
    const chainId = parseChainId(request.chainId)
    if (state.chains.some((c) => c.chainId === chainId)) return null
    const name = typeof request.chainName === "string" ? request.chainName.trim().slice(0, 100) : ""
    if (name === "") throw invalidParams("Expected a chainName")
    const currency = request.nativeCurrency
    if (!isRecord(currency) || typeof currency.symbol !== "string" || currency.decimals !== 18) {
      throw invalidParams("Expected nativeCurrency { name, symbol, decimals: 18 }")
    }
    const rpcUrl = Array.isArray(request.rpcUrls) ? request.rpcUrls.find(isLoopbackRpcUrl) : undefined
    if (rpcUrl === undefined)
      throw invalidParams("The Sandbox Wallet only adds chains with a loopback http RPC URL")
    // As real wallets do: the RPC must serve the chain it claims.
    const served = await forward(rpcUrl, "eth_chainId", [])
    if (typeof served !== "string" || Number.parseInt(served, 16) !== chainId) {
      throw invalidParams(
        `The RPC URL ${rpcUrl} serves chain ${String(served)}, not ${toHexChainId(chainId)}`
      )
    }
    const approved = await ask({
      kind: "add-chain",
      title: "Add a network",
      details: [
        ["Network", name],
        ["Chain ID", String(chainId)],
        ["RPC URL", rpcUrl],
        ["Currency", currency.symbol.slice(0, 12)]
      ]
    })
    if (!approved) throw userRejected()
    // A concurrent request may have added it meanwhile.
    if (!state.chains.some((c) => c.chainId === chainId)) {
      state = {
        ...state,
        chains: [...state.chains, { chainId, name, rpcUrl, currencySymbol: currency.symbol.slice(0, 12) }]
      }
      save()
    }
    return null
  }
  const { personalSign, signTypedData, sendTransaction } = createSigning({
    account,
    activeChain,
    requireAccount,
    ask,
    forward,
    fetchFn,
    hostile: options.hostile
  })

  const batches = createBatches({
    account,
    requireAccount,
    chains: () => state.chains.map((c) => ({ ...c, rpcUrl: sandboxChain(c.chainId)?.rpcUrl ?? c.rpcUrl })),
    delegateOn: (chainId) =>
      options.batchDelegates?.find((d) => d.chainId === chainId)?.address as Hex | undefined,
    // A notice, not a question: either button closes it, and the page's request has its answer already.
    show: (status) => void ask(statusNotice(status)),
    fail: (code, message) => new ProviderRpcError(code, message),
    fetch: fetchFn
  })

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    if ((BATCH_METHODS as ReadonlyArray<string>).includes(method) && options.eip5792?.() === false)
      throw new ProviderRpcError(
        ErrorCode.unsupportedMethod,
        `The Sandbox Wallet does not support ${method}.`
      )
    switch (method) {
      case "eth_requestAccounts":
        return requestAccounts()
      case "eth_accounts":
        return authorizedAccounts()
      case "eth_chainId":
        return toHexChainId(state.activeChainId)
      case "net_version":
        return String(state.activeChainId)
      case "wallet_switchEthereumChain":
        return switchChain(params)
      case "wallet_addEthereumChain":
        return addChain(params)
      case "personal_sign":
        return personalSign(params)
      case "eth_signTypedData_v4":
        return signTypedData(params)
      case "eth_sendTransaction":
        return sendTransaction(params)
      case "wallet_getCapabilities":
        return batches.getCapabilities(params)
      case "wallet_sendCalls":
        return batches.sendCalls(params, (review) => ask(batchApproval(review, state.chains)))
      case "wallet_getCallsStatus":
        return batches.getCallsStatus(params)
      case "wallet_showCallsStatus":
        return batches.showCallsStatus(params)
      case "wallet_revokePermissions": {
        const wasAuthorized = state.authorized
        state = { ...state, authorized: false }
        save()
        if (wasAuthorized) emit("accountsChanged", [])
        return null
      }
      case "eth_sign":
      case "eth_signTransaction":
      case "eth_signTypedData":
      case "eth_signTypedData_v3":
        throw new ProviderRpcError(
          ErrorCode.unsupportedMethod,
          `The Sandbox Wallet does not support ${method}.`
        )
      default:
        // Reads go to the active chain's node; node-control methods (anvil_*, evm_*) never leave the wallet.
        if (/^(eth|net|web3)_/.test(method)) return forward(activeChain().rpcUrl, method, params)
        throw new ProviderRpcError(
          ErrorCode.unsupportedMethod,
          `The Sandbox Wallet does not support ${method}.`
        )
    }
  }

  const request = async (args: RequestArguments): Promise<unknown> => {
    const method = isRecord(args) && typeof args.method === "string" ? args.method : undefined
    if (method === undefined) throw invalidParams("Expected { method, params? }")
    counts[method] = (counts[method] ?? 0) + 1
    calls.push({ method, params: args.params })
    try {
      return await handle(method, args.params)
    } catch (error) {
      throw rpcErrorOf(error)
    }
  }

  const provider: SandboxProvider = Object.freeze({
    isSandboxWallet: true as const,
    request,
    on: (event: string, listener: Listener) => {
      if (typeof listener === "function") {
        const set = listeners.get(event) ?? new Set<Listener>()
        set.add(listener)
        listeners.set(event, set)
      }
      return provider
    },
    removeListener: (event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener)
      return provider
    }
  })

  return {
    provider,
    counts,
    calls,
    state: () => state,
    address: () => account().address,
    setAccount: (index) => {
      if (!validIndex(index)) throw new RangeError(`No sandbox account ${index}: 0 to ${accounts.length - 1}`)
      if (index === state.accountIndex) return
      state = { ...state, accountIndex: index }
      save()
      if (state.authorized) emit("accountsChanged", authorizedAccounts())
    },
    simulateDisconnect: () =>
      emit(
        "disconnect",
        new ProviderRpcError(ErrorCode.disconnected, "The Sandbox Wallet lost its connection.")
      ),
    reset: () => {
      state = memory.initialState()
      memory.forget()
    }
  }
}
