import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { EmbeddedWalletUser } from "../../src/schemas/EmbeddedWallet"
import {
  accepts,
  alwaysDecodes,
  evmAddressArb,
  hostile,
  mutated,
  neverThrows,
  nullable,
  rejects,
  solanaAddressArb
} from "./helpers"

const evmUser = {
  email: "ada@example.com",
  address: "0x52908400098527886e0f7030069857d2e4169ee7",
  chainId: "eip155:1",
  accounts: [
    { address: "0x52908400098527886e0f7030069857d2e4169ee7", type: "eoa" },
    { address: "0x8617e340b3d01fa5f11f306f4090fd50e238070d", type: "smartAccount" }
  ],
  userName: null,
  smartAccountDeployed: true,
  preferredAccountType: "smartAccount"
}

const userArb = fc.record(
  {
    email: nullable(fc.emailAddress()),
    address: fc.oneof(evmAddressArb, solanaAddressArb),
    chainId: fc.oneof(fc.nat(), fc.string()),
    accounts: fc.array(
      fc.record({
        address: fc.oneof(evmAddressArb, solanaAddressArb),
        type: fc.constantFrom("eoa", "smartAccount")
      }),
      { maxLength: 3 }
    ),
    userName: nullable(fc.string()),
    smartAccountDeployed: fc.boolean(),
    preferredAccountType: fc.constantFrom("eoa", "smartAccount")
  },
  { requiredKeys: ["address", "chainId"] }
)

describe("EmbeddedWalletUser", () => {
  it("accepts an EVM user; null fields become absent", () => {
    const user = accepts(EmbeddedWalletUser, evmUser)
    assert.isFalse("userName" in user)
    assert.strictEqual(user.accounts?.length, 2)
  })

  it("accepts a minimal Solana user with a numeric or string chain id", () => {
    accepts(EmbeddedWalletUser, { address: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", chainId: 1 })
    const user = accepts(EmbeddedWalletUser, {
      address: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      email: null
    })
    assert.isFalse("email" in user)
  })

  it("rejects bad addresses, chain ids and account types readably", () => {
    rejects(
      EmbeddedWalletUser,
      { ...evmUser, address: "0x1" },
      "address: Expected an EVM address (0x + 40 hex) or a Solana address"
    )
    rejects(
      EmbeddedWalletUser,
      { ...evmUser, chainId: true },
      "chainId: Expected a chain id: a string or a number"
    )
    rejects(EmbeddedWalletUser, { ...evmUser, chainId: Number.NaN }, "chainId")
    rejects(
      EmbeddedWalletUser,
      { ...evmUser, accounts: [{ address: evmUser.address, type: "payment" }] },
      "accounts[0].type: Expected an account type: eoa or smartAccount"
    )
    rejects(EmbeddedWalletUser, { ...evmUser, smartAccountDeployed: "yes" }, "smartAccountDeployed")
    rejects(EmbeddedWalletUser, { chainId: 1 }, "address: is missing")
  })

  it("property: generated users decode", () => alwaysDecodes(EmbeddedWalletUser, userArb))

  it("property: random and near-miss frame payloads never throw", () => {
    neverThrows(EmbeddedWalletUser, hostile)
    neverThrows(EmbeddedWalletUser, mutated(userArb))
  })
})
