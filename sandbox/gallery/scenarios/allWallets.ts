/** All Wallets: the listing loading, failed, and 40 wallets with long names. */
import { ServiceUnavailableError } from "../../../src/errors"
import { walletNames } from "../fixtures"
import { family, listedWallet, pageWallet } from "../scenario"

const forty = walletNames(40).map((name) => listedWallet(name))
const installed = [
  listedWallet("Sandbox Wallet", { installed: true, connectorId: pageWallet("Sandbox Wallet").id })
]

export const allWalletsScenarios = family("AllWallets", {
  loading: {
    title: "The listing's first page on its way",
    world: { view: "AllWallets", catalog: { loaded: false, page: 0, status: { _tag: "Loading" } } }
  },
  error: {
    title: "The listing could not be had",
    world: {
      view: "AllWallets",
      catalog: {
        loaded: false,
        page: 0,
        status: { _tag: "Failed", error: new ServiceUnavailableError({ status: 503 }) }
      }
    }
  },
  wallets40: {
    title: "40 wallets, some with long names, one installed, more to load",
    world: {
      view: "AllWallets",
      connectors: [pageWallet("Sandbox Wallet")],
      catalog: { installed, wallets: forty, list: [...installed, ...forty], count: 412, hasMore: true }
    }
  }
})
