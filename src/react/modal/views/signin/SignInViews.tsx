import { signinWords } from "../../../../messages/compiled/en/signin"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { StickyFooter } from "../../ui/StickyFooter"
import { approveCss } from "../requests/approveStyles"

const sanitizedDate = (iso: string | undefined): string | undefined => {
  if (iso === undefined) return undefined
  const time = Date.parse(iso)
  return Number.isNaN(time) ? undefined : `${new Date(time).toISOString().slice(0, 16).replace("T", " ")} UTC`
}

/**
 * After connecting, when sign-in is on and the account has no session: the message in words, Sign, Cancel.
 * Only the modal's words around the message are the visitor's language; the message's own values (domain,
 * statement, dates) are shown as the wallet will sign them.
 */
export const SIWXSignMessageView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const t = useWords("signin", signinWords)
  const state = useStore(controller.signIn.state)
  if (state._tag !== "Prompt" && state._tag !== "Signing")
    return (
      <div className="connecting">
        <span className="spinner" role="progressbar" aria-label={t.preparing()} />
      </div>
    )
  const { data } = state.message
  const network = controller.config.networks.find((n) => n.caipNetworkId === data.chainId)
  // Each row: its label, its value, its class, and whether it reads left to right in any language (the
  // others are isolated in the direction of their own text).
  const rows: ReadonlyArray<readonly [string, string | undefined, string | undefined, boolean]> = [
    [t.website(), data.domain, undefined, true],
    [t.account(), data.accountAddress, "code", true],
    [t.network(), network?.name ?? data.chainId, undefined, false],
    [t.statement(), data.statement, undefined, false],
    [t.validUntil(), sanitizedDate(data.expirationTime), undefined, true]
  ]
  return (
    <div className="approve">
      <p className="approve-title">{t.title({ app: controller.config.metadata?.name ?? data.domain })}</p>
      <p className="connecting-text">{t.explanation()}</p>
      <dl className="approve-details">
        {rows.map(([label, value, kind, ltr]) =>
          value === undefined ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={kind}>
                <bdi dir={ltr ? "ltr" : undefined} translate="no">
                  {value}
                </bdi>
              </dd>
            </div>
          )
        )}
      </dl>
      <StickyFooter>
        <button type="button" className="button secondary" onClick={() => void controller.signIn.cancel()}>
          {t.cancel()}
        </button>
        <button type="button" className="button" onClick={() => void controller.signIn.sign()}>
          {t.sign()}
        </button>
      </StickyFooter>
    </div>
  )
}

/** Waiting for the wallet's signature. */
export const ConnectingSiweView = () => {
  const controller = useController()
  const t = useWords("signin", signinWords)
  return (
    <div className="connecting">
      <span className="spinner" role="progressbar" aria-label={t.waiting()} />
      <p className="connecting-title" aria-live="polite">
        {t.signInWallet()}
      </p>
      <p className="connecting-text">{t.free()}</p>
      <StickyFooter>
        <button type="button" className="button secondary" onClick={() => void controller.signIn.cancel()}>
          {t.cancel()}
        </button>
      </StickyFooter>
    </div>
  )
}
