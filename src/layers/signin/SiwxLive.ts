import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { AuthenticationSetupError } from "../../errors"
import type { FallbackTransport } from "../../services/FallbackTransport"
import { ModalConfig } from "../../services/ModalConfig"
import { Siwx } from "../../services/Siwx"
import { type ChunkLoadError, call, effect, lazyImplementation, lazyPart, lazyService } from "../runtime/lazy"

/** The host's sign-in plugin made safe to call (`Siwx.lazy.ts`), loaded with its first use. */
export const SiwxLazy = lazyPart("@airlock/Siwx.lazy", () => import("./Siwx.lazy"))

const setupFailed = (error: ChunkLoadError) =>
  Effect.fail(new AuthenticationSetupError({ cause: error.cause }))

/**
 * The host's sign-in plugin (`siwx`, or the older `siweConfig`) behind the `Siwx` contract. Its code
 * (`Siwx.lazy.ts`) loads with the first call; code that did not load answers as a plugin that cannot be
 * used: the catalogue's setup failure, never required, signing out on disconnect.
 *
 * @since 0.2.0
 * @category layers
 */
export const SiwxLive: Layer.Layer<Siwx, never, ModalConfig | FallbackTransport> = Layer.effect(
  Siwx,
  Effect.gen(function* () {
    const options = yield* ModalConfig
    const plugin = yield* lazyImplementation(SiwxLazy, (module) => module.makeSiwx(options))
    return Siwx.of(
      lazyService(plugin, {
        required: effect(() => Effect.succeed(false)),
        signOutOnDisconnect: effect(() => Effect.succeed(true)),
        createMessage: call(setupFailed),
        sessions: call(setupFailed),
        addSession: call(setupFailed),
        revokeSession: call(setupFailed)
      })
    )
  })
)
