/**
 * The features a later release builds (the legal checkbox, smart sessions, pay): until then, one turned on
 * makes `createModal` fail with {@link FeatureUnavailableError} rather than run without it.
 */
import * as Data from "effect/Data"

/** The flags of `features` that name a feature this release does not have. */
interface UnbuiltFlags {
  readonly legalCheckbox: boolean
  readonly smartSessions: boolean
  readonly pay: boolean
}

export type UnbuiltFeature = keyof UnbuiltFlags

/**
 * A feature this release does not have was turned on.
 *
 * @since 0.3.0
 * @category errors
 */
export class FeatureUnavailableError extends Data.TaggedError("FeatureUnavailableError")<{
  readonly feature: UnbuiltFeature
}> {
  override get message() {
    return `features.${this.feature} is not available in this release: leave it unset or false`
  }
}

/** The first unbuilt feature `features` turns on, if any. */
export const unbuiltFeatureOn = (features: UnbuiltFlags): UnbuiltFeature | undefined => {
  if (features.legalCheckbox) return "legalCheckbox"
  if (features.smartSessions) return "smartSessions"
  if (features.pay) return "pay"
  return undefined
}
