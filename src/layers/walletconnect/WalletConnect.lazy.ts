import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { normalizeWalletError, ServiceUnavailableError } from "../../errors"
import { StorageKeys } from "../../schemas/StorageKeys"
import { ModalConfig } from "../../services/ModalConfig"
import { Storage } from "../../services/Storage"
import type {
  PairingSignIn,
  PairingState,
  WalletConnectError,
  WalletConnectEvent,
  WalletConnectSession
} from "../../services/WalletConnect"
import {
  type NamespaceRequest,
  type UniversalProviderClient,
  WalletConnectClient
} from "../../services/WalletConnectClient"
import { eip155NetworkId } from "../networks/NetworksLive"
import { isTouchDevice } from "../platform/device"
import { listen, type Subscribe } from "../platform/listen"
import { lazyPart, loadPart } from "../runtime/lazy"
import { registeredSchemesOf, safeWalletLink } from "./deepLink"
import type { SessionWire } from "./walletConnectSession"
import * as codec from "./walletConnectSession"

/** Bitcoin's address rules (`bitcoinAddress.ts`), for a host with a Bitcoin network. */
export const BitcoinAddressLazy = lazyPart(
  "@airlock/bitcoinAddress",
  () => import("../bitcoin/bitcoinAddress")
)

/** How long a pairing URI is shown for (SPEC.md §9). */
export const PAIRING_TTL = Duration.minutes(4)
/** A URI this close to its end counts as expired and is replaced (SPEC.md §9). */
export const PAIRING_EXPIRY_MARGIN = Duration.seconds(10)
/**
 * The relay must hand back a URI within this. The SDK retries a dead relay forever without failing
 * (FACTS-WALLETCONNECT.md, pitfall 5), so this is what turns it into an error (THREATS.md R2).
 */
export const PAIRING_URI_TIMEOUT = Duration.seconds(15)

/** The SDK client once loaded, and the session as last decoded (with its wire form for updates). */
export interface SessionHolder {
  client: UniversalProviderClient | undefined
  current: { readonly wire: SessionWire; readonly session: WalletConnectSession } | undefined
}

/** What `WalletConnectLive` shares with the pairing code it loads with the SDK. */
export interface PairingShared {
  readonly pairing: SubscriptionRef.SubscriptionRef<PairingState>
  readonly publish: (event: WalletConnectEvent) => Effect.Effect<void>
  readonly holder: SessionHolder
}

interface ClientEvent {
  readonly name: string
  readonly payload: unknown
}

/** The SDK client's events of these `names` as an event source (for `listen`). */
const clientEvents =
  (client: UniversalProviderClient, ...names: ReadonlyArray<string>): Subscribe<ClientEvent> =>
  (listener) => {
    const handlers = names.map((name) => [name, (payload: unknown) => listener({ name, payload })] as const)
    for (const [name, handler] of handlers) client.on(name, handler)
    return () => {
      for (const [name, handler] of handlers) client.off(name, handler)
    }
  }

/**
 * Pairing and the session's events, loaded by `WalletConnectLive` with the SDK: the first paint needs
 * neither, nor the session codec.
 */
export const makeWalletConnectPairing = (shared: PairingShared) =>
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const sdk = yield* WalletConnectClient
    const storage = yield* Storage
    // The layer's context, its scope among it: the session's listeners live and run there.
    const layer = yield* Effect.context<Scope.Scope>()
    const { pairing, publish, holder } = shared
    // A session's Bitcoin accounts are checked with their network's address rules, which load only for a
    // host with a Bitcoin network (and, when they would not load, no Bitcoin account is taken).
    const bitcoinRule = config.networks.some((n) => n.chainNamespace === "bip122")
      ? yield* loadPart(BitcoinAddressLazy).pipe(
          Effect.map((module): codec.BitcoinRule => module.isBitcoinAddressOn),
          Effect.orElseSucceed(() => codec.noBitcoin)
        )
      : codec.noBitcoin
    const adopt = (raw: unknown): Option.Option<WalletConnectSession> => {
      return Option.map(codec.decodeSessionWire(raw), (wire) => {
        const session = codec.sessionFromWire(wire, bitcoinRule)
        holder.current = { wire, session }
        return session
      })
    }

    const onDelete = (payload: unknown) =>
      Effect.suspend(() => {
        const topic = Option.getOrUndefined(codec.decodeTopicPayload(payload))?.topic
        if (holder.current === undefined || (topic !== undefined && topic !== holder.current.wire.topic))
          return Effect.void
        const ended = holder.current.wire.topic
        holder.current = undefined
        return publish({ _tag: "SessionDeleted", topic: ended })
      })
    const onUpdate = (payload: unknown) =>
      Effect.suspend(() => {
        const update = codec.decodeSessionUpdate(payload)
        if (
          Option.isNone(update) ||
          holder.current === undefined ||
          update.value.topic !== holder.current.wire.topic
        )
          return Effect.void
        const session = adopt({ ...holder.current.wire, namespaces: update.value.params.namespaces })
        return Option.isSome(session)
          ? publish({ _tag: "SessionChanged", session: session.value })
          : Effect.void
      })
    const onEvent = (payload: unknown) =>
      Effect.suspend(() => {
        const decoded = codec.decodeSessionEvent(payload)
        if (Option.isNone(decoded) || holder.current === undefined) return Effect.void
        const { event } = decoded.value.params
        if (event.name !== "chainChanged") return Effect.void
        const id = eip155NetworkId(event.data)
        return Option.isSome(id) ? publish({ _tag: "ChainChanged", caipNetworkId: id.value }) : Effect.void
      })
    const onSessionEvent = ({ name, payload }: ClientEvent) =>
      name === "session_update"
        ? onUpdate(payload)
        : name === "session_event"
          ? onEvent(payload)
          : onDelete(payload)

    // The session's events are followed from the client's first use until the layer's scope closes.
    const loaded = Effect.tap(sdk.get, (loadedClient) =>
      Effect.suspend(() => {
        if (holder.client === loadedClient) return Effect.void
        holder.client = loadedClient
        return Effect.provideContext(
          listen(
            clientEvents(loadedClient, "session_delete", "session_expire", "session_update", "session_event"),
            onSessionEvent
          ),
          layer
        )
      })
    )

    /**
     * What one pairing URI asks: the namespaces, or a sign-in on the EVM chains when `signIn` makes one
     * (a fresh nonce per URI); in that case the wallet's signatures go to `signIn.complete` first.
     */
    const asked = (
      loadedClient: UniversalProviderClient,
      requests: Readonly<Record<string, NamespaceRequest>>,
      signIn: PairingSignIn | undefined
    ) =>
      Effect.gen(function* () {
        const evm = requests.eip155
        const request =
          signIn === undefined || evm === undefined ? undefined : yield* signIn.request(evm.chains)
        if (signIn === undefined || evm === undefined || request === undefined)
          return Effect.tryPromise({ try: () => loadedClient.connect(requests), catch: normalizeWalletError })
        return Effect.tryPromise({
          try: () => loadedClient.authenticate({ ...request, chains: evm.chains, methods: evm.methods }),
          catch: normalizeWalletError
        }).pipe(
          Effect.tap((answer) => signIn.complete(answer.auths)),
          Effect.map((answer) => answer.session)
        )
      })

    /**
     * One pairing URI: resolves to the session when a wallet approves it, or to none when the URI is about to
     * expire and must be replaced.
     */
    const pairOnce = (
      loadedClient: UniversalProviderClient,
      requests: Readonly<Record<string, NamespaceRequest>>,
      signIn: PairingSignIn | undefined
    ) =>
      Effect.scoped(
        Effect.gen(function* () {
          const shown = yield* Deferred.make<string>()
          yield* listen(clientEvents(loadedClient, "display_uri"), ({ payload: uri }) =>
            typeof uri === "string" && uri.startsWith("wc:")
              ? Effect.asVoid(Deferred.succeed(shown, uri))
              : Effect.void
          )
          const approval = yield* Effect.forkScoped(Effect.flatten(asked(loadedClient, requests, signIn)))
          const first = yield* Effect.raceFirst(
            Effect.map(Deferred.await(shown), (uri) => ({ _tag: "Uri" as const, uri })),
            Effect.map(Fiber.join(approval), (raw) => ({ _tag: "Approved" as const, raw }))
          ).pipe(
            Effect.timeoutOrElse({
              duration: PAIRING_URI_TIMEOUT,
              orElse: () => Effect.fail<WalletConnectError>(new ServiceUnavailableError({ cause: "relay" }))
            })
          )
          if (first._tag === "Approved") return Option.some(first.raw)
          const now = yield* Clock.currentTimeMillis
          yield* SubscriptionRef.set(pairing, {
            _tag: "Ready",
            uri: first.uri,
            expiresAt: now + Duration.toMillis(PAIRING_TTL)
          })
          return yield* Effect.raceFirst(
            Effect.map(Fiber.join(approval), Option.some),
            Effect.as(Effect.sleep(Duration.subtract(PAIRING_TTL, PAIRING_EXPIRY_MARGIN)), Option.none())
          )
        })
      )

    const connect = (
      signIn: PairingSignIn | undefined
    ): Effect.Effect<WalletConnectSession, WalletConnectError> =>
      Effect.gen(function* () {
        const loadedClient = yield* loaded
        const requests = codec.namespaceRequests(config.networks)
        let approved = yield* pairOnce(loadedClient, requests, signIn)
        while (Option.isNone(approved)) approved = yield* pairOnce(loadedClient, requests, signIn)
        const session = adopt(approved.value)
        if (Option.isNone(session))
          return yield* Effect.fail(
            normalizeWalletError({ message: "The wallet's session could not be read" })
          )
        return session.value
      })

    /** The session the SDK kept, when it decodes; `WalletConnectLive` bounds the wait. */
    const restore = Effect.map(loaded, (loadedClient) => adopt(loadedClient.session()))

    // On a phone, a request to the wallet opens the wallet the visitor chose by deep link.
    const openWallet = Effect.gen(function* () {
      if (!isTouchDevice()) return
      const choice = yield* storage.get(StorageKeys.deepLinkChoice)
      if (Option.isNone(choice)) return
      // Stored values are checked again: only https or the link's own well-formed, non-blocked scheme opens.
      const { href } = choice.value
      const link = safeWalletLink(href, { registeredSchemes: registeredSchemesOf(href) })
      if (link === undefined) return
      yield* Effect.try(() => {
        window.open(link, link.startsWith("https:") ? "_blank" : "_self", "noopener,noreferrer")
      }).pipe(Effect.ignore)
    })

    return { connect, restore, openWallet }
  })
