import { useId } from "react"
import { formatDateTime, formatTokenExact } from "../../../../layers/format/format"
import { sessionsWords } from "../../../../messages/compiled/en/sessions"
import type { PermissionMeaning } from "../../../../schemas/PermissionsRequest"
import type { ActiveSession } from "../../../../services/SmartSessions"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { sessionsCss } from "./sessionsStyles"

type Words = typeof sessionsWords
interface Coin {
  readonly symbol: string
  readonly decimals: number
}

/** What a permission lets the session do, in words; a limit exactly, in the network's coin. */
const permissionText = (t: Words, permission: PermissionMeaning, coin: Coin, locale: string): string =>
  permission._tag === "NativeTransfer"
    ? t.permissionTransfer({
        amount: `${formatTokenExact(permission.valueLimit, coin.decimals, locale)} ${coin.symbol}`,
        to: permission.to
      })
    : t.permissionOther({ type: permission.type })

const SessionRow = ({
  session,
  coin,
  revoking
}: {
  readonly session: ActiveSession
  readonly coin: Coin
  readonly revoking: string | undefined
}) => {
  const controller = useController()
  const t = useWords("sessions", sessionsWords)
  const locale = useIntlLocale()
  const app = session.app ?? t.unknownApp()
  const busy = revoking === session.pci
  return (
    <li className="session">
      <span className="name">
        <span translate="no">{app}</span>
        {session.permissions.map((permission, index) => (
          // The permissions come as the wallet granted them, in their order; none is ever reordered.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is the session's, fixed
          <span key={index} className="sub">
            {permissionText(t, permission, coin, locale)}
          </span>
        ))}
        <span className="sub">
          {t.until({ date: formatDateTime(new Date(session.expiry * 1000), locale) })}
        </span>
      </span>
      <button
        type="button"
        className="button secondary"
        // While it runs, the button's name is what it shows ("Revoking…"), as its label must contain it.
        aria-label={busy ? undefined : t.revokeLabel({ app })}
        aria-busy={busy}
        disabled={revoking !== undefined}
        onClick={() => void controller.smartSessions.revoke(session.pci)}
      >
        {busy ? t.revoking() : t.revoke()}
      </button>
    </li>
  )
}

/**
 * The connected EVM account's smart sessions (`features.smartSessions`) in the Account view, loaded while
 * shown (the provider's API, only sessions still standing): each with what it may do, until when, and
 * Revoke.
 */
export const SessionsSection = () => {
  useViewStyles(sessionsCss)
  const controller = useController()
  const t = useWords("sessions", sessionsWords)
  const state = useStore(controller.smartSessions.state)
  const evm = useStore(controller.networks).active.eip155
  const coin: Coin = evm?._tag === "Known" ? evm.network.nativeCurrency : { symbol: "ETH", decimals: 18 }
  const headingId = useId()
  const body = (() => {
    switch (state._tag) {
      case "Failed":
        return (
          <>
            <p className="empty">{t.loadFailed()}</p>
            <button
              type="button"
              className="button secondary"
              onClick={() => void controller.smartSessions.load()}
            >
              {t.retry()}
            </button>
          </>
        )
      case "Loaded":
        return state.sessions.length === 0 ? (
          <p className="empty">{t.empty()}</p>
        ) : (
          <ul>
            {state.sessions.map((session) => (
              <SessionRow key={session.pci} session={session} coin={coin} revoking={state.revoking} />
            ))}
          </ul>
        )
      default:
        return <p className="empty">{t.loading()}</p>
    }
  })()
  return (
    <section className="sessions" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.title()}</h3>
      <p className="intro">{t.intro()}</p>
      <div aria-live="polite" aria-busy={state._tag === "Loading"}>
        {body}
      </div>
    </section>
  )
}
