import type { CaipNetwork } from "../../schemas/Network"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { ConnectionState } from "../../services/Connection"
import type { Eip1193Provider } from "../../services/Connectors"
import type { NetworksState } from "../../services/Networks"

/** The connected account of the active namespace, on the active network. */
export interface FollowedAccount {
  readonly namespace: ChainNamespace
  readonly address: string
  /** The wallet that connected it, asked first for the tokens. */
  readonly wallet: Eip1193Provider
  /** The active network's CAIP-2 id, configured or not. */
  readonly networkId: string | undefined
  /** The active network when the host configured it: balances and activity need one. */
  readonly network: CaipNetwork | undefined
}

/** The account the data is about, or none when the active namespace has no connected account. */
export const followedAccount = (
  connection: ConnectionState,
  networks: NetworksState
): FollowedAccount | undefined => {
  const namespace = networks.activeNamespace
  const account = connection.namespaces[namespace]
  if (account?.status !== "connected") return undefined
  const active = networks.active[namespace]
  return {
    namespace,
    address: account.address,
    wallet: account.connector.provider,
    networkId: active?._tag === "Known" ? active.network.caipNetworkId : active?.caipNetworkId,
    network: active?._tag === "Known" ? active.network : undefined
  }
}

export const sameAddress = (a: FollowedAccount, b: FollowedAccount) =>
  a.namespace === b.namespace && a.address === b.address

/** Whether the data of `a` is the data of `b`: the same namespace, address and network. */
export const sameAccount = (a: FollowedAccount | undefined, b: FollowedAccount | undefined): boolean =>
  a === undefined || b === undefined ? a === b : sameAddress(a, b) && a.networkId === b.networkId
