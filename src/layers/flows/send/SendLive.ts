import * as Layer from "effect/Layer"
import { Send } from "../../../services/Send"
import { deferredFlow } from "../deferredFlow"

/**
 * Send: the state the view reads lives here; the flow (`Send.lazy.ts`, with viem's encoders) loads
 * with the first command.
 *
 * @since 0.1.0
 * @category layers
 */
export const SendLive = Layer.effect(
  Send,
  deferredFlow({ _tag: "Idle" }, (state) => import("./Send.lazy").then((module) => module.makeSend(state)), {
    start: false,
    edit: true,
    review: false,
    confirm: false,
    back: false
  })
)
