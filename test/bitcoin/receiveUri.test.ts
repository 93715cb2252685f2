import { describe, expect, it } from "vitest"
import { receiveUri } from "../../src/layers/account/receiveUri"
import { ALICE_BTC } from "./bitcoinWorld"

describe("Receive's QR code", () => {
  it("holds a BIP-21 bitcoin: URI for a Bitcoin account, the address itself for the others", () => {
    expect(receiveUri("bip122", ALICE_BTC.payment.address)).toBe(`bitcoin:${ALICE_BTC.payment.address}`)
    expect(receiveUri("eip155", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe(
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
    )
  })
})
