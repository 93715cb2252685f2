/**
 * The world the Send tests run in: `SendLive` over fakes, its code preloaded. An account connected on a
 * configured network with its balances Ready in AccountData: on Solana (the default) SOL and USDC on a
 * cluster, on EVM ETH and sUSD on the sandbox chain. The chain's RPC (FallbackTransport) answers the reads a
 * send makes from a script; the wallet (RpcRouter) answers with a signature (Solana) or a hash (EVM); the
 * Blockchain API resolves account names from `profiles`. Every RPC read and wallet request is recorded.
 */
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ProviderRequestError } from "../../../src/errors"
import * as BitcoinSend from "../../../src/layers/flows/send/bitcoinSend"
import * as SendFlow from "../../../src/layers/flows/send/Send.lazy"
import { SendLazy, SendLive } from "../../../src/layers/flows/send/SendLive"
import * as SolanaSend from "../../../src/layers/flows/send/solanaSend"
import { NATIVE_TRANSFER_ADDRESS } from "../../../src/layers/requests/simulation"
import { preloaded } from "../../../src/layers/runtime/lazy"
import type { TokenBalance } from "../../../src/schemas/Balance"
import type { CaipNetworkId } from "../../../src/schemas/Primitives"
import type { AccountProfile } from "../../../src/schemas/Profile"
import { BlockchainApi } from "../../../src/services/BlockchainApi"
import { FallbackTransport } from "../../../src/services/FallbackTransport"
import type { ModalRequestOptions, RequestError, WalletRequest } from "../../../src/services/RpcRouter"
import { RpcTransportError } from "../../../src/services/RpcTransport"
import { Send, type SendNamespace } from "../../../src/services/Send"
import { type EsploraRoutes, fakeEsplora, regtestNetwork } from "../../bitcoin/bitcoinRouterWorld"
import { ALICE_BTC } from "../../bitcoin/bitcoinWorld"
import {
  ALICE,
  SOLANA_SIGNATURE as SIGNATURE,
  SOLANA_ALICE,
  SOLANA_BLOCKHASH,
  TX_HASH
} from "../../kit/accounts"
import { blockchainApiWith } from "../../kit/blockchainApi"
import { accountWorld, runnerOf, tokenBalance, walletAnswering } from "../../kit/flowWorld"
import { SUSD_ADDRESS, sandboxNetwork, solanaDevnetNetwork, USDC_MINT } from "../../kit/networks"
import type { WorldOf } from "../preloadedFlow"

/** The blockhash of the review, then the one of the confirmation. */
export const BLOCKHASHES = [SOLANA_BLOCKHASH, "SysvarC1ock11111111111111111111111111111111"] as const
export const FEE = 5_000
export const RENT = 2_039_280
/** The rent-exempt minimum of an account without data. */
export const RESERVE = 890_880

/** 1 gwei, and the gas of a native transfer and of an ERC-20 `transfer`. */
export const GAS_PRICE = 1_000_000_000n
export const NATIVE_GAS = 21_000n
export const TOKEN_GAS = 65_000n

/** A balance on the devnet: SOL at 150 USD, a token at 1 USD. */
export const balance = (symbol: string, numeric: string, decimals: number, mint?: string) =>
  tokenBalance(solanaDevnetNetwork.caipNetworkId, symbol, numeric, decimals, {
    price: symbol === "SOL" ? 150 : 1,
    address: mint
  })

/** A balance on the sandbox chain: ETH at 3000 USD, a token at 1 USD. */
export const evmBalance = (symbol: string, numeric: string, decimals: number, address?: string) =>
  tokenBalance(sandboxNetwork.caipNetworkId, symbol, numeric, decimals, {
    price: symbol === "ETH" ? 3000 : 1,
    address
  })

/** 2 SOL and 100 USDC. */
export const defaultBalances: ReadonlyArray<TokenBalance> = [
  balance("SOL", "2", 9),
  balance("USDC", "100", 6, USDC_MINT)
]

/** 2 ETH and 100 sUSD. */
export const evmBalances: ReadonlyArray<TokenBalance> = [
  evmBalance("ETH", "2", 18),
  evmBalance("sUSD", "100", 6, SUSD_ADDRESS)
]

const contextual = (value: unknown) => ({ context: { slot: 1 }, value })

/** How the chain answers one read: a value, or a failure of the RPC. */
export type ClusterAnswer = { readonly value: unknown } | { readonly fail: true }

export interface Options {
  /** Where the account sends from: Solana (the default), EVM or Bitcoin (regtest, over `esplora`). */
  readonly namespace?: SendNamespace
  readonly balances?: ReadonlyArray<TokenBalance>
  /** Whether the receiver's USDC account exists (default: it does not). */
  readonly receiverAccount?: boolean
  /**
   * Overrides of the chain's answer, by method; given a list, the n-th call gets the n-th (`undefined`:
   * the standard answer).
   */
  readonly answers?: Readonly<Record<string, ClusterAnswer | ReadonlyArray<ClusterAnswer | undefined>>>
  /** The wallet's answer; default `{ signature: SIGNATURE }` on Solana, HASH on EVM. */
  readonly wallet?: (request: WalletRequest) => Effect.Effect<unknown, RequestError>
  /** What the chain does before it answers the `n`-th read of a method (default: nothing). */
  readonly before?: (read: Read, n: number) => Effect.Effect<void>
  /** How Send's code loads (default: it is there at once). */
  readonly load?: () => Promise<typeof SendFlow>
  /** Bitcoin: how the network's Esplora answers (a status and body for a method and path). */
  readonly esplora?: EsploraRoutes
  /** The profiles the Blockchain API answers for account names; any other name is not found. */
  readonly profiles?: Readonly<Record<string, AccountProfile>>
}

export interface Read {
  readonly network: CaipNetworkId
  readonly method: string
  readonly params: ReadonlyArray<unknown>
}

const word = (value: bigint) => value.toString(16).padStart(64, "0")
const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
const SUSD_SYMBOL = `0x${word(32n)}${word(4n)}${Buffer.from("sUSD").toString("hex").padEnd(64, "0")}`

/** The transfer an EVM call makes, traced as `eth_simulateV1` does: native value, or an ERC-20 `transfer`. */
const tracedTransfer = (call: { readonly to?: string; readonly value?: string; readonly input?: string }) => {
  const erc20 = call.input?.startsWith("0xa9059cbb") === true
  const to = erc20 ? `0x${call.input?.slice(34, 74)}` : (call.to ?? "")
  const amount = erc20 ? BigInt(`0x${call.input?.slice(74, 138)}`) : BigInt(call.value ?? "0x0")
  return {
    address: erc20 ? (call.to ?? "") : NATIVE_TRANSFER_ADDRESS,
    topics: [TRANSFER_TOPIC, topic(ALICE), topic(to)],
    data: `0x${word(amount)}`
  }
}

/** How the sandbox chain answers the reads of an EVM send. */
const evmAnswer = (method: string, params: ReadonlyArray<unknown>): ClusterAnswer => {
  switch (method) {
    case "eth_estimateGas": {
      const [transaction] = params as ReadonlyArray<{ readonly data?: string }>
      return { value: `0x${(transaction?.data === undefined ? NATIVE_GAS : TOKEN_GAS).toString(16)}` }
    }
    case "eth_gasPrice":
      return { value: `0x${GAS_PRICE.toString(16)}` }
    case "eth_simulateV1": {
      const [request] = params as ReadonlyArray<{
        readonly blockStateCalls: ReadonlyArray<{ readonly calls: ReadonlyArray<{ readonly to?: string }> }>
      }>
      const calls = request?.blockStateCalls[0]?.calls ?? []
      return { value: [{ calls: calls.map((call) => ({ status: "0x1", logs: [tracedTransfer(call)] })) }] }
    }
    case "eth_call": {
      // The token's symbol() and decimals(), read to word its simulated change.
      const [call] = params as ReadonlyArray<{ readonly data?: string }>
      return { value: call?.data === "0x95d89b41" ? SUSD_SYMBOL : `0x${word(6n)}` }
    }
    default:
      return { fail: true }
  }
}

export const world = (options: Options = {}) =>
  Effect.gen(function* () {
    const namespace = options.namespace ?? "solana"
    const account = yield* accountWorld({
      address:
        namespace === "solana" ? SOLANA_ALICE : namespace === "bip122" ? ALICE_BTC.payment.address : ALICE,
      networks: [
        namespace === "solana"
          ? solanaDevnetNetwork
          : namespace === "bip122"
            ? (regtestNetwork as unknown as typeof sandboxNetwork)
            : sandboxNetwork
      ],
      balances:
        options.balances ??
        (namespace === "solana" ? defaultBalances : namespace === "bip122" ? [] : evmBalances)
    })
    const reads: Array<Read> = []
    const requests: Array<{ readonly request: WalletRequest; readonly options: ModalRequestOptions }> = []
    const calls = new Map<string, number>()

    const solanaAnswer = (method: string, params: ReadonlyArray<unknown>): ClusterAnswer => {
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
    const standard = namespace === "solana" ? solanaAnswer : evmAnswer

    const transport = FallbackTransport.of({
      request: (id, request) =>
        Effect.suspend(() => {
          const params = (request.params ?? []) as ReadonlyArray<unknown>
          const read = { network: id, method: request.method, params }
          reads.push(read)
          const n = calls.get(request.method) ?? 0
          const override = options.answers?.[request.method]
          const scripted = Array.isArray(override) ? override[n] : (override as ClusterAnswer | undefined)
          const answer = scripted ?? standard(request.method, params)
          calls.set(request.method, n + 1)
          return Effect.andThen(
            options.before?.(read, n) ?? Effect.void,
            "value" in answer
              ? Effect.succeed(answer.value)
              : Effect.fail(
                  new RpcTransportError({ method: request.method, transport: "fake", reason: "Transport" })
                )
          )
        }),
      ranking: () => Effect.die("not used")
    })

    const api = blockchainApiWith({
      profile: (name) => {
        const profile = options.profiles?.[name]
        return profile === undefined
          ? Effect.fail(new ProviderRequestError({ reason: "status", status: 404, endpoint: "v1/profile" }))
          : Effect.succeed(profile)
      }
    })

    const fakes = Layer.mergeAll(
      account.layer,
      Layer.succeed(FallbackTransport, transport),
      walletAnswering((request, requestOptions) =>
        Effect.suspend(() => {
          requests.push({ request, options: requestOptions ?? {} })
          return (
            options.wallet?.(request) ??
            Effect.succeed(
              namespace === "solana"
                ? { signature: SIGNATURE }
                : namespace === "bip122"
                  ? { txid: "00".repeat(32) }
                  : TX_HASH
            )
          )
        })
      ),
      Layer.succeed(BlockchainApi, api),
      fakeEsplora(options.esplora ?? (() => ({ status: 404, body: "" })), [])
    )
    const code = Layer.merge(
      options.load === undefined
        ? preloaded(SendLazy, SendFlow)
        : Layer.succeed(SendLazy, { _tag: "Import", load: options.load }),
      Layer.merge(
        preloaded(SendFlow.SolanaSendLazy, SolanaSend),
        preloaded(SendFlow.BitcoinSendLazy, BitcoinSend)
      )
    )
    return { ...account, layer: SendLive.pipe(Layer.provide(Layer.merge(fakes, code))), reads, requests }
  })

/** Runs `body` with the world's Send, started, as `w.send`. */
export const inWorld = runnerOf("send", Send, (send) => send.start)(world)
export type World = WorldOf<typeof inWorld>
