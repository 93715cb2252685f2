/**
 * Every lazily loaded part of src/layers, already loaded: provided to a test (or a host layer), nothing
 * waits for an `import()`, so layer tests await conditions, never a load. `unloadableParts` is the other
 * end: every part fails to load, at once, as a chunk that cannot be fetched does.
 */

import * as Layer from "effect/Layer"
import * as AccountData from "../../src/layers/account/AccountData.lazy"
import { AccountDataLazy } from "../../src/layers/account/AccountDataLive"
import * as BalanceService from "../../src/layers/account/BalanceService.lazy"
import { BalanceServiceLazy } from "../../src/layers/account/BalanceServiceLive"
import * as HistoryService from "../../src/layers/account/HistoryService.lazy"
import { HistoryServiceLazy } from "../../src/layers/account/HistoryServiceLive"
import * as IdentityService from "../../src/layers/account/IdentityService.lazy"
import { IdentityServiceLazy } from "../../src/layers/account/IdentityServiceLive"
import * as bitcoinAddress from "../../src/layers/bitcoin/bitcoinAddress"
import * as bitcoinDiscovery from "../../src/layers/bitcoin/bitcoinDiscovery"
import * as bitcoinWallets from "../../src/layers/connection/bitcoinWallets"
import {
  AuthSolanaLazy,
  SolanaWalletsLazy,
  WalletConnectSyncLazy
} from "../../src/layers/connection/ConnectionLive"
import { RestoreWaitsLazy } from "../../src/layers/connection/connectionRestore"
import * as restoreWaits from "../../src/layers/connection/restoreWaits"
import * as solanaWallets from "../../src/layers/connection/solanaWallets"
import { BitcoinWalletsLazy } from "../../src/layers/connection/walletAsk"
import * as walletConnectSync from "../../src/layers/connection/walletConnectSync"
import * as AuthConnector from "../../src/layers/embedded/AuthConnector.lazy"
import { AuthConnectorLazy } from "../../src/layers/embedded/AuthConnectorLive"
import * as authSolana from "../../src/layers/embedded/authSolana"
import * as EmailLogin from "../../src/layers/embedded/EmailLogin.lazy"
import { EmailLoginLazy } from "../../src/layers/embedded/EmailLoginLive"
import * as EmbeddedWalletBridge from "../../src/layers/embedded/EmbeddedWalletBridge.lazy"
import { EmbeddedWalletBridgeLazy } from "../../src/layers/embedded/EmbeddedWalletBridgeLive"
import * as closeAfterConnect from "../../src/layers/flow/closeAfterConnect"
import { CloseAfterConnectLazy, ViewCommandsLazy } from "../../src/layers/flow/ModalFlowLive"
import * as viewCommands from "../../src/layers/flow/viewCommands"
import * as LocaleLazy from "../../src/layers/locale/Locale.lazy"
import { LocaleCatalogs } from "../../src/layers/locale/LocaleLive"
import * as BlockchainApi from "../../src/layers/provider/BlockchainApi.lazy"
import { FlowAnswersLazy } from "../../src/layers/provider/BlockchainApi.lazy"
import { BlockchainApiLazy } from "../../src/layers/provider/BlockchainApiLive"
import * as flowAnswers from "../../src/layers/provider/flowAnswers"
import * as OriginGuard from "../../src/layers/provider/OriginGuard.lazy"
import { OriginGuardLazy } from "../../src/layers/provider/OriginGuardLive"
import * as ProviderApi from "../../src/layers/provider/ProviderApi.lazy"
import { ProviderApiLazy } from "../../src/layers/provider/ProviderApiLive"
import * as bitcoinRequests from "../../src/layers/requests/bitcoinRequests"
import { BitcoinRequestsLazy } from "../../src/layers/requests/bitcoinRoute"
import * as RpcRouter from "../../src/layers/requests/RpcRouter.lazy"
import { RpcRouterLazy } from "../../src/layers/requests/RpcRouterLive"
import * as TransactionWatcher from "../../src/layers/requests/TransactionWatcher.lazy"
import { TransactionWatcherLazy } from "../../src/layers/requests/TransactionWatcherLive"
import * as FallbackTransport from "../../src/layers/rpc/FallbackTransport.lazy"
import { FallbackTransportLazy } from "../../src/layers/rpc/FallbackTransportLive"
import { type LazyPart, preloaded } from "../../src/layers/runtime/lazy"
import * as SmartSessions from "../../src/layers/sessions/SmartSessions.lazy"
import { SmartSessionsLazy } from "../../src/layers/sessions/SmartSessionsLive"
import * as SignIn from "../../src/layers/signin/SignIn.lazy"
import { SolanaSignInLazy } from "../../src/layers/signin/SignIn.lazy"
import { SignInLazy } from "../../src/layers/signin/SignInLive"
import * as Siwx from "../../src/layers/signin/Siwx.lazy"
import { SiwxLazy } from "../../src/layers/signin/SiwxLive"
import * as solanaSignIn from "../../src/layers/signin/solanaSignIn"
import * as universalProvider from "../../src/layers/walletconnect/universalProvider"
import * as WalletConnect from "../../src/layers/walletconnect/WalletConnect.lazy"
import { BitcoinAddressLazy } from "../../src/layers/walletconnect/WalletConnect.lazy"
import { UniversalProviderLazy } from "../../src/layers/walletconnect/WalletConnectClientLive"
import { WalletConnectLazy } from "../../src/layers/walletconnect/WalletConnectLive"
import { BitcoinDiscoveryLazy, WalletStandardLazy } from "../../src/layers/wallets/ConnectorsLive"
import * as catalogListings from "../../src/layers/wallets/catalogListings"
import * as solanaCodecs from "../../src/layers/wallets/solanaCodecs"
import { CatalogListingsLazy } from "../../src/layers/wallets/WalletCatalogLive"
import * as walletStandard from "../../src/layers/wallets/walletStandard"
import { SolanaCodecsLazy } from "../../src/layers/wallets/walletStandard"

/** A part and its module, as the context holds them once loaded, or as a load that fails. */
interface Part {
  readonly preloaded: Layer.Layer<never>
  readonly unloadable: Layer.Layer<never>
}

const part = <M>(lazy: LazyPart<M>, module: M): Part => ({
  preloaded: preloaded(lazy, module),
  unloadable: Layer.succeed(lazy, {
    _tag: "Import",
    load: () => {
      throw new Error("Failed to fetch dynamically imported module")
    }
  })
})

// The flows' parts (src/layers/flows/*) join this list once they are parts.
const PARTS: ReadonlyArray<Part> = [
  part(AccountDataLazy, AccountData),
  part(BalanceServiceLazy, BalanceService),
  part(HistoryServiceLazy, HistoryService),
  part(IdentityServiceLazy, IdentityService),
  part(WalletConnectSyncLazy, walletConnectSync),
  part(AuthSolanaLazy, authSolana),
  part(RestoreWaitsLazy, restoreWaits),
  part(SolanaWalletsLazy, solanaWallets),
  part(BitcoinWalletsLazy, bitcoinWallets),
  part(AuthConnectorLazy, AuthConnector),
  part(EmailLoginLazy, EmailLogin),
  part(EmbeddedWalletBridgeLazy, EmbeddedWalletBridge),
  part(ViewCommandsLazy, viewCommands),
  part(CloseAfterConnectLazy, closeAfterConnect),
  part(BlockchainApiLazy, BlockchainApi),
  part(FlowAnswersLazy, flowAnswers),
  part(OriginGuardLazy, OriginGuard),
  part(ProviderApiLazy, ProviderApi),
  part(RpcRouterLazy, RpcRouter),
  part(TransactionWatcherLazy, TransactionWatcher),
  part(BitcoinRequestsLazy, bitcoinRequests),
  part(FallbackTransportLazy, FallbackTransport),
  part(SignInLazy, SignIn),
  part(SolanaSignInLazy, solanaSignIn),
  part(SiwxLazy, Siwx),
  part(UniversalProviderLazy, universalProvider),
  part(WalletConnectLazy, WalletConnect),
  part(BitcoinAddressLazy, bitcoinAddress),
  part(WalletStandardLazy, walletStandard),
  part(BitcoinDiscoveryLazy, bitcoinDiscovery),
  part(SolanaCodecsLazy, solanaCodecs),
  part(CatalogListingsLazy, catalogListings),
  part(LocaleCatalogs, LocaleLazy),
  part(SmartSessionsLazy, SmartSessions)
]

/** Every part of src/layers, loaded. */
export const preloadedParts: Layer.Layer<never> = PARTS.reduce<Layer.Layer<never>>(
  (all, p) => Layer.merge(all, p.preloaded),
  Layer.empty
)

/** Every part of src/layers failing to load, at once (no `import()` to wait for). */
export const unloadableParts: Layer.Layer<never> = PARTS.reduce<Layer.Layer<never>>(
  (all, p) => Layer.merge(all, p.unloadable),
  Layer.empty
)
