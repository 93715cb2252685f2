import { assert, describe, it } from "@effect/vitest"
import { type ConnectOptionsInput, connectOptions } from "../../src/layers/wallets/connectOptions"
import type { ConnectionState } from "../../src/services/Connection"
import { decodedOptions } from "../kit/fixtures"
import { catalogWallet, walletConnector } from "../kit/wallets"

const connector = walletConnector

const listing = (id: string) =>
  catalogWallet(id, { name: `${id} wallet`, imageUrl: `https://images.example/${id}.png` })

const disconnected: ConnectionState = { namespaces: {}, attempt: undefined }

const input = (overrides: Partial<ConnectOptionsInput> = {}): ConnectOptionsInput => ({
  options: decodedOptions(),
  connectors: [],
  recent: [],
  connection: disconnected,
  catalog: { featured: [], custom: [], recommended: [] },
  touch: false,
  ...overrides
})

describe("connectOptions (what the Connect view offers, in order)", () => {
  it("by default: email, social, wallet; WalletConnect, then the recommended listings; All Wallets", () => {
    const options = connectOptions(
      input({ catalog: { featured: [], custom: [], recommended: [listing("trust")] } })
    )
    assert.deepStrictEqual(options, {
      methods: ["email", "social", "wallet"],
      wallets: [
        { kind: "walletConnect", group: "walletConnect" },
        {
          kind: "listing",
          group: "recommended",
          id: "trust",
          name: "trust wallet",
          icon: "https://images.example/trust.png"
        }
      ],
      allWallets: true,
      walletsCollapsed: false
    })
  })

  it("emailShowWallets off puts the wallets behind a button, only beside email or social login", () => {
    const hidden = (features: object) =>
      connectOptions(
        input({ options: decodedOptions({ features: { emailShowWallets: false, ...features } }) })
      ).walletsCollapsed
    assert.isTrue(hidden({}))
    assert.isTrue(hidden({ email: false }))
    assert.isTrue(hidden({ socials: false }))
    // Nothing else to choose: the wallets show.
    assert.isFalse(hidden({ email: false, socials: false }))
    assert.isFalse(connectOptions(input()).walletsCollapsed)
  })

  it("a browser wallet on the page puts the wallets first and is a row of its own, tagged", () => {
    const metamask = connector("io.metamask", {
      name: "MetaMask",
      rdns: "io.metamask",
      icon: "data:image/png;base64,AA"
    })
    const options = connectOptions(input({ connectors: [metamask] }))
    assert.deepStrictEqual(options.methods, ["wallet", "email", "social"])
    assert.deepStrictEqual(options.wallets[1], {
      kind: "wallet",
      group: "injected",
      wallet: {
        id: "io.metamask",
        namespace: "eip155",
        name: "MetaMask",
        icon: "data:image/png;base64,AA",
        rdns: "io.metamask",
        suspicious: false
      },
      tag: "Installed"
    })
  })

  it("follows the host's method and group orders, and leaves out what is off", () => {
    const options = connectOptions(
      input({
        options: decodedOptions({
          features: {
            connectMethodsOrder: ["wallet", "email"],
            socials: false,
            connectorTypeOrder: ["recommended", "walletConnect"]
          }
        }),
        catalog: { featured: [], custom: [], recommended: [listing("trust")] }
      })
    )
    assert.deepStrictEqual(options.methods, ["wallet", "email"])
    assert.deepStrictEqual(
      options.wallets.map((row) => row.kind),
      ["listing", "walletConnect"]
    )
  })

  it("no WalletConnect row (nor listings that would pair) once connected through WalletConnect", () => {
    const paired: ConnectionState = {
      namespaces: {
        eip155: {
          status: "connected",
          address: "0x1",
          allAccounts: ["0x1"],
          accountType: "eoa",
          connector: connector("walletConnect", { type: "WALLET_CONNECT", name: "WalletConnect" })
        }
      },
      attempt: undefined
    }
    const options = connectOptions(
      input({ connection: paired, catalog: { featured: [], custom: [], recommended: [listing("trust")] } })
    )
    assert.deepStrictEqual(options.wallets, [])
  })

  it("All Wallets: SHOW everywhere, ONLY_MOBILE on touch devices, never with HIDE or the feature off", () => {
    const allWallets = (options: Parameters<typeof decodedOptions>[0], touch: boolean) =>
      connectOptions(input({ options: decodedOptions(options), touch })).allWallets
    assert.isTrue(allWallets({ allWallets: "SHOW" }, false))
    assert.isFalse(allWallets({ allWallets: "ONLY_MOBILE" }, false))
    assert.isTrue(allWallets({ allWallets: "ONLY_MOBILE" }, true))
    assert.isFalse(allWallets({ allWallets: "HIDE" }, true))
    assert.isFalse(allWallets({ features: { allWallets: false } }, true))
  })
})
