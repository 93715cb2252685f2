import { Fragment, type ReactNode } from "react"
import type { Catalog } from "../../../messages/compiled/catalog"
import type { LocaleState } from "../../../services/Locale"
import { useController } from "./context"
import { useStore } from "./useStore"

/** The locale the modal renders in. */
export const useLocale = (): LocaleState => useStore(useController().locale)

/**
 * The locale `Intl` formats the modal's numbers and dates in: SPEC.md §9's en-US rules for English and the
 * pseudo-locale, the locale itself otherwise.
 */
export const useIntlLocale = (): string => {
  const { tag } = useLocale()
  return tag === "en" || tag === "en-XA" ? "en-US" : tag
}

/**
 * A namespace's messages in the modal's locale. A view imports its English messages itself
 * (`messages/compiled/en/<namespace>`), so English costs no load; other locales come from their catalog.
 */
export const useWords = <K extends keyof Catalog>(namespace: K, english: Catalog[K]): Catalog[K] =>
  useLocale().catalog?.[namespace] ?? english

const MARK = "\u0000"

/**
 * A message whose arguments are elements (a link, a name in bold): the sentence is the catalog's, and each
 * argument is put where the locale's sentence puts it.
 */
export const withNodes = <D extends Record<string, string | number>>(
  message: (d: D) => string,
  nodes: { readonly [K in keyof D]: ReactNode }
): ReactNode => {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`])) as D
  return message(marks)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={part}>{nodes[part as keyof D]}</Fragment> : part))
}
