import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { LocaleUnavailableError } from "../errors"
import type { Catalog } from "../messages/compiled/catalog"
import type { LocaleTag } from "../messages/locales"

export type { LocaleTag } from "../messages/locales"

export interface LocaleState {
  /** The locale the modal renders in. */
  readonly tag: LocaleTag
  readonly dir: "ltr" | "rtl"
  /** Every namespace's messages; `undefined` for English, which each view carries itself. */
  readonly catalog: Catalog | undefined
  /** `false` only while the first locale other than English loads: the modal renders nothing yet. */
  readonly ready: boolean
}

export interface LocaleShape {
  readonly state: SubscriptionRef.SubscriptionRef<LocaleState>
  /**
   * Loads the locale's catalog, then renders in it (the old locale stays until then, so nothing flashes);
   * `"auto"` takes the browser's languages. Resolves to the locale chosen.
   */
  readonly set: (requested: string) => Effect.Effect<LocaleTag, LocaleUnavailableError>
}

/**
 * The language the modal speaks (the `locale` option, `modal.setLocale`): its messages, direction and the
 * locale every number and date is formatted in.
 *
 * @since 0.1.0
 * @category tags
 */
export class Locale extends Context.Service<Locale, LocaleShape>()("@airlock/Locale") {}
