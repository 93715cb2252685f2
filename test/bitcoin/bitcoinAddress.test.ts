import { assert, describe, it } from "@effect/vitest"
import * as btc from "@scure/btc-signer"
import { sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import {
  BITCOIN_MAINNET_PARAMS,
  BITCOIN_REGTEST_PARAMS,
  BITCOIN_TESTNET_PARAMS,
  bitcoinAddressType,
  bitcoinNetworksOfStandard,
  bitcoinParamsOf,
  isBitcoinAddressOn,
  standardChainOfBitcoin
} from "../../src/layers/bitcoin/bitcoinAddress"

const MAINNET = "bip122:000000000019d6689c085ae165831e93"
const TESTNET = "bip122:000000000933ea01ad0ee984209779ba"
const REGTEST = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328"

const PUBKEY = new Uint8Array(33).fill(2)
const XONLY = new Uint8Array(32).fill(7)

/** One address of each type on a network, made by the library from fixed keys. */
const addressesOn = (params: typeof BITCOIN_MAINNET_PARAMS) => ({
  p2wpkh: btc.p2wpkh(PUBKEY, params).address as string,
  p2tr: btc.p2tr(XONLY, undefined, params).address as string,
  p2pkh: btc.p2pkh(PUBKEY, params).address as string,
  p2sh: btc.p2sh(btc.p2wpkh(PUBKEY, params), params).address as string,
  p2wsh: btc.p2wsh(btc.p2pk(PUBKEY), params).address as string
})

describe("bitcoinAddress", () => {
  const networks = [
    ["mainnet", MAINNET, BITCOIN_MAINNET_PARAMS],
    ["testnet", TESTNET, BITCOIN_TESTNET_PARAMS],
    ["regtest", REGTEST, BITCOIN_REGTEST_PARAMS]
  ] as const

  for (const [name, caip, params] of networks) {
    it(`accepts ${name}'s own addresses of every type`, () => {
      for (const [type, address] of Object.entries(addressesOn(params))) {
        assert.strictEqual(bitcoinAddressType(address, params), type, address)
        assert.isTrue(isBitcoinAddressOn(address, caip), address)
      }
    })
  }

  it("refuses another network's prefix: mainnet, testnet and regtest never accept each other's bech32", () => {
    const main = addressesOn(BITCOIN_MAINNET_PARAMS)
    const test = addressesOn(BITCOIN_TESTNET_PARAMS)
    const reg = addressesOn(BITCOIN_REGTEST_PARAMS)
    assert.isFalse(isBitcoinAddressOn(main.p2wpkh, TESTNET))
    assert.isFalse(isBitcoinAddressOn(test.p2tr, MAINNET))
    assert.isFalse(isBitcoinAddressOn(test.p2wpkh, REGTEST))
    assert.isFalse(isBitcoinAddressOn(reg.p2wpkh, TESTNET))
    assert.isFalse(isBitcoinAddressOn(main.p2pkh, REGTEST))
    // Legacy addresses of testnet and regtest share their version bytes: both networks accept them.
    assert.isTrue(isBitcoinAddressOn(test.p2pkh, REGTEST))
    assert.isTrue(isBitcoinAddressOn(reg.p2sh, TESTNET))
  })

  it("refuses a bad checksum, bech32 where bech32m belongs, junk and an unknown network", () => {
    const { p2wpkh, p2tr, p2pkh } = addressesOn(BITCOIN_MAINNET_PARAMS)
    const flip = (a: string) => `${a.slice(0, -1)}${a.endsWith("q") ? "p" : "q"}`
    assert.isFalse(isBitcoinAddressOn(flip(p2wpkh), MAINNET))
    assert.isFalse(isBitcoinAddressOn(flip(p2tr), MAINNET))
    assert.isFalse(isBitcoinAddressOn(`${p2pkh.slice(0, -1)}${p2pkh.endsWith("1") ? "2" : "1"}`, MAINNET))
    // BIP-350's invalid vectors: taproot written in bech32, segwit v0 written in bech32m.
    assert.isFalse(
      isBitcoinAddressOn("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", MAINNET)
    )
    assert.isFalse(isBitcoinAddressOn("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", MAINNET))
    assert.isFalse(isBitcoinAddressOn(`bc1${"q".repeat(200)}`, MAINNET))
    assert.isFalse(isBitcoinAddressOn(42, MAINNET))
    assert.isFalse(isBitcoinAddressOn(p2wpkh, "bip122:ffffffffffffffffffffffffffffffff"))
    // BIP-173's valid vector is mainnet's (and testnet's twin is testnet's only).
    assert.isTrue(isBitcoinAddressOn("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", MAINNET))
    assert.isFalse(isBitcoinAddressOn("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", MAINNET))
    assert.isTrue(isBitcoinAddressOn("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", TESTNET))
  })

  it("accepts the sandbox's dev accounts on regtest, payment as p2wpkh and ordinals as p2tr", () => {
    for (const account of sandboxBitcoinAccounts()) {
      assert.strictEqual(bitcoinAddressType(account.payment.address, BITCOIN_REGTEST_PARAMS), "p2wpkh")
      assert.strictEqual(bitcoinAddressType(account.ordinals.address, BITCOIN_REGTEST_PARAMS), "p2tr")
    }
  })

  it("names networks both ways", () => {
    assert.strictEqual(standardChainOfBitcoin(REGTEST), "bitcoin:regtest")
    assert.strictEqual(standardChainOfBitcoin(MAINNET), "bitcoin:mainnet")
    assert.deepStrictEqual(bitcoinNetworksOfStandard("bitcoin:mainnet"), [MAINNET])
    assert.include(bitcoinNetworksOfStandard("bitcoin:testnet"), TESTNET)
    assert.deepStrictEqual(bitcoinNetworksOfStandard("solana:mainnet"), [])
    assert.strictEqual(bitcoinParamsOf(REGTEST), BITCOIN_REGTEST_PARAMS)
  })
})
