/**
 * Changing the locale: which locale a request gets, and its catalog (every locale but English is its own
 * chunk). This module loads only when a locale other than English is asked for, so the first paint carries
 * none of it.
 */
import * as Effect from "effect/Effect"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { LocaleUnavailableError } from "../../errors"
import type { Catalog } from "../../messages/compiled/catalog"
import { directionOf, type LocaleTag, resolveLocale } from "../../messages/locales"
import { englishLocale } from "../../modalDefaults"
import type { LocaleShape, LocaleState } from "../../services/Locale"

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
    return Array.isArray(languages) ? languages.slice(0, 10).filter((l) => typeof l === "string") : []
  } catch {
    return []
  }
}

/** The locale `requested` resolves to ("auto": by the browser's languages), with its catalog loaded. */
const localeFor = async (requested: string): Promise<LocaleState> => {
  const tag = resolveLocale(requested, browserLanguages())
  if (tag === "en") return englishLocale
  return { tag, dir: directionOf(tag), catalog: (await catalogs[tag]()).catalog, ready: true }
}

/**
 * `Locale.set` over `state`: the catalog loads first and the old locale stays until then; the latest
 * request wins when loads overlap.
 */
export const makeSetLocale = (state: SubscriptionRef.SubscriptionRef<LocaleState>): LocaleShape["set"] => {
  let latest = 0
  return (requested) =>
    Effect.suspend(() => {
      const request = ++latest
      return Effect.tryPromise({
        try: () => localeFor(requested),
        catch: (cause) => new LocaleUnavailableError({ locale: requested, cause })
      }).pipe(
        Effect.tap((next) => (request === latest ? SubscriptionRef.set(state, next) : Effect.void)),
        Effect.map((next) => next.tag)
      )
    })
}
