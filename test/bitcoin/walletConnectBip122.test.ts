import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { isBitcoinAddressOn } from "../../src/layers/bitcoin/bitcoinAddress"
import { namespaceRequests, parseCaipAccount } from "../../src/layers/walletconnect/walletConnectSession"
import { bitcoin, bitcoinTestnet, mainnet } from "../../src/networks"
import { decodeModalOptions } from "../../src/schemas/ModalOptions"
import { dev1, REGTEST_NETWORK, regtestNetwork } from "../kit/bitcoinWallets"

const networksOf = (input: ReadonlyArray<unknown>) => {
  const decoded = decodeModalOptions({ projectId: "p", networks: input })
  if (!Result.isSuccess(decoded)) throw new Error("Options did not decode")
  return decoded.success.networks
}

describe("WalletConnect's bip122 namespace", () => {
  it("is proposed only when a Bitcoin network is configured, with FACTS-NEXT §4's methods and events", () => {
    assert.isUndefined(namespaceRequests(networksOf([mainnet])).bip122)
    const requests = namespaceRequests(networksOf([mainnet, bitcoin, bitcoinTestnet, regtestNetwork]))
    const bip122 = requests.bip122
    assert.deepStrictEqual(bip122?.chains, [
      bitcoin.caipNetworkId,
      bitcoinTestnet.caipNetworkId,
      REGTEST_NETWORK
    ])
    assert.sameMembers(
      [...(bip122?.methods ?? [])],
      ["sendTransfer", "signMessage", "signPsbt", "getAccountAddresses"]
    )
    assert.sameMembers([...(bip122?.events ?? [])], ["accountsChanged", "chainChanged"])
  })

  it("decodes a session's bip122 accounts with the address rules of their network", () => {
    const account = (network: string, address: string) =>
      parseCaipAccount(`${network}:${address}`, isBitcoinAddressOn)
    assert.deepStrictEqual(Option.getOrUndefined(account(REGTEST_NETWORK, dev1.payment.address)), {
      namespace: "bip122",
      caipNetworkId: REGTEST_NETWORK,
      address: dev1.payment.address
    })
    assert.isTrue(Option.isSome(account(REGTEST_NETWORK, dev1.ordinals.address)))
    assert.isTrue(Option.isSome(account(bitcoin.caipNetworkId, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")))
    assert.isTrue(Option.isSome(account(bitcoin.caipNetworkId, "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")))
    // Another network's address, a bad checksum, and an address on a network Airlock cannot check.
    assert.isTrue(Option.isNone(account(bitcoin.caipNetworkId, dev1.payment.address)))
    assert.isTrue(
      Option.isNone(account(bitcoinTestnet.caipNetworkId, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))
    )
    assert.isTrue(Option.isNone(account(bitcoin.caipNetworkId, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")))
    assert.isTrue(Option.isNone(account("bip122:00000000000000000000000000000000", dev1.payment.address)))
    // A host without a Bitcoin network has no rules loaded: no Bitcoin account is taken.
    assert.isTrue(Option.isNone(parseCaipAccount(`${REGTEST_NETWORK}:${dev1.payment.address}`)))
  })
})
