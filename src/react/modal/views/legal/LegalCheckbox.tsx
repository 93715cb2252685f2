import { type ReactNode, useId } from "react"
import { legalWords } from "../../../../messages/compiled/en/legal"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { withNodes } from "../../element/withNodes"
import { LEGAL_REASON_ID } from "./legalReason"

const legalCss = `
.legal-consent { display: flex; align-items: flex-start; gap: var(--_s-2); margin: 0 0 var(--_s-3); padding: var(--_s-2) var(--_s-3); border: 1px solid var(--_border); border-radius: var(--_r-md); color: var(--_fg-2); font-size: var(--_t-sm); line-height: 1.4; }
.legal-consent input { flex: none; width: 1.25em; height: 1.25em; margin: 0.1em 0 0; accent-color: var(--_accent); cursor: pointer; }
.legal-consent label { flex: 1; min-width: 0; overflow-wrap: anywhere; cursor: pointer; }
.legal-consent a { color: var(--_fg); text-decoration: underline; }
.consent-lock:disabled .row, .consent-lock:disabled .button { cursor: not-allowed; }
`

/** A link to a page of the app's own, opened apart from the page (its URL was checked to be http(s) at decoding). */
const Link = ({ href, children }: { readonly href: string; readonly children: string }) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
)

/**
 * The legal checkbox (`features.legalCheckbox`) atop the Connect view: "I agree to the Terms of Service and
 * Privacy Policy", linking only the pages the app gave. Until it is checked, the ways to connect below are
 * disabled (and the services refuse a connect); the answer is remembered for the page's origin.
 */
export const LegalCheckbox = () => {
  useViewStyles(legalCss)
  const t = useWords("legal", legalWords)
  const { config, legal } = useController()
  const { accepted } = useStore(legal.consent)
  const id = useId()
  const { termsConditionsUrl, privacyPolicyUrl } = config
  const terms =
    termsConditionsUrl === undefined ? undefined : <Link href={termsConditionsUrl}>{t.termsOfService()}</Link>
  const privacy =
    privacyPolicyUrl === undefined ? undefined : <Link href={privacyPolicyUrl}>{t.privacyPolicy()}</Link>
  let sentence: ReactNode
  if (terms !== undefined && privacy !== undefined) sentence = withNodes(t.agreeBoth, { terms, privacy })
  else if (terms !== undefined) sentence = withNodes(t.agreeTerms, { terms })
  else if (privacy !== undefined) sentence = withNodes(t.agreePrivacy, { privacy })
  return (
    <div className="legal-consent">
      <input
        id={id}
        type="checkbox"
        checked={accepted}
        onChange={(event) => void legal.setAccepted(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{sentence}</label>
      {accepted ? null : (
        <span id={LEGAL_REASON_ID} className="visually-hidden">
          {t.required()}
        </span>
      )}
    </div>
  )
}
