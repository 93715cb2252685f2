import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { AccountType } from "../../schemas/Kinds"
import { SolanaAddress } from "../../schemas/Primitives"
import type { AuthConnectorShape } from "../../services/AuthConnector"
import type { NamespaceConnection } from "../../services/Connection"
import type { WalletConnector } from "../../services/Connectors"
import type { Connections } from "../connection/connectionStore"
import { walletRead } from "../connection/walletIo"

const isSolanaAddress = Schema.is(SolanaAddress)

/**
 * The embedded wallet's Solana account beside its EVM one (SPEC.md §9: the auth connector serves eip155
 * and solana), for `Connection` to show with the EVM connection, as `accountType` (the host's
 * `defaultAccountTypes.solana`, which the frame was asked for): stored, and nothing when the host has no
 * Solana network or the frame does not answer.
 */
export const makeAuthSolana = (
  auth: Pick<AuthConnectorShape, "solanaConnector">,
  accountType: AccountType,
  persistStatus: (ns: "solana", connection: NamespaceConnection) => Effect.Effect<void>
): Effect.Effect<Connections> =>
  Effect.gen(function* () {
    const solana = yield* Effect.orElseSucceed(auth.solanaConnector, () => Option.none<WalletConnector>())
    if (Option.isNone(solana)) return {}
    const accounts = yield* Effect.orElseSucceed(
      walletRead(solana.value.provider, "solana_requestAccounts"),
      () => []
    )
    const address = Array.isArray(accounts) ? accounts.find(isSolanaAddress) : undefined
    if (address === undefined) return {}
    const connection: NamespaceConnection = {
      status: "connected",
      connector: solana.value,
      address,
      allAccounts: [address],
      accountType
    }
    yield* persistStatus("solana", connection)
    return { solana: connection }
  })
