/**
 * The form flows' one rule for what a review is bound to: the namespace, network and account active when it
 * was made (`activeBinding`), and what changed since (`bindingChange`), read from the Networks and
 * Connection states as they are at the moment of confirming.
 */
import { ReviewChangedError } from "../../errors"
import type { ConnectionState } from "../../services/Connection"
import type { NetworksState } from "../../services/Networks"
import type { ReviewBinding } from "../../services/Send"
import { followedAccount } from "../account/followedAccount"

/** The active namespace, its configured network and the account connected on it; `undefined`: not all three. */
export const activeBinding = (
  networks: NetworksState,
  connection: ConnectionState
): ReviewBinding | undefined => {
  const followed = followedAccount(connection, networks)
  return followed?.network === undefined
    ? undefined
    : { namespace: followed.namespace, network: followed.network, address: followed.address }
}

/** EVM addresses are hex, whatever their checksum casing; other namespaces' (base58) are case-sensitive. */
const sameAccount = (namespace: ReviewBinding["namespace"], a: string, b: string) =>
  namespace === "eip155" ? a.toLowerCase() === b.toLowerCase() : a === b

/**
 * What differs between what `reviewed` was made for and what is active: another namespace or network
 * (one not configured among them), or another account or none; `undefined` when all three are the same.
 */
export const bindingChange = (
  reviewed: ReviewBinding,
  networks: NetworksState,
  connection: ConnectionState
): ReviewChangedError | undefined => {
  const active = networks.active[networks.activeNamespace]
  const activeId = active?._tag === "Known" ? active.network.caipNetworkId : active?.caipNetworkId
  if (
    networks.activeNamespace !== reviewed.namespace ||
    active?._tag !== "Known" ||
    activeId !== reviewed.network.caipNetworkId
  )
    return new ReviewChangedError({
      change: "network",
      reviewed: reviewed.network.caipNetworkId,
      active: activeId
    })
  const account = connection.namespaces[reviewed.namespace]
  const address = account?.status === "connected" ? account.address : undefined
  if (address === undefined || !sameAccount(reviewed.namespace, address, reviewed.address))
    return new ReviewChangedError({ change: "account", reviewed: reviewed.address, active: address })
  return undefined
}
