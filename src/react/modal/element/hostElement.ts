import { useLayoutEffect, useRef } from "react"
import type { ModalController } from "../bridge/controller"
import { useStore } from "./useStore"

/**
 * Mirrors the theme and the locale onto `<airlock-modal>` from the first paint on, before the interface
 * has loaded: the mode as an attribute, the variables as custom properties, `lang` and `dir`.
 */
export const useHostElement = (host: HTMLElement, controller: ModalController): void => {
  const theme = useStore(controller.theme)
  const locale = useStore(controller.locale)
  const applied = useRef<ReadonlyArray<string>>([])
  useLayoutEffect(() => {
    host.dataset.theme = theme.mode
    for (const name of applied.current) host.style.removeProperty(name)
    const names: Array<string> = []
    for (const [name, value] of Object.entries(theme.variables)) {
      if (value === undefined) continue
      host.style.setProperty(name, String(value))
      names.push(name)
    }
    applied.current = names
  }, [host, theme])
  useLayoutEffect(() => {
    host.lang = locale.tag
    host.dir = locale.dir
  }, [host, locale])
}
