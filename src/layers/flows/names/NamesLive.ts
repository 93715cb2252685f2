import * as Layer from "effect/Layer"
import { Names } from "../../../services/Names"
import { deferredFlow } from "../deferredFlow"

/**
 * Account names: the state the views read lives here; the flow (`Names.lazy.ts`) loads with the first
 * command.
 *
 * @since 0.3.0
 * @category layers
 */
export const NamesLive = Layer.effect(
  Names,
  deferredFlow(
    { _tag: "Idle" },
    (state) => import("./Names.lazy").then((module) => module.makeNames(state)),
    { start: false, edit: true, register: false }
  )
)
