import * as Layer from "effect/Layer"
import { Swap } from "../../../services/Swap"
import { deferredFlow } from "../deferredFlow"

/**
 * Swap: the state the view reads lives here; the flow (`Swap.lazy.ts`) loads with the first command.
 *
 * @since 0.3.0
 * @category layers
 */
export const SwapLive = Layer.effect(
  Swap,
  deferredFlow({ _tag: "Idle" }, (state) => import("./Swap.lazy").then((module) => module.makeSwap(state)), {
    start: false,
    edit: true,
    flip: false,
    review: false,
    confirm: false,
    back: false
  })
)
