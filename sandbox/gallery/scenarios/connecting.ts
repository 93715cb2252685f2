/**
 * The connecting views: a browser wallet's prompt awaited and declined, WalletConnect's QR code (for a wallet
 * picked in All Wallets, with a long name) and its basic variant for phones, the pairing failed, and the
 * help view for a visitor without a wallet.
 */
import { ServiceUnavailableError, UserRejectedRequestError } from "../../../src/errors"
import { WALLET_CONNECT_ID } from "../../../src/services/Connection"
import type { PairingState } from "../../../src/services/WalletConnect"
import { family, listedWallet, pageWallet } from "../scenario"

const rabby = pageWallet("Rabby")
const longNamed = pageWallet("Extraordinarily Long Wallet Name Number 4 Pro Max")

const declined = new UserRejectedRequestError({
  code: 4001,
  message: "User rejected the request",
  cause: undefined
})

/** A pairing URI as the SDK makes it: what the QR code and Copy link carry. */
const pairing: PairingState = {
  _tag: "Ready",
  uri: "wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303",
  expiresAt: 4_102_444_800_000
}

/** Wallets of the listing with their links: phones open them with the URI, the help view offers downloads. */
const phoneWallets = [
  "MetaMask",
  "Trust Wallet",
  "Rainbow",
  "Extraordinarily Long Wallet Name Number 4 Pro Max"
].map((name) =>
  listedWallet(name, {
    mobileLink: `https://${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}.gallery.invalid/wc`,
    appStore: "https://apps.apple.com/app/id1",
    playStore: "https://play.google.com/store/apps/details?id=dev.gallery",
    desktopLink: undefined
  })
)

export const connectingExternalScenarios = family("ConnectingExternal", {
  waiting: {
    title: "Waiting for Rabby's prompt",
    world: {
      view: "ConnectingExternal",
      data: { connectorId: rabby.id },
      connectors: [rabby],
      connection: { namespaces: {}, attempt: { _tag: "Waiting", connectorId: rabby.id } }
    }
  },
  longName: {
    title: "Waiting for a wallet with a long name",
    world: {
      view: "ConnectingExternal",
      data: { connectorId: longNamed.id },
      connectors: [longNamed],
      connection: { namespaces: {}, attempt: { _tag: "Waiting", connectorId: longNamed.id } }
    }
  },
  declined: {
    title: "The visitor declined in the wallet: why, and Try again",
    world: {
      view: "ConnectingExternal",
      data: { connectorId: rabby.id },
      connectors: [rabby],
      connection: { namespaces: {}, attempt: { _tag: "Failed", connectorId: rabby.id, error: declined } }
    }
  }
})

export const connectingWalletConnectScenarios = family("ConnectingWalletConnect", {
  preparing: {
    title: "The QR code being prepared",
    world: { view: "ConnectingWalletConnect", pairing: { _tag: "Preparing" } }
  },
  qr: {
    title: "The QR code and Copy link",
    world: { view: "ConnectingWalletConnect", pairing }
  },
  chosenWallet: {
    title: "The QR code for a wallet picked in All Wallets (long name): Open it, Get it",
    world: {
      view: "ConnectingWalletConnect",
      data: { walletId: phoneWallets[3]?.id ?? "" },
      catalog: { list: phoneWallets, wallets: phoneWallets },
      pairing
    }
  },
  failed: {
    title: "The pairing failed: why, and Try again",
    world: {
      view: "ConnectingWalletConnect",
      pairing: { _tag: "Preparing" },
      connection: {
        namespaces: {},
        attempt: {
          _tag: "Failed",
          connectorId: WALLET_CONNECT_ID,
          error: new ServiceUnavailableError({ status: 503 })
        }
      }
    }
  }
})

export const connectingWalletConnectBasicScenarios = family("ConnectingWalletConnectBasic", {
  phone: {
    title: "For phones: the listing's wallets to open, Copy link, Show QR code",
    world: {
      view: "ConnectingWalletConnectBasic",
      catalog: { list: phoneWallets, wallets: phoneWallets },
      pairing
    }
  }
})

export const whatIsAWalletScenarios = family("WhatIsAWallet", {
  help: {
    title: "What a wallet is, and wallets to get with their downloads",
    world: { view: "WhatIsAWallet", catalog: { recommended: phoneWallets, list: phoneWallets } }
  },
  loading: {
    title: "The wallets to recommend on their way",
    world: { view: "WhatIsAWallet", catalog: { loaded: false, status: { _tag: "Loading" } } }
  }
})
