import type { Modal } from "../Modal"
import type { LocaleState } from "../services/Locale"
import type { Store } from "./modal/bridge/store"

/** The modal hooks use when no `<AirlockProvider>` names one: the latest created and not disposed. */
let current: Modal | undefined

/** Each modal's locale with its messages, for the components of airlock/react that speak its language. */
const locales = new WeakMap<Modal, Store<LocaleState>>()

export const registerModal = (modal: Modal, locale?: Store<LocaleState>): void => {
  current = modal
  if (locale !== undefined) locales.set(modal, locale)
}

export const unregisterModal = (modal: Modal): void => {
  if (current === modal) current = undefined
}

export const currentModal = (): Modal | undefined => current

/** The modal's locale store; none for a modal made elsewhere (a test's handle, the server's). */
export const localeOf = (modal: Modal): Store<LocaleState> | undefined => locales.get(modal)
