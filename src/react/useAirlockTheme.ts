import { useSyncExternalStore } from "react"
import type { ThemeMode } from "../schemas/Primitives"
import type { ThemeVariables } from "../schemas/ThemeVariables"
import { useModal } from "./AirlockProvider"
import { serverModal } from "./serverModal"

export interface AirlockTheme {
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  readonly setThemeMode: (mode: ThemeMode) => Promise<void>
  readonly setThemeVariables: (variables: ThemeVariables) => Promise<void>
}

/**
 * The modal's theme mode and variables, and their setters.
 *
 * @since 0.1.0
 * @category hooks
 */
export const useAirlockTheme = (): AirlockTheme => {
  const modal = useModal()
  const themeMode = useSyncExternalStore(modal.subscribeTheme, modal.getThemeMode, serverModal.getThemeMode)
  const themeVariables = useSyncExternalStore(
    modal.subscribeTheme,
    modal.getThemeVariables,
    serverModal.getThemeVariables
  )
  return {
    themeMode,
    themeVariables,
    setThemeMode: modal.setThemeMode,
    setThemeVariables: modal.setThemeVariables
  }
}
