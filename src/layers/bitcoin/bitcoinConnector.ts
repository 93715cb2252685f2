/** A Bitcoin browser wallet as a connector, however it was found (`bitcoinDiscovery.ts`). */
import type { WalletConnector } from "../../services/Connectors"

/** What survives a reload: the wallet's name (all the standard gives), in Bitcoin's own key space. */
export const bitcoinKeyOf = (name: string) => `bitcoin:${name.toLowerCase()}`
/** A connector of a Bitcoin wallet, however it was found. */
export const bitcoinConnector = (
  id: string,
  name: string,
  icon: string | undefined,
  provider: WalletConnector["provider"],
  chains: ReadonlyArray<string> | undefined
): WalletConnector => ({
  id,
  key: bitcoinKeyOf(name),
  type: "ANNOUNCED",
  chain: "bip122",
  name,
  icon,
  rdns: undefined,
  provider,
  suspicious: false,
  uuid: undefined,
  ...(chains === undefined || chains.length === 0 ? {} : { chains })
})
