/**
 * A WalletConnect session as Airlock keeps it once decoded: its valid accounts and the wallet's cleaned
 * name, icon and link. Plain functions over it; the decoding lives with the SDK (walletConnectSession.ts).
 */
import type { CaipNetworkId, ChainNamespace } from "../../schemas/Primitives"
import { ChainNamespaces } from "../../schemas/Primitives"
import type { WalletConnectSession } from "../../services/WalletConnect"

/** The addresses of one namespace, on `caipNetworkId` first when the session has it there. */
export const addressesOf = (
  session: WalletConnectSession,
  namespace: ChainNamespace,
  caipNetworkId?: string
): ReadonlyArray<string> => {
  const inNamespace = session.accounts.filter((a) => a.namespace === namespace)
  const preferred = inNamespace.filter((a) => a.caipNetworkId === caipNetworkId)
  const ordered = [...preferred, ...inNamespace.filter((a) => a.caipNetworkId !== caipNetworkId)]
  return [...new Set(ordered.map((a) => a.address))]
}

/** The namespaces a session has an account on, in the order of `ChainNamespaces`. */
export const namespacesOf = (session: WalletConnectSession): ReadonlyArray<ChainNamespace> =>
  ChainNamespaces.filter((ns) => session.accounts.some((a) => a.namespace === ns))

/** The chain to send a namespace's requests to: the active one when the session covers it, else its first. */
export const requestChainOf = (
  session: WalletConnectSession,
  namespace: ChainNamespace,
  active: string | undefined
): CaipNetworkId | undefined => {
  const chains = session.accounts.filter((a) => a.namespace === namespace).map((a) => a.caipNetworkId)
  return chains.find((c) => c === active) ?? chains[0]
}
