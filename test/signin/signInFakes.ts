/** What the sign-in flow's tests (EVM and Solana) fake alike: no chain to read, networks that never switch. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
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
