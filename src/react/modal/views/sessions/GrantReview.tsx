import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { useId, useState } from "react"
import { formatDateTime, formatTimeFromNow, formatTokenExact } from "../../../../layers/format/format"
import { sessionsWords } from "../../../../messages/compiled/en/sessions"
import { PermissionsRequest, permissionMeaning } from "../../../../schemas/PermissionsRequest"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { shownApproval } from "../requests/shownApproval"
import { sessionsCss } from "./sessionsStyles"

interface Coin {
  readonly symbol: string
  readonly decimals: number
}

const MAX_SHOWN = 8

/** viem's `{ type: "account", data: { id } }` names the session key's address. */
const signerKey = (signer: { readonly type: string; readonly data: unknown }): string | undefined => {
  if (signer.type !== "account" || typeof signer.data !== "object" || signer.data === null) return undefined
  const id: unknown = Reflect.get(signer.data, "id")
  return typeof id === "string" && /^0x[0-9a-fA-F]{40}$/.test(id) ? id : undefined
}

/**
 * What an ERC-7715 grant lets the app do, in words, above ApproveTransaction's details: each permission
 * (a transfer limit in the network's coin, exactly, and its only recipient), the session key, and until
 * when. A request that does not decode says so. Pure: `now` is unix seconds.
 */
export const GrantReview = ({
  params,
  coin,
  now
}: {
  readonly params: unknown
  readonly coin: Coin
  readonly now: number
}) => {
  const t = useWords("sessions", sessionsWords)
  const locale = useIntlLocale()
  const headingId = useId()
  const request = Schema.decodeUnknownOption(PermissionsRequest)(
    Array.isArray(params) ? params[0] : undefined
  )
  if (Option.isNone(request))
    return (
      <p className="grant-review unreadable" role="alert">
        {t.reviewUnreadable()}
      </p>
    )
  const { permissions, expiry, signer } = request.value
  const key = signerKey(signer)
  return (
    <section className="grant-review" aria-labelledby={headingId}>
      {/* Above the request's own heading: a label, not a heading, so the view's outline stays in order. */}
      <p className="grant-review-title" id={headingId}>
        {t.reviewTitle()}
      </p>
      <ul>
        {permissions.slice(0, MAX_SHOWN).map((permission, index) => {
          const meaning = permissionMeaning(permission)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the request's permissions, in its order
            <li key={index}>
              {meaning._tag === "NativeTransfer"
                ? t.reviewTransfer({
                    amount: `${formatTokenExact(meaning.valueLimit, coin.decimals, locale)} ${coin.symbol}`,
                    to: meaning.to
                  })
                : t.reviewOther({ type: meaning.type })}
            </li>
          )
        })}
        {key === undefined ? null : <li>{t.reviewSigner({ key })}</li>}
        <li>
          {t.reviewUntil({
            date: formatDateTime(new Date(expiry * 1000), locale),
            relative: formatTimeFromNow(expiry - now, locale)
          })}
        </li>
      </ul>
    </section>
  )
}

/** The grant shown in ApproveTransaction, worded; loaded only when a grant is reviewed. */
export const GrantReviewScreen = () => {
  useViewStyles(sessionsCss)
  const controller = useController()
  const approval = shownApproval(useStore(controller.approvals), useStore(controller.router).transactionStack)
  const evm = useStore(controller.networks).active.eip155
  const [now] = useState(() => Math.floor(Date.now() / 1000))
  if (approval?.method !== "wallet_grantPermissions") return null
  const coin = evm?._tag === "Known" ? evm.network.nativeCurrency : { symbol: "ETH", decimals: 18 }
  return <GrantReview params={approval.params} coin={coin} now={now} />
}
