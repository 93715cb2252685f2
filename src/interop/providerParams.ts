/** The EIP-1193 provider's rules on chain ids: the chain it serves, and the one a dapp's params name. */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { CaipNetwork } from "../schemas/Network"
import type { NetworksState } from "../services/Networks"

/** A hex chain id as `eth_chainId` answers it. */
export const hexChain = (chainId: number): string => `0x${chainId.toString(16)}`

/** The number of an EVM chain reference (`eip155:<n>`'s `<n>`); none for anything else. */
const chainNumber = (reference: string | number): number | undefined => {
  const chainId =
    typeof reference === "number" ? reference : /^\d{1,15}$/.test(reference) ? Number(reference) : NaN
  return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
}

/**
 * The chain the provider serves: the modal's EVM network (the connected wallet's, or the one chosen),
 * whichever namespace the modal shows; none without an EVM network.
 */
export const eip155ChainOf = (state: NetworksState): number | undefined => {
  const active = state.active.eip155
  if (active === undefined) return undefined
  return active._tag === "Known"
    ? chainNumber(active.network.id)
    : chainNumber(active.caipNetworkId.slice(active.caipNetworkId.indexOf(":") + 1))
}

/** The chain ids of the host's EVM networks. */
export const configuredChains = (networks: ReadonlyArray<CaipNetwork>): ReadonlyArray<number> =>
  networks.flatMap((network) => {
    const chainId = network.chainNamespace === "eip155" ? chainNumber(network.id) : undefined
    return chainId === undefined ? [] : [chainId]
  })

/** `[{ chainId: hex, … }]`, the params of `wallet_switchEthereumChain` and `wallet_addEthereumChain`. */
const ChainParams = Schema.Tuple([
  Schema.Struct({ chainId: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,13}$/)) })
])
const decodeChainParams = Schema.decodeUnknownOption(ChainParams)

/** The chain a dapp's `[{ chainId: hex }]` names; none when the params are anything else. */
export const chainIdParamOf = (params: unknown): number | undefined =>
  Option.getOrUndefined(
    Option.flatMapNullishOr(decodeChainParams(params), ([first]) => chainNumber(Number(first.chainId)))
  )
