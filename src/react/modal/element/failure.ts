import { type AirlockError, RequestAbortedError } from "../../../errors"
import type { Catalog } from "../../../messages/compiled/catalog"
import { type Presentation, present } from "../../../presentation"
import type { Result } from "../bridge/run"

/**
 * What the visitor sees of a command that did not succeed: the catalogue's words for its error. A defect
 * (a bug) has no words of its own: it gets the generic ones, as a view that failed to render does. In the
 * active locale's `catalog` (`useLocale().catalog`), English without one.
 */
export const presentFailure = (
  result: Exclude<Result<unknown, AirlockError>, { readonly _tag: "Success" }>,
  catalog?: Catalog
): Presentation =>
  present(result._tag === "Failure" ? result.error : new RequestAbortedError({ source: "other" }), catalog)
