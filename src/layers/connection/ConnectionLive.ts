import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { WalletConnectConnectorNotFoundError } from "../../errors"
import { type ChainNamespace, ChainNamespaces } from "../../schemas/Primitives"
import { StorageKeys } from "../../schemas/StorageKeys"
import { AUTH_ID, AuthConnector } from "../../services/AuthConnector"
import {
  Connection,
  type ConnectionState,
  type NamespaceConnection,
  WALLET_CONNECT_ID
} from "../../services/Connection"
import { Connectors, type WalletConnector } from "../../services/Connectors"
import { ModalConfig } from "../../services/ModalConfig"
import { Networks } from "../../services/Networks"
import { Storage } from "../../services/Storage"
import type { WalletConnectSession } from "../../services/WalletConnect"
import { type PairingSignIn, WalletConnect } from "../../services/WalletConnect"
import { eip155NetworkId } from "../networks/NetworksLive"
import { lazyImplementation, lazyPart } from "../runtime/lazy"
import { namespacesOf } from "../walletconnect/sessionAccounts"
import { makeAccountsPrompts } from "./accountsPrompts"
import { bitcoinAnswerOf } from "./bitcoinAnswer"
import { makeConnectAttempts } from "./connectAttempts"
import { makeRestore } from "./connectionRestore"
import {
  type Connections,
  disconnected,
  makeConnectionStore,
  walletConnectConnector,
  withImpersonationFlags
} from "./connectionStore"
import { recentOf, withRecent } from "./recentWallets"
import { BitcoinWalletsLazy, makeWalletAsk, superseded } from "./walletAsk"
import { makeWalletListener } from "./walletEvents"
import { BEST_EFFORT_TIMEOUT, walletRead, walletRequest } from "./walletIo"
import { makeWalletListening } from "./walletListening"

/** Following a WalletConnect session (`walletConnectSync.ts`), loaded with the first session. */
export const WalletConnectSyncLazy = lazyPart(
  "@airlock/walletConnectSync",
  () => import("./walletConnectSync")
)
/** The embedded wallet's Solana side (`authSolana.ts`), loaded with its first login. */
export const AuthSolanaLazy = lazyPart("@airlock/authSolana", () => import("../embedded/authSolana"))
/** A Solana browser wallet's side of a connection (`solanaWallets.ts`), loaded with the first one asked. */
export const SolanaWalletsLazy = lazyPart("@airlock/solanaWallets", () => import("./solanaWallets"))

/** The session-sync code that would not load is asked for again this often before the connect fails. */
const SYNC_LOAD_RETRIES = Schedule.max([Schedule.exponential("500 millis"), Schedule.recurs(3)])

type Connected = Extract<NamespaceConnection, { status: "connected" }>

export const initialConnectionState: ConnectionState = { namespaces: {}, attempt: undefined }

export const makeConnection = Effect.gen(function* () {
  const config = yield* ModalConfig
  const storage = yield* Storage
  const connectors = yield* Connectors
  const networks = yield* Networks
  const walletConnect = yield* WalletConnect
  const auth = yield* AuthConnector
  const scope = yield* Effect.scope
  const layer = yield* Effect.context<never>()

  const state = yield* SubscriptionRef.make(initialConnectionState)
  const recentWallets = yield* SubscriptionRef.make(
    Option.getOrElse(yield* storage.get(StorageKeys.recentWallets), () => [])
  )
  // Every user intent (connect, cancel, disconnect) bumps the epoch; work started under an older
  // epoch finds out before it commits and changes nothing (THREATS.md R6).
  const epoch = yield* Ref.make(0)
  const { startListening, stopListening } = makeWalletListening(scope, layer)

  /** A browser wallet is an EOA, Bitcoin's of the host's type; the embedded one the account its user prefers. */
  const accountTypeOf = (connector: WalletConnector) =>
    connector.type === "AUTH"
      ? auth.accountType
      : Effect.succeed(connector.chain === "bip122" ? config.defaultAccountTypes.bip122 : ("eoa" as const))

  const setNamespace = (ns: ChainNamespace, connection: NamespaceConnection) =>
    SubscriptionRef.update(state, (s) => ({ ...s, namespaces: { ...s.namespaces, [ns]: connection } }))

  /**
   * Shows new connections in one change of the state, the last step of a transition: a fiber waiting on
   * the state runs the moment it changes, before this one goes on, so storage, the active network and
   * every namespace must be final by then (as they were in Effect 3, where it ran once this fiber yielded).
   */
  const show = (connections: Connections, attempt: "keep" | "clear") =>
    SubscriptionRef.update(state, (s) => ({
      namespaces: { ...s.namespaces, ...connections },
      attempt: attempt === "clear" ? undefined : s.attempt
    }))

  const current = (ns: ChainNamespace) =>
    Effect.map(SubscriptionRef.get(state), (s): Option.Option<Connected> => {
      const c = s.namespaces[ns]
      return c?.status === "connected" ? Option.some(c) : Option.none()
    })

  const { persistStatus, persistStatuses, forgetStored, storedWalletConnect, stored } =
    makeConnectionStore(storage)

  /** Makes the wallet's chain the active network (an Unknown Network when it is not configured). */
  const followChain = (chainId: unknown) =>
    Effect.gen(function* () {
      const id = eip155NetworkId(chainId)
      if (Option.isSome(id)) yield* networks.setActive(id.value)
    })

  /** The namespaces connected through the wallet of `key` (a WalletConnect session serves several). */
  const namespacesWith = (key: string) =>
    Effect.map(SubscriptionRef.get(state), (s) =>
      ChainNamespaces.filter((ns) => {
        const c = s.namespaces[ns]
        return c?.status === "connected" && c.connector.key === key
      })
    )

  /** Drops a namespace, and with it every other namespace its wallet serves: one wallet, one connection. */
  const dropConnection = (ns: ChainNamespace) =>
    Effect.gen(function* () {
      const was = yield* current(ns)
      const dropped = Option.isSome(was) ? yield* namespacesWith(was.value.connector.key) : [ns]
      if (Option.isSome(was)) yield* stopListening(was.value.connector.key)
      const gone: Connections = {}
      for (const n of dropped.includes(ns) ? dropped : [...dropped, ns]) gone[n] = disconnected
      yield* persistStatuses(gone)
      // The wallet app a deep link opened belongs to the session that ended.
      if (Option.exists(was, (c) => c.connector.type === "WALLET_CONNECT"))
        yield* storage.remove(StorageKeys.deepLinkChoice)
      yield* show(gone, "keep")
    })

  /**
   * The wallets other than the one of `key` that hold one of `taken`: a new connection replaces them, in
   * every namespace they serve (one wallet, one connection), while wallets of other namespaces stay. Answers
   * their namespaces disconnected, stored so; the caller shows them with the new connection.
   */
  const dropOthers = (key: string, taken: ReadonlyArray<ChainNamespace>) =>
    Effect.gen(function* () {
      const s = yield* SubscriptionRef.get(state)
      const displaced = new Set<string>()
      for (const ns of taken) {
        const c = s.namespaces[ns]
        if (c?.status === "connected" && c.connector.key !== key) displaced.add(c.connector.key)
      }
      let endSession = false
      const gone: Connections = {}
      for (const ns of ChainNamespaces) {
        const c = s.namespaces[ns]
        if (c?.status !== "connected" || !displaced.has(c.connector.key)) continue
        if (c.connector.type === "WALLET_CONNECT") endSession = true
        gone[ns] = disconnected
      }
      for (const displacedKey of displaced) yield* stopListening(displacedKey)
      yield* persistStatuses(gone)
      if (endSession) yield* Effect.forkIn(walletConnect.disconnect, scope)
      return gone
    })

  const bitcoinWallets = yield* lazyImplementation(BitcoinWalletsLazy, Effect.succeed)
  const listenTo = makeWalletListener({
    current,
    setNamespace,
    dropConnection,
    followChain,
    accountTypeOf,
    bitcoinWallets
  })

  // The embedded wallet's Solana side, for a host with a Solana network, loads with its first login;
  // code that would not load leaves the login EVM only.
  const authSolanaCode = yield* lazyImplementation(AuthSolanaLazy, Effect.succeed)
  const authSolana = networks.networks.some((n) => n.chainNamespace === "solana")
    ? authSolanaCode.pipe(
        Effect.flatMap((module) =>
          module.makeAuthSolana(auth, config.defaultAccountTypes.solana, persistStatus)
        ),
        Effect.orElseSucceed((): Connections => ({}))
      )
    : Effect.succeed<Connections>({})

  /** Whether the intent that started at `since` is still the newest one. */
  const stillCurrent = (since: Ref.Ref<number>) =>
    Effect.zipWith(Ref.get(epoch), Ref.get(since), (now, mine) => now === mine)

  /**
   * Makes a wallet's answer the connection, unless a newer intent came first. `chain`: the EVM wallet's
   * chain id answer, the Solana network (CAIP-2) the wallet connects on, or a Bitcoin wallet's network and
   * account types (`bitcoinAnswerOf`). `focus`: the network shown
   * moves to this wallet's namespace (not for the second namespace of a wallet that serves two).
   */
  const commit = (
    connector: WalletConnector,
    accounts: ReadonlyArray<string>,
    chain: unknown,
    since: Ref.Ref<number>,
    focus = true,
    guard?: Effect.Effect<void, never, Scope.Scope>
  ) =>
    Effect.gen(function* () {
      const [address] = accounts
      if (address === undefined || !(yield* stillCurrent(since))) return false
      // The embedded wallet serves Solana too when the host has a Solana network.
      const gone = yield* dropOthers(
        connector.key,
        connector.type === "AUTH" ? ["eip155", "solana"] : [connector.chain]
      )
      const follow = listenTo(connector)
      yield* startListening(connector.key, guard === undefined ? follow : Effect.andThen(follow, guard))
      const bitcoin = connector.chain === "bip122" ? bitcoinAnswerOf(chain) : undefined
      const connection: Connected = {
        status: "connected",
        connector,
        address,
        allAccounts: accounts,
        accountType: bitcoin?.accountTypes[0] ?? (yield* accountTypeOf(connector)),
        ...(bitcoin === undefined ? {} : { accountTypes: bitcoin.accountTypes })
      }
      yield* persistStatus(connector.chain, connection)
      const alongside = connector.type === "AUTH" ? yield* authSolana : {}
      const shown = (yield* SubscriptionRef.get(networks.state)).activeNamespace
      if (connector.chain === "solana" || bitcoin !== undefined) {
        const network = networks.find(String(bitcoin?.network ?? chain))
        if (Option.isSome(network)) yield* networks.setActive(network.value.caipNetworkId)
      } else yield* followChain(chain)
      if (!focus) yield* networks.setActiveNamespace(shown)
      yield* show({ ...gone, [connector.chain]: connection, ...alongside }, "clear")
      return true
    })

  // Following a session's events loads with the first session, like the WalletConnect SDK itself.
  const sessionSync = yield* lazyImplementation(WalletConnectSyncLazy, (module) =>
    Effect.sync(() =>
      module.makeSessionSync({
        state,
        networks,
        walletConnect,
        scope,
        namespacesWith,
        dropConnection,
        followChain,
        persistStatuses,
        show
      })
    )
  )

  /** Makes an approved (or restored) session the connection, unless a newer intent came first. */
  const commitSession = (session: WalletConnectSession, since: Ref.Ref<number>) =>
    Effect.gen(function* () {
      if (namespacesOf(session).length === 0 || !(yield* stillCurrent(since))) return false
      const { applySession, listenWalletConnect } = yield* sessionSync.pipe(
        Effect.retry(SYNC_LOAD_RETRIES),
        Effect.mapError((error) => new WalletConnectConnectorNotFoundError({ cause: error.cause }))
      )
      if (!(yield* stillCurrent(since))) return false
      const gone = yield* dropOthers(WALLET_CONNECT_ID, namespacesOf(session))
      yield* startListening(WALLET_CONNECT_ID, listenWalletConnect)
      yield* show({ ...gone, ...(yield* applySession(session)) }, "clear")
      return true
    })

  const requestAccounts = yield* makeAccountsPrompts

  const { askWallet, askQuietly, companionsOf } = makeWalletAsk({
    networks,
    connectors,
    requestAccounts,
    readChain: (provider) => walletRead(provider, "eth_chainId"),
    commit,
    solanaWallets: yield* lazyImplementation(SolanaWalletsLazy, Effect.succeed),
    bitcoinWallets,
    bitcoinAccountType: config.defaultAccountTypes.bip122
  })

  const handshake = (connector: WalletConnector, since: Ref.Ref<number>, signIn: PairingSignIn | undefined) =>
    Effect.gen(function* () {
      if (connector.type === "WALLET_CONNECT") {
        const session = yield* walletConnect.connect(signIn)
        if (!(yield* commitSession(session, since))) return yield* Effect.fail(superseded())
        return
      }
      yield* askWallet(connector, since, true)
      // One row, every namespace: the wallet's other sides are asked next; declining one keeps the rest.
      for (const companion of yield* companionsOf(connector))
        yield* Effect.ignore(askWallet(companion, since, false))
      // Recent wallets are rows of the wallet list; email and social login is not one.
      if (connector.type === "AUTH") return
      const recent = withRecent(yield* SubscriptionRef.get(recentWallets), recentOf(connector))
      yield* SubscriptionRef.set(recentWallets, recent)
      yield* storage.set(StorageKeys.recentWallets, recent)
    })

  /** The auth connector, when the host offers email or social login and its code loads. */
  const authConnector = auth.enabled ? Effect.option(auth.connector) : Effect.succeedNone

  /** WalletConnect before a wallet answered (its provider fails until a session exists). */
  const pairingConnector = walletConnectConnector(walletConnect)("eip155", {
    name: "WalletConnect",
    icon: undefined
  })

  const { connect, cancel } = makeConnectAttempts({
    state,
    epoch,
    scope,
    stillCurrent,
    forgetStored,
    find: (connectorId) =>
      connectorId === WALLET_CONNECT_ID
        ? Effect.succeed(config.enableWalletConnect ? Option.some(pairingConnector) : Option.none())
        : connectorId === AUTH_ID
          ? authConnector
          : connectors.byId(connectorId),
    handshake
  })

  const disconnect = (namespace?: ChainNamespace) =>
    Effect.gen(function* () {
      yield* cancel
      yield* Ref.update(epoch, (n) => n + 1)
      const ns = namespace ?? (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const was = yield* current(ns)
      yield* dropConnection(ns)
      yield* SubscriptionRef.update(state, (s) => ({ ...s, attempt: undefined }))
      // Best effort, in the background: a slow wallet must not hold back (or cancel) what comes next.
      if (Option.isSome(was)) {
        yield* Effect.forkIn(
          was.value.connector.type === "WALLET_CONNECT"
            ? walletConnect.disconnect
            : walletRequest(was.value.connector.provider, "wallet_revokePermissions", [
                { eth_accounts: {} }
              ]).pipe(Effect.timeout(BEST_EFFORT_TIMEOUT), Effect.ignore),
          scope
        )
      }
    })

  const restore = makeRestore({
    state,
    epoch,
    awaitKey: (key, timeout) => (key === AUTH_ID ? authConnector : connectors.awaitKey(key, timeout)),
    walletConnect,
    stored,
    storedWalletConnect,
    setNamespace,
    dropConnection,
    stillCurrent,
    commit,
    commitSession,
    askQuietly,
    authKey: AUTH_ID,
    connectors: connectors.connectors,
    current,
    context: layer
  })
  // A wallet connected before another announcement claimed it is flagged as the list flags it.
  yield* SubscriptionRef.changes(connectors.connectors).pipe(
    Stream.runForEach((list) => SubscriptionRef.updateSome(state, (s) => withImpersonationFlags(s, list))),
    Effect.forkScoped
  )

  // The restore begins before anyone holds the service, so whatever the visitor does is a newer intent;
  // only its wait for the wallet runs in the background (a forked fiber first runs a task later).
  if (config.enableReconnect) yield* Effect.forkScoped(yield* restore)
  else yield* dropConnection("eip155")

  return Connection.of({
    state,
    recentWallets,
    connect,
    cancel,
    disconnect,
    connected: current
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ConnectionLive = Layer.effect(Connection, makeConnection)
