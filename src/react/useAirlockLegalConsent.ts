import { useCallback } from "react"
import type { LegalConsentState } from "../services/LegalConsent"
import { useModal } from "./AirlockProvider"
import { useAirlockConnectOptions } from "./useAirlockConnectOptions"

/**
 * Headless: the legal checkbox (`features.legalCheckbox`). While `required` and not `accepted`, every way to
 * connect is refused; a host's own connect screen shows its box (with the app's `termsConditionsUrl` and
 * `privacyPolicyUrl`) and answers with `setAccepted`, remembered for the page's origin.
 *
 * @since 0.5.0
 * @category hooks
 */
export const useAirlockLegalConsent = (): LegalConsentState & {
  readonly setAccepted: (accepted: boolean) => Promise<void>
} => {
  const modal = useModal()
  const { legal } = useAirlockConnectOptions()
  const setAccepted = useCallback((accepted: boolean) => modal.setLegalConsent(accepted), [modal])
  return { ...legal, setAccepted }
}
