/**
 * A long value (a transaction hash, an address) truncated per SPEC.md §9, the whole of it in its title and
 * the copy button's label; copied on click, said once copied, and an explorer link when the network has one
 * (http and https only: anything else is not linked).
 */
import { useState } from "react"
import { truncateAddress } from "../../../layers/format/format"
import { uiWords } from "../../../messages/compiled/en/ui"
import { copyText } from "../element/clipboard"
import { useIntlLocale } from "../element/useIntlLocale"
import { useWords } from "../element/useWords"

/** `url` when it is an http(s) URL, else `undefined`. */
export const explorerHref = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined
  } catch {
    return undefined
  }
}

export const CopyableValue = ({
  label,
  value,
  explorerUrl
}: {
  /** What the value is: "Transaction", "Signature". */
  readonly label: string
  readonly value: string
  readonly explorerUrl?: string | undefined
}) => {
  const t = useWords("ui", uiWords)
  const locale = useIntlLocale()
  const [copied, setCopied] = useState(false)
  const href = explorerHref(explorerUrl)
  return (
    <div className="copyable">
      <span className="copyable-label">{label}</span>
      <code className="copyable-value" title={value} dir="ltr">
        {truncateAddress(value)}
      </code>
      <button
        type="button"
        className="copyable-button"
        aria-label={t.copyValue({ label: label.toLocaleLowerCase(locale), value })}
        onClick={() => void copyText(value).then(setCopied)}
      >
        {copied ? t.copied() : t.copy()}
      </button>
      {href === undefined ? null : (
        <a className="copyable-link" href={href} target="_blank" rel="noopener noreferrer">
          {t.viewOnExplorer()}
        </a>
      )}
    </div>
  )
}
