/**
 * The catalogue's error (`errors.ts`) for the embedded wallet's code that did not load: apart from the
 * others of `embeddedErrors.ts`, because the first paint needs it (the services' fallbacks make it) and
 * them not.
 */
import * as Data from "effect/Data"

/** The lazily loaded email/social login code could not be imported. */
export class EmailLoginDependencyLoadError extends Data.TaggedError("EmailLoginDependencyLoadError")<{
  readonly cause?: unknown
}> {
  override readonly message = "Unable to load email login dependency"
}
