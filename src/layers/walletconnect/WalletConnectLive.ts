import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PubSub from "effect/PubSub"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { WalletConnectConnectorNotFoundError } from "../../errors"
import type { ChainNamespace } from "../../schemas/Primitives"
import type { Eip1193Provider } from "../../services/Connectors"
import { Networks } from "../../services/Networks"
import type { WalletConnectSession } from "../../services/WalletConnect"
import {
  type PairingState,
  WalletConnect,
  type WalletConnectEvent,
  type WalletConnectShape
} from "../../services/WalletConnect"
import { activeId } from "../networks/activeNetwork"
import { call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { connectStage } from "../runtime/stages"
import { requestChainOf } from "./sessionAccounts"
import type { SessionHolder } from "./WalletConnect.lazy"

/** Reading a restored session and ending one are background work (THREATS.md R2). */
export const SESSION_TIMEOUT = Duration.seconds(10)

/** Pairing and the session's events (`WalletConnect.lazy.ts`), loaded with the SDK. */
export const WalletConnectLazy = lazyPart("@airlock/WalletConnect.lazy", () =>
  connectStage().then((stage) => stage.walletConnect())
)

const idle: PairingState = { _tag: "Idle" }

const disconnectedError = () => ({ code: 4900, message: "WalletConnect session is not connected" })

export const makeWalletConnect = Effect.gen(function* () {
  const networks = yield* Networks
  const runSync = Effect.runSyncWith(yield* Effect.context<never>())
  const pairing = yield* SubscriptionRef.make<PairingState>(idle)
  const hub = yield* PubSub.unbounded<WalletConnectEvent>()
  const holder: SessionHolder = { client: undefined, current: undefined }
  const publish = (event: WalletConnectEvent) => Effect.asVoid(PubSub.publish(hub, event))
  // Pairing and the session codec load with the SDK, on the first connect or restore.
  const pairingCode = lazyService(
    yield* lazyImplementation(WalletConnectLazy, (module) =>
      module.makeWalletConnectPairing({ pairing, publish, holder })
    ),
    {
      connect: call((error) => Effect.fail(new WalletConnectConnectorNotFoundError({ cause: error.cause }))),
      restore: effect(() => Effect.succeed(Option.none<WalletConnectSession>())),
      // A request goes to a WalletConnect wallet only once a session loaded this part.
      openWallet: effect(() => Effect.void)
    }
  )

  const connect: WalletConnectShape["connect"] = (signIn) =>
    SubscriptionRef.set(pairing, { _tag: "Preparing" }).pipe(
      Effect.andThen(pairingCode.connect(signIn)),
      Effect.ensuring(SubscriptionRef.set(pairing, idle))
    )

  const restore = pairingCode.restore.pipe(
    Effect.timeout(SESSION_TIMEOUT),
    Effect.orElseSucceed(() => Option.none<WalletConnectSession>())
  )

  const disconnect = Effect.suspend(() => {
    const loadedClient = holder.client
    holder.current = undefined
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
      const session = holder.current?.session
      const chainId =
        session === undefined ? undefined : requestChainOf(session, namespace, activeOf(namespace))
      const { client } = holder
      if (client === undefined || chainId === undefined) return Promise.reject(disconnectedError())
      return client.request(params === undefined ? { method } : { method, params }, chainId)
    }
  })

  return WalletConnect.of({
    pairing,
    connect,
    restore,
    disconnect,
    provider,
    openWallet: pairingCode.openWallet,
    events: PubSub.subscribe(hub)
  })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const WalletConnectLive = Layer.effect(WalletConnect, makeWalletConnect)
