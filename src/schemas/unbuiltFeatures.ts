/**
 * The features a later release builds (the legal checkbox, smart sessions, pay): until then, one turned on
 * fails `createModal` (the options' schema refuses it) rather than running without it.
 */

/** The flags of `features` that name a feature this release does not have. */
interface UnbuiltFlags {
  readonly legalCheckbox: boolean
  readonly pay: boolean
}

/** The first unbuilt feature `features` turns on, if any. */
export const unbuiltFeatureOn = (features: UnbuiltFlags): keyof UnbuiltFlags | undefined => {
  if (features.legalCheckbox) return "legalCheckbox"
  if (features.pay) return "pay"
  return undefined
}
