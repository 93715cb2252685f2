import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"

const legalCss = `
.legal { margin: calc(var(--_fs) * 1.2) 0 0; text-align: center; color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); }
.legal a { color: inherit; text-decoration: underline; }
`

/** A link of the app's own, opened apart from the page (its URL was checked to be http(s) at decoding). */
const Link = ({ href, children }: { readonly href: string; readonly children: string }) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {children}
  </a>
)

/**
 * AppKit's legal footer under the ways to connect: the app's terms of service and privacy policy
 * (`termsConditionsUrl`, `privacyPolicyUrl`), whichever it set. Loaded only when it set one.
 */
export const LegalFooter = () => {
  useViewStyles(legalCss)
  const { termsConditionsUrl, privacyPolicyUrl } = useController().config
  return (
    <p className="legal">
      By connecting, you agree to this app's{" "}
      {termsConditionsUrl === undefined ? null : <Link href={termsConditionsUrl}>Terms of Service</Link>}
      {termsConditionsUrl !== undefined && privacyPolicyUrl !== undefined ? " and " : null}
      {privacyPolicyUrl === undefined ? null : <Link href={privacyPolicyUrl}>Privacy Policy</Link>}
    </p>
  )
}
