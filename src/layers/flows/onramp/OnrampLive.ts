import * as Layer from "effect/Layer"
import { Onramp } from "../../../services/Onramp"
import { deferredFlow } from "../deferredFlow"

/**
 * Buy: the state the view reads lives here; the flow (`Onramp.lazy.ts`) loads with the first command.
 *
 * @since 0.3.0
 * @category layers
 */
export const OnrampLive = Layer.effect(
  Onramp,
  deferredFlow(
    { _tag: "Idle" },
    (state) => import("./Onramp.lazy").then((module) => module.makeOnramp(state)),
    { start: false, edit: true, proceed: false, back: false }
  )
)
