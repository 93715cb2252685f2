import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { IdentityService } from "../../services/IdentityService"
import { deferredImplementation } from "../runtime/deferred"

/**
 * Names and avatars, cached for 5 minutes; the code (`IdentityService.lazy.ts`) loads with the first
 * look-up, and a look-up it could not make reads as "no name", like an unavailable API.
 *
 * @since 0.1.0
 * @category layers
 */
export const IdentityServiceLive = Layer.effect(
  IdentityService,
  Effect.gen(function* () {
    const identities = yield* deferredImplementation(() =>
      import("./IdentityService.lazy").then((module) => module.makeIdentityService)
    )
    return IdentityService.of({
      identity: (address) =>
        identities.pipe(
          Effect.flatMap((loaded) => loaded.identity(address)),
          Effect.orElseSucceed(() => Option.none())
        ),
      forget: (address) =>
        identities.pipe(
          Effect.flatMap((loaded) => loaded.forget(address)),
          Effect.ignore
        )
    })
  })
)
