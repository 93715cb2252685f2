import { assert, describe, it } from "@effect/vitest"
import { type AccountActionsInput, accountActions } from "../../src/layers/account/accountActions"
import type { AccountAction } from "../../src/Modal"

const input = (overrides: Partial<AccountActionsInput> = {}): AccountActionsInput => ({
  features: { send: true, swaps: true, onramp: true, receive: true },
  connected: "eip155",
  timeZone: "Europe/Paris",
  named: true,
  embedded: false,
  embeddedEmail: false,
  networkSwitch: true,
  smartAccountHere: true,
  ...overrides
})

/** `actions` between Copy address and the network switch, Disconnect last. */
const besideNetworkSwitch = (...actions: ReadonlyArray<AccountAction>): ReadonlyArray<AccountAction> => [
  "copyAddress",
  ...actions,
  "switchNetwork",
  "disconnect"
]

describe("accountActions (what the Account view offers, in order)", () => {
  it("an EVM account with every feature on: its flows between Copy address and the network switch", () => {
    assert.deepStrictEqual(accountActions(input()), besideNetworkSwitch("send", "swap", "buy", "receive"))
  })

  it("offers nothing while the active namespace is not connected", () => {
    assert.deepStrictEqual(accountActions(input({ connected: undefined })), [])
  })

  it("leaves out each flow its feature flag turns off", () => {
    const features = { send: false, swaps: false, onramp: false, receive: false }
    assert.deepStrictEqual(accountActions(input({ features })), besideNetworkSwitch())
    assert.deepStrictEqual(
      accountActions(input({ features: { ...features, receive: true } })),
      besideNetworkSwitch("receive")
    )
  })

  it("Solana sends and buys but does not swap; Bitcoin sends and receives; other namespaces only receive", () => {
    assert.deepStrictEqual(
      accountActions(input({ connected: "solana" })),
      besideNetworkSwitch("send", "buy", "receive")
    )
    assert.deepStrictEqual(
      accountActions(input({ connected: "bip122" })),
      besideNetworkSwitch("send", "receive")
    )
    for (const connected of ["polkadot", "cosmos"] as const) {
      assert.deepStrictEqual(accountActions(input({ connected })), besideNetworkSwitch("receive"))
    }
  })

  it("does not offer Buy in China's time zones (SPEC.md §9), whatever their case; an unknown zone buys", () => {
    for (const timeZone of ["Asia/Shanghai", "asia/urumqi", "PRC"]) {
      assert.notInclude(accountActions(input({ timeZone })), "buy")
    }
    assert.include(accountActions(input({ timeZone: undefined })), "buy")
    assert.notInclude(accountActions(input({ timeZone: "Asia/Shanghai", connected: "solana" })), "buy")
  })

  it("offers Choose a name only to an EVM account known to have none, after Receive", () => {
    assert.deepStrictEqual(
      accountActions(input({ named: false })),
      besideNetworkSwitch("send", "swap", "buy", "receive", "chooseName")
    )
    // Not while the name is being looked up, nor on another namespace.
    assert.notInclude(accountActions(input({ named: undefined })), "chooseName")
    assert.notInclude(accountActions(input({ named: false, connected: "solana" })), "chooseName")
  })

  it("the embedded wallet adds its account-type switch and Update email after the network switch", () => {
    assert.deepStrictEqual(
      accountActions(
        input({
          embedded: true,
          embeddedEmail: true,
          features: {
            send: false,
            swaps: false,
            onramp: false,
            receive: false
          }
        })
      ),
      ["copyAddress", "switchNetwork", "switchAccountType", "updateEmail", "disconnect"]
    )
  })

  it("offers the account-type switch only on a network the frame offers the smart account on", () => {
    assert.notInclude(accountActions(input({ embedded: true, smartAccountHere: false })), "switchAccountType")
    assert.include(
      accountActions(input({ embedded: true, embeddedEmail: true, smartAccountHere: false })),
      "updateEmail"
    )
    assert.notInclude(accountActions(input({ embedded: false, smartAccountHere: true })), "switchAccountType")
  })

  it("offers Update email only to a login that has an email (a GitHub login may have none)", () => {
    assert.notInclude(accountActions(input({ embedded: true, embeddedEmail: false })), "updateEmail")
    assert.notInclude(accountActions(input({ embedded: false, embeddedEmail: true })), "updateEmail")
  })

  it("offers no network switch with enableNetworkSwitch off", () => {
    assert.deepStrictEqual(accountActions(input({ networkSwitch: false })), [
      "copyAddress",
      "send",
      "swap",
      "buy",
      "receive",
      "disconnect"
    ])
  })
})
