import { act } from "react"
import { afterEach } from "vitest"
import { createModal } from "../../src/createModal"
import type { CreateModalSettings, Modal } from "../../src/Modal"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"

Reflect.set(globalThis, "IS_REACT_ACT_ENVIRONMENT", true)

/** Resolves once `holds()` is true, asking again at each notification of `subscribe`. */
export const until = (subscribe: (listener: () => void) => () => void, holds: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (holds()) return resolve()
    const stop = subscribe(() => {
      if (!holds()) return
      stop()
      resolve()
    })
  })

/**
 * Resolves with what `find` finds in the page, looking again after each task the page runs (a store's
 * change, a chunk that came in, React's render of them), for as long as it takes.
 */
export const rendered = async <A>(find: () => A | null | undefined): Promise<A> => {
  for (;;) {
    const found = find()
    if (found !== null && found !== undefined) return found
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  }
}

/** What a hostile string runs if it ever executes: sets `window.__pwned`. */
export const PWN = "window.__pwned=1"

const created: Array<Modal> = []

/** Disposes every modal opened so far (done after each test anyway). */
export const disposeModals = async () => {
  for (const modal of created.splice(0)) await act(async () => modal.dispose())
}

afterEach(async () => {
  await disposeModals()
  document.body.replaceChildren()
  Reflect.deleteProperty(window, "__pwned")
})

/**
 * Creates the modal on the host `layer`, runs `before` (e.g. wallets announcing themselves), opens it on Connect
 * and returns it with its shadow root. Every modal is disposed after the test.
 */
export const openOnConnect = async <ROut, E>(
  input: ModalOptionsInput,
  layer: NonNullable<CreateModalSettings<ROut, E>["layer"]>,
  before?: () => unknown
) => {
  let modal: Modal | undefined
  await act(async () => {
    modal = createModal(input, { layer })
  })
  if (modal === undefined) throw new Error("no modal")
  created.push(modal)
  await before?.()
  await act(async () => modal?.open("Connect"))
  const shadow = modal.element?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error("no shadow root")
  // The dialog renders once the modal's stylesheet is adopted (a chunk of its own).
  await rendered(() => shadow.querySelector('[role="dialog"]'))
  return { modal, shadow }
}
