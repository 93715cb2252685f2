import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { StickyFooter } from "../../ui/StickyFooter"
import { approveCss } from "../requests/approveStyles"

const sanitizedDate = (iso: string | undefined): string | undefined => {
  if (iso === undefined) return undefined
  const time = Date.parse(iso)
  return Number.isNaN(time) ? undefined : `${new Date(time).toISOString().slice(0, 16).replace("T", " ")} UTC`
}

/** After connecting, when sign-in is on and the account has no session: the message in words, Sign, Cancel. */
export const SIWXSignMessageView = () => {
  useViewStyles(approveCss)
  const controller = useController()
  const state = useStore(controller.signIn.state)
  if (state._tag !== "Prompt" && state._tag !== "Signing")
    return (
      <div className="connecting">
        <span className="spinner" role="progressbar" aria-label="Preparing the sign-in" />
      </div>
    )
  const { data } = state.message
  const network = controller.config.networks.find((n) => n.caipNetworkId === data.chainId)
  const rows: ReadonlyArray<readonly [string, string | undefined, string?]> = [
    ["Website", data.domain],
    ["Account", data.accountAddress, "code"],
    ["Network", network?.name ?? data.chainId],
    ["Statement", data.statement],
    ["Valid until", sanitizedDate(data.expirationTime)]
  ]
  return (
    <div className="approve">
      <p className="approve-title">{controller.config.metadata?.name ?? data.domain} wants you to sign in</p>
      <p className="connecting-text">
        Sign a message to prove this account is yours. It costs nothing and sends no transaction.
      </p>
      <dl className="approve-details">
        {rows.map(([label, value, kind]) =>
          value === undefined ? null : (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={kind}>{value}</dd>
            </div>
          )
        )}
      </dl>
      <StickyFooter>
        <button type="button" className="button secondary" onClick={() => void controller.signIn.cancel()}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void controller.signIn.sign()}>
          Sign
        </button>
      </StickyFooter>
    </div>
  )
}

/** Waiting for the wallet's signature. */
export const ConnectingSiweView = () => {
  const controller = useController()
  return (
    <div className="connecting">
      <span className="spinner" role="progressbar" aria-label="Waiting for the signature" />
      <p className="connecting-title" aria-live="polite">
        Sign the message in your wallet
      </p>
      <p className="connecting-text">It costs nothing and sends no transaction.</p>
      <StickyFooter>
        <button type="button" className="button secondary" onClick={() => void controller.signIn.cancel()}>
          Cancel
        </button>
      </StickyFooter>
    </div>
  )
}
