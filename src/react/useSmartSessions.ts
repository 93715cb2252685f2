import { useMemo } from "react"
import type { Modal } from "../Modal"
import { useModal } from "./AirlockProvider"

/**
 * Smart sessions (ERC-7715, `features.smartSessions`): `grantPermissions(request)` is the modal's own
 * (`modal.grantPermissions`): it rejects with the typed error, `SmartSessionsOffError` when the feature is
 * off. The connected account's sessions are listed, and revoked, in the modal's Account view.
 *
 * @since 0.5.0
 * @category hooks
 */
export const useSmartSessions = (): { readonly grantPermissions: Modal["grantPermissions"] } => {
  const modal = useModal()
  return useMemo(
    () => ({ grantPermissions: (request, options) => modal.grantPermissions(request, options) }),
    [modal]
  )
}
