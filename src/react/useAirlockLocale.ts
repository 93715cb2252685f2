import { useSyncExternalStore } from "react"
import type { LocaleTag } from "../services/Locale"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

export interface AirlockLocale {
  /** The locale the modal renders in. */
  readonly locale: LocaleTag
  /** `modal.setLocale`: a BCP 47 tag or "auto"; resolves once the modal renders in it. */
  readonly setLocale: (locale: string) => Promise<LocaleTag>
}

/**
 * The modal's language, and its setter.
 *
 * @since 0.3.0
 * @category hooks
 */
export const useAirlockLocale = (): AirlockLocale => {
  const modal = useModal()
  const locale = useSyncExternalStore(modal.subscribeLocale, modal.getLocale, serverModal.getLocale)
  return { locale, setLocale: modal.setLocale }
}
