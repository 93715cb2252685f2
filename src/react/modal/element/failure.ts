import { type AirlockError, RequestAbortedError } from "../../../errors"
import { type Presentation, present } from "../../../presentation"
import type { Result } from "../bridge/run"

/**
 * What the visitor sees of a command that did not succeed: the catalogue's words for its error. A defect
 * (a bug) has no words of its own: it gets the generic ones, as a view that failed to render does.
 */
export const presentFailure = (
  result: Exclude<Result<unknown, AirlockError>, { readonly _tag: "Success" }>
): Presentation =>
  present(result._tag === "Failure" ? result.error : new RequestAbortedError({ source: "other" }))
