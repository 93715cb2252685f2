import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { WalletConnectConnectorNotFoundError } from "../../errors"
import type { AppMetadata } from "../../schemas/Metadata"
import type { ModalOptions } from "../../schemas/ModalOptions"
import { ModalConfig } from "../../services/ModalConfig"
import { Notifications } from "../../services/Notifications"
import { WalletConnectClient } from "../../services/WalletConnectClient"
import { lazyImplementation, lazyPart } from "../runtime/lazy"

/** Loading the SDK chunk and opening its storage (THREATS.md R2: every external step has a time-out). */
export const SDK_LOAD_TIMEOUT = Duration.seconds(20)

/** The options' metadata, else what the page says about itself. */
export const metadataOf = (config: ModalOptions): AppMetadata => {
  if (config.metadata !== undefined) return config.metadata
  const page = typeof location === "undefined" ? undefined : location.origin
  return {
    name: typeof document === "undefined" || document.title === "" ? "Airlock" : document.title,
    description: "",
    url: page ?? "",
    icons: []
  }
}

/** The WalletConnect SDK (`universalProvider.ts`), loaded when a visitor chooses it or a session restores. */
export const UniversalProviderLazy = lazyPart(
  "@airlock/universalProvider",
  () => import("./universalProvider")
)

export const makeWalletConnectClient = Effect.gen(function* () {
  const config = yield* ModalConfig
  const notifications = yield* Notifications
  // A failed load (chunk not reachable, storage refused) is not kept: the next caller loads again.
  const load = yield* lazyImplementation(UniversalProviderLazy, (sdk) =>
    Effect.gen(function* () {
      const client = yield* Effect.tryPromise(() =>
        sdk.createUniversalProvider({
          projectId: config.projectId,
          relayUrl: config.relayUrl,
          metadata: metadataOf(config),
          logger: config.debug ? "error" : "silent",
          verify: config.walletConnectVerify
        })
      )
      // Verify attests the page with each pairing: a domain it finds unverified for the project is the
      // catalogue's 'Invalid App Configuration' (SPEC.md §8), for as long as the modal lives.
      if (config.walletConnectVerify) yield* sdk.reportUnverifiedDomains(notifications)
      return client
    })
  )
  const get = load.pipe(
    // The chunk did not load, or the SDK did not start (its storage refused, say): the cause is theirs.
    Effect.mapError((error) => new WalletConnectConnectorNotFoundError({ cause: error.cause })),
    Effect.timeoutOrElse({
      duration: SDK_LOAD_TIMEOUT,
      orElse: () => Effect.fail(new WalletConnectConnectorNotFoundError({ cause: "timeout" }))
    })
  )
  return WalletConnectClient.of({ get })
})

/**
 * @since 0.1.0
 * @category layers
 */
export const WalletConnectClientLive = Layer.effect(WalletConnectClient, makeWalletConnectClient)
