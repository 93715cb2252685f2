/**
 * The sandbox wallet's EIP-1193 provider: a local key (a viem local account) signing against the sandbox's
 * anvil nodes, with the per-site memory of a browser extension (authorization, known chains, active chain,
 * selected account) kept in `localStorage`. Free of DOM code, so it also runs in Node tests.
 */
import {
  createWalletClient,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type TypedDataDefinition
} from "viem"
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts"
import type { SandboxChainConfig } from "../../shared/config"
import type { ApprovalRequest, Approvals } from "./approvals"
import { BATCH_METHODS, type BatchReview, type CallsStatus, createBatches } from "./batches"
import { ErrorCode, invalidParams, ProviderRpcError, userRejected } from "./errors"
import { type HostileMode, newestMinedTransaction } from "./hostile"

export const WALLET_NAME = "Sandbox Wallet"
export const WALLET_RDNS = "dev.airlock.sandbox"
/** The wallet's own `localStorage` key (per origin, as an extension keeps per-site permissions). */
export const STORAGE_KEY = "dev.airlock.sandbox:wallet"

export interface WalletChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
  readonly currencySymbol: string
}

/** What the wallet remembers for the site. */
export interface WalletState {
  readonly authorized: boolean
  readonly chains: ReadonlyArray<WalletChain>
  readonly activeChainId: number
  readonly accountIndex: number
}

export interface KeyValue {
  readonly getItem: (key: string) => string | null
  readonly setItem: (key: string, value: string) => void
  readonly removeItem: (key: string) => void
}

export interface WalletOptions {
  /** Every chain the sandbox runs: their RPC URLs win over remembered ones (ports change between runs). */
  readonly sandboxChains: ReadonlyArray<SandboxChainConfig>
  readonly defaultChainId: number
  readonly accounts: ReadonlyArray<{ readonly address: string; readonly privateKey: string }>
  readonly accountIndex: number
  /** Forces the account for this page load (e.g. from `?walletAccount=N`). */
  readonly accountOverride?: number | undefined
  readonly origin: string
  readonly storage: KeyValue | undefined
  readonly approvals: Approvals
  readonly fetch?: typeof fetch
  /** Each chain's EIP-7702 batch delegate: EIP-5792 batches run through it (none: no batches). */
  readonly batchDelegates?: ReadonlyArray<{ readonly chainId: number; readonly address: string }> | undefined
  /** Whether EIP-5792 is on (`?wallet=no-5792` turns it off); read at each request. */
  readonly eip5792?: (() => boolean) | undefined
  /** The hostile switch on now, if any (`hostile.ts`); read at each request. */
  readonly hostile?: (() => HostileMode | undefined) | undefined
}

export interface RequestArguments {
  readonly method: string
  readonly params?: unknown
}

type Listener = (...args: Array<unknown>) => void

export interface SandboxProvider {
  readonly isSandboxWallet: true
  readonly request: (args: RequestArguments) => Promise<unknown>
  readonly on: (event: string, listener: Listener) => SandboxProvider
  readonly removeListener: (event: string, listener: Listener) => SandboxProvider
}

export interface RecordedCall {
  readonly method: string
  readonly params: unknown
}

export interface SandboxWallet {
  readonly provider: SandboxProvider
  /** Requests seen, by method (every request counts, answered or not). */
  readonly counts: Record<string, number>
  /** Requests seen, in order. */
  readonly calls: Array<RecordedCall>
  readonly state: () => WalletState
  readonly address: () => string
  /** Selects another dev account; an authorized site hears `accountsChanged`. */
  readonly setAccount: (index: number) => void
  /** Emits EIP-1193 `disconnect` (4900), as a wallet that lost its node does. */
  readonly simulateDisconnect: () => void
  /** Forgets everything remembered for this site. */
  readonly reset: () => void
}

const toHexChainId = (chainId: number) => `0x${chainId.toString(16)}`

const parseChainId = (value: unknown): number => {
  if (typeof value !== "string" || !/^0x[0-9a-f]+$/i.test(value) || /^0x0[0-9a-f]/i.test(value)) {
    throw invalidParams(
      `Expected chainId as a 0x-prefixed hexadecimal string without leading zeros, got ${String(value)}`
    )
  }
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(`Invalid chainId ${value}`)
  return chainId
}

const firstParam = (params: unknown): unknown => (Array.isArray(params) ? params[0] : undefined)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Loopback only: the sandbox never talks to anything off this machine. */
export const isLoopbackRpcUrl = (value: unknown): value is string => {
  if (typeof value !== "string") return false
  try {
    const url = new URL(value)
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      (url.hostname === "localhost" || url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname))
    )
  } catch {
    return false
  }
}

/**
 * The typed data of `eth_signTypedData_v4` params `[address, typedData]` (JSON or an object), read for both
 * sandbox wallets: the definition and the rows a wallet shows, or why it is not valid. The address is
 * each wallet's own check.
 */
export const readTypedDataRequest = (
  params: unknown
):
  | { readonly ok: false; readonly problem: string }
  | {
      readonly ok: true
      readonly definition: TypedDataDefinition
      readonly rows: ReadonlyArray<readonly [string, string]>
    } => {
  const raw = Array.isArray(params) ? params[1] : undefined
  let typed: unknown
  try {
    typed = typeof raw === "string" ? JSON.parse(raw) : raw
  } catch {
    return { ok: false, problem: "Expected the typed data as JSON" }
  }
  if (
    !isRecord(typed) ||
    !isRecord(typed.types) ||
    typeof typed.primaryType !== "string" ||
    !isRecord(typed.message)
  ) {
    return { ok: false, problem: "Expected typed data { types, primaryType, domain, message }" }
  }
  const domain = isRecord(typed.domain) ? typed.domain : {}
  return {
    ok: true,
    // Checked in shape above; viem checks the rest when it signs.
    definition: typed as unknown as TypedDataDefinition,
    rows: [
      ["Domain", typeof domain.name === "string" ? domain.name : "(no name)"],
      ["Type", typed.primaryType],
      ["Message", JSON.stringify(typed.message, null, 1)]
    ]
  }
}

/**
 * The fields of an `eth_sendTransaction` transaction after the wallet checked sender and chain, read for
 * both sandbox wallets; throws `invalidParams` for a malformed `to`, `data` or quantity.
 */
export const readTransactionFields = (tx: Readonly<Record<string, unknown>>) => {
  if (
    tx.to !== undefined &&
    tx.to !== null &&
    (typeof tx.to !== "string" || !isAddress(tx.to, { strict: false }))
  )
    throw invalidParams("Expected `to` as an address")
  const data = tx.data ?? tx.input
  if (data !== undefined && (typeof data !== "string" || !isHex(data)))
    throw invalidParams("Expected `data` as hex")
  return {
    to: (tx.to ?? undefined) as Hex | undefined,
    data: data as Hex | undefined,
    value: quantity(tx.value, "value") ?? 0n,
    gas: quantity(tx.gas, "gas"),
    nonce: tx.nonce === undefined ? undefined : Number(quantity(tx.nonce, "nonce")),
    ...(tx.gasPrice !== undefined
      ? { gasPrice: quantity(tx.gasPrice, "gasPrice") }
      : {
          maxFeePerGas: quantity(tx.maxFeePerGas, "maxFeePerGas"),
          maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, "maxPriorityFeePerGas")
        })
  }
}

/** A message for the panel: UTF-8 text when the hex decodes to printable text, else the hex. */
export const readableMessage = (message: string): string => {
  if (!isHex(message)) return message
  try {
    const bytes = new Uint8Array(
      (message.slice(2).match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))
    )
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark binary data
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? message : text
  } catch {
    return message
  }
}

const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== "string" || !isHex(value)) throw invalidParams(`Expected ${field} as a hex quantity`)
  return BigInt(value)
}

/** Ether (or any 18-decimals amount) as a short decimal string for the panel. */
export const formatEther = (wei: bigint): string => {
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, "0").replace(/0+$/, "")
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`
}

const rpcErrorOf = (error: unknown): ProviderRpcError => {
  if (error instanceof ProviderRpcError) return error
  // viem errors wrap the node's JSON-RPC error: find its code, keep viem's short message.
  const short = isRecord(error) && typeof error.shortMessage === "string" ? error.shortMessage : undefined
  const message = short ?? (error instanceof Error ? error.message : String(error))
  let cause: unknown = error
  for (let depth = 0; depth < 10 && isRecord(cause); depth++) {
    if (typeof cause.code === "number" && Number.isInteger(cause.code))
      return new ProviderRpcError(cause.code, message)
    cause = cause.cause
  }
  return new ProviderRpcError(ErrorCode.internal, message)
}

/** The panel's words for a batch: each call's target, value and data length. */
export const batchApproval = (
  review: BatchReview,
  chains: ReadonlyArray<Pick<WalletChain, "chainId" | "name">>
): Omit<ApprovalRequest, "origin"> => ({
  kind: "send-calls",
  title: `Send ${review.calls.length} calls as one transaction`,
  details: [
    ["From", review.from],
    [
      "Network",
      `${chains.find((c) => c.chainId === review.chainId)?.name ?? "Chain"} (chain ${review.chainId})`
    ],
    ...(review.upgradeTo === undefined
      ? []
      : [
          [
            "Account upgrade",
            `First, this account's code will point at the batch delegate ${review.upgradeTo} (EIP-7702)`
          ] as const
        ]),
    ...review.calls.map(
      (call, i) =>
        [
          `Call ${i + 1} of ${review.calls.length}`,
          `To ${call.to}\nValue ${formatEther(call.value)} ETH\nData ${(call.data.length - 2) / 2} bytes`
        ] as const
    )
  ]
})

const STATUS_WORDS: Record<number, string> = {
  100: "Pending",
  200: "Confirmed",
  500: "Reverted: nothing of the batch remains"
}

/** The panel's words for wallet_showCallsStatus. */
const statusNotice = (status: CallsStatus): Omit<ApprovalRequest, "origin"> => ({
  kind: "calls-status",
  title: "Batch status",
  details: [
    ["Batch", status.id],
    ["Status", STATUS_WORDS[status.status] ?? String(status.status)],
    ...(status.receipts ?? []).map((r) => ["Transaction", r.transactionHash] as const)
  ]
})

export const createSandboxWallet = (options: WalletOptions): SandboxWallet => {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  const accounts: ReadonlyArray<PrivateKeyAccount> = options.accounts.map((a) =>
    privateKeyToAccount(a.privateKey as Hex)
  )
  if (accounts.length === 0) throw new Error("The sandbox wallet needs at least one account")
  const validIndex = (index: unknown): index is number =>
    typeof index === "number" && Number.isInteger(index) && index >= 0 && index < accounts.length

  const sandboxChain = (chainId: number) => options.sandboxChains.find((c) => c.chainId === chainId)
  const defaultChain = (): WalletChain => {
    const chain = sandboxChain(options.defaultChainId)
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

  let state = load()
  if (validIndex(options.accountOverride)) state = { ...state, accountIndex: options.accountOverride }

  const save = () => {
    try {
      options.storage?.setItem(STORAGE_KEY, JSON.stringify({ version: 1, ...state }))
    } catch {
      // A full or blocked storage only costs the memory across reloads.
    }
  }

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

  const forward = async (rpcUrl: string, method: string, params: unknown) => {
    let response: Response
    try {
      response = await fetchFn(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] })
      })
    } catch (error) {
      throw new ProviderRpcError(ErrorCode.chainDisconnected, `The Sandbox Wallet cannot reach ${rpcUrl}`, {
        cause: String(error)
      })
    }
    if (!response.ok)
      throw new ProviderRpcError(ErrorCode.internal, `${rpcUrl} answered HTTP ${response.status}`)
    const body: unknown = await response.json()
    if (!isRecord(body))
      throw new ProviderRpcError(ErrorCode.internal, `${rpcUrl} answered no JSON-RPC object`)
    if (isRecord(body.error)) {
      const { code, message, data } = body.error
      throw new ProviderRpcError(
        typeof code === "number" ? code : ErrorCode.internal,
        typeof message === "string" ? message : "RPC error",
        data
      )
    }
    return body.result
  }

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

  const personalSign = async (params: unknown) => {
    const [message, address] = Array.isArray(params) ? params : []
    if (typeof message !== "string") throw invalidParams("Expected [message, address]")
    requireAccount(address)
    const approved = await ask({
      kind: "sign-message",
      title: "Sign a message",
      details: [
        ["Account", account().address],
        ["Message", readableMessage(message)]
      ]
    })
    if (!approved) throw userRejected()
    return account().signMessage({ message: isHex(message) ? { raw: message } : message })
  }

  const signTypedData = async (params: unknown) => {
    requireAccount(firstParam(params))
    const request = readTypedDataRequest(params)
    if (!request.ok) throw invalidParams(request.problem)
    const approved = await ask({
      kind: "sign-typed-data",
      title: "Sign typed data",
      details: [["Account", account().address], ...request.rows]
    })
    if (!approved) throw userRejected()
    try {
      return await account().signTypedData(request.definition)
    } catch (error) {
      throw invalidParams(
        `Cannot sign this typed data: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }

  const sendTransaction = async (params: unknown) => {
    const tx = firstParam(params)
    if (!isRecord(tx)) throw invalidParams("Expected [transaction]")
    requireAccount(tx.from)
    const chain = activeChain()
    if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chain.chainId) {
      throw invalidParams(
        `The transaction is for chain ${String(tx.chainId)}, the wallet is on ${toHexChainId(chain.chainId)}`
      )
    }
    const request = readTransactionFields(tx)
    const { value } = request
    const approved = await ask({
      kind: "send-transaction",
      title: "Send a transaction",
      details: [
        ["From", account().address],
        ["To", request.to ?? "(new contract)"],
        ["Value", `${formatEther(value)} ${chain.currencySymbol}`],
        ["Network", `${chain.name} (chain ${chain.chainId})`],
        ...(request.data === undefined || request.data === "0x" ? [] : [["Data", request.data] as const])
      ]
    })
    if (!approved) throw userRejected()
    if (options.hostile?.() === "reused-hash") {
      // Claims a send it never made: the hash of a transaction already on chain.
      const reused = await newestMinedTransaction((method, params) => forward(chain.rpcUrl, method, params))
      if (reused === undefined)
        throw new ProviderRpcError(ErrorCode.internal, "No mined transaction to reuse")
      return reused
    }
    // Signed here with the local key, sent raw to the chain's node.
    const client = createWalletClient({
      account: account(),
      transport: http(chain.rpcUrl, { fetchFn, retryCount: 0 })
    })
    try {
      return await client.sendTransaction({ ...request, chain: null } as Parameters<
        typeof client.sendTransaction
      >[0])
    } catch (error) {
      throw rpcErrorOf(error)
    }
  }

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
      state = initialState()
      try {
        options.storage?.removeItem(STORAGE_KEY)
      } catch {
        // Nothing stored to forget.
      }
    }
  }
}
