import type { ChainNamespace } from "../../schemas/Primitives"

/**
 * What Receive's QR code holds: a Bitcoin address as a BIP-21 `bitcoin:` URI (what Bitcoin wallets'
 * scanners open as a payment to it), any other account as its address.
 */
export const receiveUri = (namespace: ChainNamespace, address: string): string =>
  namespace === "bip122" ? `bitcoin:${address}` : address
