import { p2pkh, WIF } from "@scure/btc-signer"
import { Signer, Verifier } from "bip322-js"
import { describe, expect, it } from "vitest"
import { BITCOIN_REGTEST, REGTEST, sandboxBitcoinAccounts } from "../../sandbox/shared/bitcoin"
import { bitcoinParamsOf } from "../../src/layers/bitcoin/bitcoinAddress"
import { verifyMessage } from "../../src/layers/requests/bitcoinMessage"

const network = bitcoinParamsOf(BITCOIN_REGTEST)
if (network === undefined) throw new Error("regtest is a known network")
const [alice, bob] = sandboxBitcoinAccounts()
if (alice === undefined || bob === undefined) throw new Error("the sandbox has accounts")
const wif = (key: Uint8Array) => WIF(REGTEST).encode(key)
const message = "Sign in to Airlock's demo\nNonce: 42"

describe("BIP-322 simple, checked against bip322-js", () => {
  for (const purpose of ["payment", "ordinals"] as const) {
    const { address, privateKey } = alice[purpose]
    it(`verifies a ${purpose} (${alice[purpose].addressType}) signature that bip322-js verifies`, () => {
      const signature = Signer.sign(wif(privateKey), address, message).toString()
      expect(Verifier.verifySignature(address, message, signature)).toBe(true)
      expect(verifyMessage(network, address, message, signature)).toBe(true)
    })
    it(`refuses a ${purpose} signature over another message, as bip322-js does`, () => {
      const signature = Signer.sign(wif(privateKey), address, "another message").toString()
      expect(Verifier.verifySignature(address, message, signature)).toBe(false)
      expect(verifyMessage(network, address, message, signature)).toBe(false)
    })
    it(`refuses a ${purpose} signature by another address`, () => {
      const signature = Signer.sign(wif(bob[purpose].privateKey), bob[purpose].address, message).toString()
      expect(verifyMessage(network, address, message, signature)).toBe(false)
      expect(verifyMessage(network, bob[purpose].address, message, signature)).toBe(true)
    })
  }

  it("verifies the empty message and a long one", () => {
    const { address, privateKey } = alice.payment
    for (const text of ["", "x".repeat(5000)]) {
      const signature = Signer.sign(wif(privateKey), address, text).toString()
      expect(verifyMessage(network, address, text, signature)).toBe(true)
    }
  })

  it("refuses garbage, another network's address and a signature cut short", () => {
    const { address, privateKey } = alice.payment
    const signature = Signer.sign(wif(privateKey), address, message).toString()
    expect(verifyMessage(network, address, message, "not base64!")).toBe(false)
    expect(verifyMessage(network, address, message, signature.slice(0, 40))).toBe(false)
    const mainnet = bitcoinParamsOf("bip122:000000000019d6689c085ae165831e93")
    if (mainnet === undefined) throw new Error("mainnet is a known network")
    expect(verifyMessage(mainnet, address, message, signature)).toBe(false)
  })
})

describe("legacy (BIP-137) signatures", () => {
  it("verifies a p2pkh signature that bip322-js makes and verifies, and refuses one over another message", () => {
    const address = p2pkh(alice.payment.publicKey, REGTEST).address
    if (address === undefined) throw new Error("p2pkh has an address")
    const signature = Signer.sign(wif(alice.payment.privateKey), address, message).toString()
    expect(Verifier.verifySignature(address, message, signature)).toBe(true)
    expect(verifyMessage(network, address, message, signature)).toBe(true)
    expect(verifyMessage(network, address, "another message", signature)).toBe(false)
    const other = p2pkh(bob.payment.publicKey, REGTEST).address ?? ""
    expect(verifyMessage(network, other, message, signature)).toBe(false)
  })
})
