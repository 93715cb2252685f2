/**
 * Which locale a request gets, and its catalog: every locale but English is its own chunk. This module
 * loads only when a locale other than English is asked for, so the first paint carries none of it.
 */
import type { Catalog } from "../../messages/compiled/catalog"
import { directionOf, type LocaleTag, resolveLocale } from "../../messages/locales"
import type { LocaleState } from "../../services/Locale"

type Translated = Exclude<LocaleTag, "en">

const catalogs: { readonly [T in Translated]: () => Promise<{ readonly catalog: Catalog }> } = {
  ar: () => import("../../messages/compiled/ar"),
  de: () => import("../../messages/compiled/de"),
  es: () => import("../../messages/compiled/es"),
  fa: () => import("../../messages/compiled/fa"),
  fr: () => import("../../messages/compiled/fr"),
  he: () => import("../../messages/compiled/he"),
  hi: () => import("../../messages/compiled/hi"),
  id: () => import("../../messages/compiled/id"),
  ja: () => import("../../messages/compiled/ja"),
  ko: () => import("../../messages/compiled/ko"),
  ms: () => import("../../messages/compiled/ms"),
  "pt-BR": () => import("../../messages/compiled/pt-BR"),
  ru: () => import("../../messages/compiled/ru"),
  th: () => import("../../messages/compiled/th"),
  tr: () => import("../../messages/compiled/tr"),
  uk: () => import("../../messages/compiled/uk"),
  vi: () => import("../../messages/compiled/vi"),
  "zh-CN": () => import("../../messages/compiled/zh-CN"),
  "zh-TW": () => import("../../messages/compiled/zh-TW"),
  "en-XA": () => import("../../messages/compiled/en-XA")
}

const browserLanguages = (): ReadonlyArray<string> => {
  try {
    const languages = globalThis.navigator?.languages
    // A page can give `navigator.languages` any value: only strings count, and only the first few.
    return Array.isArray(languages) ? languages.filter((l) => typeof l === "string").slice(0, 10) : []
  } catch {
    return []
  }
}

/** The locale `requested` resolves to ("auto": by the browser's languages), with its catalog loaded. */
export const localeFor = async (requested: string): Promise<LocaleState> => {
  const tag = resolveLocale(requested, browserLanguages())
  if (tag === "en") return { tag, dir: "ltr", catalog: undefined, ready: true }
  return { tag, dir: directionOf(tag), catalog: (await catalogs[tag]()).catalog, ready: true }
}
