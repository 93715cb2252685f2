import * as Cause from "effect/Cause"
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import type { AirlockError } from "../../../errors"
import type { AirlockServices } from "../../../layers/runtime/AirlockLive"
import { type Presentation, present } from "../../../presentation"

/** The modal's runtime, as the ports run their effects on it. */
export type ModalRuntime = ManagedRuntime.ManagedRuntime<AirlockServices, never>

/** What a promise of a port settles with when the caller must show a failure itself. */
export type Result<A> =
  | { readonly _tag: "Success"; readonly value: A }
  | { readonly _tag: "Failure"; readonly error: Presentation; readonly cause: unknown }

/** Runs `effect` to a `Result`: a typed failure comes presented, a defect as 'Something went wrong'. */
export const attempt =
  (runtime: ModalRuntime) =>
  <A, E extends AirlockError>(effect: Effect.Effect<A, E>): Promise<Result<A>> =>
    runtime.runPromiseExit(effect).then((exit) =>
      Exit.isSuccess(exit)
        ? { _tag: "Success", value: exit.value }
        : Option.match(Cause.findErrorOption(exit.cause), {
            onSome: (error): Result<A> => ({ _tag: "Failure", error: present(error), cause: error }),
            onNone: (): Result<A> => ({
              _tag: "Failure",
              error: { kind: "toast", variant: "error", message: "Something went wrong", delayMs: 0 },
              cause: Cause.squash(exit.cause)
            })
          })
    )
