/**
 * The world the Swap tests run in: `SwapLive` over the kit's account world (ALICE on the sandbox chain,
 * her balances Ready) and this flow's fakes: a Blockchain API answering the convert endpoints, the chain
 * simulating a plan (by default the router swaps as quoted, and any other address only receives the value),
 * a wallet answering `eth_sendTransaction` with a hash, a watcher answering receipts and
 * notifications recording errors. Every call the flow makes is recorded, in order, in `log`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { encodeFunctionData, erc20Abi, maxUint256 } from "viem"
import {
  type AirlockError,
  ChainNotConfiguredError,
  ProviderRequestError,
  type ProviderServiceError
} from "../../../src/errors"
import * as SwapFlow from "../../../src/layers/flows/swap/Swap.lazy"
import { SwapLazy, SwapLive } from "../../../src/layers/flows/swap/SwapLive"
import { NATIVE_TOKEN_ADDRESS } from "../../../src/layers/flows/swap/swapForm"
import { NATIVE_TRANSFER_ADDRESS } from "../../../src/layers/requests/simulation"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type {
  ConvertQuote,
  ConvertToken,
  ConvertTransaction,
  FungiblePrice,
  Listed
} from "../../../src/schemas/Convert"
import type { CaipNetworkId } from "../../../src/schemas/Primitives"
import { BlockchainApi, type ConvertRequest } from "../../../src/services/BlockchainApi"
import { FallbackTransport } from "../../../src/services/FallbackTransport"
import { Notifications, type NotificationsShape } from "../../../src/services/Notifications"
import type { RequestError } from "../../../src/services/RpcRouter"
import { Swap, type SwapTransaction } from "../../../src/services/Swap"
import { TransactionWatcher, type TransactionWatcherShape } from "../../../src/services/TransactionWatcher"
import { ALICE } from "../../kit/accounts"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { accountWorld, runnerOf, tokenBalance, walletAnswering } from "../../kit/flowWorld"
import { mainnetNetwork, SBX_ADDRESS, SUSD_ADDRESS, sandboxNetwork } from "../../kit/networks"
import { preloadedFlow, type WorldOf } from "../preloadedFlow"

export const CHAIN = sandboxNetwork.caipNetworkId
export const ROUTER_ADDRESS = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"

/** The tokens as the API names them (CAIP-10). */
export const ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
export const SUSD = `${CHAIN}:${SUSD_ADDRESS}`
export const SBX = `${CHAIN}:${SBX_ADDRESS}`
export const USER = `${CHAIN}:${ALICE}`

export const APPROVE_SELECTOR = "0x095ea7b3"
/** What the API builds: an unlimited allowance for the router (build-approve takes no amount). */
export const APPROVE_DATA = encodeFunctionData({
  abi: erc20Abi,
  functionName: "approve",
  args: [ROUTER_ADDRESS, maxUint256]
})
export const SWAP_DATA = "0x7ff36ab5"
export const APPROVAL_HASH = `0x${"a".repeat(64)}`
export const SWAP_HASH = `0x${"b".repeat(64)}`
export const GAS_PRICE = 1_000_000_000n
export const APPROVE_GAS = 50_000n
export const SWAP_GAS = 150_000n
export const ETHER = 10n ** 18n
/** The API refusing a quote (HTTP 400). */
export const refused = new ProviderRequestError({
  reason: "status",
  status: 400,
  endpoint: "v1/convert/quotes"
})

/** The swappable tokens, in the API's order (not the one the form shows). */
export const listed: ReadonlyArray<ConvertToken> = [
  { name: "Sandbox Token", symbol: "SBX", address: SBX, decimals: 18 },
  { name: "Sandbox USD", symbol: "sUSD", address: SUSD, decimals: 6 },
  { name: "Ether", symbol: "ETH", address: ETH, decimals: 18 }
]

/** A balance on the sandbox chain at `price` USD. */
export const balance = (symbol: string, numeric: string, decimals: number, price: number, address?: string) =>
  tokenBalance(CHAIN, symbol, numeric, decimals, { price, value: Number(numeric) * price, address })

/** 2 ETH at 3000 USD and 100 sUSD; no SBX. */
export const defaultBalances: ReadonlyArray<TokenBalance> = [
  balance("ETH", "2", 18, 3000),
  balance("sUSD", "100", 6, 1, SUSD_ADDRESS)
]

export const quoteAnswer = (request: ConvertRequest, toAmount: bigint): ConvertQuote => ({
  fromAmount: request.amount,
  fromAccount: request.from,
  toAmount: toAmount.toString(),
  toAccount: request.to
})

export const approveTransaction: ConvertTransaction = {
  from: USER,
  to: SUSD,
  data: APPROVE_DATA,
  value: "0",
  eip155: { gas: APPROVE_GAS.toString(), gasPrice: GAS_PRICE.toString() }
}

export const swapTransaction = (request: ConvertRequest): ConvertTransaction => ({
  from: USER,
  to: `${CHAIN}:${ROUTER_ADDRESS}`,
  data: SWAP_DATA,
  value: request.from === ETH ? request.amount : "0",
  eip155: { gas: SWAP_GAS.toString(), gasPrice: GAS_PRICE.toString() }
})

const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const word = (value: string | bigint) =>
  `0x${(typeof value === "bigint" ? value.toString(16) : value.slice(2)).toLowerCase().padStart(64, "0")}`

/** A traced `Transfer` of `amount` of `token` (an address, or NATIVE_TRANSFER_ADDRESS for ether). */
export const transferLog = (token: string, from: string, to: string, amount: bigint) => ({
  address: token,
  topics: [TRANSFER_TOPIC, word(from), word(to)],
  data: word(amount)
})

/** A call as `eth_simulateV1` gets it (the data as `input`). */
export interface SimulatedCall {
  readonly from: string
  readonly to?: string
  readonly value?: string
  readonly input?: string
  readonly gas?: string
}

/** `eth_simulateV1`'s answer: one block whose calls have `status` and the logs, all in the last call. */
export const simulationAnswer = (
  calls: ReadonlyArray<SimulatedCall>,
  logs: ReadonlyArray<ReturnType<typeof transferLog>>,
  status = "0x1"
) => [{ calls: calls.map((_, index) => ({ status, logs: index === calls.length - 1 ? logs : [] })) }]

/** The simulated address of a token the API names by CAIP-10. */
export const simulatedToken = (caip: string) =>
  caip === ETH ? NATIVE_TRANSFER_ADDRESS : caip.slice(caip.lastIndexOf(":") + 1)

/** A swap as the quote says: `amount` of `from` from ALICE to the router, `toAmount` of `to` back. */
export const honestLogs = (from: string, to: string, amount: bigint, toAmount: bigint) => [
  transferLog(simulatedToken(from), ALICE, ROUTER_ADDRESS, amount),
  transferLog(simulatedToken(to), ROUTER_ADDRESS, ALICE, toAmount)
]

/**
 * What the chain traces for a plan: the router swaps as quoted; any other address only receives the
 * swap's value (an account runs no code).
 */
const chainLogs = (calls: ReadonlyArray<SimulatedCall>, quoted: Simulating["quoted"]) => {
  const swap = calls[calls.length - 1]
  if (swap?.to?.toLowerCase() === ROUTER_ADDRESS.toLowerCase())
    return honestLogs(quoted.from, quoted.to, quoted.amount, quoted.toAmount)
  const value = BigInt(swap?.value ?? "0x0")
  return value === 0n ? [] : [transferLog(NATIVE_TRANSFER_ADDRESS, ALICE, swap?.to ?? "0x", value)]
}

/** What the world simulates: the calls, and the last quote the API gave (its pair and amounts). */
export interface Simulating {
  readonly calls: ReadonlyArray<SimulatedCall>
  readonly quoted: {
    readonly from: string
    readonly to: string
    readonly amount: bigint
    readonly toAmount: bigint
  }
}

export interface Options {
  /** `undefined`: the default list of networks (SPEC.md §9), which leaves out the sandbox chain. */
  readonly swapNetworks?: ReadonlyArray<string> | undefined
  readonly balances?: ReadonlyArray<TokenBalance>
  /** What the quote endpoint answers for an amount (base units); default: twice the amount. */
  readonly quote?: (amount: bigint) => Effect.Effect<bigint, ProviderServiceError>
  /** The allowance the API reports, in base units (default "0"), or how it answers. */
  readonly allowance?: string | (() => Effect.Effect<string, ProviderServiceError>)
  /** The wallet's answer to a transaction; default: APPROVAL_HASH for the approval, else SWAP_HASH. */
  readonly send?: (tx: SwapTransaction) => Effect.Effect<unknown, RequestError>
  /** The receipt's status for a hash (default "success"). */
  readonly receipt?: (hash: string) => "success" | "reverted"
  /** What the API's build-approve answers (default `approveTransaction`). */
  readonly approval?: ConvertTransaction
  /** What the API's build-transaction answers for a request (default `swapTransaction`). */
  readonly build?: (request: ConvertRequest & { readonly slippage: number }) => ConvertTransaction
  /** The wallet's `wallet_getCapabilities` answer (none of atomic by default). */
  readonly capabilities?: unknown
  /** The chain's answer to `eth_simulateV1` (default: `honestLogs` of the last quote). */
  readonly simulate?: (simulating: Simulating) => Effect.Effect<unknown, ChainNotConfiguredError>
  /** How `fungible/price` answers the tokens asked (default: it prices none). */
  readonly prices?: (
    addresses: ReadonlyArray<string>
  ) => Effect.Effect<Listed<FungiblePrice>, ProviderServiceError>
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const account = yield* accountWorld({
      address: ALICE,
      networks: [sandboxNetwork, mainnetNetwork],
      settings:
        options.swapNetworks === undefined
          ? {}
          : { swapNetworks: options.swapNetworks as ReadonlyArray<CaipNetworkId> },
      balances: options.balances ?? defaultBalances
    })
    const { log } = account
    const calls = {
      quotes: [] as Array<ConvertRequest & { readonly gasPrice: string }>,
      allowance: [] as Array<{ tokenAddress: string; userAddress: string; to?: string | undefined }>,
      approve: [] as Array<Omit<ConvertRequest, "amount">>,
      swap: [] as Array<ConvertRequest & { readonly slippage: number }>,
      sent: [] as Array<SwapTransaction>,
      /** `wallet_sendCalls` requests (an atomic wallet's approve-and-swap). */
      batches: [] as Array<{ readonly calls: ReadonlyArray<unknown> }>,
      simulated: [] as Array<ReadonlyArray<SimulatedCall>>,
      receipts: [] as Array<string>,
      errors: [] as Array<AirlockError>,
      /** The tokens each `fungible/price` request asked (not in `log`: it runs beside the quote). */
      prices: [] as Array<ReadonlyArray<string>>
    }
    let quoted: Simulating["quoted"] = { from: "", to: "", amount: 0n, toAmount: 0n }
    const api = blockchainApiWith({
      convertTokens: (chainId) =>
        Effect.sync(() => {
          log.push(`tokens ${chainId}`)
          return { items: listed, dropped: 0 }
        }),
      convertGasPrice: (chainId) =>
        Effect.sync(() => {
          log.push(`gas-price ${chainId}`)
          return { standard: GAS_PRICE.toString(), fast: "2000000000", instant: "3000000000" }
        }),
      convertQuotes: (request) =>
        Effect.suspend(() => {
          calls.quotes.push(request)
          log.push(`quote ${request.amount}`)
          const amount = BigInt(request.amount)
          return Effect.map(options.quote?.(amount) ?? Effect.succeed(amount * 2n), (toAmount) => {
            quoted = { from: request.from, to: request.to, amount, toAmount }
            return { items: [quoteAnswer(request, toAmount)], dropped: 0 }
          })
        }),
      convertAllowance: (request) =>
        Effect.suspend(() => {
          calls.allowance.push(request)
          log.push("allowance")
          const allowance = options.allowance ?? "0"
          return typeof allowance === "string" ? Effect.succeed(allowance) : allowance()
        }),
      buildApproveTransaction: (request) =>
        Effect.sync(() => {
          calls.approve.push(request)
          log.push("build-approve")
          return options.approval ?? approveTransaction
        }),
      buildSwapTransaction: (request) =>
        Effect.sync(() => {
          calls.swap.push(request)
          log.push("build-swap")
          return (options.build ?? swapTransaction)(request)
        }),
      fungiblePrices: (addresses) =>
        Effect.suspend(() => {
          calls.prices.push(addresses)
          return options.prices?.(addresses) ?? Effect.succeed({ items: [], dropped: 0 })
        })
    })
    const chains = FallbackTransport.of({
      request: (network, request) =>
        Effect.suspend(() => {
          const [{ blockStateCalls }] = request.params as [
            { blockStateCalls: [{ calls: ReadonlyArray<SimulatedCall> }] }
          ]
          const simulatedCalls = blockStateCalls[0].calls
          calls.simulated.push(simulatedCalls)
          log.push(`${request.method} ${network}`)
          if (request.method !== "eth_simulateV1") return Effect.fail(new ChainNotConfiguredError({}))
          return (
            options.simulate?.({ calls: simulatedCalls, quoted }) ??
            Effect.succeed(simulationAnswer(simulatedCalls, chainLogs(simulatedCalls, quoted)))
          )
        }),
      ranking: () => Effect.die("unused")
    })
    const watcher: Pick<TransactionWatcherShape, "waitForReceipt"> = {
      waitForReceipt: (_network, hash) =>
        Effect.sync(() => {
          calls.receipts.push(hash)
          log.push(`receipt ${hash}`)
          return { transactionHash: hash, blockNumber: 1n, status: options.receipt?.(hash) ?? "success" }
        })
    }
    const notifications: Pick<NotificationsShape, "showError"> = {
      showError: (error) =>
        Effect.sync(() => {
          calls.errors.push(error)
        })
    }
    const fakes = Layer.mergeAll(
      account.layer,
      Layer.succeed(BlockchainApi, api),
      Layer.succeed(FallbackTransport, chains),
      walletAnswering((request) =>
        Effect.suspend(() => {
          // A wallet without atomic batches (issue 34): the approval and the swap go as two steps.
          if (request.method === "wallet_getCapabilities") return Effect.succeed(options.capabilities ?? {})
          if (request.method === "wallet_sendCalls") {
            const batch = (request.params as ReadonlyArray<{ readonly calls: ReadonlyArray<unknown> }>)[0]!
            calls.batches.push(batch)
            log.push(`send wallet_sendCalls ${batch.calls.length}`)
            return Effect.succeed({ id: "0xbatch" })
          }
          if (request.method === "wallet_getCallsStatus") {
            log.push("status 0xbatch")
            const receipt = (transactionHash: string) => ({ transactionHash, status: "0x1" })
            return Effect.succeed({ status: 200, receipts: [receipt(APPROVAL_HASH), receipt(SWAP_HASH)] })
          }
          const tx = (request.params as ReadonlyArray<SwapTransaction>)[0] as SwapTransaction
          calls.sent.push(tx)
          log.push(`send ${request.method} ${tx.data.slice(0, 10)}`)
          return (
            options.send?.(tx) ??
            Effect.succeed(tx.data.startsWith(APPROVE_SELECTOR) ? APPROVAL_HASH : SWAP_HASH)
          )
        })
      ),
      Layer.succeed(TransactionWatcher, TransactionWatcher.of(watcher as TransactionWatcherShape)),
      Layer.succeed(Notifications, Notifications.of(notifications as NotificationsShape))
    )
    return { ...account, layer: preloadedFlow(SwapLive, SwapLazy, SwapFlow, fakes), calls }
  })

/** Runs `body` with the world's Swap, as `w.swap`. */
export const inWorld = runnerOf("swap", Swap)(world)
export type World = WorldOf<typeof inWorld>
