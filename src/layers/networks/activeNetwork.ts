import type { CaipNetworkId, ChainNamespace } from "../../schemas/Primitives"
import type { ActiveNetwork } from "../../services/Networks"

/** The CAIP id of an active network, known or not. */
export const activeId = (active: ActiveNetwork): CaipNetworkId =>
  active._tag === "Known" ? active.network.caipNetworkId : active.caipNetworkId

export const activeNamespaceOf = (active: ActiveNetwork): ChainNamespace =>
  active._tag === "Known" ? active.network.chainNamespace : active.chainNamespace
