/**
 * Which account sign-in follows: the active namespace's when it is Solana and a Solana account is
 * connected there, else the EVM account, on the namespace's active network. Pure.
 */
import type { ConnectionState } from "../../services/Connection"
import type { NetworksState } from "../../services/Networks"
import type { SignInAccount } from "../../services/SignIn"
import { activeId } from "../networks/activeNetwork"

/** The namespaces whose accounts sign in. */
export type SignInNamespace = "eip155" | "solana"

/** The account followed; `pending` while a connection is still being made or restored. */
export type Followed = SignInAccount | "disconnected" | "pending"

export const namespaceOfAccount = (account: SignInAccount): SignInNamespace =>
  account.chainId.startsWith("solana:") ? "solana" : "eip155"

const accountOn = (
  namespace: SignInNamespace,
  connection: ConnectionState,
  networks: NetworksState
): Followed => {
  const account = connection.namespaces[namespace]
  if (account === undefined || account.status === "disconnected") return "disconnected"
  if (account.status !== "connected") return "pending"
  const active = networks.active[namespace]
  return active === undefined ? "pending" : { chainId: activeId(active), address: account.address }
}

/**
 * The account sign-in follows. A Solana network shown while no Solana account is connected leaves the EVM
 * account followed, as before Solana accounts could sign in: choosing a network does not sign anyone out.
 */
export const signInAccountOf = (connection: ConnectionState, networks: NetworksState): Followed => {
  const solana = accountOn("solana", connection, networks)
  return networks.activeNamespace === "solana" && solana !== "disconnected"
    ? solana
    : accountOn("eip155", connection, networks)
}

/** An address as it is compared: EVM addresses in any case, base58 (Solana) exactly. */
const comparable = (account: SignInAccount) =>
  namespaceOfAccount(account) === "eip155" ? account.address.toLowerCase() : account.address

export const sameFollowed = (a: Followed, b: Followed): boolean =>
  typeof a === "string" || typeof b === "string"
    ? a === b
    : a.chainId === b.chainId && comparable(a) === comparable(b)

/** One key per account and chain. */
export const keyOfAccount = (account: SignInAccount): string => `${account.chainId}|${comparable(account)}`

/** Whether the namespace has no account any more (a connection in progress still has one coming). */
export const isGone = (connection: ConnectionState, namespace: SignInNamespace): boolean => {
  const status = connection.namespaces[namespace]?.status
  return status === undefined || status === "disconnected"
}
