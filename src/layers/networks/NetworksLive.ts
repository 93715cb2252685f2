import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type { CaipNetwork } from "../../schemas/Network"
import { type CaipNetworkId, type ChainNamespace, caipNetworkIdParts } from "../../schemas/Primitives"
import type { ActiveNetworkIds } from "../../schemas/StorageKeys"
import { StorageKeys } from "../../schemas/StorageKeys"
import { ModalConfig } from "../../services/ModalConfig"
import { type ActiveNetwork, Networks, type NetworksState } from "../../services/Networks"
import { Storage } from "../../services/Storage"
import { activeId, activeNamespaceOf } from "./activeNetwork"

export const known = (network: CaipNetwork): ActiveNetwork => ({ _tag: "Known", network })

export const unknownNetwork = (caipNetworkId: CaipNetworkId): ActiveNetwork => ({
  _tag: "Unknown",
  caipNetworkId,
  chainNamespace: caipNetworkIdParts(caipNetworkId).namespace,
  name: "Unknown Network"
})

/** `eip155:<decimal>` for an EVM chain id given as a number or a hex or decimal string. */
export const eip155NetworkId = (chainId: unknown): Option.Option<CaipNetworkId> => {
  const n =
    typeof chainId === "number"
      ? chainId
      : typeof chainId === "string" && /^(0x[0-9a-f]+|[0-9]+)$/i.test(chainId)
        ? Number(chainId)
        : Number.NaN
  return Number.isSafeInteger(n) && n > 0 ? Option.some(`eip155:${n}` as const) : Option.none()
}

/**
 * The active network of each namespace at start: the stored one (an Unknown Network entry when the host
 * no longer configures it, SPEC.md §4), else the default network, else the namespace's first.
 */
export const initialNetworks = (
  networks: ReadonlyArray<CaipNetwork>,
  defaultNetwork: CaipNetwork | undefined,
  stored: ActiveNetworkIds,
  storedNamespace: Option.Option<ChainNamespace>
): NetworksState => {
  const active: Partial<Record<ChainNamespace, ActiveNetwork>> = {}
  for (const network of networks) {
    const ns = network.chainNamespace
    if (active[ns] !== undefined) continue
    const storedId = stored[ns]
    const storedNetwork = networks.find((n) => n.caipNetworkId === storedId)
    active[ns] =
      storedId !== undefined
        ? storedNetwork !== undefined
          ? known(storedNetwork)
          : unknownNetwork(storedId)
        : known(defaultNetwork?.chainNamespace === ns ? defaultNetwork : network)
  }
  const first = defaultNetwork ?? networks[0]
  const activeNamespace = Option.match(storedNamespace, {
    onSome: (ns) => (active[ns] !== undefined ? ns : (first?.chainNamespace ?? "eip155")),
    onNone: () => first?.chainNamespace ?? "eip155"
  })
  return { activeNamespace, active }
}

export const makeNetworks = Effect.gen(function* () {
  const config = yield* ModalConfig
  const storage = yield* Storage
  const stored = Option.getOrElse(yield* storage.get(StorageKeys.activeNetworkIds), () => ({}))
  const storedNamespace = yield* storage.get(StorageKeys.activeNamespace)
  const state = yield* SubscriptionRef.make(
    initialNetworks(config.networks, config.defaultNetwork, stored, storedNamespace)
  )
  const find = (id: string) => Option.fromNullishOr(config.networks.find((n) => n.caipNetworkId === id))

  const persist = (s: NetworksState) => {
    const ids: Partial<Record<ChainNamespace, CaipNetworkId>> = {}
    for (const active of Object.values(s.active))
      if (active !== undefined) ids[activeNamespaceOf(active)] = activeId(active)
    return Effect.andThen(
      storage.set(StorageKeys.activeNetworkIds, ids),
      storage.set(StorageKeys.activeNamespace, s.activeNamespace)
    )
  }

  const setActive = (id: CaipNetworkId) =>
    Effect.gen(function* () {
      const next = Option.match(find(id), { onSome: known, onNone: () => unknownNetwork(id) })
      const namespace = activeNamespaceOf(next)
      const updated = yield* SubscriptionRef.updateAndGet(state, (s) => ({
        activeNamespace: namespace,
        active: { ...s.active, [namespace]: next }
      }))
      yield* persist(updated)
      return next
    })

  return Networks.of({
    networks: config.networks,
    state,
    find,
    setActive,
    setActiveNamespace: (namespace) =>
      Effect.flatMap(
        SubscriptionRef.updateAndGet(state, (s) => ({ ...s, activeNamespace: namespace })),
        persist
      )
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const NetworksLive = Layer.effect(Networks, makeNetworks)
