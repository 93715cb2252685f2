/**
 * Pay's world: the host's sandbox network, a payer connected on it or none, the chain as a fake
 * FallbackTransport (an ERC-20 "sUSD" of 6 decimals, the payer's balance of it), the wallet as a fake
 * RpcRouter whose answer the test gives (every request logged), a watcher whose settlements the wallet's
 * answer publishes, the real ModalRouter, and an HttpFetch no provider answers (no exchange is listed).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { encodeAbiParameters, type Hex } from "viem"
import { ChainNotConfiguredError } from "../../../src/errors"
import * as PayModule from "../../../src/layers/flows/pay/Pay.lazy"
import { PayLazy, PayLive } from "../../../src/layers/flows/pay/PayLive"
import { ModalRouterLive } from "../../../src/layers/modal/ModalRouterLive"
import { preloaded } from "../../../src/layers/runtime/lazy"
import type { CaipNetwork } from "../../../src/schemas/Network"
import { Connection, type ConnectionShape, type ConnectionState } from "../../../src/services/Connection"
import { FallbackTransport, type FallbackTransportShape } from "../../../src/services/FallbackTransport"
import { ModalConfig } from "../../../src/services/ModalConfig"
import type { ModalRouter } from "../../../src/services/ModalRouter"
import { Networks, type NetworksShape, type NetworksState } from "../../../src/services/Networks"
import type { Pay } from "../../../src/services/Pay"
import { RpcRouter, type RpcRouterShape, type WalletRequest } from "../../../src/services/RpcRouter"
import {
  type TrackedStatus,
  type TrackedTransaction,
  TransactionWatcher,
  type TransactionWatcherShape
} from "../../../src/services/TransactionWatcher"
import { decodedOptions } from "../../kit/fixtures"
import { sandboxNetwork } from "../../kit/networks"
import { makeTestHttp } from "../../kit/platform"

export const PAYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
export const RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
export const SUSD = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
export const HASH = `0x${"ab".repeat(32)}`
export const SUSD_ASSET = `eip155:31337/erc20:${SUSD}`

/** What the wallet does with a request: answers a hash that settles as `status`, or fails. */
export type WalletAnswer =
  | { readonly _tag: "Sends"; readonly status: TrackedStatus }
  | { readonly _tag: "Fails"; readonly error: Parameters<typeof Effect.fail>[0] }

/** The provider's exchange: its sessions' statuses in turn (the last one repeats). */
export interface ExchangeOptions {
  readonly statuses: ReadonlyArray<{ readonly status: string; readonly txHash?: string }>
  /** Who the chain's receipt of the exchange's hash shows receiving the sUSD, and how much. */
  readonly transfer: { readonly to: string; readonly amount: bigint }
}

export interface PayWorldOptions {
  readonly connected: boolean
  /** The payer's sUSD, in base units. */
  readonly balance: bigint
  readonly wallet: WalletAnswer
  readonly exchange?: ExchangeOptions
}

export const EXCHANGE = { id: "test-exchange", name: "Test Exchange", imageUrl: "https://img.example/ex.png" }
export const DEPOSIT_URL = "https://exchange.example/deposit?session=s1"
export const EXCHANGE_HASH = `0x${"cd".repeat(32)}`

const word = (value: bigint) => encodeAbiParameters([{ type: "uint256" }], [value])

/** An ERC-20 `Transfer` receipt of sUSD to `to`. */
const transferReceipt = (to: string, amount: bigint) => ({
  status: "0x1",
  logs: [
    {
      address: SUSD.toLowerCase(),
      topics: [
        "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
        word(0n),
        `0x${to.slice(2).toLowerCase().padStart(64, "0")}`
      ],
      data: word(amount)
    }
  ]
})

/** The chain's answers: sUSD's decimals and symbol, the payer's balances, the exchange's receipt. */
const chainAnswering =
  (balance: bigint, exchange: ExchangeOptions | undefined): FallbackTransportShape["request"] =>
  (_network, request) => {
    const params = (request.params ?? []) as ReadonlyArray<{ readonly data?: string }>
    const data = params[0]?.data ?? ""
    if (request.method === "eth_getTransactionReceipt" && exchange !== undefined)
      return Effect.succeed(transferReceipt(exchange.transfer.to, exchange.transfer.amount))
    if (request.method === "eth_getBalance") return Effect.succeed(word(10n ** 19n))
    if (request.method !== "eth_call") return Effect.fail(new ChainNotConfiguredError({}))
    if (data.startsWith("0x313ce567")) return Effect.succeed(word(6n))
    if (data.startsWith("0x95d89b41"))
      return Effect.succeed(encodeAbiParameters([{ type: "string" }], ["sUSD"]))
    if (data.startsWith("0x70a08231")) return Effect.succeed(word(balance))
    return Effect.fail(new ChainNotConfiguredError({}))
  }

const tracked = (id: string, status: TrackedStatus, network: CaipNetwork): TrackedTransaction => ({
  id,
  kind: "transaction",
  network: network.caipNetworkId,
  from: PAYER,
  to: SUSD,
  value: undefined,
  hash: id,
  status,
  submittedAt: 0,
  settledAt: 0
})

export const payWorld = (options: PayWorldOptions) =>
  Effect.gen(function* () {
    const config = decodedOptions({ networks: [sandboxNetwork], features: { pay: true } })
    const network = config.networks[0] as CaipNetwork
    const connected: ConnectionState["namespaces"] = {
      eip155: {
        status: "connected",
        connector: { name: "Test Wallet" } as never,
        address: PAYER,
        allAccounts: [PAYER],
        accountType: "eoa"
      }
    }
    const connection = yield* SubscriptionRef.make<ConnectionState>({
      namespaces: options.connected ? connected : {},
      attempt: undefined
    })
    const networks = yield* SubscriptionRef.make<NetworksState>({
      activeNamespace: "eip155",
      active: { eip155: { _tag: "Known", network } }
    })
    const settled = yield* PubSub.unbounded<TrackedTransaction>()
    const http = makeTestHttp()
    const exchange = options.exchange
    if (exchange !== undefined) {
      let asked = 0
      http.stub(/\/v1\/json-rpc\?/, (seen) => {
        const { method } = JSON.parse(seen.body ?? "{}") as { method: string }
        const result =
          method === "reown_getExchanges"
            ? { exchanges: [EXCHANGE], total: 1 }
            : method === "reown_getExchangePayUrl"
              ? { url: DEPOSIT_URL, sessionId: "session-1" }
              : exchange.statuses[Math.min(asked++, exchange.statuses.length - 1)]
        return new Response(JSON.stringify({ jsonrpc: "2.0", id: 1, result }), {
          headers: { "content-type": "application/json" }
        })
      })
    }
    const asked: Array<WalletRequest> = []
    const request: RpcRouterShape["request"] = (args) =>
      Effect.suspend(() => {
        asked.push(args)
        const answer = options.wallet
        return answer._tag === "Fails"
          ? Effect.fail(answer.error)
          : Effect.as(PubSub.publish(settled, tracked(HASH, answer.status, network)), HASH)
      }) as ReturnType<RpcRouterShape["request"]>
    const watcher: Pick<TransactionWatcherShape, "settled" | "waitForReceipt"> = {
      settled: PubSub.subscribe(settled),
      waitForReceipt: () => Effect.succeed({ transactionHash: HASH, blockNumber: 1n, status: "success" })
    }
    const below = Layer.mergeAll(
      Layer.succeed(ModalConfig, config),
      Layer.succeed(Connection, Connection.of({ state: connection } as ConnectionShape)),
      Layer.succeed(Networks, Networks.of({ state: networks } as NetworksShape)),
      Layer.succeed(
        RpcRouter,
        RpcRouter.of({ request, switchNetwork: () => Effect.void } as unknown as RpcRouterShape)
      ),
      Layer.succeed(TransactionWatcher, TransactionWatcher.of(watcher as TransactionWatcherShape)),
      Layer.succeed(
        FallbackTransport,
        FallbackTransport.of({
          request: chainAnswering(options.balance, options.exchange),
          ranking: () => Effect.die("unused")
        })
      ),
      ModalRouterLive,
      http.layer,
      preloaded(PayLazy, PayModule)
    )
    const layer = PayLive.pipe(Layer.provideMerge(below))
    return { connection, asked, http, layer }
  })

/** Runs `body` in a fresh world, with Pay and the router. */
export const inPayWorld = <A, E>(
  options: PayWorldOptions,
  body: (w: Effect.Success<ReturnType<typeof payWorld>>) => Effect.Effect<A, E, Pay | ModalRouter>
) => Effect.flatMap(payWorld(options), (w) => Effect.provide(body(w), w.layer))

export const transferData = (to: string, amount: bigint): Hex =>
  `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}`
