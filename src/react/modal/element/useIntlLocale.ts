import { useLocale } from "./useWords"

/**
 * The locale `Intl` formats the modal's numbers and dates in: SPEC.md §9's en-US rules for English and the
 * pseudo-locale, the locale itself otherwise.
 */
export const useIntlLocale = (): string => {
  const { tag } = useLocale()
  return tag === "en" || tag === "en-XA" ? "en-US" : tag
}
