import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { EmailLoginDependencyLoadError } from "../../errors"
import type { EmbeddedWalletUser } from "../../schemas/EmbeddedWallet"
import type { CaipNetworkId } from "../../schemas/Primitives"
import { AuthConnector, type SocialLoginState } from "../../services/AuthConnector"
import type { EmailLogin } from "../../services/EmailLogin"
import type { EmbeddedWalletBridge } from "../../services/EmbeddedWalletBridge"
import { LegalConsent } from "../../services/LegalConsent"
import { ModalConfig } from "../../services/ModalConfig"
import type { Storage } from "../../services/Storage"
import { type ChunkLoadError, call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** The auth connector and its logins (`AuthConnector.lazy.ts`), loaded when it is first used. */
export const AuthConnectorLazy = lazyPart("@airlock/AuthConnector.lazy", () =>
  accountStage().then((stage) => stage.authConnector())
)

const dependencyMissing = (error: ChunkLoadError) =>
  Effect.fail(new EmailLoginDependencyLoadError({ cause: error.cause }))

/**
 * The auth connector. The connector itself, with its EIP-1193 face (`AuthConnector.lazy.ts`) and the
 * social logins (`socialLogin.ts`), loads when it is first used, and the frame with its first
 * request.
 *
 * @since 0.2.0
 * @category layers
 */
export const AuthConnectorLive: Layer.Layer<
  AuthConnector,
  never,
  ModalConfig | EmbeddedWalletBridge | EmailLogin | Storage | LegalConsent
> = Layer.effect(
  AuthConnector,
  Effect.gen(function* () {
    const { features } = yield* ModalConfig
    const legal = yield* LegalConsent
    const user = yield* SubscriptionRef.make(Option.none<EmbeddedWalletUser>())
    const social = yield* SubscriptionRef.make<SocialLoginState>({ _tag: "Idle" })
    const smartAccountNetworks = yield* SubscriptionRef.make<ReadonlyArray<CaipNetworkId>>([])
    const implementation = yield* lazyImplementation(AuthConnectorLazy, (module) =>
      module.makeAuthConnector({ user, social, smartAccountNetworks })
    )

    const commands = lazyService(implementation, {
      connector: effect(dependencyMissing),
      solanaConnector: effect(dependencyMissing),
      loginWithSocial: call(dependencyMissing),
      loginWithFarcaster: effect(dependencyMissing),
      // Without the code, no Farcaster login runs.
      abandonFarcaster: effect(() => Effect.void),
      setPreferredAccount: call(dependencyMissing)
    })
    return AuthConnector.of({
      enabled: features.email || (features.socials !== false && features.socials.length > 0),
      social,
      user,
      smartAccountNetworks,
      accountType: Effect.map(SubscriptionRef.get(user), (u) =>
        Option.exists(u, (v) => v.preferredAccountType === "smartAccount") ? "smartAccount" : "eoa"
      ),
      ...commands,
      // No login starts before the visitor agreed to the app's terms, when the app asks that; the popup
      // the click opened closes.
      loginWithSocial: (provider, popup) =>
        legal.check.pipe(
          Effect.tapError(() => Effect.sync(() => popup?.close())),
          Effect.andThen(commands.loginWithSocial(provider, popup))
        ),
      loginWithFarcaster: Effect.andThen(legal.check, commands.loginWithFarcaster)
    })
  })
)
