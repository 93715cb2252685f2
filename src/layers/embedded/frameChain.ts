/**
 * The EVM network the embedded wallet's frame acts on, kept between visits (SPEC.md §3: last used chain):
 * stored whenever the frame names it, and the one a login or a reconnect asks the frame for, when the
 * host still configures it (else the host's first network). Forgotten with the login.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { CaipNetwork } from "../../schemas/Network"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { StorageKeys } from "../../schemas/StorageKeys"
import type { StorageShape } from "../../services/Storage"

/** The network to ask the frame for: the last one it acted on, while configured; else the first. */
export const lastUsedChain = (
  storage: StorageShape,
  networks: ReadonlyArray<CaipNetwork>
): Effect.Effect<CaipNetworkId | undefined> =>
  Effect.map(storage.get(StorageKeys.lastUsedChain), (stored) =>
    Option.getOrElse(
      Option.filter(stored, (id) => networks.some((network) => network.caipNetworkId === id)),
      () => networks[0]?.caipNetworkId
    )
  )
