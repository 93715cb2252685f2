import { walletsWords } from "../../../../messages/compiled/en/wallets"
import { present } from "../../../../presentation"
import { useController } from "../../element/context"
import { useStore } from "../../element/useStore"
import { useLocale, useWords } from "../../element/useWords"
import { WalletIcon } from "./WalletIcon"

/** Waiting for a browser wallet: its prompt, then retry with the wallet's own error when it fails. */
export const ConnectingExternalView = () => {
  const controller = useController()
  const t = useWords("wallets", walletsWords)
  const { catalog } = useLocale()
  const route = useStore(controller.router)
  const connectors = useStore(controller.connectors)
  const { attempt } = useStore(controller.connection)
  const connectorId = route.data?.connectorId
  const connector = connectors.find((c) => c.id === connectorId)
  const failed = attempt?._tag === "Failed" && attempt.connectorId === connectorId ? attempt.error : undefined

  if (connector === undefined || connectorId === undefined) {
    return <p className="empty">{t.walletUnavailable()}</p>
  }
  const message = failed === undefined ? undefined : present(failed, catalog).message
  return (
    <div className="connecting">
      <div className={failed === undefined ? "connecting-icon waiting" : "connecting-icon"}>
        <WalletIcon icon={connector.icon} name={connector.name} />
      </div>
      <p className="connecting-title" aria-live="polite">
        {failed === undefined ? t.continueIn({ wallet: connector.name }) : t.connectionFailed()}
      </p>
      <p className="connecting-text" role={failed === undefined ? undefined : "alert"}>
        {failed === undefined ? t.acceptRequest() : message}
      </p>
      {failed === undefined ? (
        <span className="spinner" role="progressbar" aria-label={t.waitingForWallet()} />
      ) : (
        <button type="button" className="button" onClick={() => void controller.connect(connectorId)}>
          {t.tryAgain()}
        </button>
      )}
    </div>
  )
}
