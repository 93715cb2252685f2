import type { Catalog } from "../../../messages/compiled/catalog"
import type { LocaleState } from "../../../services/Locale"
import { useController } from "./context"
import { useStore } from "./useStore"

/** The locale the modal renders in. */
export const useLocale = (): LocaleState => useStore(useController().locale)

/**
 * A namespace's messages in the modal's locale. A view imports its English messages itself
 * (`messages/compiled/en/<namespace>`), so English costs no load; other locales come from their catalog.
 */
export const useWords = <K extends keyof Catalog>(namespace: K, english: Catalog[K]): Catalog[K] =>
  useLocale().catalog?.[namespace] ?? english
