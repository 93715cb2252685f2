/**
 * What the Account view offers a connected account, in its order (SPEC.md §1, §9): the flows its
 * options turn on where the namespace has them, Buy outside the restricted time zones, Choose a name for
 * an EVM account known to have none, the network switch unless `enableNetworkSwitch` is off, the embedded
 * wallet's own actions (its account-type switch only where its frame offers the smart account, Update
 * email only for a login with an email). Pure.
 */
import type { AccountAction } from "../../Modal"
import type { Features } from "../../schemas/ModalOptions"
import type { ChainNamespace } from "../../schemas/Primitives"
import { buyOffered } from "../flows/onramp/buyRegions"

export interface AccountActionsInput {
  readonly features: Pick<Features, "send" | "swaps" | "onramp" | "receive">
  /** The active namespace, when its account is connected; `undefined` offers nothing. */
  readonly connected: ChainNamespace | undefined
  /** The visitor's IANA time zone, when the browser tells it. */
  readonly timeZone: string | undefined
  /** Whether the account's name was looked up: `true` when it has one, `undefined` while not known. */
  readonly named: boolean | undefined
  /** Connected through the embedded wallet (email or social login). */
  readonly embedded: boolean
  /** The embedded login has an email to update (a social login may have none). */
  readonly embeddedEmail: boolean
  /** The host's `enableNetworkSwitch`: the visitor may switch networks in the modal. */
  readonly networkSwitch: boolean
  /** The embedded wallet's frame offers its smart account on the active network. */
  readonly smartAccountHere: boolean
}

/** SPEC.md §9: send (and buy) EVM and Solana; issue 35: send Bitcoin too. */
export const sendsFrom = (namespace: ChainNamespace) =>
  namespace === "eip155" || namespace === "solana" || namespace === "bip122"

/** Buying (the onramp) serves EVM and Solana accounts. */
export const buysFor = (namespace: ChainNamespace) => namespace === "eip155" || namespace === "solana"

export const accountActions = (input: AccountActionsInput): ReadonlyArray<AccountAction> => {
  const namespace = input.connected
  if (namespace === undefined) return []
  const { features } = input
  const offered: Array<AccountAction> = ["copyAddress"]
  if (features.send && sendsFrom(namespace)) offered.push("send")
  if (features.swaps && namespace === "eip155") offered.push("swap")
  if (features.onramp && buysFor(namespace) && buyOffered(input.timeZone)) offered.push("buy")
  if (features.receive) offered.push("receive")
  // Names are EVM only; while the lookup runs nobody knows whether the account has one.
  if (namespace === "eip155" && input.named === false) offered.push("chooseName")
  if (input.networkSwitch) offered.push("switchNetwork")
  if (input.embedded && input.smartAccountHere) offered.push("switchAccountType")
  if (input.embedded && input.embeddedEmail) offered.push("updateEmail")
  offered.push("disconnect")
  return offered
}
