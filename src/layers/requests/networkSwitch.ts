import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type * as Scope from "effect/Scope"
import { ChainNotSupportedError, NetworkNotFoundError } from "../../errors"
import type { CaipNetworkId } from "../../schemas/Primitives"
import type { ConnectionShape } from "../../services/Connection"
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
 * `wallet_addEthereumChain` then the switch again. A switch to a network already being switched to joins
 * it, so two clicks make one wallet prompt; closing the modal settles every caller.
 */
export const makeNetworkSwitch = (deps: NetworkSwitchDeps): RpcRouterShape["switchNetwork"] => {
  const { connection, networks, scope, abortable } = deps
  type Shared = Deferred.Deferred<void, SwitchNetworkError>
  const inFlight = Ref.makeUnsafe<ReadonlyMap<CaipNetworkId, Shared>>(new Map())

  const askWallet = (caipNetworkId: CaipNetworkId) =>
    Effect.gen(function* () {
      const network = Option.getOrThrow(networks.find(caipNetworkId))
      const wallet = yield* connection.connected(network.chainNamespace)
      if (Option.isNone(wallet) || network.chainNamespace !== "eip155") {
        yield* networks.setActive(caipNetworkId)
        return
      }
      const { provider } = wallet.value.connector
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

  /** The switch to `caipNetworkId` in flight, started now when there is none. */
  const joinOrStart = (caipNetworkId: CaipNetworkId) =>
    Effect.gen(function* () {
      const fresh = yield* Deferred.make<void, SwitchNetworkError>()
      const [shared, started] = yield* Ref.modify(
        inFlight,
        (m): readonly [readonly [Shared, boolean], ReadonlyMap<CaipNetworkId, Shared>] => {
          const running = m.get(caipNetworkId)
          return running === undefined
            ? [[fresh, true], new Map(m).set(caipNetworkId, fresh)]
            : [[running, false], m]
        }
      )
      if (started) {
        yield* abortable(askWallet(caipNetworkId), undefined).pipe(
          Effect.exit,
          Effect.flatMap((exit) => Deferred.done(shared, exit)),
          Effect.ensuring(
            Ref.update(inFlight, (m) => {
              const rest = new Map(m)
              rest.delete(caipNetworkId)
              return rest
            })
          ),
          Effect.forkIn(scope)
        )
      }
      return shared
    })

  return (caipNetworkId, options) =>
    Effect.gen(function* () {
      if (Option.isNone(networks.find(caipNetworkId)))
        return yield* Effect.fail(new NetworkNotFoundError({ chainId: caipNetworkId }))
      const shared = yield* joinOrStart(caipNetworkId)
      // A caller's own signal lets that caller go; the switch goes on for the others.
      yield* abortable(Deferred.await(shared), options?.signal)
    })
}
