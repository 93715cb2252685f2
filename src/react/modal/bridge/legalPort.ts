import { LegalConsent, type LegalConsentState } from "../../../services/LegalConsent"
import type { ModalRuntime } from "./run"
import { type Store, storeFromRef } from "./store"

/** The legal checkbox (`features.legalCheckbox`): where the visitor stands, and their answer. */
export interface LegalPort {
  readonly legal: {
    readonly consent: Store<LegalConsentState>
    /** The visitor checks (`true`) or unchecks the box. */
    readonly setAccepted: (accepted: boolean) => Promise<void>
  }
}

export const makeLegalPort = (runtime: ModalRuntime): LegalPort => {
  const legal = runtime.runSync(LegalConsent)
  return {
    legal: {
      consent: storeFromRef(runtime, legal.state, (state) => state),
      setAccepted: (accepted) => runtime.runPromise(accepted ? legal.accept : legal.withdraw)
    }
  }
}
