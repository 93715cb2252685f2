import { Suspense } from "react"
import type { ConnectMethod } from "../../../../schemas/ModalOptions"
import { useController } from "../../element/context"
import { type LazyView, LazyViewBody, lazyView } from "../../element/lazyView"
import { useStore } from "../../element/useStore"
import { ViewBoundary } from "../../element/ViewBoundary"
import { WalletList } from "./WalletList"

// Email and social login are one chunk, loaded when the Connect view first shows them.
const emailSection = lazyView(() => import("../embedded/LoginSections").then((m) => m.EmailSection))
const socialSection = lazyView(() => import("../embedded/LoginSections").then((m) => m.SocialSection))

/** Height of the social buttons: the first full width, then rows of four (SPEC.md §2). */
const socialRowsHeight = (count: number) => 4.6 * (1 + Math.ceil(Math.max(0, count - 1) / 4))

/** A login section's place, held at its loaded height while its code comes in. */
const LoginSection = ({ view, height }: { readonly view: LazyView; readonly height: number }) => (
  <ViewBoundary onFailure={view.forgetFailedLoad}>
    <Suspense
      fallback={<div className="section" style={{ minHeight: `calc(var(--_fs) * ${height})` }} aria-busy />}
    >
      <LazyViewBody view={view} />
    </Suspense>
  </ViewBoundary>
)

const WalletSection = ({ allWallets }: { readonly allWallets: boolean }) => {
  const controller = useController()
  return (
    <div className="section">
      <h3 className="visually-hidden">Wallets</h3>
      <WalletList />
      {allWallets ? (
        <button type="button" className="row" onClick={() => void controller.push("AllWallets")}>
          <span className="name">All Wallets</span>
        </button>
      ) : null}
    </div>
  )
}

/** The three ways in (SPEC.md §2), in the order `connectOptions` gives (the host's, or the wallets present). */
export const ConnectView = () => {
  const { config, connectOptions } = useController()
  const { methods, allWallets } = useStore(connectOptions)
  const socials = config.features.socials === false ? [] : config.features.socials
  const render = (method: ConnectMethod) => {
    switch (method) {
      case "email":
        return <LoginSection key={method} view={emailSection} height={14.6} />
      case "social":
        return <LoginSection key={method} view={socialSection} height={socialRowsHeight(socials.length)} />
      case "wallet":
        return <WalletSection key={method} allWallets={allWallets} />
    }
  }
  return (
    <div>
      {methods.map((method, index) => (
        <div key={method}>
          {index > 0 ? (
            <div className="divider" aria-hidden="true">
              or
            </div>
          ) : null}
          {render(method)}
        </div>
      ))}
    </div>
  )
}
