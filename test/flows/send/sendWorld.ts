/**
 * The world the Solana Send tests run in: `SendLive` over fakes. A Solana account connected on a configured
 * cluster with SOL and USDC Ready in AccountData; a cluster RPC (FallbackTransport) answering the reads a
 * Solana send makes from a script; a wallet (RpcRouter) answering `solana_signAndSendTransaction` with a
 * signature. Every RPC read and wallet request is recorded.
 */
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { BalanceUnavailableError } from "../../../src/errors"
import * as SendFlow from "../../../src/layers/flows/send/Send.lazy"
import { SendLazy, SendLive } from "../../../src/layers/flows/send/SendLive"
import * as SolanaSend from "../../../src/layers/flows/send/solanaSend"
import { preloaded } from "../../../src/layers/runtime/lazy"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { CaipNetwork } from "../../../src/schemas/Network"
import type { CaipNetworkId } from "../../../src/schemas/Primitives"
import { AccountData, type AccountDataShape, type Loadable } from "../../../src/services/AccountData"
import { BlockchainApi } from "../../../src/services/BlockchainApi"
import { Connection, type ConnectionShape, type ConnectionState } from "../../../src/services/Connection"
import { FallbackTransport } from "../../../src/services/FallbackTransport"
import { Networks, type NetworksShape, type NetworksState } from "../../../src/services/Networks"
import {
  type ModalRequestOptions,
  type RequestError,
  RpcRouter,
  type RpcRouterShape,
  type WalletRequest
} from "../../../src/services/RpcRouter"
import { RpcTransportError } from "../../../src/services/RpcTransport"
import { Send } from "../../../src/services/Send"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { decodedOptions, solanaDevnetNetwork } from "../../kit/fixtures"

export const SENDER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
export const RECEIVER = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH"
export const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
/** The blockhash of the review, then the one of the confirmation. */
export const BLOCKHASHES = [
  "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N",
  "SysvarC1ock11111111111111111111111111111111"
] as const
export const SIGNATURE =
  "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"
export const FEE = 5_000
export const RENT = 2_039_280
/** The rent-exempt minimum of an account without data. */
export const RESERVE = 890_880

export const balance = (symbol: string, numeric: string, decimals: number, mint?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: solanaDevnetNetwork.caipNetworkId,
  ...(mint === undefined ? {} : { address: `${solanaDevnetNetwork.caipNetworkId}:${mint}` }),
  value: 0,
  price: symbol === "SOL" ? 150 : 1,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: undefined
})

/** 2 SOL and 100 USDC. */
export const defaultBalances: ReadonlyArray<TokenBalance> = [
  balance("SOL", "2", 9),
  balance("USDC", "100", 6, USDC_MINT)
]

const contextual = (value: unknown) => ({ context: { slot: 1 }, value })

/** How the cluster answers one read: a value, or a failure of the RPC. */
export type ClusterAnswer = { readonly value: unknown } | { readonly fail: true }

export interface Options {
  readonly balances?: ReadonlyArray<TokenBalance>
  /** Whether the receiver's USDC account exists (default: it does not). */
  readonly receiverAccount?: boolean
  /**
   * Overrides of the cluster's answer, by method; given a list, the n-th call gets the n-th (`undefined`:
   * the standard answer).
   */
  readonly answers?: Readonly<Record<string, ClusterAnswer | ReadonlyArray<ClusterAnswer | undefined>>>
  /** The wallet's answer; default `{ signature: SIGNATURE }`. */
  readonly wallet?: (request: WalletRequest) => Effect.Effect<unknown, RequestError>
}

export interface Read {
  readonly network: CaipNetworkId
  readonly method: string
  readonly params: ReadonlyArray<unknown>
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const config = decodedOptions({ networks: [solanaDevnetNetwork] })
    const network = config.networks[0] as CaipNetwork
    const reads: Array<Read> = []
    const requests: Array<{ readonly request: WalletRequest; readonly options: ModalRequestOptions }> = []
    const calls = new Map<string, number>()

    const standard = (method: string, params: ReadonlyArray<unknown>): ClusterAnswer => {
      switch (method) {
        case "getLatestBlockhash": {
          const n = calls.get(method) ?? 0
          return {
            value: contextual({
              blockhash: BLOCKHASHES[Math.min(n, 1)],
              lastValidBlockHeight: 300_000_000 + n
            })
          }
        }
        case "getAccountInfo":
          // The mint belongs to the token program; the receiver's token account exists if the test says.
          return {
            value: contextual(
              params[0] === USDC_MINT
                ? { owner: TOKEN_PROGRAM_ADDRESS, lamports: 1, executable: false, data: ["", "base64"] }
                : options.receiverAccount === true
                  ? { owner: TOKEN_PROGRAM_ADDRESS, lamports: RENT, executable: false, data: ["", "base64"] }
                  : null
            )
          }
        case "getMinimumBalanceForRentExemption":
          return { value: params[0] === 0 ? RESERVE : RENT }
        case "getFeeForMessage":
          return { value: contextual(FEE) }
        default:
          return { fail: true }
      }
    }

    const transport = FallbackTransport.of({
      request: (id, request) =>
        Effect.suspend(() => {
          const params = (request.params ?? []) as ReadonlyArray<unknown>
          reads.push({ network: id, method: request.method, params })
          const n = calls.get(request.method) ?? 0
          const override = options.answers?.[request.method]
          const scripted = Array.isArray(override) ? override[n] : (override as ClusterAnswer | undefined)
          const answer = scripted ?? standard(request.method, params)
          calls.set(request.method, n + 1)
          return "value" in answer
            ? Effect.succeed(answer.value)
            : Effect.fail(
                new RpcTransportError({ method: request.method, transport: "fake", reason: "Transport" })
              )
        }),
      ranking: () => Effect.die("not used")
    })

    const rpc: Pick<RpcRouterShape, "request"> = {
      request: (request, requestOptions) =>
        Effect.suspend(() => {
          requests.push({ request, options: requestOptions ?? {} })
          return options.wallet?.(request) ?? Effect.succeed({ signature: SIGNATURE })
        })
    }

    const tokens = yield* SubscriptionRef.make<
      Loadable<ReadonlyArray<TokenBalance>, BalanceUnavailableError>
    >({
      _tag: "Ready",
      value: options.balances ?? defaultBalances
    })
    const connection = yield* SubscriptionRef.make<ConnectionState>({
      namespaces: {
        solana: {
          status: "connected",
          connector: {} as never,
          address: SENDER,
          allAccounts: [SENDER],
          accountType: "eoa"
        }
      },
      attempt: undefined
    })
    const networks = yield* SubscriptionRef.make<NetworksState>({
      activeNamespace: "solana",
      active: { solana: { _tag: "Known", network } }
    })
    const fakes = Layer.mergeAll(
      Layer.succeed(Connection, Connection.of({ state: connection } as ConnectionShape)),
      Layer.succeed(
        Networks,
        Networks.of({ state: networks, networks: config.networks, find: () => Option.none() } as Pick<
          NetworksShape,
          "state" | "networks" | "find"
        > as NetworksShape)
      ),
      Layer.succeed(AccountData, AccountData.of({ tokens } as AccountDataShape)),
      Layer.succeed(FallbackTransport, transport),
      Layer.succeed(RpcRouter, RpcRouter.of(rpc as RpcRouterShape)),
      Layer.succeed(BlockchainApi, blockchainApiWith({}))
    )
    const code = Layer.merge(preloaded(SendLazy, SendFlow), preloaded(SendFlow.SolanaSendLazy, SolanaSend))
    return { layer: SendLive.pipe(Layer.provide(Layer.merge(fakes, code))), reads, requests, network, tokens }
  })

export type World = Effect.Success<ReturnType<typeof world>> & { readonly send: Send["Service"] }

/** Runs `body` with the world's Send, started and filled in with `draft`. */
export const inWorld = <A, E>(options: Options, body: (w: World) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const w = yield* world(options)
    return yield* Effect.gen(function* () {
      const send = yield* Send
      yield* send.start
      return yield* body({ ...w, send })
    }).pipe(Effect.provide(w.layer))
  })
