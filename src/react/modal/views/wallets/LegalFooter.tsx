import { walletsWords } from "../../../../messages/compiled/en/wallets"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useWords } from "../../element/useWords"
import { withNodes } from "../../element/withNodes"

const legalCss = `
.legal { margin: calc(var(--_fs) * 1.2) 0 0; text-align: center; color: var(--_fg-2); font-size: calc(var(--_fs) * 1.2); }
.legal a { color: inherit; text-decoration: underline; }
`

/** A link of the app's own, opened apart from the page (its URL was checked to be http(s) at decoding). */
const Link = ({ href, children }: { readonly href: string | undefined; readonly children: string }) =>
  href === undefined ? null : (
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
  const t = useWords("wallets", walletsWords)
  const { termsConditionsUrl, privacyPolicyUrl } = useController().config
  const terms = <Link href={termsConditionsUrl}>{t.termsOfService()}</Link>
  const privacy = <Link href={privacyPolicyUrl}>{t.privacyPolicy()}</Link>
  return (
    <p className="legal">
      {termsConditionsUrl === undefined
        ? withNodes(t.legalPrivacy, { privacy })
        : privacyPolicyUrl === undefined
          ? withNodes(t.legalTerms, { terms })
          : withNodes(t.legalBoth, { terms, privacy })}
    </p>
  )
}
