import * as Cause from "effect/Cause"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import {
  ChainNotSupportedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  NetworkNotFoundError,
  normalizeWalletError,
  RequestAbortedError,
  SignatureDeclinedError,
  UserRejectedRequestError,
  WalletConnectConnectorNotFoundError,
  type WalletError
} from "../errors"
import { activeId } from "../internal/activeNetwork"
import {
  addressesOf,
  namespacesOf,
  requestChainOf,
  type WalletConnectSession
} from "../internal/sessionAccounts"
import type { CaipNetwork } from "../schemas/Network"
import {
  type CaipNetworkId,
  type ChainNamespace,
  ChainNamespaces,
  caipNetworkIdParts,
  EvmAddress
} from "../schemas/Primitives"
import { type ConnectionStatuses, connectedConnectorIdKey, StorageKeys } from "../schemas/StorageKeys"
import type { RecentWallet } from "../schemas/Wallet"
import {
  type ConnectError,
  Connection,
  type ConnectionState,
  type NamespaceConnection,
  type RequestError,
  type SwitchNetworkError,
  WALLET_CONNECT_ID,
  type WalletRequest
} from "../services/Connection"
import { Connectors, type Eip1193Provider, type WalletConnector } from "../services/Connectors"
import { ModalConfig } from "../services/ModalConfig"
import { ConnectedAccount, ModalRouter } from "../services/ModalRouter"
import { Networks } from "../services/Networks"
import { Storage } from "../services/Storage"
import { WalletConnect, type WalletConnectEvent } from "../services/WalletConnect"
import { eip155NetworkId } from "./NetworksLive"

/** How long a stored wallet may take to announce itself after a reload. */
export const RESTORE_DISCOVERY_TIMEOUT = Duration.seconds(3)
/** Non-interactive wallet reads (accounts, chain id) must answer within this (THREATS.md R2). */
export const WALLET_READ_TIMEOUT = Duration.seconds(10)
/** Best-effort calls such as revoking permissions on disconnect (THREATS.md R2: at most 1 s). */
export const BEST_EFFORT_TIMEOUT = Duration.seconds(1)

export const MAX_RECENT = 2

/** Requests whose refusal reads 'Signature declined' (SPEC.md §8). */
const SIGN_METHODS: ReadonlySet<string> = new Set([
  "personal_sign",
  "eth_signTypedData_v4",
  "solana_signMessage"
])

type Connected = Extract<NamespaceConnection, { status: "connected" }>

/** New connections of some namespaces. */
type Connections = Partial<Record<ChainNamespace, NamespaceConnection>>

const disconnected: NamespaceConnection = { status: "disconnected" }
const connecting: NamespaceConnection = { status: "connecting" }

export const initialConnectionState: ConnectionState = { namespaces: {}, attempt: undefined }

/** Newest first, no duplicates, at most 2 (SPEC.md §4). */
export const withRecent = (
  list: ReadonlyArray<RecentWallet>,
  wallet: RecentWallet
): ReadonlyArray<RecentWallet> => [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT)

const isEvmAddress = Schema.is(EvmAddress)

/** The valid EVM addresses of an `accounts` answer or `accountsChanged` payload; anything else drops. */
export const decodeAccounts = (payload: unknown): ReadonlyArray<string> =>
  Array.isArray(payload) ? payload.filter((a): a is string => isEvmAddress(a)) : []

/** Switch failures that mean "the wallet does not know this chain" (SPEC.md §8: 4902, -32603, 5000). */
export const switchNeedsAdd = (error: WalletError): boolean =>
  error._tag === "ChainNotAddedError" || error.code === 4902 || error.code === -32603 || error.code === 5000

/** `wallet_addEthereumChain` parameters for a network (SPEC.md §7). */
export const addChainParams = (network: CaipNetwork) => ({
  chainId: `0x${Number(network.id).toString(16)}`,
  chainName: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: [...network.rpcUrls.default.http],
  blockExplorerUrls: network.blockExplorers === undefined ? undefined : [network.blockExplorers.default.url]
})

const noAccount = () => normalizeWalletError({ message: "The wallet returned no account" })

const superseded = () => new RequestAbortedError({ source: "other" })

/** One request to a wallet, its failure normalised; a provider that throws synchronously is caught too. */
export const walletRequest = (provider: Eip1193Provider, method: string, params?: unknown) =>
  Effect.tryPromise({
    try: () => provider.request(params === undefined ? { method } : { method, params }),
    catch: normalizeWalletError
  })

export const makeConnection = Effect.gen(function* () {
  const config = yield* ModalConfig
  const storage = yield* Storage
  const connectors = yield* Connectors
  const networks = yield* Networks
  const router = yield* ModalRouter
  const walletConnect = yield* WalletConnect
  const scope = yield* Effect.scope
  const runFork = Effect.runForkWith(yield* Effect.context<never>())

  const state = yield* SubscriptionRef.make(initialConnectionState)
  const recentWallets = yield* SubscriptionRef.make(
    Option.getOrElse(yield* storage.get(StorageKeys.recentWallets), () => [])
  )
  // Every user intent (connect, cancel, disconnect) bumps the epoch; work started under an older
  // epoch finds out before it commits and changes nothing (THREATS.md R6).
  const epoch = yield* Ref.make(0)
  interface InFlight {
    readonly done: Deferred.Deferred<void, ConnectError>
    /** Set once the attempt is forked; the slot is claimed before. */
    fiber: Fiber.Fiber<void> | undefined
    /** The epoch of the newest intent this attempt answers; choosing the wallet again moves it. */
    readonly since: Ref.Ref<number>
  }
  const inflight = new Map<string, InFlight>()
  // Removes the listeners of the wallet connected now.
  let detach: () => void = () => {}

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

  const persistStatuses = (connections: Connections) =>
    Effect.forEach(
      ChainNamespaces.flatMap((ns) => {
        const connection = connections[ns]
        return connection === undefined ? [] : [[ns, connection] as const]
      }),
      ([ns, connection]) => persistStatus(ns, connection),
      { discard: true }
    )

  const persistStatus = (ns: ChainNamespace, connection: NamespaceConnection) =>
    Effect.gen(function* () {
      const statuses: ConnectionStatuses = Option.getOrElse(
        yield* storage.get(StorageKeys.connectionStatus),
        () => ({})
      )
      yield* storage.set(StorageKeys.connectionStatus, { ...statuses, [ns]: connection.status })
      const namespaces = Option.getOrElse(yield* storage.get(StorageKeys.connectedNamespaces), () => [])
      const others = namespaces.filter((n) => n !== ns)
      if (connection.status === "connected") {
        yield* storage.set(connectedConnectorIdKey(ns), connection.connector.key)
        yield* storage.set(StorageKeys.connectedNamespaces, [...others, ns])
      } else {
        yield* storage.remove(connectedConnectorIdKey(ns))
        yield* storage.set(StorageKeys.connectedNamespaces, others)
      }
    })

  /** Marks a namespace disconnected in storage, writing only when storage says otherwise. */
  const forgetStored = (ns: ChainNamespace) =>
    Effect.gen(function* () {
      const stored = Option.flatMap(yield* storage.get(StorageKeys.connectionStatus), (s) =>
        Option.fromNullishOr(s[ns])
      )
      if (Option.isSome(stored) && stored.value !== "disconnected") yield* persistStatus(ns, disconnected)
    })

  const followChain = (chainId: unknown) =>
    Effect.gen(function* () {
      const id = eip155NetworkId(chainId)
      if (Option.isNone(id)) return
      const active = yield* networks.setActive(id.value)
      const route = yield* SubscriptionRef.get(router.state)
      if (active._tag === "Unknown" && !config.allowUnsupportedChain) yield* router.open("UnsupportedChain")
      else if (active._tag === "Known" && route.open && route.view === "UnsupportedChain")
        yield* router.replace("Account")
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
      detach()
      detach = () => {}
      const gone: Connections = {}
      for (const n of dropped.includes(ns) ? dropped : [...dropped, ns]) gone[n] = disconnected
      yield* persistStatuses(gone)
      // The wallet app a deep link opened belongs to the session that ended.
      if (Option.exists(was, (c) => c.connector.type === "WALLET_CONNECT"))
        yield* storage.remove(StorageKeys.deepLinkChoice)
      yield* show(gone, "keep")
    })

  /**
   * Namespaces still held by a wallet other than the one of `key`: a new connection replaces them. Answers
   * them disconnected, stored so; the caller shows them with the new connection.
   */
  const dropOthers = (key: string) =>
    Effect.gen(function* () {
      const s = yield* SubscriptionRef.get(state)
      let endSession = false
      const gone: Connections = {}
      for (const ns of ChainNamespaces) {
        const c = s.namespaces[ns]
        if (c?.status !== "connected" || c.connector.key === key) continue
        if (c.connector.type === "WALLET_CONNECT") endSession = true
        gone[ns] = disconnected
      }
      yield* persistStatuses(gone)
      if (endSession) yield* Effect.forkIn(walletConnect.disconnect, scope)
      return gone
    })

  /** Follows the wallet's own events; only events from the provider connected now count. */
  const listen = (connector: WalletConnector) => {
    const { provider } = connector
    const isCurrent = Effect.map(
      current("eip155"),
      Option.exists((c) => c.connector.provider === provider)
    )
    const whenCurrent = (effect: Effect.Effect<void>) => {
      runFork(Effect.when(effect, isCurrent))
    }
    const onAccounts = (payload: unknown) =>
      whenCurrent(
        Effect.gen(function* () {
          const accounts = decodeAccounts(payload)
          const [address] = accounts
          if (address === undefined) return yield* dropConnection("eip155")
          const now = yield* current("eip155")
          if (Option.isSome(now))
            yield* setNamespace("eip155", { ...now.value, address, allAccounts: accounts })
        })
      )
    const onChain = (payload: unknown) => whenCurrent(followChain(payload))
    const onDisconnect = () => whenCurrent(dropConnection("eip155"))
    const handlers = [
      ["accountsChanged", onAccounts],
      ["chainChanged", onChain],
      ["disconnect", onDisconnect]
    ] as const
    try {
      for (const [event, handler] of handlers) provider.on?.(event, handler)
    } catch {
      // A wallet without working events still connects; it just is not followed.
    }
    return () => {
      try {
        for (const [event, handler] of handlers) provider.removeListener?.(event, handler)
      } catch {
        // Nothing to release on a wallet that cannot remove listeners.
      }
    }
  }

  /** Whether the intent that started at `since` is still the newest one. */
  const stillCurrent = (since: Ref.Ref<number>) =>
    Effect.zipWith(Ref.get(epoch), Ref.get(since), (now, mine) => now === mine)

  /** Makes a wallet's answer the connection, unless a newer intent came first. */
  const commit = (
    connector: WalletConnector,
    accounts: ReadonlyArray<string>,
    chainId: unknown,
    since: Ref.Ref<number>
  ) =>
    Effect.gen(function* () {
      const [address] = accounts
      if (address === undefined || !(yield* stillCurrent(since))) return false
      const gone = yield* dropOthers(connector.key)
      detach()
      detach = listen(connector)
      const connection: Connected = {
        status: "connected",
        connector,
        address,
        allAccounts: accounts,
        // A browser wallet is an EOA; the smart-account preference falls back to eoa (SPEC.md §4).
        accountType: "eoa"
      }
      yield* persistStatus(connector.chain, connection)
      yield* followChain(chainId)
      yield* show({ ...gone, [connector.chain]: connection }, "clear")
      return true
    })

  /** WalletConnect on one namespace, named after the session's wallet (or just "WalletConnect" before one). */
  const walletConnectConnector = (
    ns: ChainNamespace,
    peer: { readonly name: string; readonly icon: string | undefined }
  ): WalletConnector => ({
    id: WALLET_CONNECT_ID,
    key: WALLET_CONNECT_ID,
    type: "WALLET_CONNECT",
    chain: ns,
    name: peer.name,
    icon: peer.icon,
    rdns: undefined,
    provider: walletConnect.provider(ns),
    suspicious: false,
    uuid: undefined
  })

  const activeIdOf = (ns: ChainNamespace) =>
    Effect.map(SubscriptionRef.get(networks.state), (n) => {
      const active = n.active[ns]
      return active === undefined ? undefined : activeId(active)
    })

  /**
   * Makes a session's accounts the connection of every namespace it covers; namespaces it no longer covers
   * are dropped. The active network follows the session when the session does not cover it. Answers the
   * namespaces' connections, stored so; the caller shows them.
   */
  const applySession = (session: WalletConnectSession) =>
    Effect.gen(function* () {
      const shown = (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const covered = namespacesOf(session)
      const previous = yield* namespacesWith(WALLET_CONNECT_ID)
      const connections: Connections = {}
      for (const ns of previous) if (!covered.includes(ns)) connections[ns] = disconnected
      for (const ns of covered) {
        const active = yield* activeIdOf(ns)
        const addresses = addressesOf(session, ns, active)
        const [address] = addresses
        if (address === undefined) continue
        const connection: Connected = {
          status: "connected",
          connector: walletConnectConnector(ns, session.peer),
          address,
          allAccounts: addresses,
          accountType: "eoa"
        }
        connections[ns] = connection
        const chain = requestChainOf(session, ns, active)
        if (chain === undefined || chain === active) continue
        if (ns === "eip155") yield* followChain(caipNetworkIdParts(chain).reference)
        else if (Option.isSome(networks.find(chain))) yield* networks.setActive(chain)
      }
      // Following chains must not move the visitor to another namespace: the one shown stays, unless the
      // session does not cover it.
      const keep = covered.includes(shown) ? shown : covered[0]
      const now = (yield* SubscriptionRef.get(networks.state)).activeNamespace
      if (keep !== undefined && keep !== now) yield* networks.setActiveNamespace(keep)
      yield* persistStatuses(connections)
      return connections
    })

  const onWalletConnectEvent = (event: WalletConnectEvent) =>
    Effect.gen(function* () {
      switch (event._tag) {
        case "SessionDeleted": {
          const connected = yield* SubscriptionRef.get(state)
          const ns = ChainNamespaces.find((n) => {
            const c = connected.namespaces[n]
            return c?.status === "connected" && c.connector.type === "WALLET_CONNECT"
          })
          if (ns !== undefined) yield* dropConnection(ns)
          return
        }
        case "SessionChanged":
          return yield* show(yield* applySession(event.session), "keep")
        case "ChainChanged":
          return yield* followChain(caipNetworkIdParts(event.caipNetworkId).reference)
      }
    })

  /** Follows the session's events until detached; subscribed before it returns, so none is missed. */
  const listenWalletConnect = Effect.gen(function* () {
    const listening = yield* Scope.make()
    const events = yield* Scope.provide(walletConnect.events, listening)
    const fiber = yield* Effect.forkIn(
      // An event is handled whole: a deletion detaches this very listener while it drops the session.
      Effect.forever(
        Effect.flatMap(PubSub.take(events), (event) => Effect.uninterruptible(onWalletConnectEvent(event)))
      ),
      scope
    )
    return () => {
      runFork(Effect.andThen(Fiber.interrupt(fiber), Scope.close(listening, Exit.void)))
    }
  })

  /** Makes an approved (or restored) session the connection, unless a newer intent came first. */
  const commitSession = (session: WalletConnectSession, since: Ref.Ref<number>) =>
    Effect.gen(function* () {
      if (namespacesOf(session).length === 0 || !(yield* stillCurrent(since))) return false
      const gone = yield* dropOthers(WALLET_CONNECT_ID)
      detach()
      detach = yield* listenWalletConnect
      yield* show({ ...gone, ...(yield* applySession(session)) }, "clear")
      return true
    })

  const readChain = (provider: Eip1193Provider) =>
    walletRequest(provider, "eth_chainId").pipe(
      Effect.timeoutOrElse({
        duration: WALLET_READ_TIMEOUT,
        orElse: () => Effect.fail(normalizeWalletError({ message: "The wallet did not tell its chain" }))
      })
    )

  const handshake = (connector: WalletConnector, since: Ref.Ref<number>) =>
    Effect.gen(function* () {
      if (connector.type === "WALLET_CONNECT") {
        const session = yield* walletConnect.connect
        if (!(yield* commitSession(session, since))) return yield* Effect.fail(superseded())
        return
      }
      const accounts = decodeAccounts(yield* walletRequest(connector.provider, "eth_requestAccounts"))
      if (accounts.length === 0) return yield* Effect.fail(noAccount())
      const chainId = yield* readChain(connector.provider)
      // A newer intent (another wallet, a cancel, a disconnect) took over while the wallet answered.
      if (!(yield* commit(connector, accounts, chainId, since))) return yield* Effect.fail(superseded())
      const recent = withRecent(yield* SubscriptionRef.get(recentWallets), {
        id: connector.key,
        name: connector.name,
        ...(connector.rdns === undefined ? {} : { rdns: connector.rdns })
      })
      yield* SubscriptionRef.set(recentWallets, recent)
      yield* storage.set(StorageKeys.recentWallets, recent)
    })

  /** WalletConnect before a wallet answered (its provider fails until a session exists). */
  const pairingConnector = walletConnectConnector("eip155", { name: "WalletConnect", icon: undefined })

  const connect = (connectorId: string): Effect.Effect<void, ConnectError> =>
    Effect.gen(function* () {
      const now = yield* Ref.updateAndGet(epoch, (n) => n + 1)
      const waiting = { _tag: "Waiting" as const, connectorId }
      const running = inflight.get(connectorId)
      if (running !== undefined) {
        // Choosing the same wallet again is the newest intent: its open prompt becomes current (R6).
        yield* Ref.set(running.since, now)
        yield* SubscriptionRef.update(state, (s) => ({ ...s, attempt: waiting }))
        return yield* Deferred.await(running.done)
      }
      // Claim the slot before anything that can yield (SubscriptionRef.update below does), so that a
      // connect started meanwhile finds this one in flight instead of prompting the wallet again.
      const since = yield* Ref.make(now)
      const done = yield* Deferred.make<void, ConnectError>()
      const entry: InFlight = { done, fiber: undefined, since }
      inflight.set(connectorId, entry)
      const found =
        connectorId === WALLET_CONNECT_ID
          ? config.enableWalletConnect
            ? Option.some(pairingConnector)
            : Option.none()
          : yield* connectors.byId(connectorId)
      if (Option.isNone(found)) {
        inflight.delete(connectorId)
        const error =
          connectorId === WALLET_CONNECT_ID
            ? new WalletConnectConnectorNotFoundError({})
            : new ConnectorNotFoundError({ connectorId })
        yield* Deferred.fail(done, error)
        return yield* Effect.fail(error)
      }
      const connector = found.value
      yield* SubscriptionRef.update(state, (s) => ({
        namespaces: {
          ...s.namespaces,
          [connector.chain]:
            s.namespaces[connector.chain]?.status === "connected" ? s.namespaces[connector.chain] : connecting
        },
        attempt: waiting
      }))
      const attempt = handshake(connector, since).pipe(
        Effect.onExit((exit) =>
          Effect.gen(function* () {
            inflight.delete(connectorId)
            if (Exit.isSuccess(exit)) return yield* Deferred.succeed(done, undefined)
            const error: ConnectError = Exit.hasInterrupts(exit)
              ? new UserRejectedRequestError({
                  code: 4001,
                  message: "Connection request cancelled",
                  cause: undefined
                })
              : Option.getOrElse(Cause.findErrorOption(exit.cause), () => noAccount())
            // A newer intent owns the state now; only the callers hear about this attempt. Otherwise the
            // placeholder goes, and whatever happened meanwhile (an event, a restore) stays.
            if (yield* stillCurrent(since)) {
              const placeholder =
                (yield* SubscriptionRef.get(state)).namespaces[connector.chain]?.status === "connecting"
              // A stored connection this attempt displaced (a restore in progress) must not come back on reload.
              if (placeholder) yield* forgetStored(connector.chain)
              yield* SubscriptionRef.update(state, (s) => ({
                namespaces: placeholder ? { ...s.namespaces, [connector.chain]: disconnected } : s.namespaces,
                attempt: Exit.hasInterrupts(exit)
                  ? undefined
                  : { _tag: "Failed" as const, connectorId, error }
              }))
            }
            yield* Deferred.fail(done, error)
          })
        )
      )
      entry.fiber = yield* Effect.forkIn(Effect.ignore(attempt), scope)
      return yield* Deferred.await(done)
    })

  const cancel = Effect.gen(function* () {
    if (inflight.size === 0) return
    const fibers = [...inflight.values()].flatMap((r) => (r.fiber === undefined ? [] : [r.fiber]))
    // Interrupt first, so each attempt settles as rejected under the epoch it started with.
    yield* Fiber.interruptAll(fibers)
    yield* Ref.update(epoch, (n) => n + 1)
  })

  const disconnect = (namespace?: ChainNamespace) =>
    Effect.gen(function* () {
      yield* cancel
      yield* Ref.update(epoch, (n) => n + 1)
      const ns = namespace ?? (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const was = yield* current(ns)
      yield* dropConnection(ns)
      yield* SubscriptionRef.update(state, (s) => ({ ...s, attempt: undefined }))
      yield* router.close({ force: true })
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

  const switchNetwork = (caipNetworkId: CaipNetworkId): Effect.Effect<void, SwitchNetworkError> =>
    Effect.gen(function* () {
      const target = networks.find(caipNetworkId)
      if (Option.isNone(target))
        return yield* Effect.fail(new NetworkNotFoundError({ chainId: caipNetworkId }))
      const network = target.value
      const wallet = yield* current(network.chainNamespace)
      if (Option.isNone(wallet) || network.chainNamespace !== "eip155") {
        yield* networks.setActive(caipNetworkId)
        return
      }
      const { provider } = wallet.value.connector
      const chainId = addChainParams(network).chainId
      const switchChain = walletRequest(provider, "wallet_switchEthereumChain", [{ chainId }])
      const addThenSwitch = walletRequest(provider, "wallet_addEthereumChain", [
        addChainParams(network)
      ]).pipe(
        Effect.andThen(switchChain),
        Effect.mapError(
          (cause): SwitchNetworkError =>
            cause._tag === "UserRejectedRequestError"
              ? cause
              : new ChainNotSupportedError({ chainId: caipNetworkId, cause })
        )
      )
      yield* switchChain.pipe(
        Effect.catch(
          (error): Effect.Effect<unknown, SwitchNetworkError> =>
            switchNeedsAdd(error) ? addThenSwitch : Effect.fail(error)
        )
      )
      yield* followChain(chainId)
    })

  // The method lists and their schemas load with the first request, not with the page.
  const requestRules = yield* Effect.cached(Effect.promise(() => import("../internal/rpcMethods")))
  const request = (args: WalletRequest, namespace?: ChainNamespace): Effect.Effect<unknown, RequestError> =>
    Effect.gen(function* () {
      const ns = namespace ?? (yield* SubscriptionRef.get(networks.state)).activeNamespace
      const { validateRequest, decodeResult } = yield* requestRules
      const rule = yield* Effect.fromResult(validateRequest(ns, args.method, args.params))
      const wallet = yield* current(ns)
      if (Option.isNone(wallet)) return yield* Effect.fail(new ConnectorNotConnectedError({}))
      const answer = walletRequest(wallet.value.connector.provider, rule.method, rule.params)
      // A phone wallet paired by a link shows the request once the visitor is back in it.
      const wake =
        rule.kind === "unsafe" && wallet.value.connector.type === "WALLET_CONNECT"
          ? walletConnect.openWallet
          : Effect.void
      // A read must answer in time (THREATS.md R2); a signature waits for the visitor.
      const raw = yield* rule.kind === "safe"
        ? answer.pipe(
            Effect.timeoutOrElse({
              duration: WALLET_READ_TIMEOUT,
              orElse: () =>
                Effect.fail(normalizeWalletError({ message: `The wallet did not answer ${rule.method}` }))
            })
          )
        : Effect.andThen(Effect.forkIn(wake, scope), answer)
      return yield* Effect.fromResult(decodeResult(rule.method, raw))
    }).pipe(
      Effect.mapError(
        (error): RequestError =>
          error._tag === "UserRejectedRequestError" && SIGN_METHODS.has(args.method)
            ? new SignatureDeclinedError({ cause: error })
            : error
      )
    )

  /** A stored WalletConnect connection comes back only when the SDK still holds a session that decodes. */
  const restoreWalletConnect = (namespaces: ReadonlyArray<ChainNamespace>, since: Ref.Ref<number>) =>
    Effect.gen(function* () {
      const session = yield* walletConnect.restore
      const restored = Option.isSome(session) && (yield* commitSession(session.value, since))
      if (restored || !(yield* stillCurrent(since))) return
      for (const ns of namespaces) {
        if ((yield* SubscriptionRef.get(state)).namespaces[ns]?.status === "connecting")
          yield* dropConnection(ns)
      }
    })

  /** The namespaces storage says were connected through WalletConnect. */
  const storedWalletConnect = Effect.gen(function* () {
    const statuses: ConnectionStatuses = Option.getOrElse(
      yield* storage.get(StorageKeys.connectionStatus),
      () => ({})
    )
    const found: Array<ChainNamespace> = []
    for (const ns of ChainNamespaces) {
      if (statuses[ns] !== "connected") continue
      if (Option.contains(yield* storage.get(connectedConnectorIdKey(ns)), WALLET_CONNECT_ID)) found.push(ns)
    }
    return found
  })

  /**
   * On start, a stored connection only suggests a reconnect: the wallet must still be here and say so.
   * Shows the stored namespaces connecting; answers the rest, which waits for the wallet.
   */
  const restore: Effect.Effect<Effect.Effect<void>> = Effect.gen(function* () {
    const since = yield* Ref.make(yield* Ref.get(epoch))
    const viaWalletConnect = yield* storedWalletConnect
    if (viaWalletConnect.length > 0) {
      for (const ns of viaWalletConnect) yield* setNamespace(ns, connecting)
      return restoreWalletConnect(viaWalletConnect, since)
    }
    const stored = Option.flatMap(yield* storage.get(StorageKeys.connectionStatus), (s) =>
      Option.fromNullishOr(s.eip155)
    )
    const key = yield* storage.get(connectedConnectorIdKey("eip155"))
    if (!Option.contains(stored, "connected") || Option.isNone(key)) {
      if (Option.isSome(stored) && stored.value !== "disconnected") yield* dropConnection("eip155")
      return Effect.void
    }
    yield* setNamespace("eip155", connecting)
    return Effect.gen(function* () {
      const connector = yield* connectors.awaitKey(key.value, Duration.toMillis(RESTORE_DISCOVERY_TIMEOUT))
      const restored = yield* Option.match(connector, {
        onNone: () => Effect.succeed(false),
        onSome: (c) =>
          Effect.gen(function* () {
            const accounts = decodeAccounts(
              yield* walletRequest(c.provider, "eth_accounts").pipe(Effect.timeout(WALLET_READ_TIMEOUT))
            )
            const chainId = yield* readChain(c.provider).pipe(Effect.timeout(WALLET_READ_TIMEOUT))
            return yield* commit(c, accounts, chainId, since)
          }).pipe(Effect.orElseSucceed(() => false))
      })
      if (!restored && (yield* stillCurrent(since))) yield* dropConnection("eip155")
    })
  })

  // The restore begins before anyone holds the service, so whatever the visitor does is a newer intent;
  // only its wait for the wallet runs in the background (a forked fiber first runs a task later).
  if (config.enableReconnect) yield* Effect.forkScoped(yield* restore)
  else yield* dropConnection("eip155")

  // Closing the modal settles a pending connect as rejected (THREATS.md R3).
  const closes = yield* router.subscribe
  yield* Effect.forkScoped(
    Effect.forever(
      Effect.flatMap(PubSub.take(closes), (event) => (event._tag === "Closed" ? cancel : Effect.void))
    )
  )
  yield* Effect.addFinalizer(() => Effect.sync(() => detach()))

  return Connection.of({
    state,
    recentWallets,
    connect,
    cancel,
    disconnect,
    switchNetwork,
    request,
    connected: current
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const ConnectionLive = Layer.effect(Connection, makeConnection)

/**
 * Tells the router whether the active namespace has an address, so `open()` lands on Account.
 *
 * @since 0.1.0
 * @category layers
 */
export const ConnectedAccountLive = Layer.effect(
  ConnectedAccount,
  Effect.gen(function* () {
    const connection = yield* Connection
    const networks = yield* Networks
    return {
      isConnected: Effect.gen(function* () {
        const { activeNamespace } = yield* SubscriptionRef.get(networks.state)
        return Option.isSome(yield* connection.connected(activeNamespace))
      })
    }
  })
)
