/**
 * The real modal for tests under happy-dom: created on a host layer, opened on Connect, disposed after
 * each test.
 */
import { act } from "react"
import { afterEach } from "vitest"
import { createModal } from "../../src/createModal"
import type { CreateModalSettings, Modal } from "../../src/Modal"
import type { ModalOptionsInput } from "../../src/schemas/ModalOptions"
import { baseOptions } from "./fixtures"
import { buttonIn, rendered } from "./react"

/** What a hostile string runs if it ever executes: sets `window.__pwned`. */
export const PWN = "window.__pwned=1"

/** The smallest options with the wallet list only: no email, no socials, no analytics. */
export const walletsOnly: ModalOptionsInput = {
  ...baseOptions,
  features: { connectMethodsOrder: ["wallet"], email: false, socials: false, analytics: false }
}

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

/** Creates the modal on the host `layer`; it is disposed after the test. */
export const createTestModal = async <ROut, E>(
  input: ModalOptionsInput,
  layer: NonNullable<CreateModalSettings<ROut, E>["layer"]>
) => {
  let modal: Modal | undefined
  await act(async () => {
    modal = createModal(input, { layer })
  })
  if (modal === undefined) throw new Error("no modal")
  created.push(modal)
  return modal
}

/**
 * Creates the modal on the host `layer`, runs `before` (e.g. wallets announcing themselves), opens it on Connect
 * and returns it with its shadow root. Every modal is disposed after the test.
 */
export const openOnConnect = async <ROut, E>(
  input: ModalOptionsInput,
  layer: NonNullable<CreateModalSettings<ROut, E>["layer"]>,
  before?: () => unknown
) => {
  const modal = await createTestModal(input, layer)
  await before?.()
  await act(async () => modal.open("Connect"))
  const shadow = modal.element?.shadowRoot
  if (shadow === null || shadow === undefined) throw new Error("no shadow root")
  // The dialog renders once the modal's stylesheet is adopted (a chunk of its own).
  await rendered(() => shadow.querySelector('[role="dialog"]'), "the dialog")
  const button = (name: string) => buttonIn(shadow, name)
  return { modal, shadow, button }
}
