/**
 * What a form flow's review is bound to (`ReviewBinding`), as the tests write it: an account on a network
 * of test/kit/networks.ts; and an account as Connection holds it.
 */

import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import type { CaipNetwork } from "../../src/schemas/Network"
import type { ChainNamespace } from "../../src/schemas/Primitives"
import type { ConnectionState } from "../../src/services/Connection"
import type { ReviewBinding } from "../../src/services/Send"
import { decodedOptions } from "./fixtures"

/** A network as a dapp passes it, decoded as the modal holds it. */
export const caipNetworkOf = (network: ModalOptionsInput["networks"][number]): CaipNetwork =>
  decodedOptions({ networks: [network] }).networks[0] as CaipNetwork

/** `address` on `network` (as a dapp passes it), in the network's namespace. */
export const bindingOf = (address: string, network: ModalOptionsInput["networks"][number]): ReviewBinding => {
  const decoded = caipNetworkOf(network)
  return { namespace: decoded.chainNamespace, network: decoded, address }
}

/** `address` connected (eoa) in `namespace`, as one of Connection's namespaces holds it. */
export const connectedAs = (namespace: ChainNamespace, address: string): ConnectionState["namespaces"] => ({
  [namespace]: {
    status: "connected",
    connector: {} as never,
    address,
    allAccounts: [address],
    accountType: "eoa"
  }
})
