import * as Layer from "effect/Layer"
import * as References from "effect/References"
import type { ModalOptions } from "../../schemas/ModalOptions"
import { ModalConfig } from "../../services/ModalConfig"

/**
 * The host's decoded options as the `ModalConfig` every service reads, and the runtime's log level: errors
 * only (SPEC.md §9), everything with `debug`.
 *
 * @since 0.2.0
 * @category layers
 */
export const ModalConfigLive = (options: ModalOptions): Layer.Layer<ModalConfig> =>
  Layer.merge(
    Layer.succeed(ModalConfig, options),
    Layer.succeed(References.MinimumLogLevel, options.debug ? "Debug" : "Error")
  )
