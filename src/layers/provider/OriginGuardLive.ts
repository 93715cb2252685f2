import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ModalConfig } from "../../services/ModalConfig"
import { OriginGuard } from "../../services/OriginGuard"
import type { ProviderApi } from "../../services/ProviderApi"
import { deferredImplementation } from "../runtime/deferred"

/**
 * The allowed-origins check; it runs in the background of the first open, so its code
 * (`OriginGuard.lazy.ts`) loads then. Code that would not load blocks nothing, like an unreachable
 * list: the provider's own services still enforce the list.
 *
 * @since 0.1.0
 * @category layers
 */
export const OriginGuardLive: Layer.Layer<OriginGuard, never, ModalConfig | ProviderApi> = Layer.effect(
  OriginGuard,
  Effect.gen(function* () {
    const guard = yield* deferredImplementation(() =>
      import("./OriginGuard.lazy").then((module) => module.makeOriginGuard())
    )
    return OriginGuard.of({
      check: guard.pipe(
        Effect.catchTag("ChunkLoadError", () =>
          Effect.as(
            Effect.logWarning("The origin check could not be loaded; not blocking the modal"),
            undefined
          )
        ),
        Effect.flatMap((loaded) => (loaded === undefined ? Effect.void : loaded.check))
      )
    })
  })
)
