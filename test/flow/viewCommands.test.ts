/**
 * Every view is a command (`viewCommands.ts`): what opening each view by name does, connected and not,
 * with the flags on and off; the flows follow the Account view's rules (`accountActions`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { accountActions } from "../../src/layers/account/accountActions"
import { type ViewCommand, type ViewSituation, viewCommand } from "../../src/layers/flow/viewCommands"
import { RESTRICTED_TIME_ZONES } from "../../src/layers/flows/onramp/buyRegions"
import { present } from "../../src/presentation"
import { ChainNamespaces } from "../../src/schemas/Primitives"
import { View } from "../../src/schemas/View"
import type { SocialLoginState } from "../../src/services/AuthConnector"
import { WALLET_CONNECT_ID } from "../../src/services/Connection"
import type { EmailLoginState } from "../../src/services/EmailLogin"
import type { FlowView } from "../../src/services/ModalFlow"
import type { NamesState } from "../../src/services/Names"
import type { SignInState } from "../../src/services/SignIn"

const ALL_ON = { send: true, swaps: true, onramp: true, receive: true }
const ALL_OFF = { send: false, swaps: false, onramp: false, receive: false }

/** An EVM account connected on a configured network, every flag on, nothing under way. */
const connected: ViewSituation = {
  features: ALL_ON,
  allWallets: true,
  walletConnect: true,
  namespace: "eip155",
  account: "connected",
  embedded: false,
  embeddedEmail: false,
  network: { id: "eip155:31337", known: true },
  timeZone: "Europe/Paris",
  named: false,
  signIn: "Idle",
  emailLogin: "Idle",
  social: { _tag: "Idle" },
  names: "Idle",
  paying: false
}
const disconnected: ViewSituation = {
  ...connected,
  account: "none",
  network: { id: undefined, known: false }
}
const flagsOff = (s: ViewSituation): ViewSituation => ({
  ...s,
  features: ALL_OFF,
  allWallets: false,
  walletConnect: false
})

/** What opening `view` does, in words: `show`, `start <flow>`, `connect <id>`, or the refusal's words. */
const outcome = (view: View, s: ViewSituation, data?: Record<string, string>): string => {
  const command: ViewCommand = viewCommand(view, data, s)
  switch (command._tag) {
    case "Show":
      return "show"
    case "StartFlow":
      return `start ${command.flow}`
    case "Connect":
      return `connect ${command.connectorId}`
    case "Refused":
      return present(command.error).message
  }
}

const NOT_CONNECTED = "Connector not connected."

describe("viewCommand", () => {
  it("connected, every flag on: each view shows, starts its flow or its connect, or says why not", () => {
    const seen = Object.fromEntries(View.literals.map((view) => [view, outcome(view, connected)]))
    assert.deepStrictEqual(seen, {
      Connect: "show",
      Account: "show",
      AllWallets: "show",
      ConnectingExternal: "Choose a wallet first",
      ConnectingWalletConnect: `connect ${WALLET_CONNECT_ID}`,
      ConnectingWalletConnectBasic: `connect ${WALLET_CONNECT_ID}`,
      ConnectingSiwe: "No sign-in is waiting",
      ConnectingFarcaster: "No login is waiting",
      UnsupportedChain: "Your network is supported",
      Networks: "show",
      SIWXSignMessage: "No sign-in is waiting",
      ApproveTransaction: "show",
      Swap: "start Swap",
      OnRampProviders: "start OnRampProviders",
      RegisterAccountName: "start RegisterAccountName",
      RegisterAccountNameSuccess: "No name was registered",
      WalletReceive: "show",
      WalletSend: "start WalletSend",
      EmailVerifyDevice: "No login is waiting",
      EmailVerifyOtp: "No login is waiting",
      ConnectingSocial: "No login is waiting",
      UpdateEmail: "Only an email or social login has an email to update",
      WhatIsAWallet: "show",
      Pay: "No payment is waiting",
      BatchStatus: "show"
    })
  })

  it("not connected: the account's views say so; the flags off say that first", () => {
    const accountViews: ReadonlyArray<View> = [
      "Account",
      "WalletSend",
      "Swap",
      "OnRampProviders",
      "RegisterAccountName",
      "WalletReceive",
      "UpdateEmail"
    ]
    for (const view of accountViews) assert.strictEqual(outcome(view, disconnected), NOT_CONNECTED, view)
    assert.deepStrictEqual(
      accountViews.map((view) => outcome(view, flagsOff(disconnected))),
      [
        NOT_CONNECTED,
        "Send is not enabled",
        "Swap is not enabled",
        "Buy is not enabled",
        NOT_CONNECTED,
        "Receive is not enabled",
        NOT_CONNECTED
      ]
    )
    // What needs no account still shows, and UnsupportedChain needs a wallet on an unknown network.
    assert.strictEqual(outcome("Connect", disconnected), "show")
    assert.strictEqual(outcome("Networks", disconnected), "show")
    assert.strictEqual(outcome("AllWallets", disconnected), "show")
    assert.strictEqual(outcome("UnsupportedChain", disconnected), "Your network is supported")
  })

  it("the flags off: their views are refused with the option's words, connected or not", () => {
    for (const s of [connected, disconnected]) {
      const off = flagsOff(s)
      assert.strictEqual(outcome("WalletSend", off), "Send is not enabled")
      assert.strictEqual(outcome("Swap", off), "Swap is not enabled")
      assert.strictEqual(outcome("OnRampProviders", off), "Buy is not enabled")
      assert.strictEqual(outcome("WalletReceive", off), "Receive is not enabled")
      assert.strictEqual(outcome("AllWallets", off), "All Wallets is not enabled")
      assert.strictEqual(outcome("ConnectingWalletConnect", off), "WalletConnectConnector not found")
      assert.strictEqual(outcome("ConnectingWalletConnectBasic", off), "WalletConnectConnector not found")
      // Names have no flag of their own: on an EVM account they start.
      assert.strictEqual(
        outcome("RegisterAccountName", off),
        s.account === "connected" ? "start RegisterAccountName" : NOT_CONNECTED
      )
    }
  })

  it("an account being restored: Account shows its wait; the flows wait for it", () => {
    const restoring: ViewSituation = { ...connected, account: "restoring" }
    assert.strictEqual(outcome("Account", restoring), "show")
    for (const view of [
      "WalletSend",
      "Swap",
      "OnRampProviders",
      "RegisterAccountName",
      "WalletReceive"
    ] as const)
      assert.strictEqual(outcome(view, restoring), "unavailable while reconnecting", view)
  })

  it("by namespace and network: Swap and names are EVM only, no flow on a network the host did not configure", () => {
    const solana: ViewSituation = {
      ...connected,
      namespace: "solana",
      network: { id: "solana:localnet", known: true }
    }
    assert.strictEqual(outcome("WalletSend", solana), "start WalletSend")
    assert.strictEqual(outcome("OnRampProviders", solana), "start OnRampProviders")
    assert.strictEqual(outcome("Swap", solana), "Network not supported for Swaps")
    const swap = viewCommand("Swap", undefined, solana)
    assert.strictEqual(
      swap._tag === "Refused" && "chainId" in swap.error ? swap.error.chainId : "",
      "solana:localnet"
    )
    assert.strictEqual(outcome("RegisterAccountName", solana), "Network not supported for Names")

    const unknown: ViewSituation = { ...connected, network: { id: "eip155:999", known: false } }
    assert.strictEqual(outcome("WalletSend", unknown), "Network not supported for Send")
    assert.strictEqual(outcome("Swap", unknown), "Network not supported for Swaps")
    assert.strictEqual(outcome("OnRampProviders", unknown), "Network not supported for Buy")
    assert.strictEqual(outcome("RegisterAccountName", unknown), "Network not supported for Names")
    assert.strictEqual(outcome("UnsupportedChain", unknown), "show")
    assert.strictEqual(outcome("Account", unknown), "show")
  })

  it("Buy is refused in a restricted time zone, whatever the case; names once the account has one", () => {
    for (const zone of RESTRICTED_TIME_ZONES) {
      assert.strictEqual(
        outcome("OnRampProviders", { ...connected, timeZone: zone.toUpperCase() }),
        "Buy is not available in your region"
      )
      assert.strictEqual(outcome("WalletSend", { ...connected, timeZone: zone }), "start WalletSend")
    }
    assert.strictEqual(
      outcome("OnRampProviders", { ...connected, timeZone: undefined }),
      "start OnRampProviders"
    )
    assert.strictEqual(
      outcome("RegisterAccountName", { ...connected, named: true }),
      "This account already has a name"
    )
    // While the name is being looked up, the form is offered: it checks the name itself.
    assert.strictEqual(
      outcome("RegisterAccountName", { ...connected, named: undefined }),
      "start RegisterAccountName"
    )
  })

  it("a step of something under way shows only while it is", () => {
    const signIn = (tag: SignInState["_tag"]) => ({ ...connected, signIn: tag })
    assert.deepStrictEqual(
      (["Idle", "Checking", "Prompt", "Signing", "SignedIn"] as const).map((tag) => [
        outcome("SIWXSignMessage", signIn(tag)),
        outcome("ConnectingSiwe", signIn(tag))
      ]),
      [
        ["No sign-in is waiting", "No sign-in is waiting"],
        ["show", "No sign-in is waiting"],
        ["show", "No sign-in is waiting"],
        ["show", "show"],
        ["No sign-in is waiting", "No sign-in is waiting"]
      ]
    )
    const email = (tag: EmailLoginState["_tag"]) => ({ ...disconnected, emailLogin: tag })
    assert.deepStrictEqual(
      (["Idle", "Sending", "ApproveDevice", "EnterCode", "Verifying", "LoggedIn", "Failed"] as const).map(
        (tag) => [outcome("EmailVerifyDevice", email(tag)), outcome("EmailVerifyOtp", email(tag))]
      ),
      [
        ["No login is waiting", "No login is waiting"],
        ["No login is waiting", "No login is waiting"],
        ["show", "No login is waiting"],
        ["No login is waiting", "show"],
        ["No login is waiting", "show"],
        ["No login is waiting", "No login is waiting"],
        ["No login is waiting", "No login is waiting"]
      ]
    )
    const social = (state: SocialLoginState) => ({ ...disconnected, social: state })
    const socials: ReadonlyArray<SocialLoginState> = [
      { _tag: "Idle" },
      { _tag: "Popup", provider: "google" },
      { _tag: "Farcaster", url: undefined },
      { _tag: "Connecting", provider: "github" },
      { _tag: "Connecting", provider: "farcaster" }
    ]
    assert.deepStrictEqual(
      socials.map((state) => [
        outcome("ConnectingSocial", social(state)),
        outcome("ConnectingFarcaster", social(state))
      ]),
      [
        ["No login is waiting", "No login is waiting"],
        ["show", "No login is waiting"],
        ["No login is waiting", "show"],
        ["show", "No login is waiting"],
        ["No login is waiting", "show"]
      ]
    )
    const names = (tag: NamesState["_tag"]) => ({ ...connected, names: tag })
    assert.strictEqual(outcome("RegisterAccountNameSuccess", names("Registered")), "show")
    assert.strictEqual(outcome("RegisterAccountNameSuccess", names("Editing")), "No name was registered")
    // Pay shows only the payment a host asked for, connected or not (the view offers to connect).
    assert.strictEqual(outcome("Pay", { ...disconnected, paying: true }), "show")
    assert.strictEqual(outcome("Pay", { ...connected, paying: true }), "show")
  })

  it("ConnectingExternal connects the wallet it is opened with; WalletConnect pairs", () => {
    assert.strictEqual(
      outcome("ConnectingExternal", disconnected, { connectorId: "eip6963:a" }),
      "connect eip6963:a"
    )
    assert.strictEqual(outcome("ConnectingExternal", disconnected), "Choose a wallet first")
    assert.strictEqual(
      outcome("ConnectingWalletConnect", disconnected, { walletId: "w" }),
      `connect ${WALLET_CONNECT_ID}`
    )
  })

  it("an embedded login may update its email only when it has one (a GitHub login may have none)", () => {
    assert.strictEqual(outcome("UpdateEmail", { ...connected, embedded: true, embeddedEmail: true }), "show")
    assert.strictEqual(
      outcome("UpdateEmail", { ...connected, embedded: true, embeddedEmail: false }),
      "This login has no email address to update"
    )
  })
})

const situations: fc.Arbitrary<ViewSituation> = fc.record({
  features: fc.record({
    send: fc.boolean(),
    swaps: fc.boolean(),
    onramp: fc.boolean(),
    receive: fc.boolean()
  }),
  allWallets: fc.boolean(),
  walletConnect: fc.boolean(),
  namespace: fc.constantFrom(...ChainNamespaces),
  account: fc.constantFrom("connected", "restoring", "none"),
  embedded: fc.boolean(),
  embeddedEmail: fc.boolean(),
  network: fc.record({
    id: fc.option(fc.constantFrom("eip155:1", "solana:localnet", "eip155:999"), { nil: undefined }),
    known: fc.boolean()
  }),
  timeZone: fc.option(fc.constantFrom("Europe/Paris", "Asia/Shanghai", "PRC", "asia/urumqi"), {
    nil: undefined
  }),
  named: fc.option(fc.boolean(), { nil: undefined }),
  signIn: fc.constantFrom("Idle", "Checking", "Prompt", "Signing", "SignedIn"),
  emailLogin: fc.constantFrom(
    "Idle",
    "Sending",
    "ApproveDevice",
    "EnterCode",
    "Verifying",
    "LoggedIn",
    "Failed"
  ),
  social: fc.constantFrom<SocialLoginState>(
    { _tag: "Idle" },
    { _tag: "Popup", provider: "x" },
    { _tag: "Farcaster", url: "https://farcaster.example/x" },
    { _tag: "Connecting", provider: "farcaster" }
  ),
  names: fc.constantFrom("Idle", "Editing", "Registering", "Registered", "Failed"),
  paying: fc.boolean()
})

/** The Account view's action for each flow's view. */
const ACTION_OF = {
  WalletSend: "send",
  Swap: "swap",
  OnRampProviders: "buy",
  RegisterAccountName: "chooseName"
} as const satisfies Record<FlowView, string>

describe("viewCommand (properties, 1000 runs)", () => {
  it("is total: every view in every situation shows, starts, connects, or is refused in words", () => {
    fc.assert(
      fc.property(situations, fc.constantFrom(...View.literals), fc.boolean(), (s, view, withData) => {
        const command = viewCommand(view, withData ? { connectorId: "eip6963:a" } : undefined, s)
        if (command._tag !== "Refused") return
        const { message, kind } = present(command.error)
        // The refusal has words of its own, never the generic ones, and never an alert that outlives it.
        assert.notStrictEqual(message, "Something went wrong")
        assert.isAbove(message.length, 0)
        assert.strictEqual(kind, "toast")
      }),
      { numRuns: 1000 }
    )
  })

  it("starts a flow exactly where the Account view offers it (a connected account on a configured network)", () => {
    fc.assert(
      fc.property(situations, fc.boolean(), (s, named) => {
        const known: ViewSituation = {
          ...s,
          account: "connected",
          network: { ...s.network, known: true },
          named
        }
        const offered = accountActions({
          features: known.features,
          connected: known.namespace,
          timeZone: known.timeZone,
          named,
          embedded: known.embedded,
          embeddedEmail: known.embeddedEmail,
          networkSwitch: true,
          smartAccountHere: false
        })
        for (const [view, action] of Object.entries(ACTION_OF) as ReadonlyArray<[FlowView, string]>) {
          const started = viewCommand(view, undefined, known)._tag === "StartFlow"
          assert.strictEqual(
            started,
            offered.includes(action as never),
            `${view} in ${JSON.stringify(known)}`
          )
        }
      }),
      { numRuns: 1000 }
    )
  })
})
