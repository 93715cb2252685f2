/**
 * What the account flows' worlds (Send, Swap, Onramp, Names) share: an account connected on a configured
 * network, its balances Ready in AccountData (each refresh counted and logged), the wallet as a fake
 * RpcRouter, and running a test body with the flow's service. Each flow's world (test/flows/<flow>/) adds
 * only its own fakes and preloads its code into its Live layer.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { BalanceUnavailableError } from "../../src/errors"
import type { TokenBalance } from "../../src/schemas/Balance"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { CaipNetwork } from "../../src/schemas/Network"
import { AccountData, type AccountDataShape, type Loadable } from "../../src/services/AccountData"
import { Connection, type ConnectionShape, type ConnectionState } from "../../src/services/Connection"
import { ModalConfig } from "../../src/services/ModalConfig"
import { Networks, type NetworksShape, type NetworksState } from "../../src/services/Networks"
import { RpcRouter, type RpcRouterShape } from "../../src/services/RpcRouter"
import { connectedAs } from "./bindings"
import { decodedOptions } from "./fixtures"
import { stateTagged, untilState } from "./waits"

/** `address` connected (eoa) on `network`, one of the host's `configured` networks. */
export const connectedAccount = (
  address: string,
  network: CaipNetwork,
  configured: ReadonlyArray<CaipNetwork>
) =>
  Effect.gen(function* () {
    const namespace = network.chainNamespace
    const connection = yield* SubscriptionRef.make<ConnectionState>({
      namespaces: connectedAs(namespace, address),
      attempt: undefined
    })
    const networks = yield* SubscriptionRef.make<NetworksState>({
      activeNamespace: namespace,
      active: { [namespace]: { _tag: "Known", network } }
    })
    const connectionService: Pick<ConnectionShape, "state"> = { state: connection }
    const networksService: Pick<NetworksShape, "state" | "networks" | "find"> = {
      state: networks,
      networks: configured,
      find: () => Option.none()
    }
    const layer = Layer.merge(
      Layer.succeed(Connection, Connection.of(connectionService as ConnectionShape)),
      Layer.succeed(Networks, Networks.of(networksService as NetworksShape))
    )
    return { connection, networks, layer }
  })

/** The account's token balances, as AccountData holds them. */
export type Tokens = Loadable<ReadonlyArray<TokenBalance>, BalanceUnavailableError>

/** A balance of `numeric` `symbol` on `chain` (a CAIP-2 id); `address` makes it a token's. */
export const tokenBalance = (
  chain: string,
  symbol: string,
  numeric: string,
  decimals: number,
  more: { readonly price?: number; readonly value?: number; readonly address?: string | undefined } = {}
): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: chain,
  ...(more.address === undefined ? {} : { address: `${chain}:${more.address}` }),
  value: more.value ?? 0,
  price: more.price ?? 1,
  quantity: { decimals: String(decimals), numeric },
  iconUrl: undefined
})

export interface AccountOptions {
  readonly address: string
  /** The host's networks; the account is on the first. */
  readonly networks: ModalOptionsInput["networks"]
  /** More of the host's options. */
  readonly settings?: Partial<ModalOptionsInput>
  readonly balances?: ReadonlyArray<TokenBalance>
  /** What the `n`th refresh (from 1) does to the balances (default: nothing). */
  readonly onRefresh?: (n: number, tokens: SubscriptionRef.SubscriptionRef<Tokens>) => Effect.Effect<void>
}

/**
 * The account a flow runs for: the host's config, the connection and networks as refs a test moves, the
 * balances, and `log`, where the world's fakes write what they were asked, in order ("refresh" for each
 * refresh of the balances). `layer` holds ModalConfig, Connection, Networks and AccountData.
 */
export const accountWorld = (options: AccountOptions) =>
  Effect.gen(function* () {
    const config = decodedOptions({ ...options.settings, networks: options.networks })
    const network = config.networks[0] as CaipNetwork
    const log: Array<string> = []
    let refreshes = 0
    const account = yield* connectedAccount(options.address, network, config.networks)
    const tokens = yield* SubscriptionRef.make<Tokens>({ _tag: "Ready", value: options.balances ?? [] })
    const accountData: Pick<AccountDataShape, "tokens" | "refresh" | "demand"> = {
      tokens,
      demand: () => Effect.void,
      refresh: Effect.suspend(() => {
        refreshes += 1
        log.push("refresh")
        return options.onRefresh?.(refreshes, tokens) ?? Effect.void
      })
    }
    const layer = Layer.mergeAll(
      account.layer,
      Layer.succeed(ModalConfig, config),
      Layer.succeed(AccountData, AccountData.of(accountData as AccountDataShape))
    )
    return {
      config,
      network,
      networks: account.networks,
      connection: account.connection,
      tokens,
      log,
      /** How often the balances were refreshed. */
      refreshes: () => refreshes,
      layer
    }
  })

/** The wallet, as the flows reach it: RpcRouter answering each request with `answer`. */
export const walletAnswering = (request: RpcRouterShape["request"]) =>
  Layer.succeed(RpcRouter, RpcRouter.of({ request } as RpcRouterShape))

/**
 * A runner for tests of the flow `tag`: builds the world `make(options)`, provides its layer, runs
 * `before` on the flow (e.g. starting it) and then `body` with the world and the flow as `w[key]`.
 */
export const runnerOf =
  <K extends string, I, S>(
    key: K,
    tag: Effect.Effect<S, never, I>,
    before?: (flow: S) => Effect.Effect<void>
  ) =>
  <O, W extends { readonly layer: Layer.Layer<I> }>(make: (options: O) => Effect.Effect<W>) =>
  <A, E>(options: O, body: (w: W & { readonly [P in K]: S }) => Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      const w = yield* make(options)
      return yield* Effect.gen(function* () {
        const flow = yield* tag
        if (before !== undefined) yield* before(flow)
        return yield* body({ ...w, [key]: flow } as W & { readonly [P in K]: S })
      }).pipe(Effect.provide(w.layer))
    })

type Tagged = { readonly _tag: string }

/** Waits until the flow's state satisfies `done`, and answers that state. */
export const untilFlow = <A extends Tagged, S extends A>(
  flow: { readonly state: SubscriptionRef.SubscriptionRef<A> },
  done: (state: A) => state is S
): Effect.Effect<S> => untilState(flow.state, done)

/** The flow's state, narrowed to `tag` (a failed assertion otherwise). */
export const flowTagged = <A extends Tagged, T extends A["_tag"]>(
  flow: { readonly state: SubscriptionRef.SubscriptionRef<A> },
  tag: T
): Effect.Effect<Extract<A, { _tag: T }>> => stateTagged(flow.state, tag)

// Until the sign-in tests move to waits.ts.
export { stateTagged, untilState } from "./waits"
