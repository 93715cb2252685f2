/**
 * A Bitcoin browser wallet's part of a connection: the host's Bitcoin network it connects on and its
 * payment and ordinals accounts, each address checked with that network's rules. Loaded by `Connection`
 * the first time it asks a Bitcoin wallet, which exists only once Bitcoin's discovery has run.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { BitcoinWalletError } from "../../bitcoinWalletErrors"
import type { WalletError } from "../../errors"
import type { Eip1193Provider, WalletConnector } from "../../services/Connectors"
import type { NetworksShape } from "../../services/Networks"
import { isBitcoinAddressOn } from "../bitcoin/bitcoinAddress"
import { chooseBitcoinAccounts, decodeBitcoinAccounts } from "./bitcoinAccounts"
import type { BitcoinAccountType } from "./bitcoinAnswer"
import { noAccount } from "./connectAttempts"
import { solanaNetworkFor } from "./solanaWallets"
import { WALLET_READ_TIMEOUT, walletRequest } from "./walletIo"

export interface BitcoinAskDeps {
  readonly networks: NetworksShape
  readonly requestAccounts: (
    provider: Eip1193Provider,
    method: "getAccountAddresses",
    params: unknown,
    chainId: string
  ) => Effect.Effect<unknown, WalletError>
  readonly preferred: BitcoinAccountType
}

/** The typed error a provider threw for its wallet's answer, else the wallet's own error. */
const unwrap = (error: WalletError) => (error.cause instanceof BitcoinWalletError ? error.cause : error)

const INTENTIONS = { intentions: ["payment", "ordinal"] }

/**
 * Asks a Bitcoin wallet for its accounts on the network it connects on (the one shown when it serves it,
 * else the host's first it serves); `quiet`: only what it grants without a prompt (a restore). Fails when it
 * serves none of the host's networks, names no account, or names an address of another network.
 */
export const makeBitcoinAsk =
  ({ networks, requestAccounts, preferred }: BitcoinAskDeps) =>
  (connector: WalletConnector, quiet: boolean) =>
    Effect.gen(function* () {
      const { active } = yield* SubscriptionRef.get(networks.state)
      const shown = active.bip122?._tag === "Known" ? active.bip122.network.caipNetworkId : undefined
      const configured = networks.networks
        .filter((n) => n.chainNamespace === "bip122")
        .map((n) => n.caipNetworkId)
      const network = solanaNetworkFor(connector.chains ?? [], configured, shown)
      if (network === undefined)
        return yield* Effect.fail(
          new BitcoinWalletError({ reason: "no-network", method: "getAccountAddresses" })
        )
      const answer = yield* (
        quiet
          ? walletRequest(
              connector.provider,
              "getAccountAddresses",
              { ...INTENTIONS, silent: true },
              network
            ).pipe(
              Effect.timeoutOrElse({
                duration: WALLET_READ_TIMEOUT,
                orElse: () =>
                  Effect.fail(new BitcoinWalletError({ reason: "no-answer", method: "getAccountAddresses" }))
              })
            )
          : requestAccounts(connector.provider, "getAccountAddresses", INTENTIONS, network)
      ).pipe(Effect.mapError((e) => (e._tag === "BitcoinWalletError" ? e : unwrap(e))))
      const listed = decodeBitcoinAccounts(answer)
      // The providers check addresses already; a connection is not made on their word alone.
      if (listed.some((a) => !isBitcoinAddressOn(a.address, network)))
        return yield* Effect.fail(
          new BitcoinWalletError({ reason: "bad-address", method: "getAccountAddresses" })
        )
      const { accounts, accountTypes } = chooseBitcoinAccounts(listed, preferred)
      if (accounts.length === 0) return yield* Effect.fail(noAccount())
      return { accounts, chain: { network, accountTypes } }
    })

export { followedBitcoinAccounts } from "./bitcoinAccounts"
