// @vitest-environment happy-dom

import { afterEach, assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import {
  discoverBitcoinWallets,
  fromBitcoinStandardWallet,
  mergeBitcoinWallets
} from "../../src/layers/bitcoin/bitcoinDiscovery"
import {
  listedProviders,
  MAX_LISTED_PROVIDERS,
  resolveProviderPath
} from "../../src/layers/bitcoin/bitcoinProvidersList"
import { fromAnnouncement } from "../../src/layers/wallets/ConnectorsLive"
import { connectRows } from "../../src/layers/wallets/connectGroups"
import { fromStandardWallet } from "../../src/layers/wallets/walletStandard"
import type { WalletConnector } from "../../src/services/Connectors"
import { fakeSatsProvider, fakeStandardBitcoinWallet, REGTEST_NETWORK } from "../kit/bitcoinWallets"
import { registerLate } from "../kit/standardWallets"

const ICON = "data:image/svg+xml;base64,PHN2Zy8+"
const someOf = <A>(option: Option.Option<A>): A => Option.getOrThrow(option)

/** A page (`window`-like root) with a providers list and the objects its ids name. */
const page = (entries: ReadonlyArray<unknown>, more: Record<string, unknown> = {}) => ({
  btc_providers: entries,
  ...more
})

const discoveries: Array<() => void> = []
afterEach(() => {
  for (const stop of discoveries.splice(0)) stop()
  Reflect.deleteProperty(window, "btc_providers")
  Reflect.deleteProperty(window, "TestWallet")
})

/** Runs discovery in a scope of its own; answers the lists it published. */
const discover = async () => {
  const published: Array<ReadonlyArray<WalletConnector>> = []
  const scope = Scope.makeUnsafe()
  await Effect.runPromise(
    Scope.provide(scope)(discoverBitcoinWallets((f) => Effect.sync(() => void published.push(f([])))))
  )
  discoveries.push(() => Effect.runSync(Scope.close(scope, Exit.void)))
  return () => published.at(-1) ?? []
}

describe("Bitcoin wallets' discovery", () => {
  it("lists a Wallet Standard wallet with bitcoin:connect as a bip122 connector of the networks it names", () => {
    const { wallet } = fakeStandardBitcoinWallet({ chains: ["bitcoin:regtest", "solana:mainnet"] })
    const connector = someOf(fromBitcoinStandardWallet(wallet, "bitcoin-standard:1"))
    assert.strictEqual(connector.chain, "bip122")
    assert.strictEqual(connector.key, "bitcoin:fake bitcoin wallet")
    assert.deepStrictEqual(connector.chains, [REGTEST_NETWORK])
    assert.strictEqual(connector.icon, ICON)
    // Neither bitcoin:connect nor a sats-connect provider: no Bitcoin wallet.
    const { wallet: solanaOnly } = fakeStandardBitcoinWallet({ features: { "bitcoin:connect": undefined } })
    assert.isTrue(Option.isNone(fromBitcoinStandardWallet(solanaOnly, "bitcoin-standard:2")))
    // A sats-connect feature alone is enough: its provider answers.
    const sats = fakeSatsProvider()
    const { wallet: satsOnly } = fakeStandardBitcoinWallet({
      features: { "bitcoin:connect": undefined, "sats-connect:": { provider: sats.provider } }
    })
    assert.isTrue(Option.isSome(fromBitcoinStandardWallet(satsOnly, "bitcoin-standard:3")))
  })

  it("bounds a 1 MB name as every announcement's is, and drops an icon that is no image data", () => {
    const { wallet } = fakeStandardBitcoinWallet({
      name: `Evil${"\u202e".repeat(3)}${"x".repeat(1_000_000)}`
    })
    const connector = someOf(
      fromBitcoinStandardWallet(
        { ...wallet, icon: "https://tracker.example/pixel.png" },
        "bitcoin-standard:1"
      )
    )
    assert.isAtMost(connector.name.length, 64)
    assert.isTrue(connector.name.startsWith("Evilx"))
    assert.isUndefined(connector.icon)
  })

  it("decodes the providers list: the id a dotted path of own properties, never through a prototype", () => {
    const sats = fakeSatsProvider()
    const root = page(
      [
        { id: "TestWallet.BitcoinProvider", name: "Test Wallet", icon: ICON },
        { id: "__proto__.polluted", name: "Polluter" },
        { id: "TestWallet.constructor", name: "Constructor" },
        { id: "toString", name: "Inherited" },
        { id: "TestWallet.missing", name: "Missing" },
        { id: "bad path!", name: "Junk" },
        { id: "TestWallet.BitcoinProvider", name: "Twice" },
        { name: "No id" },
        "junk"
      ],
      { TestWallet: { BitcoinProvider: sats.provider } }
    )
    const listed = listedProviders(root)
    assert.deepStrictEqual(
      listed.map((c) => [c.id, c.name, c.chain, c.icon]),
      [["btc-provider:TestWallet.BitcoinProvider", "Test Wallet", "bip122", ICON]]
    )
    assert.isUndefined(resolveProviderPath(root, "__proto__"))
    assert.isUndefined(resolveProviderPath({}, "hasOwnProperty"))
  })

  it("reads at most 16 entries, a long name bounded, and WBIP004's wbip_providers too", () => {
    const providers = Array.from({ length: 40 }, () => fakeSatsProvider().provider)
    const root = {
      wbip_providers: providers.map((_, i) => ({ id: `W.p${i}`, name: `${"n".repeat(1_000_000)}${i}` })),
      W: Object.fromEntries(providers.map((p, i) => [`p${i}`, p]))
    }
    const listed = listedProviders(root)
    assert.lengthOf(listed, MAX_LISTED_PROVIDERS)
    for (const c of listed) assert.isAtMost(c.name.length, 64)
  })

  it("a wallet both registered and listed is one connector, its registration", () => {
    const registered = someOf(
      fromBitcoinStandardWallet(fakeStandardBitcoinWallet({ name: "Xwallet" }).wallet, "bitcoin-standard:1")
    )
    const listed = listedProviders(
      page(
        [
          { id: "X.p", name: "XWallet" },
          { id: "Y.p", name: "Other" }
        ],
        {
          X: { p: fakeSatsProvider().provider },
          Y: { p: fakeSatsProvider().provider }
        }
      )
    )
    assert.deepStrictEqual(
      mergeBitcoinWallets([registered], listed).map((c) => c.id),
      ["bitcoin-standard:1", "btc-provider:Y.p"]
    )
  })

  it("takes registrations and the page's providers list while its scope lives", async () => {
    Reflect.set(window, "TestWallet", { BitcoinProvider: fakeSatsProvider().provider })
    Reflect.set(window, "btc_providers", [{ id: "TestWallet.BitcoinProvider", name: "Listed Wallet" }])
    const latest = await discover()
    assert.deepStrictEqual(
      latest().map((c) => c.name),
      ["Listed Wallet"]
    )
    const unregister = registerLate(fakeStandardBitcoinWallet({ name: "Registered Wallet" }).wallet)
    assert.deepStrictEqual(
      latest().map((c) => c.name),
      ["Registered Wallet", "Listed Wallet"]
    )
    unregister()
    assert.deepStrictEqual(
      latest().map((c) => c.name),
      ["Listed Wallet"]
    )
  })

  it("a wallet with EVM, Solana and Bitcoin faces under one name is one row of the Connect view", () => {
    const name = "Triple Wallet"
    const bitcoinFace = someOf(
      fromBitcoinStandardWallet(fakeStandardBitcoinWallet({ name }).wallet, "bitcoin-standard:1")
    )
    const solanaFace = someOf(
      fromStandardWallet(
        {
          name,
          icon: ICON,
          chains: ["solana:mainnet"],
          features: {
            "standard:connect": { connect: async () => ({ accounts: [] }) },
            "standard:events": { on: () => () => {} },
            "solana:signMessage": { signMessage: async () => [] }
          }
        },
        "wallet-standard:1",
        () => Promise.reject(new Error("not needed"))
      )
    )
    const evmFace = someOf(
      fromAnnouncement(
        Object.freeze({
          info: Object.freeze({ uuid: "u-1", name, icon: ICON, rdns: "dev.triple" }),
          provider: { request: async () => null }
        })
      )
    )
    const rows = connectRows({
      order: ["injected"],
      connectors: [evmFace, solanaFace, bitcoinFace],
      recent: [],
      featured: [],
      custom: [],
      recommended: [],
      walletConnect: { enabled: false, connected: false }
    })
    assert.deepStrictEqual(
      rows.map((r) => (r.kind === "connector" ? r.connector.id : r.kind)),
      [evmFace.id]
    )
  })
})
