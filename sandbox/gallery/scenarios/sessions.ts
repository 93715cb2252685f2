/**
 * Smart sessions (`features.smartSessions`): the Account view's sessions (two, one revoking, none), and a
 * grant in ApproveTransaction, worded above its details.
 */
import type { ActiveSession, SessionsState } from "../../../src/services/SmartSessions"
import { ACCOUNT, RECEIVER } from "../fixtures"
import { connectedAs, family } from "../scenario"
import { approval, approveIn } from "./approve"

const KEY = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
/** 2026-11-29 06:00 UTC: a fixed date, so the screenshots do not change with the day. */
const EXPIRY = 1_795_932_000

const sessions: ReadonlyArray<ActiveSession> = [
  {
    pci: "31337-one",
    context: KEY.toLowerCase(),
    app: "Airlock Gallery",
    expiry: EXPIRY,
    permissions: [{ _tag: "NativeTransfer", to: RECEIVER, valueLimit: 10n ** 16n }]
  },
  {
    pci: "31337-two",
    context: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
    app: "An Extraordinarily Long Named Decentralised Marketplace Protocol",
    expiry: EXPIRY + 86_400 * 6,
    permissions: [
      { _tag: "NativeTransfer", to: ACCOUNT, valueLimit: 1_250_000_000_000_000_000n },
      { _tag: "Other", type: "erc20-recurring-allowance" }
    ]
  }
]

const withSessions = (state: SessionsState) => ({
  view: "Account" as const,
  connection: connectedAs(),
  sessions: state
})

const on = { features: { smartSessions: true } }

export const sessionsAccountScenarios = family("Account", {
  sessions: {
    title: "Smart sessions: two standing, one with a long name and two permissions",
    options: on,
    world: withSessions({ _tag: "Loaded", account: ACCOUNT, sessions, revoking: undefined })
  },
  sessionsRevoking: {
    title: "Smart sessions: one being revoked, the other's Revoke waits",
    options: on,
    world: withSessions({ _tag: "Loaded", account: ACCOUNT, sessions, revoking: "31337-one" })
  },
  sessionsNone: {
    title: "Smart sessions: none standing",
    options: on,
    world: withSessions({ _tag: "Loaded", account: ACCOUNT, sessions: [], revoking: undefined })
  }
})

export const grantScenarios = family("ApproveTransaction", {
  grantPermissions: {
    title: "wallet_grantPermissions: 0.01 ETH per transfer to one address, for a week, in words",
    world: approveIn(
      approval("wallet_grantPermissions", [
        {
          chainId: "0x7a69",
          address: ACCOUNT,
          expiry: EXPIRY + 86_400 * 7,
          signer: { type: "account", data: { id: KEY } },
          permissions: [
            { type: "native-token-transfer", data: { to: RECEIVER, valueLimit: "0x2386f26fc10000" } }
          ],
          policies: []
        }
      ])
    )
  }
})
