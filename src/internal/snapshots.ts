import type { CaipNetwork } from "../schemas/Network"
import type { AccountType, CaipNetworkId, ChainNamespace } from "../schemas/Primitives"
import type { ConnectionStatus } from "../schemas/StorageKeys"
import type { ConnectionState } from "../services/Connection"
import type { WalletConnector } from "../services/Connectors"
import type { NetworksState } from "../services/Networks"
import { activeId } from "./activeNetwork"

/** What hosts see of an account (the `useAirlockAccount` shape). */
export interface AccountSnapshot {
  readonly namespace: ChainNamespace
  readonly status: ConnectionStatus
  readonly isConnected: boolean
  readonly address: string | undefined
  /** `namespace:reference:address` (CAIP-10), when connected on a known chain. */
  readonly caipAddress: string | undefined
  readonly allAccounts: ReadonlyArray<{
    readonly namespace: ChainNamespace
    readonly address: string
    readonly type: AccountType
  }>
}

/** What hosts see of the active network (the `useAirlockNetwork` shape). */
export interface NetworkSnapshot {
  readonly namespace: ChainNamespace
  /** Undefined when the wallet is on a network the app does not configure. */
  readonly caipNetwork: CaipNetwork | undefined
  readonly caipNetworkId: CaipNetworkId | undefined
  readonly chainId: number | string | undefined
  readonly name: string | undefined
  readonly supported: boolean
}

/** The wallet behind a namespace's connection (the `useWalletInfo` shape). */
export interface WalletInfo {
  readonly name: string
  readonly icon: string | undefined
  readonly rdns: string | undefined
}

/** A browser wallet a headless host lists (the `getWallets()` shape); `id` is what `connect` takes. */
export interface WalletOption {
  readonly id: string
  readonly namespace: ChainNamespace
  /** Plain text: render it as text. */
  readonly name: string
  /** An image data URI or an https URL: render it through `<img src>` only. */
  readonly icon: string | undefined
  readonly rdns: string | undefined
  /** Another wallet claims the same rdns or uuid: show a warning and never pick it for the visitor. */
  readonly suspicious: boolean
}

export const walletOptionOf = (connector: WalletConnector): WalletOption => ({
  id: connector.id,
  namespace: connector.chain,
  name: connector.name,
  icon: connector.icon,
  rdns: connector.rdns,
  suspicious: connector.suspicious
})

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
    allAccounts: state.allAccounts.map((address) => ({ namespace, address, type: state.accountType }))
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
