// @vitest-environment happy-dom
/**
 * The Account view of a Bitcoin wallet in the real modal: both addresses, each with its type in words,
 * truncated as SPEC §9 says and copyable; the host's snapshot gives each account its own type.
 */
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { truncateAddress } from "../../src/schemas/ThirdPartyText"
import { makeMockWalletConnect } from "../../src/testing/index"
import { dev0, fakeStandardBitcoinWallet, regtestNetwork } from "../kit/bitcoinWallets"
import { openOnConnect, walletsOnly } from "../kit/modal"
import { TestPlatform } from "../kit/platform"
import { click, rendered } from "../kit/react"
import { registerWallet } from "../kit/standardWallets"
import { untilNotified } from "../kit/waits"

describe("the Account view of a Bitcoin wallet", () => {
  it("shows the payment and ordinals addresses with their types in words, each copyable", async () => {
    const fake = fakeStandardBitcoinWallet()
    const { modal, shadow, button } = await openOnConnect(
      { ...walletsOnly, networks: [regtestNetwork] },
      Layer.mergeAll(TestPlatform, makeMockWalletConnect().layer),
      () => registerWallet(fake.wallet)
    )
    await click(await rendered(() => button("Fake Bitcoin Wallet"), "the Bitcoin wallet's row"))
    await untilNotified(modal.subscribeState, () => modal.getState().view === "Account")
    const rows = await rendered(() => {
      const found = [...shadow.querySelectorAll(".bitcoin-account")]
      return found.length === 2 ? found : undefined
    }, "the Bitcoin addresses")
    expect(rows.map((row) => row.textContent)).toEqual([
      `Payment${truncateAddress(dev0.payment.address)}`,
      `Ordinals${truncateAddress(dev0.ordinals.address)}`
    ])
    expect(rows[1]?.querySelector("button")?.getAttribute("aria-label")).toBe("Copy the Ordinals address")
    expect(modal.getAccount("bip122").allAccounts).toEqual([
      { namespace: "bip122", address: dev0.payment.address, type: "payment" },
      { namespace: "bip122", address: dev0.ordinals.address, type: "ordinal" }
    ])
  })
})
