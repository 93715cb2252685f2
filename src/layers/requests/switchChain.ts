import type { WalletError } from "../../errors"
import type { CaipNetwork } from "../../schemas/Network"

/** Switch failures that mean "the wallet does not know this chain" (SPEC.md §8: 4902, -32603, 5000). */
export const switchNeedsAdd = (error: WalletError): boolean =>
  error._tag === "ChainNotAddedError" || error.code === 4902 || error.code === -32603 || error.code === 5000

/** The hex chain id `wallet_switchEthereumChain` takes for an EVM network. */
export const hexChainId = (network: CaipNetwork): string => `0x${Number(network.id).toString(16)}`

/** `wallet_addEthereumChain` parameters for a network (SPEC.md §7). */
export const addChainParams = (network: CaipNetwork) => ({
  chainId: hexChainId(network),
  chainName: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: [...network.rpcUrls.default.http],
  blockExplorerUrls: network.blockExplorers === undefined ? undefined : [network.blockExplorers.default.url]
})
