import type { Modal } from "../Modal"
import type { LocaleState } from "../services/Locale"
import type { Store } from "./modal/bridge/store"

/** The modal hooks use when no `<AirlockProvider>` names one: the latest created and not disposed. */
let current: Modal | undefined

/** What the components of airlock/react know of a modal beyond its handle. */
export interface ModalCompanion {
  /** Its locale with its messages, so that the components speak its language. */
  readonly locale: Store<LocaleState>
  /** Fetches its interface now, as a visitor comes near a button that opens it. */
  readonly prepare: () => void
}

const companions = new WeakMap<Modal, ModalCompanion>()

export const registerModal = (modal: Modal, companion?: ModalCompanion): void => {
  current = modal
  if (companion !== undefined) companions.set(modal, companion)
}

export const unregisterModal = (modal: Modal): void => {
  if (current === modal) current = undefined
}

export const currentModal = (): Modal | undefined => current

/** The modal's companion; none for a modal made elsewhere (a test's handle, the server's). */
export const companionOf = (modal: Modal): ModalCompanion | undefined => companions.get(modal)
