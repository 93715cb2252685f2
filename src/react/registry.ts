import type { Modal } from "../Modal"

/** The modal hooks use when no `<AirlockProvider>` names one: the latest created and not disposed. */
let current: Modal | undefined

export const registerModal = (modal: Modal): void => {
  current = modal
}

export const unregisterModal = (modal: Modal): void => {
  if (current === modal) current = undefined
}

export const currentModal = (): Modal | undefined => current
