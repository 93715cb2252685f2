/**
 * What compiled messages call besides `@messageformat/runtime`: plural rules from the browser's `Intl`
 * (no plural data ships), and the bidi isolate around every argument.
 */

/** First-strong isolate: an address stays left to right in Arabic text; a name's own marks stay inside. */
export const isolate = (value: string | number): string => `\u2068${value}\u2069`

/** The locale's plural category of a number, as `@messageformat/runtime`'s `plural` asks for it. */
export const pluralRule = (locale: string, type: Intl.PluralRuleType = "cardinal") => {
  const rules = new Intl.PluralRules(locale, { type })
  return (value: number): string => rules.select(value)
}
