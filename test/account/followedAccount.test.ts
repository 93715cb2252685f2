import { assert, describe, it } from "@effect/vitest"
import { withNftsOf } from "../../src/layers/account/datumLoads"
import { followedAccount, sameAccount } from "../../src/layers/account/followedAccount"
import type { ConnectionState } from "../../src/services/Connection"
import { ALICE, BOB } from "../kit/accounts"
import { connected, devnet, mainnet, nftTransfer, onNetwork, sandbox, transaction } from "./accountDataWorld"

describe("the followed account (pure)", () => {
  it("is the connected account of the active namespace, on its active network", () => {
    const state: ConnectionState = { namespaces: { eip155: connected(ALICE) }, attempt: undefined }
    const account = followedAccount(state, onNetwork(sandbox))
    assert.strictEqual(account?.address, ALICE)
    assert.strictEqual(account?.network, sandbox)
    assert.isUndefined(followedAccount(state, onNetwork(devnet)), "no account on the active namespace")
    assert.isUndefined(
      followedAccount(
        { namespaces: { eip155: { status: "connecting" } }, attempt: undefined },
        onNetwork(sandbox)
      )
    )
    const unknown = followedAccount(state, {
      activeNamespace: "eip155",
      active: {
        eip155: {
          _tag: "Unknown",
          caipNetworkId: "eip155:999",
          chainNamespace: "eip155",
          name: "Unknown Network"
        }
      }
    })
    assert.strictEqual(unknown?.networkId, "eip155:999")
    assert.isUndefined(unknown?.network)
  })

  it("is the same while namespace, address and network are", () => {
    const state: ConnectionState = { namespaces: { eip155: connected(ALICE) }, attempt: undefined }
    const a = followedAccount(state, onNetwork(sandbox))
    // Another connection object (a new wallet object) for the same account is the same account.
    const again = followedAccount({ ...state, namespaces: { eip155: connected(ALICE) } }, onNetwork(sandbox))
    assert.isTrue(sameAccount(a, again))
    assert.isFalse(sameAccount(a, followedAccount(state, onNetwork(mainnet))))
    assert.isFalse(
      sameAccount(
        a,
        followedAccount({ ...state, namespaces: { eip155: connected(BOB) } }, onNetwork(sandbox))
      )
    )
    assert.isFalse(sameAccount(a, undefined))
    assert.isTrue(sameAccount(undefined, undefined))
  })

  it("collects received NFTs once each, never sent ones", () => {
    const found = withNftsOf(
      [],
      [
        transaction("1", [nftTransfer("Punk"), nftTransfer("Ape", "out")]),
        transaction("2", [
          nftTransfer("Punk"),
          { nft_info: {}, direction: "self", quantity: { numeric: "1" } }
        ])
      ]
    )
    assert.deepStrictEqual(found, [
      { name: "Punk", preview: "https://nft.example/Punk.png" },
      { name: "NFT", preview: undefined }
    ])
  })
})
