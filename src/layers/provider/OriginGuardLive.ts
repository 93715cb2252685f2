import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ModalConfig } from "../../services/ModalConfig"
import { OriginGuard } from "../../services/OriginGuard"
import type { ProviderApi } from "../../services/ProviderApi"
import { effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"

/** The allowed-origins check (`OriginGuard.lazy.ts`), loaded with the first one. */
export const OriginGuardLazy = lazyPart("@airlock/OriginGuard.lazy", () =>
  import("../runtime/connectStage").then((stage) => stage.originGuard)
)

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
  Effect.map(
    lazyImplementation(OriginGuardLazy, (module) => module.makeOriginGuard()),
    (guard) =>
      OriginGuard.of(
        lazyService(guard, {
          check: effect(() =>
            Effect.logWarning("The origin check could not be loaded; not blocking the modal")
          )
        })
      )
  )
)
