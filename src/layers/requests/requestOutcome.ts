import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { RequestError } from "../../services/RpcRouter"

/** How an unsafe request ended, in the transaction stack's words: a rejection or an abort is a cancel. */
export const outcomeOf = (exit: Exit.Exit<unknown, RequestError>): "success" | "error" | "cancel" => {
  if (Exit.isSuccess(exit)) return "success"
  const error = Exit.findErrorOption(exit)
  return Exit.hasInterrupts(exit) ||
    Option.exists(error, (e) => e._tag === "UserRejectedRequestError" || e._tag === "RequestAbortedError")
    ? "cancel"
    : "error"
}
