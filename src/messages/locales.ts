/**
 * Which of Airlock's locales a requested language gets: an exact match, else the same language in its
 * written form (Chinese by script or region), else English.
 */

/** English and the 19 translations; `en-XA` is the pseudo-locale the gallery's checks render. */
export const LOCALES = [
  "en",
  "ar",
  "de",
  "es",
  "fa",
  "fr",
  "he",
  "hi",
  "id",
  "ja",
  "ko",
  "ms",
  "pt-BR",
  "ru",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-CN",
  "zh-TW",
  "en-XA"
] as const
export type LocaleTag = (typeof LOCALES)[number]

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(["ar", "fa", "he"])

export const directionOf = (tag: LocaleTag): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(tag) ? "rtl" : "ltr")

/** Chinese written in Traditional characters: by script, else by region. */
const TRADITIONAL = /^zh(-hant\b|-(tw|hk|mo)\b)/

const canonical = (requested: string): string | undefined => {
  try {
    return Intl.getCanonicalLocales(requested)[0]?.toLowerCase()
  } catch {
    return undefined
  }
}

/** The supported locale for one requested tag, or `undefined` when none speaks its language. */
export const matchLocale = (requested: string): LocaleTag | undefined => {
  const tag = canonical(requested)
  if (tag === undefined) return undefined
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag)
  if (exact !== undefined) return exact
  const language = tag.split("-")[0]
  if (language === "zh") return TRADITIONAL.test(tag) ? "zh-TW" : "zh-CN"
  if (language === "pt") return "pt-BR"
  // The pseudo-locale is asked for by its exact tag only.
  return LOCALES.find((locale) => locale !== "en-XA" && locale.split("-")[0] === language)
}

/**
 * The locale for the `locale` option: `"auto"` takes the first of the browser's languages that is
 * supported; a tag takes its match; anything else, English.
 */
export const resolveLocale = (requested: string, languages: ReadonlyArray<string>): LocaleTag => {
  if (requested !== "auto") return matchLocale(requested) ?? "en"
  for (const language of languages) {
    const match = matchLocale(language)
    if (match !== undefined) return match
  }
  return "en"
}
