/**
 * What the sign-in flow's tests (EVM and Solana) fake alike: no chain to read, networks that never switch,
 * a connection that only the test moves.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { RecentWallet } from "../../src/schemas/Wallet"
import { Connection, type ConnectionShape, type ConnectionState } from "../../src/services/Connection"
import { FallbackTransport } from "../../src/services/FallbackTransport"
import { Networks, type NetworksState } from "../../src/services/Networks"

/** A transport that no test reads a chain through, and the networks held at `networks`. */
export const chainlessNetworks = (networks: SubscriptionRef.SubscriptionRef<NetworksState>) =>
  Layer.merge(
    Layer.succeed(FallbackTransport, {
      request: () => Effect.die("no chain"),
      ranking: () => Effect.die("no")
    }),
    Layer.succeed(Networks, {
      networks: [],
      state: networks,
      find: () => Option.none(),
      setActive: () => Effect.die("unused"),
      setActiveNamespace: () => Effect.void
    })
  )

/** Connection over `state`, which only the test moves: connecting does nothing, disconnecting what it says. */
export const connectionOver = (
  state: SubscriptionRef.SubscriptionRef<ConnectionState>,
  disconnect: ConnectionShape["disconnect"],
  connected: ConnectionShape["connected"]
) =>
  Layer.effect(
    Connection,
    Effect.map(SubscriptionRef.make<ReadonlyArray<RecentWallet>>([]), (recentWallets) => ({
      state,
      recentWallets,
      connect: () => Effect.void,
      cancel: Effect.void,
      disconnect,
      connected
    }))
  )
