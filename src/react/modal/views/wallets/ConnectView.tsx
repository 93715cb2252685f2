import { useState } from "react"
import { connectWords } from "../../../../messages/compiled/en/connect"
import type { ConnectMethod } from "../../../../schemas/ModalOptions"
import { useController } from "../../element/context"
import { type LazyView, LazyViewBody, lazyView } from "../../element/lazyView"
import { useStore } from "../../element/useStore"
import { useWords } from "../../element/useWords"
import { ViewBoundary } from "../../element/ViewBoundary"
import { ListItem } from "../../ui/ListItem"
import { LEGAL_REASON_ID } from "../legal/legalReason"
import { WalletList } from "./WalletList"
import { catalogCount, countTag } from "./walletCount"

// Email and social login are one chunk, loaded when the Connect view first shows them.
const emailSection = lazyView(() => import("../embedded/LoginSections").then((m) => m.EmailSection))
const socialSection = lazyView(() => import("../embedded/LoginSections").then((m) => m.SocialSection))
// The legal footer is a chunk of its own, loaded when the host links its terms or privacy policy.
const legalFooter = lazyView(() => import("./LegalFooter").then((m) => m.LegalFooter))
// The legal checkbox replaces it with `features.legalCheckbox`, a chunk of its own too.
const legalCheckbox = lazyView(() => import("../legal/LegalCheckbox").then((m) => m.LegalCheckbox))

/** Height of the social buttons: the first full width, then one row of icon buttons. */
const socialRowsHeight = (count: number) => (count > 1 ? 9.6 : 4.4)

/** A lazily loaded section's place, held at its loaded height while its code comes in. */
const LazySection = ({ view, height }: { readonly view: LazyView; readonly height: number }) => (
  <ViewBoundary onFailure={view.forgetFailedLoad}>
    <LazyViewBody
      view={view}
      fallback={<div className="section" style={{ minHeight: `calc(var(--_fs) * ${height})` }} aria-busy />}
    />
  </ViewBoundary>
)

/** All Wallets, with how many the listing offers once it is in. */
const AllWalletsRow = () => {
  const controller = useController()
  const t = useWords("connect", connectWords)
  const count = countTag(catalogCount(useStore(controller.catalog.state)))
  return (
    <ListItem
      icon={<span className="wallet-icon all-wallets-mark" aria-hidden="true" />}
      title={t.allWallets()}
      tag={count}
      chevron
      onClick={() => void controller.push("AllWallets")}
    />
  )
}

/** The wallet list; with `emailShowWallets` off beside email or social login, behind one button first. */
const WalletSection = ({
  allWallets,
  collapsed
}: {
  readonly allWallets: boolean
  readonly collapsed: boolean
}) => {
  const t = useWords("connect", connectWords)
  const [shown, show] = useState(!collapsed)
  return (
    <div className="section">
      {shown ? (
        <>
          <h3 className="visually-hidden">{t.wallets()}</h3>
          <WalletList />
          {allWallets ? <AllWalletsRow /> : null}
        </>
      ) : (
        <button type="button" className="row list-item" aria-expanded="false" onClick={() => show(true)}>
          <span className="name">{t.continueWithWallet()}</span>
        </button>
      )}
    </div>
  )
}

/** The three ways in (SPEC.md §2), in the order `connectOptions` gives (the host's, or the wallets present). */
export const ConnectView = () => {
  const { config, connectOptions } = useController()
  const t = useWords("connect", connectWords)
  const checkbox = config.features.legalCheckbox
  const legal = (config.termsConditionsUrl ?? config.privacyPolicyUrl) !== undefined
  const { methods, allWallets, walletsCollapsed, legal: consent } = useStore(connectOptions)
  // Every way to connect waits for the box: a disabled fieldset disables each of its buttons and fields.
  const locked = consent.required && !consent.accepted
  const socials = config.features.socials === false ? [] : config.features.socials
  const render = (method: ConnectMethod) => {
    switch (method) {
      case "email":
        return <LazySection key={method} view={emailSection} height={6.4} />
      case "social":
        return <LazySection key={method} view={socialSection} height={socialRowsHeight(socials.length)} />
      case "wallet":
        return <WalletSection key={method} allWallets={allWallets} collapsed={walletsCollapsed} />
    }
  }
  const ways = methods.map((method, index) => (
    <div key={method}>
      {index > 0 ? (
        <div className="divider" aria-hidden="true">
          {t.or()}
        </div>
      ) : null}
      {render(method)}
    </div>
  ))
  return checkbox ? (
    <div>
      <LazySection view={legalCheckbox} height={4.4} />
      <fieldset
        className="consent-lock"
        disabled={locked}
        aria-describedby={locked ? LEGAL_REASON_ID : undefined}
      >
        {ways}
      </fieldset>
    </div>
  ) : (
    <div>
      {ways}
      {legal ? <LazySection view={legalFooter} height={3.6} /> : null}
    </div>
  )
}
