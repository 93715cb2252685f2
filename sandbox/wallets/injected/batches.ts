/**
 * EIP-5792 for the sandbox wallets (the injected Sandbox Wallet and the WalletConnect one): batches of calls
 * run atomically by the account itself, upgraded through EIP-7702 to the sandbox's batch delegate
 * (sandbox/chain/contracts/SandboxBatchDelegate.sol) the first time. Free of DOM code; each wallet brings
 * its own account check, approval screen and error class.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  isAddress,
  isHex,
  parseAbi,
  toHex
} from "viem"
import type { PrivateKeyAccount } from "viem/accounts"

/** EIP-5792's error codes, and the EIP-1193 ones its methods answer with. */
export const BatchErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  invalidParams: -32602,
  internal: -32603,
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownBundle: 5730,
  bundleTooLarge: 5740
} as const

/** The methods, answered with 4200 when the wallet's EIP-5792 is switched off. */
export const BATCH_METHODS = [
  "wallet_getCapabilities",
  "wallet_sendCalls",
  "wallet_getCallsStatus",
  "wallet_showCallsStatus"
] as const

export const BATCH_VERSION = "2.0.0"
/** Bounds on what a page may ask for: calls per batch, bytes of data per call, an app id's length. */
export const MAX_CALLS = 16
export const MAX_CALL_DATA_BYTES = 32 * 1024
const MAX_APP_ID_LENGTH = 4096
/** Batches remembered for getCallsStatus; the oldest is forgotten past this. */
export const MAX_BATCHES = 64
/**
 * Gas for a batch the node's estimate says reverts: it is sent all the same, so the chain (not the wallet)
 * says it failed, and wallet_getCallsStatus reports 500 with the reverted receipt.
 */
const REVERTING_BATCH_GAS = 3_000_000n
const RECEIPT_TIMEOUT_MS = 30_000

export interface BatchCall {
  readonly to: Address
  readonly value: bigint
  readonly data: Hex
}

/** A batch as the approval screen shows it. */
export interface BatchReview {
  readonly chainId: number
  readonly from: Address
  readonly calls: ReadonlyArray<BatchCall>
  /** The delegate the account's code will point at first, when it does not yet. */
  readonly upgradeTo: Address | undefined
}

export interface BatchChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
}

/** A batch's status as EIP-5792 shapes it. */
export interface CallsStatus {
  readonly version: string
  readonly id: string
  readonly chainId: Hex
  readonly status: number
  readonly atomic: true
  readonly receipts?: ReadonlyArray<{
    readonly logs: ReadonlyArray<{
      readonly address: Hex
      readonly data: Hex
      readonly topics: ReadonlyArray<Hex>
    }>
    readonly status: Hex
    readonly blockHash: Hex
    readonly blockNumber: Hex
    readonly gasUsed: Hex
    readonly transactionHash: Hex
  }>
}

/** A wallet_sendCalls request that passed the checks. */
export interface ValidBatch {
  readonly chain: BatchChain
  readonly delegate: Address
  /** The page's own id for the batch, if it gave one. */
  readonly appId: string | undefined
  readonly calls: ReadonlyArray<BatchCall>
}

export interface BatchOptions {
  /** The account that signs, when the page is connected to it. */
  readonly account: () => PrivateKeyAccount
  /** Throws the wallet's 4100 unless `address` is the connected account. */
  readonly requireAccount: (address: unknown) => void
  /** The chains the wallet knows, reached at their live RPC URLs. */
  readonly chains: () => ReadonlyArray<BatchChain>
  readonly delegateOn: (chainId: number) => Address | undefined
  /** Shows a batch's status in the wallet's own screen (wallet_showCallsStatus). */
  readonly show: (status: CallsStatus) => void
  readonly fail: (code: number, message: string) => Error
  readonly fetch?: typeof fetch
}

interface BatchRecord {
  readonly id: string
  readonly chainId: number
  readonly transactionHash: Hex
  /** The upgrade did not take (the account has no delegate code): the calls ran against a bare EOA. */
  readonly notExecuted: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const hexChainId = (chainId: number): Hex => `0x${chainId.toString(16)}`

/** The code an account has once it delegates to `delegate` (EIP-7702's designator). */
export const delegationDesignator = (delegate: Address): Hex => `0xef0100${delegate.slice(2).toLowerCase()}`

/** SandboxBatchDelegate's one entry point (its JSON artifact holds the same; the wallet needs no bytecode). */
const EXECUTE_ABI = parseAbi(["function execute((address to, uint256 value, bytes data)[] calls) payable"])

export const createBatches = (options: BatchOptions) => {
  const { fail } = options
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  const batches = new Map<string, BatchRecord>()
  const invalid = (message: string) => fail(BatchErrorCode.invalidParams, message)

  const chainOf = (chainId: number) => options.chains().find((c) => c.chainId === chainId)

  const parseChainId = (value: unknown): number => {
    if (typeof value !== "string" || !/^0x[1-9a-f][0-9a-f]*$/i.test(value))
      throw invalid("Expected chainId as 0x-prefixed hex without leading zeros")
    const chainId = Number.parseInt(value, 16)
    if (!Number.isSafeInteger(chainId)) throw invalid(`Invalid chainId ${value}`)
    return chainId
  }

  const quantity = (value: unknown, field: string): bigint => {
    if (value === undefined) return 0n
    if (typeof value !== "string" || !/^0x(0|[1-9a-f][0-9a-f]*)$/i.test(value))
      throw invalid(`Expected ${field} as a hex quantity`)
    return BigInt(value)
  }

  /** Capabilities the wallet does not know must be marked optional (EIP-5792: else 5700). */
  const checkCapabilities = (capabilities: unknown, where: string) => {
    if (capabilities === undefined) return
    if (!isRecord(capabilities)) throw invalid(`Expected ${where} capabilities as an object`)
    for (const [name, capability] of Object.entries(capabilities)) {
      if (!(isRecord(capability) && capability.optional === true))
        throw fail(BatchErrorCode.unsupportedCapability, `The wallet does not support the capability ${name}`)
    }
  }

  const readCall = (call: unknown, index: number): BatchCall => {
    if (!isRecord(call)) throw invalid(`Expected call ${index} as { to, data?, value? }`)
    if (typeof call.to !== "string" || !isAddress(call.to, { strict: false }))
      throw invalid(`Expected call ${index}'s to as an address (the wallet deploys no contracts in a batch)`)
    const data = call.data ?? "0x"
    if (typeof data !== "string" || !isHex(data) || data.length % 2 !== 0)
      throw invalid(`Expected call ${index}'s data as hex bytes`)
    if ((data.length - 2) / 2 > MAX_CALL_DATA_BYTES)
      throw fail(BatchErrorCode.bundleTooLarge, `Call ${index}'s data is over ${MAX_CALL_DATA_BYTES} bytes`)
    checkCapabilities(call.capabilities, `call ${index}'s`)
    return { to: call.to as Address, value: quantity(call.value, `call ${index}'s value`), data }
  }

  const getCapabilities = (params: unknown) => {
    const [address, chainIds] = Array.isArray(params) ? params : []
    options.requireAccount(address)
    if (chainIds !== undefined && !Array.isArray(chainIds)) throw invalid("Expected [address, chainIds?]")
    const wanted = chainIds?.map(parseChainId)
    // Atomic on every chain with a delegate: the account is upgraded, when it is not yet, as part of the
    // first batch's one transaction, so no separate "ready" step is ever asked of the visitor.
    return Object.fromEntries(
      options
        .chains()
        .filter((c) => wanted === undefined || wanted.includes(c.chainId))
        .map((c) => [
          hexChainId(c.chainId),
          options.delegateOn(c.chainId) === undefined ? {} : { atomic: { status: "supported" } }
        ])
    )
  }

  const clients = (chain: BatchChain) => {
    const transport = http(chain.rpcUrl, { fetchFn, retryCount: 0 })
    return {
      wallet: createWalletClient({ account: options.account(), transport }),
      reader: createPublicClient({ transport })
    }
  }

  /** Checks a wallet_sendCalls request without touching the chain: the batch to show and run, or throws. */
  const readSendCalls = (params: unknown): ValidBatch => {
    const request = Array.isArray(params) ? params[0] : undefined
    if (!isRecord(request)) throw invalid("Expected [{ version, chainId, atomicRequired, calls }]")
    if (request.version !== BATCH_VERSION)
      throw invalid(`The wallet speaks EIP-5792 version ${BATCH_VERSION}, not ${String(request.version)}`)
    options.requireAccount(request.from ?? options.account().address)
    const chainId = parseChainId(request.chainId)
    const chain = chainOf(chainId)
    const delegate = options.delegateOn(chainId)
    if (chain === undefined || delegate === undefined)
      throw fail(BatchErrorCode.unsupportedChain, `The wallet does not batch on chain ${hexChainId(chainId)}`)
    if (typeof request.atomicRequired !== "boolean") throw invalid("Expected atomicRequired as a boolean")
    if (request.id !== undefined) {
      if (typeof request.id !== "string" || request.id === "" || request.id.length > MAX_APP_ID_LENGTH)
        throw invalid(`Expected id as a string of 1 to ${MAX_APP_ID_LENGTH} characters`)
      if (batches.has(request.id))
        throw fail(BatchErrorCode.duplicateId, `The batch id ${request.id} is taken`)
    }
    checkCapabilities(request.capabilities, "the batch's")
    if (!Array.isArray(request.calls) || request.calls.length === 0)
      throw invalid("Expected calls as a non-empty array")
    if (request.calls.length > MAX_CALLS)
      throw fail(BatchErrorCode.bundleTooLarge, `The wallet runs at most ${MAX_CALLS} calls in a batch`)
    return {
      chain,
      delegate,
      appId: typeof request.id === "string" ? request.id : undefined,
      calls: request.calls.map(readCall)
    }
  }

  /** Whether the account's code points at the delegate already. */
  const isUpgraded = async (batch: ValidBatch) => {
    const code = await clients(batch.chain).reader.getCode({ address: options.account().address })
    return (code ?? "0x").toLowerCase() === delegationDesignator(batch.delegate)
  }

  /** Runs an approved batch: one transaction from the account to itself, carrying the upgrade if needed. */
  const runBatch = async (batch: ValidBatch): Promise<{ readonly id: string }> => {
    const { chain, delegate, calls } = batch
    // Checked again after the approval: the id may have been taken meanwhile.
    const id = batch.appId ?? toHex(crypto.getRandomValues(new Uint8Array(32)))
    if (batches.has(id)) throw fail(BatchErrorCode.duplicateId, `The batch id ${id} is taken`)
    const account = options.account()
    const { wallet, reader } = clients(chain)
    const upgraded = await isUpgraded(batch)
    const data = encodeFunctionData({
      abi: EXECUTE_ABI,
      functionName: "execute",
      args: [calls.map((c) => ({ to: c.to, value: c.value, data: c.data }))]
    })
    const value = calls.reduce((sum, c) => sum + c.value, 0n)
    // The account sends its own upgrade: `executor: 'self'` signs the nonce after the transaction's own,
    // which is the one the chain checks (otherwise the authorization is silently skipped).
    const authorizationList = upgraded
      ? undefined
      : [
          await wallet.signAuthorization({
            account,
            contractAddress: delegate,
            chainId: chain.chainId,
            executor: "self"
          })
        ]
    const tx = { account, chain: null, to: account.address, data, value, authorizationList }
    const gas = await reader.estimateGas(tx).catch(() => REVERTING_BATCH_GAS)
    const transactionHash = await wallet.sendTransaction({ ...tx, gas })
    let notExecuted = false
    if (!upgraded) {
      // A skipped authorization still gives a successful receipt: only the code tells.
      await reader.waitForTransactionReceipt({ hash: transactionHash, timeout: RECEIPT_TIMEOUT_MS })
      notExecuted = !(await isUpgraded(batch))
    }
    batches.set(id, { id, chainId: chain.chainId, transactionHash, notExecuted })
    for (const old of batches.keys()) {
      if (batches.size <= MAX_BATCHES) break
      batches.delete(old)
    }
    return { id }
  }

  /** wallet_sendCalls with the approval in between: check, show (`approve`), run. */
  const sendCalls = async (params: unknown, approve: (review: BatchReview) => Promise<boolean>) => {
    const batch = readSendCalls(params)
    const upgraded = await isUpgraded(batch)
    const approved = await approve({
      chainId: batch.chain.chainId,
      from: options.account().address,
      calls: batch.calls,
      upgradeTo: upgraded ? undefined : batch.delegate
    })
    if (!approved) throw fail(BatchErrorCode.userRejected, "User rejected the batch in the wallet.")
    return runBatch(batch)
  }

  const recordOf = (params: unknown): BatchRecord => {
    const id = Array.isArray(params) ? params[0] : undefined
    if (typeof id !== "string") throw invalid("Expected [id]")
    const record = batches.get(id)
    if (record === undefined) throw fail(BatchErrorCode.unknownBundle, `The wallet knows no batch ${id}`)
    return record
  }

  const statusOf = async (record: BatchRecord): Promise<CallsStatus> => {
    const chain = chainOf(record.chainId)
    const base = {
      version: BATCH_VERSION,
      id: record.id,
      chainId: hexChainId(record.chainId),
      atomic: true as const
    }
    if (chain === undefined) return { ...base, status: 100 }
    const receipt = await clients(chain)
      .reader.getTransactionReceipt({ hash: record.transactionHash })
      .catch(() => undefined)
    if (receipt === undefined) return { ...base, status: 100 }
    // A batch that never ran (its upgrade was skipped) changed nothing but gas: as if it reverted.
    const succeeded = receipt.status === "success" && !record.notExecuted
    return {
      ...base,
      status: succeeded ? 200 : 500,
      receipts: [
        {
          // The delegate emits nothing and the upgrade logs nothing: every log is one of the calls'.
          logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
          status: receipt.status === "success" ? "0x1" : "0x0",
          blockHash: receipt.blockHash,
          blockNumber: toHex(receipt.blockNumber),
          gasUsed: toHex(receipt.gasUsed),
          transactionHash: receipt.transactionHash
        }
      ]
    }
  }

  return {
    getCapabilities,
    readSendCalls,
    runBatch,
    sendCalls,
    getCallsStatus: (params: unknown) => statusOf(recordOf(params)),
    showCallsStatus: async (params: unknown) => {
      options.show(await statusOf(recordOf(params)))
      return null
    }
  }
}

export type Batches = ReturnType<typeof createBatches>
