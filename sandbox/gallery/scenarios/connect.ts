/**
 * Connect: the ways in, with nothing, three wallets, the wallets folded, the legal footer, and the legal
 * checkbox holding every way in until it is checked.
 */
import { family, listedWallet, pageWallet } from "../scenario"

const installed = [pageWallet("Sandbox Wallet"), pageWallet("Rabby"), pageWallet("Coinbase Wallet")]
const recommended = ["MetaMask", "Trust Wallet", "Rainbow", "Ledger Live"].map((name) => listedWallet(name))

export const connectScenarios = family("Connect", {
  noWallets: {
    title: "No wallet on the page, nothing listed: WalletConnect and All Wallets only",
    options: { features: { email: false, socials: false } },
    world: { view: "Connect" }
  },
  wallets: {
    title: "Three wallets on the page, WalletConnect, the listing's picks, email and socials",
    world: { view: "Connect", connectors: installed, catalog: { recommended, list: recommended } }
  },
  folded: {
    title: "Email and socials first, the wallets behind one button (emailShowWallets off)",
    options: { features: { emailShowWallets: false } },
    world: { view: "Connect", connectors: installed, catalog: { recommended, list: recommended } }
  },
  legal: {
    title: "The legal footer: terms and privacy policy links",
    options: {
      termsConditionsUrl: "https://gallery.invalid/terms",
      privacyPolicyUrl: "https://gallery.invalid/privacy"
    },
    world: { view: "Connect", connectors: installed, catalog: { recommended, list: recommended } }
  },
  legalCheckbox: {
    title: "The legal checkbox, unchecked: every way in disabled until the visitor agrees",
    options: {
      termsConditionsUrl: "https://gallery.invalid/terms",
      privacyPolicyUrl: "https://gallery.invalid/privacy",
      features: { legalCheckbox: true }
    },
    world: { view: "Connect", connectors: installed, catalog: { recommended, list: recommended } }
  },
  legalCheckboxTerms: {
    title: "The legal checkbox with the terms only: one link",
    options: { termsConditionsUrl: "https://gallery.invalid/terms", features: { legalCheckbox: true } },
    world: { view: "Connect", connectors: installed, catalog: { recommended, list: recommended } }
  }
})
