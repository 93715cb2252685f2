/** Networks and UnsupportedChain: many networks, some with long names, and a network the dapp does not serve. */
import { ACCOUNT, manyNetworks } from "../fixtures"
import { connectedAs, family } from "../scenario"

export const networksScenarios = family("Networks", {
  many: {
    title: "17 networks, EVM and Solana, one with a long name",
    options: { networks: manyNetworks },
    world: { view: "Networks", connection: connectedAs() }
  }
})

export const unsupportedChainScenarios = family("UnsupportedChain", {
  unknown: {
    title: "The wallet is on a network the dapp does not serve",
    options: { networks: manyNetworks.slice(0, 4) },
    world: {
      view: "UnsupportedChain",
      connection: connectedAs(ACCOUNT),
      activeNetwork: {
        _tag: "Unknown",
        caipNetworkId: "eip155:999999",
        chainNamespace: "eip155",
        name: "Unknown Network"
      }
    }
  }
})

export const receiveScenarios = family("Receive", {
  evm: {
    title: "The account's address, its QR code and the networks it receives on",
    options: { networks: manyNetworks.slice(0, 6) },
    world: { view: "WalletReceive", connection: connectedAs() }
  }
})
