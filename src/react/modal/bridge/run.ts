import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import type { AirlockError } from "../../../errors"
import type { AirlockServices } from "../../../layers/runtime/AirlockLive"

/** The modal's runtime, as the ports run their effects on it. */
export type ModalRuntime = ManagedRuntime.ManagedRuntime<AirlockServices, never>

/**
 * What a port's promise settles with when its caller handles the failure: the value, or the typed error as
 * the service failed with it. Nothing here is presented: the view that shows it, or the host that gets it,
 * does that once.
 */
export type Result<A, E extends AirlockError> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: E }
  /** A bug, not a failure of the service's contract: the host gets it as it was thrown. */
  | { readonly _tag: "Defect"; readonly defect: unknown }

/** Runs `effect` (which needs no service: it closes over them) to a `Result`. */
export const attempt =
  (runtime: Pick<ManagedRuntime.ManagedRuntime<never, never>, "runPromiseExit">) =>
  <A, E extends AirlockError>(effect: Effect.Effect<A, E>): Promise<Result<A, E>> =>
    runtime.runPromiseExit(effect).then((exit) =>
      Exit.isSuccess(exit)
        ? { _tag: "Success", value: exit.value }
        : Option.match(Cause.findErrorOption(exit.cause), {
            onSome: (error): Result<A, E> => ({ _tag: "Failure", error }),
            onNone: (): Result<A, E> => ({ _tag: "Defect", defect: Cause.squash(exit.cause) })
          })
    )
