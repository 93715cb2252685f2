import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { IdentityService } from "../../services/IdentityService"
import { call, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"
import { accountStage } from "../runtime/stages"

/** Names and avatars (`IdentityService.lazy.ts`), loaded with the first look-up. */
export const IdentityServiceLazy = lazyPart("@airlock/IdentityService.lazy", () =>
  accountStage().then((stage) => stage.identityService)
)

/**
 * Names and avatars, cached for 5 minutes; the code (`IdentityService.lazy.ts`) loads with the first
 * look-up, and a look-up it could not make reads as "no name", like an unavailable API.
 *
 * @since 0.1.0
 * @category layers
 */
export const IdentityServiceLive = Layer.effect(
  IdentityService,
  Effect.map(
    lazyImplementation(IdentityServiceLazy, (module) => module.makeIdentityService),
    (identities) =>
      IdentityService.of(
        lazyService(identities, {
          identity: call(() => Effect.succeed(Option.none())),
          forget: call(() => Effect.void)
        })
      )
  )
)
