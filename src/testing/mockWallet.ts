/** What the mock wallet does with one method: answer, refuse, or never answer. */
export type MockBehaviour =
  | { readonly _tag: "Default" }
  | { readonly _tag: "Result"; readonly value: unknown }
  | { readonly _tag: "Error"; readonly code: number; readonly message: string; readonly data?: unknown }
  | { readonly _tag: "Hang" }

export interface MockRequest {
  readonly method: string
  readonly params?: unknown
}

export interface MockWalletOptions {
  /** Accounts the wallet reveals once connected. */
  readonly accounts?: ReadonlyArray<string>
  /** The active chain id. */
  readonly chainId?: number
  /** Chains the wallet knows; switching to another answers 4902 until it is added. */
  readonly chains?: ReadonlyArray<number>
  /** Starts connected, as after an earlier visit. */
  readonly connected?: boolean
}

type Listener = (payload: unknown) => void

/**
 * An EIP-1193 wallet for hosts' and our own tests, with fault switches per method (modelled on the mock
 * connectors of the wallet libraries). It counts every request, so a test can assert single-flight.
 */
export interface MockEip1193Provider {
  readonly request: (args: MockRequest) => Promise<unknown>
  readonly on: (event: string, listener: Listener) => void
  readonly removeListener: (event: string, listener: Listener) => void
  readonly emit: (event: string, payload: unknown) => void
  readonly setBehaviour: (method: string, behaviour: MockBehaviour) => void
  readonly calls: () => ReadonlyArray<MockRequest>
  readonly count: (method: string) => number
  readonly listenerCount: (event?: string) => number
}

class MockRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown
  ) {
    super(message)
  }
}

const DEFAULT_ACCOUNT = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

const toHex = (n: number) => `0x${n.toString(16)}`

const chainIdParam = (params: unknown): number | undefined => {
  if (!Array.isArray(params)) return undefined
  const first: unknown = params[0]
  if (typeof first !== "object" || first === null || !("chainId" in first)) return undefined
  const raw = first.chainId
  return typeof raw === "string" && /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : undefined
}

export const makeMockEip1193Provider = (options: MockWalletOptions = {}): MockEip1193Provider => {
  const accounts = options.accounts ?? [DEFAULT_ACCOUNT]
  const chains = new Set(options.chains ?? [options.chainId ?? 1])
  let chainId = options.chainId ?? 1
  let connected = options.connected ?? false
  const behaviours = new Map<string, MockBehaviour>()
  const listeners = new Map<string, Set<Listener>>()
  const log: Array<MockRequest> = []

  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }

  const answer = (args: MockRequest): unknown => {
    switch (args.method) {
      case "eth_requestAccounts":
        connected = true
        emit("accountsChanged", accounts)
        return accounts
      case "eth_accounts":
        return connected ? accounts : []
      case "eth_chainId":
        return toHex(chainId)
      case "wallet_switchEthereumChain": {
        const target = chainIdParam(args.params)
        if (target === undefined) throw new MockRpcError(-32602, "Invalid params")
        if (!chains.has(target)) throw new MockRpcError(4902, `Unrecognized chain ID ${toHex(target)}`)
        chainId = target
        emit("chainChanged", toHex(target))
        return null
      }
      case "wallet_addEthereumChain": {
        const target = chainIdParam(args.params)
        if (target === undefined) throw new MockRpcError(-32602, "Invalid params")
        chains.add(target)
        return null
      }
      case "wallet_getCapabilities":
        return {}
      case "personal_sign":
      case "eth_signTypedData_v4":
        if (!connected) throw new MockRpcError(4100, "Unauthorized")
        // A well-formed 65-byte signature; a mock does not sign for real.
        return `0x${"ab".repeat(65)}`
      case "eth_sendTransaction":
        if (!connected) throw new MockRpcError(4100, "Unauthorized")
        return `0x${"cd".repeat(32)}`
      default:
        throw new MockRpcError(4200, `Unsupported method: ${args.method}`)
    }
  }

  return {
    request: (args) => {
      log.push(args)
      const behaviour = behaviours.get(args.method) ?? { _tag: "Default" }
      switch (behaviour._tag) {
        case "Hang":
          return new Promise<never>(() => {})
        case "Error":
          return Promise.reject(new MockRpcError(behaviour.code, behaviour.message, behaviour.data))
        case "Result":
          return Promise.resolve(behaviour.value)
        case "Default":
          try {
            return Promise.resolve(answer(args))
          } catch (error) {
            return Promise.reject(error)
          }
      }
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    },
    emit,
    setBehaviour: (method, behaviour) => {
      behaviours.set(method, behaviour)
    },
    calls: () => [...log],
    count: (method) => log.filter((call) => call.method === method).length,
    listenerCount: (event) =>
      event === undefined
        ? [...listeners.values()].reduce((sum, set) => sum + set.size, 0)
        : (listeners.get(event)?.size ?? 0)
  }
}
