import * as Clock from "effect/Clock"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { normalizeWalletError, ServiceUnavailableError, WalletConnectConnectorNotFoundError } from "../errors"
import { activeId } from "../internal/activeNetwork"
import { registeredSchemesOf, safeWalletLink } from "../internal/deepLink"
import { isTouchDevice } from "../internal/device"
import { requestChainOf, type WalletConnectSession } from "../internal/sessionAccounts"
import type { SessionWire } from "../internal/walletConnectSession"
import type { ChainNamespace } from "../schemas/Primitives"
import { StorageKeys } from "../schemas/StorageKeys"
import type { Eip1193Provider } from "../services/Connectors"
import { ModalConfig } from "../services/ModalConfig"
import { Networks } from "../services/Networks"
import { Storage } from "../services/Storage"
import {
  type PairingState,
  WalletConnect,
  type WalletConnectError,
  type WalletConnectEvent
} from "../services/WalletConnect"
import {
  type NamespaceRequest,
  type UniversalProviderClient,
  WalletConnectClient
} from "../services/WalletConnectClient"
import { eip155NetworkId } from "./NetworksLive"

/** The session codec, loaded with the SDK. */
type Codec = typeof import("../internal/walletConnectSession")

/** How long a pairing URI is shown for (SPEC.md §9). */
export const PAIRING_TTL = Duration.minutes(4)
/** A URI this close to its end counts as expired and is replaced (SPEC.md §9). */
export const PAIRING_EXPIRY_MARGIN = Duration.seconds(10)
/**
 * The relay must hand back a URI within this. The SDK retries a dead relay forever without failing
 * (FACTS-WALLETCONNECT.md, pitfall 5), so this is what turns it into an error (THREATS.md R2).
 */
export const PAIRING_URI_TIMEOUT = Duration.seconds(15)
/** Reading a restored session and ending one are background work (THREATS.md R2). */
export const SESSION_TIMEOUT = Duration.seconds(10)

const idle: PairingState = { _tag: "Idle" }

const disconnectedError = () => ({ code: 4900, message: "WalletConnect session is not connected" })

export const makeWalletConnect = Effect.gen(function* () {
  const config = yield* ModalConfig
  const sdk = yield* WalletConnectClient
  const networks = yield* Networks
  const storage = yield* Storage
  const runSync = Effect.runSyncWith(yield* Effect.context<never>())
  const pairing = yield* SubscriptionRef.make<PairingState>(idle)
  const hub = yield* PubSub.unbounded<WalletConnectEvent>()
  // The SDK and the session codec once loaded, and the session as last decoded (with its wire form for
  // updates). The codec's schemas load with the SDK: the first paint needs neither.
  let client: UniversalProviderClient | undefined
  let codec: Codec | undefined
  let current: { readonly wire: SessionWire; readonly session: WalletConnectSession } | undefined

  const publish = (event: WalletConnectEvent) => {
    runSync(PubSub.publish(hub, event))
  }
  const adopt = (raw: unknown): Option.Option<WalletConnectSession> => {
    const loadedCodec = codec
    if (loadedCodec === undefined) return Option.none()
    return Option.map(loadedCodec.decodeSessionWire(raw), (wire) => {
      const session = loadedCodec.sessionFromWire(wire)
      current = { wire, session }
      return session
    })
  }

  const onDelete = (payload: unknown) => {
    const topic = Option.getOrUndefined(codec?.decodeTopicPayload(payload) ?? Option.none())?.topic
    if (current === undefined || (topic !== undefined && topic !== current.wire.topic)) return
    const ended = current.wire.topic
    current = undefined
    publish({ _tag: "SessionDeleted", topic: ended })
  }
  const onUpdate = (payload: unknown) => {
    const update = codec?.decodeSessionUpdate(payload) ?? Option.none()
    if (Option.isNone(update) || current === undefined || update.value.topic !== current.wire.topic) return
    const session = adopt({ ...current.wire, namespaces: update.value.params.namespaces })
    if (Option.isSome(session)) publish({ _tag: "SessionChanged", session: session.value })
  }
  const onEvent = (payload: unknown) => {
    const decoded = codec?.decodeSessionEvent(payload) ?? Option.none()
    if (Option.isNone(decoded) || current === undefined) return
    const { event } = decoded.value.params
    if (event.name !== "chainChanged") return
    const id = eip155NetworkId(event.data)
    if (Option.isSome(id)) publish({ _tag: "ChainChanged", caipNetworkId: id.value })
  }
  const listeners = [
    ["session_delete", onDelete],
    ["session_expire", onDelete],
    ["session_update", onUpdate],
    ["session_event", onEvent]
  ] as const

  const loadCodec = Effect.tryPromise({
    try: () => import("../internal/walletConnectSession"),
    catch: (cause) => new WalletConnectConnectorNotFoundError({ cause })
  })
  const loaded = Effect.flatMap(
    Effect.zip(sdk.get, loadCodec, { concurrent: true }),
    ([loadedClient, loadedCodec]) =>
      Effect.sync(() => {
        codec = loadedCodec
        if (client !== loadedClient) {
          client = loadedClient
          for (const [event, listener] of listeners) loadedClient.on(event, listener)
        }
        return { client: loadedClient, codec: loadedCodec }
      })
  )
  yield* Effect.addFinalizer(() =>
    Effect.sync(() => {
      for (const [event, listener] of listeners) client?.off(event, listener)
    })
  )

  /**
   * One pairing URI: resolves to the session when a wallet approves it, or to none when the URI is about to
   * expire and must be replaced.
   */
  const pairOnce = (
    loadedClient: UniversalProviderClient,
    requests: Readonly<Record<string, NamespaceRequest>>
  ) =>
    Effect.scoped(
      Effect.gen(function* () {
        const shown = yield* Deferred.make<string>()
        const onUri = (uri: unknown) => {
          if (typeof uri === "string" && uri.startsWith("wc:")) runSync(Deferred.succeed(shown, uri))
        }
        yield* Effect.acquireRelease(
          Effect.sync(() => loadedClient.on("display_uri", onUri)),
          () => Effect.sync(() => loadedClient.off("display_uri", onUri))
        )
        const approval = yield* Effect.forkScoped(
          Effect.tryPromise({ try: () => loadedClient.connect(requests), catch: normalizeWalletError })
        )
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

  const connect: Effect.Effect<WalletConnectSession, WalletConnectError> = Effect.gen(function* () {
    yield* SubscriptionRef.set(pairing, { _tag: "Preparing" })
    const sdkParts = yield* loaded
    const requests = sdkParts.codec.namespaceRequests(config.networks)
    let approved = yield* pairOnce(sdkParts.client, requests)
    while (Option.isNone(approved)) approved = yield* pairOnce(sdkParts.client, requests)
    const session = adopt(approved.value)
    if (Option.isNone(session))
      return yield* Effect.fail(normalizeWalletError({ message: "The wallet's session could not be read" }))
    return session.value
  }).pipe(Effect.ensuring(SubscriptionRef.set(pairing, idle)))

  const restore = loaded.pipe(
    Effect.map((parts) => adopt(parts.client.session())),
    Effect.timeout(SESSION_TIMEOUT),
    Effect.orElseSucceed(() => Option.none<WalletConnectSession>())
  )

  const disconnect = Effect.suspend(() => {
    const loadedClient = client
    current = undefined
    return loadedClient === undefined
      ? Effect.void
      : Effect.tryPromise(() => loadedClient.disconnect()).pipe(
          Effect.timeout(SESSION_TIMEOUT),
          Effect.ignore
        )
  })

  const activeOf = (namespace: ChainNamespace) => {
    const active = runSync(SubscriptionRef.get(networks.state)).active[namespace]
    return active === undefined ? undefined : activeId(active)
  }

  const provider = (namespace: ChainNamespace): Eip1193Provider => ({
    request: ({ method, params }) => {
      const session = current?.session
      const chainId =
        session === undefined ? undefined : requestChainOf(session, namespace, activeOf(namespace))
      if (client === undefined || chainId === undefined) return Promise.reject(disconnectedError())
      return client.request(params === undefined ? { method } : { method, params }, chainId)
    }
  })

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

  return WalletConnect.of({
    pairing,
    connect,
    restore,
    disconnect,
    provider,
    openWallet,
    events: PubSub.subscribe(hub)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const WalletConnectLive = Layer.effect(WalletConnect, makeWalletConnect)
