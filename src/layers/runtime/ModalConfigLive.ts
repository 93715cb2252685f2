import * as Layer from "effect/Layer"
import type { ModalOptions } from "../../schemas/ModalOptions"
import { ModalConfig } from "../../services/ModalConfig"

/**
 * The host's decoded options as the `ModalConfig` every service reads.
 *
 * @since 0.2.0
 * @category layers
 */
export const ModalConfigLive = (options: ModalOptions): Layer.Layer<ModalConfig> =>
  Layer.succeed(ModalConfig, options)
