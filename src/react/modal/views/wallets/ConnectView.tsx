import { Suspense } from "react"
import { isTouchDevice } from "../../../../layers/platform/device"
import { type ConnectMethod, connectMethodsOrder } from "../../../../layers/wallets/connectMethods"
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

const WalletSection = () => {
  const controller = useController()
  const { features, allWallets } = controller.config
  const showAll =
    features.allWallets && (allWallets === "SHOW" || (allWallets === "ONLY_MOBILE" && isTouchDevice()))
  return (
    <div className="section">
      <h3 className="visually-hidden">Wallets</h3>
      <WalletList />
      {showAll ? (
        <button type="button" className="row" onClick={() => void controller.push("AllWallets")}>
          <span className="name">All Wallets</span>
        </button>
      ) : null}
    </div>
  )
}

/** The three ways in (SPEC.md §2), in the order the host or the wallets present decide. */
export const ConnectView = () => {
  const { config, connectors } = useController()
  const hasBrowserWallet = useStore(connectors).length > 0
  const socials = config.features.socials === false ? [] : config.features.socials
  const methods = connectMethodsOrder({
    configured: config.features.connectMethodsOrder,
    hasBrowserWallet,
    emailEnabled: config.features.email,
    socialsEnabled: socials.length > 0
  })
  const render = (method: ConnectMethod) => {
    switch (method) {
      case "email":
        return <LoginSection key={method} view={emailSection} height={14.6} />
      case "social":
        return <LoginSection key={method} view={socialSection} height={socialRowsHeight(socials.length)} />
      case "wallet":
        return <WalletSection key={method} />
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
