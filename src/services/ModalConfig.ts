import * as Context from "effect/Context"
import type { ModalOptions } from "../schemas/ModalOptions"

/**
 * The host's `createModal` options, validated and with defaults filled in.
 *
 * @since 0.1.0
 * @category tags
 */
export class ModalConfig extends Context.Service<ModalConfig, ModalOptions>()("@airlock/ModalConfig") {}
