import { activeId } from "../../../layers/networks/activeNetwork"
import type { AccountSnapshot, NetworkSnapshot, WalletInfo } from "../../../Modal"
import type { ChainNamespace } from "../../../schemas/Primitives"
import type { ConnectionState } from "../../../services/Connection"
import type { NetworksState } from "../../../services/Networks"

/** The host's snapshots (`src/Modal.ts`) projected from the services' state. */
export const accountSnapshot = (
  connection: ConnectionState,
  networks: NetworksState,
  namespace: ChainNamespace = networks.activeNamespace
): AccountSnapshot => {
  const state = connection.namespaces[namespace] ?? { status: "disconnected" }
  if (state.status !== "connected") {
    return {
      namespace,
      status: state.status,
      isConnected: false,
      address: undefined,
      caipAddress: undefined,
      allAccounts: []
    }
  }
  const active = networks.active[namespace]
  const networkId = active === undefined ? undefined : activeId(active)
  return {
    namespace,
    status: "connected",
    isConnected: true,
    address: state.address,
    caipAddress: networkId === undefined ? undefined : `${networkId}:${state.address}`,
    allAccounts: state.allAccounts.map((address, i) => ({
      namespace,
      address,
      type: state.accountTypes?.[i] ?? state.accountType
    }))
  }
}

export const networkSnapshot = (networks: NetworksState): NetworkSnapshot => {
  const namespace = networks.activeNamespace
  const active = networks.active[namespace]
  if (active === undefined) {
    return {
      namespace,
      caipNetwork: undefined,
      caipNetworkId: undefined,
      chainId: undefined,
      name: undefined,
      supported: false
    }
  }
  if (active._tag === "Unknown") {
    const reference = active.caipNetworkId.slice(active.caipNetworkId.indexOf(":") + 1)
    const numeric = Number(reference)
    return {
      namespace,
      caipNetwork: undefined,
      caipNetworkId: active.caipNetworkId,
      chainId: Number.isSafeInteger(numeric) ? numeric : reference,
      name: active.name,
      supported: false
    }
  }
  const { network } = active
  return {
    namespace,
    caipNetwork: network,
    caipNetworkId: network.caipNetworkId,
    chainId: network.id,
    name: network.name,
    supported: true
  }
}

export const walletInfoOf = (
  connection: ConnectionState,
  namespace: ChainNamespace
): WalletInfo | undefined => {
  const state = connection.namespaces[namespace]
  if (state?.status !== "connected") return undefined
  const { name, icon, rdns } = state.connector
  return { name, icon, rdns }
}
