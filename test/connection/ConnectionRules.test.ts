// @vitest-environment happy-dom

// The pure rules (accounts a wallet answers, when a switch adds the chain) and the modal's network.

import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import { normalizeWalletError } from "../../src/errors"
import { decodeAccounts } from "../../src/layers/connection/walletIo"
import { eip155NetworkId, initialNetworks } from "../../src/layers/networks/NetworksLive"
import { addChainParams, switchNeedsAdd } from "../../src/layers/requests/switchChain"
import type { CaipNetwork } from "../../src/schemas/Network"
import { StorageKeys } from "../../src/schemas/StorageKeys"
import { Networks } from "../../src/services/Networks"
import { ALICE, BOB } from "../kit/accounts"
import { configOf } from "../kit/connectionWorld"
import { connectionTest } from "./connectionTest"

describe("decodeAccounts, switchNeedsAdd, addChainParams", () => {
  it("keeps only valid EVM addresses", () => {
    assert.deepStrictEqual(decodeAccounts([ALICE, "0x123", 42, null, BOB.toLowerCase()]), [
      ALICE,
      BOB.toLowerCase()
    ])
    assert.deepStrictEqual(decodeAccounts(ALICE), [])
    assert.deepStrictEqual(decodeAccounts(null), [])
    assert.deepStrictEqual(decodeAccounts({ 0: ALICE, length: 1 }), [])
  })

  it("adds the chain for 4902 (top-level or nested), -32603 and 5000, and not for a plain rejection", () => {
    const needsAdd = (error: unknown) => switchNeedsAdd(normalizeWalletError(error))
    assert.isTrue(needsAdd({ code: 4902, message: "Unrecognized chain ID" }))
    assert.isTrue(needsAdd({ code: -32603, message: "x", data: { originalError: { code: 4902 } } }))
    assert.isTrue(needsAdd({ code: -32603, message: "Internal error" }))
    assert.isTrue(needsAdd({ code: 5000, message: "x" }))
    assert.isTrue(needsAdd({ message: "Unrecognized chain ID 0xa" }))
    assert.isFalse(needsAdd({ code: 4001, message: "User rejected" }))
    assert.isFalse(needsAdd({ code: 4100, message: "Unauthorized" }))
  })

  it("builds wallet_addEthereumChain parameters (SPEC.md §7)", () => {
    const network = configOf().networks.find((n) => n.id === 10) as CaipNetwork
    assert.deepStrictEqual(addChainParams(network), {
      chainId: "0xa",
      chainName: "OP Mainnet",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["https://optimism.example"],
      blockExplorerUrls: ["https://optimistic.etherscan.io"]
    })
    const plain = configOf().networks[0] as CaipNetwork
    assert.isUndefined(addChainParams(plain).blockExplorerUrls)
  })
})

describe("Networks", () => {
  const networks = configOf().networks

  it("reads chain ids as numbers, hex or decimal strings", () => {
    assert.deepStrictEqual(eip155NetworkId(1), Option.some("eip155:1"))
    assert.deepStrictEqual(eip155NetworkId("0xa"), Option.some("eip155:10"))
    assert.deepStrictEqual(eip155NetworkId("0X7A69"), Option.some("eip155:31337"))
    assert.deepStrictEqual(eip155NetworkId("137"), Option.some("eip155:137"))
    for (const bad of [
      0,
      -1,
      1.5,
      "0x",
      "",
      "abc",
      "1e3",
      null,
      undefined,
      {},
      Number.MAX_VALUE,
      "0x1fffffffffffffff"
    ]) {
      assert.isTrue(Option.isNone(eip155NetworkId(bad)), String(bad))
    }
  })

  it("starts on the stored network, an Unknown Network when it is no longer configured (SPEC.md §4)", () => {
    const stored = initialNetworks(networks, undefined, { eip155: "eip155:1" }, Option.none())
    assert.strictEqual(stored.active.eip155?._tag, "Known")
    const gone = initialNetworks(networks, undefined, { eip155: "eip155:56" }, Option.none())
    assert.deepStrictEqual(gone.active.eip155, {
      _tag: "Unknown",
      caipNetworkId: "eip155:56",
      chainNamespace: "eip155",
      name: "Unknown Network"
    })
    const fresh = initialNetworks(networks, networks[1], {}, Option.none())
    assert.strictEqual(fresh.active.eip155?._tag === "Known" && fresh.active.eip155.network.id, 1)
    const first = initialNetworks(networks, undefined, {}, Option.some("solana"))
    assert.strictEqual(first.activeNamespace, "eip155")
  })

  connectionTest("persists setActive, and an unconfigured id becomes Unknown", function* ({ read }) {
    const networksService = yield* Networks
    const known = yield* networksService.setActive("eip155:10")
    assert.strictEqual(known._tag, "Known")
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:10" })
    assert.strictEqual(read(StorageKeys.activeNamespace.key), "eip155")
    const unknown = yield* networksService.setActive("eip155:56")
    assert.strictEqual(unknown._tag, "Unknown")
    assert.deepStrictEqual(read(StorageKeys.activeNetworkIds.key), { eip155: "eip155:56" })
  })
})
