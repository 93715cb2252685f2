import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import { ChainNotSupportedError, NetworkNotFoundError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { ConnectionShape } from "../../services/Connection"
import type { Eip1193Provider } from "../../services/Connectors"
import type { NetworksShape } from "../../services/Networks"
import type { RpcRouterShape, SwitchNetworkError } from "../../services/RpcRouter"
import { walletRequest } from "../connection/walletIo"
import { addChainParams, hexChainId, switchNeedsAdd } from "./switchChain"

export interface NetworkSwitchDeps {
  readonly connection: ConnectionShape
  readonly networks: NetworksShape
  /** Where a shared switch runs, so that one caller giving up does not cancel it for the others. */
  readonly scope: Scope.Scope
  /** Settles an effect as aborted by a signal or by the modal closing. */
  readonly abortable: <A, E>(
    effect: Effect.Effect<A, E>,
    signal: AbortSignal | undefined
  ) => Effect.Effect<A, E | SwitchNetworkError>
}

/**
 * Switching the wallet's network (SPEC.md §4, §8): `wallet_switchEthereumChain`, and on "unknown chain"
 * `wallet_addEthereumChain` then the switch again. A switch to a network the same wallet is already being
 * asked to switch to joins it, so two clicks make one wallet prompt. Closing the modal settles every
 * caller, not the wallet's prompt: until the wallet answers it, the next switch to that network joins the
 * prompt still open instead of stacking a second one (as a connect joins its open accounts prompt).
 */
export const makeNetworkSwitch = (deps: NetworkSwitchDeps): RpcRouterShape["switchNetwork"] => {
  const { connection, networks, scope, abortable } = deps
  /** A switch waiting for a wallet's answer: the wallet asked, and what every caller awaits. */
  interface Switching {
    readonly wallet: Eip1193Provider
    readonly done: Deferred.Deferred<void, SwitchNetworkError>
  }
  const inFlight = Ref.makeUnsafe<ReadonlyMap<CaipNetworkId, Switching>>(new Map())

  const askWallet = (network: CaipNetwork, provider: Eip1193Provider) =>
    Effect.gen(function* () {
      const caipNetworkId = network.caipNetworkId
      const switchChain = walletRequest(provider, "wallet_switchEthereumChain", [
        { chainId: hexChainId(network) }
      ])
      const addThenSwitch = walletRequest(provider, "wallet_addEthereumChain", [
        addChainParams(network)
      ]).pipe(
        Effect.andThen(switchChain),
        Effect.mapError(
          (cause): SwitchNetworkError =>
            cause._tag === "UserRejectedRequestError"
              ? cause
              : new ChainNotSupportedError({ chainId: caipNetworkId, cause })
        )
      )
      yield* switchChain.pipe(
        Effect.catch(
          (error): Effect.Effect<unknown, SwitchNetworkError> =>
            switchNeedsAdd(error) ? addThenSwitch : Effect.fail(error)
        )
      )
      // Not every wallet tells `chainChanged` after a switch it made itself.
      yield* networks.setActive(caipNetworkId)
    })

  /**
   * The switch of `provider` to `network` in flight, started now when there is none. It runs in the
   * router's scope until the wallet answers, whoever stopped waiting for it.
   */
  const joinOrStart = (network: CaipNetwork, provider: Eip1193Provider) =>
    Effect.gen(function* () {
      const id = network.caipNetworkId
      const fresh: Switching = { wallet: provider, done: yield* Deferred.make<void, SwitchNetworkError>() }
      const [shared, started] = yield* Ref.modify(
        inFlight,
        (m): readonly [readonly [Switching, boolean], ReadonlyMap<CaipNetworkId, Switching>] => {
          const running = m.get(id)
          // A prompt of a wallet no longer connected is no switch of this one.
          return running !== undefined && running.wallet === provider
            ? [[running, false], m]
            : [[fresh, true], new Map(m).set(id, fresh)]
        }
      )
      if (started) {
        yield* askWallet(network, provider).pipe(
          Effect.exit,
          Effect.flatMap((exit) => Deferred.done(shared.done, exit)),
          Effect.ensuring(
            Ref.update(inFlight, (m) => {
              if (m.get(id) !== shared) return m
              const rest = new Map(m)
              rest.delete(id)
              return rest
            })
          ),
          Effect.forkIn(scope)
        )
      }
      return shared.done
    })

  return (caipNetworkId, options) =>
    Effect.gen(function* () {
      const found = networks.find(caipNetworkId)
      if (Option.isNone(found))
        return yield* Effect.fail(new NetworkNotFoundError({ chainId: caipNetworkId }))
      const network = found.value
      const wallet = yield* connection.connected(network.chainNamespace)
      // No wallet to ask (or one of a namespace without switching): the modal's network only.
      if (Option.isNone(wallet) || network.chainNamespace !== "eip155") {
        yield* networks.setActive(caipNetworkId)
        return
      }
      const done = yield* joinOrStart(network, wallet.value.connector.provider)
      // The caller's signal or the modal's close lets that caller go; the wallet's prompt stays joined.
      yield* abortable(Deferred.await(done), options?.signal)
    })
}
