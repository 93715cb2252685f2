import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as Option from "effect/Option"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { BitcoinWalletError } from "../bitcoinWalletErrors"
import type {
  ConnectorNotFoundError,
  RequestAbortedError,
  ServiceUnavailableError,
  WalletConnectConnectorNotFoundError,
  WalletError
} from "../errors"
import type { LegalConsentRequiredError } from "../legalErrors"
import type { AccountType } from "../schemas/Kinds"
import type { ChainNamespace } from "../schemas/Primitives"
import type { ConnectionStatus } from "../schemas/StorageKeys"
import type { RecentWallet } from "../schemas/Wallet"
import type { WalletConnector } from "./Connectors"
import type { PairingSignIn } from "./WalletConnect"

/** The WalletConnect connector's id, and the key storage remembers it by. */
export const WALLET_CONNECT_ID = "walletConnect"

/** One namespace's connection. `connected` always comes with an address (THREATS.md T16). */
export type NamespaceConnection =
  | { readonly status: Exclude<ConnectionStatus, "connected"> }
  | {
      readonly status: "connected"
      readonly connector: WalletConnector
      readonly address: string
      readonly allAccounts: ReadonlyArray<string>
      readonly accountType: AccountType
      /** Each of `allAccounts`' type, where they differ (a Bitcoin wallet's payment and ordinals addresses). */
      readonly accountTypes?: ReadonlyArray<AccountType> | undefined
    }

/** The connect attempt the Connecting views follow. */
export type ConnectAttempt =
  | { readonly _tag: "Waiting"; readonly connectorId: string }
  | { readonly _tag: "Failed"; readonly connectorId: string; readonly error: ConnectError }

export interface ConnectionState {
  readonly namespaces: Readonly<Partial<Record<ChainNamespace, NamespaceConnection>>>
  readonly attempt: ConnectAttempt | undefined
}

/**
 * Why a connect did not happen; `LegalConsentRequiredError`: the flow refused it before asking the wallet;
 * `BitcoinWalletError`: a Bitcoin wallet answered what it must not (another network's address).
 */
export type ConnectError =
  | WalletError
  | ConnectorNotFoundError
  | RequestAbortedError
  | WalletConnectConnectorNotFoundError
  | ServiceUnavailableError
  | LegalConsentRequiredError
  | BitcoinWalletError

export interface ConnectionShape {
  readonly state: SubscriptionRef.SubscriptionRef<ConnectionState>
  /** Recent wallets, newest first, at most 2 (SPEC.md §4). */
  readonly recentWallets: SubscriptionRef.SubscriptionRef<ReadonlyArray<RecentWallet>>
  /**
   * Asks the wallet for its accounts. Concurrent calls for one connector share one wallet prompt;
   * `cancel` settles the attempt as a user rejection. `signIn`: a WalletConnect wallet that can signs in
   * with the same approval.
   */
  readonly connect: (
    connectorId: string,
    options?: { readonly signIn?: PairingSignIn | undefined }
  ) => Effect.Effect<void, ConnectError>
  /** Abandons any attempt in progress; a late wallet answer then changes nothing. */
  readonly cancel: Effect.Effect<void>
  readonly disconnect: (namespace?: ChainNamespace) => Effect.Effect<void>
  /** The connected wallet of a namespace. */
  readonly connected: (
    namespace: ChainNamespace
  ) => Effect.Effect<Option.Option<Extract<NamespaceConnection, { status: "connected" }>>>
}

/**
 * Wallet connections per namespace: connect, restore on start, follow the wallet's events, disconnect.
 *
 * @since 0.1.0
 * @category tags
 */
export class Connection extends Context.Service<Connection, ConnectionShape>()("@airlock/Connection") {}
