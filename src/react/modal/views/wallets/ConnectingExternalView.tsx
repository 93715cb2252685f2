import { present } from "../../../../presentation"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { WalletIcon } from "./WalletIcon"

/** Waiting for a browser wallet: its prompt, then retry with the wallet's own error when it fails. */
export const ConnectingExternalView = () => {
  const controller = useController()
  const route = useStore(controller.router)
  const connectors = useStore(controller.connectors)
  const { attempt } = useStore(controller.connection)
  const connectorId = route.data?.connectorId
  const connector = connectors.find((c) => c.id === connectorId)
  const failed = attempt?._tag === "Failed" && attempt.connectorId === connectorId ? attempt.error : undefined

  if (connector === undefined || connectorId === undefined) {
    return <p className="empty">This wallet is no longer available.</p>
  }
  const message = failed === undefined ? undefined : present(failed).message
  return (
    <div className="connecting">
      <div className={failed === undefined ? "connecting-icon waiting" : "connecting-icon"}>
        <WalletIcon icon={connector.icon} name={connector.name} />
      </div>
      <p className="connecting-title" aria-live="polite">
        {failed === undefined ? `Continue in ${connector.name}` : "Connection failed"}
      </p>
      <p className="connecting-text" role={failed === undefined ? undefined : "alert"}>
        {failed === undefined ? "Accept the connection request in your wallet." : message}
      </p>
      {failed === undefined ? (
        <span className="spinner" role="progressbar" aria-label="Waiting for the wallet" />
      ) : (
        <button type="button" className="button" onClick={() => void controller.connect(connectorId)}>
          Try again
        </button>
      )}
    </div>
  )
}
