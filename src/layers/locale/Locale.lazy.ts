/**
 * The catalogs of every locale but English, one chunk each; this module loads only when a locale other
 * than English is asked for.
 */
import type { Catalog } from "../../messages/compiled/catalog"
import type { LocaleTag } from "../../messages/locales"

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

/** The locale's catalog, from its own chunk. */
export const loadCatalog = async (tag: Translated): Promise<Catalog> => (await catalogs[tag]()).catalog
