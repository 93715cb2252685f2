import { useEffect, useState } from "react"
import type { Result } from "../../internal/controller"
import { sanitizeName, truncateAddress } from "../../internal/untrusted"
import type { NativeBalance } from "../../services/BalanceService"
import { useController } from "../modal/context"
import { useStore } from "../modal/useStore"
import { AccountTabs } from "./AccountTabs"
import { WalletIcon } from "./WalletIcon"

const useNativeBalance = () => {
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace, active } = useStore(controller.networks)
  const account = namespaces[activeNamespace]
  const network = active[activeNamespace]
  const address = account?.status === "connected" ? account.address : undefined
  const known = network?._tag === "Known" ? network.network : undefined
  const [balance, setBalance] = useState<Result<NativeBalance> | undefined>(undefined)
  useEffect(() => {
    setBalance(undefined)
    if (address === undefined || known === undefined) return
    let live = true
    void controller.nativeBalance(known, address).then((result) => {
      if (live) setBalance(result)
    })
    return () => {
      live = false
    }
  }, [controller, address, known])
  return balance
}

/** The connected account: address, native balance, network, disconnect. */
export const AccountView = () => {
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace, active } = useStore(controller.networks)
  const account = namespaces[activeNamespace]
  const network = active[activeNamespace]
  const balance = useNativeBalance()
  const [copied, setCopied] = useState(false)
  const address = account?.status === "connected" ? account.address : undefined
  const [name, setName] = useState<string | undefined>(undefined)
  useEffect(() => {
    setName(undefined)
    if (address === undefined) return
    let live = true
    void controller.identity(address).then((identity) => {
      if (live) setName(sanitizeName(identity?.name))
    })
    return () => {
      live = false
    }
  }, [controller, address])

  if (account?.status !== "connected") {
    return (
      <p className="empty">{account?.status === "connecting" ? "Reconnecting…" : "No wallet connected"}</p>
    )
  }
  const networkName = network?._tag === "Known" ? network.network.name : (network?.name ?? "No network")
  return (
    <div className="account">
      <div className="account-card">
        <WalletIcon icon={account.connector.icon} name={account.connector.name} />
        <p className="address" title={account.address}>
          {name ?? truncateAddress(account.address)}
        </p>
        {name === undefined ? null : (
          <p className="balance" title={account.address}>
            {truncateAddress(account.address)}
          </p>
        )}
        <p className="balance" aria-live="polite">
          {balance === undefined
            ? "Loading balance…"
            : balance._tag === "Success"
              ? `${balance.value.formatted} ${balance.value.symbol}`
              : balance.error.message}
        </p>
      </div>
      <div className="section">
        <button
          type="button"
          className="row"
          onClick={() => {
            void navigator.clipboard?.writeText(account.address).then(
              () => setCopied(true),
              () => setCopied(false)
            )
          }}
        >
          <span className="name">{copied ? "Address copied" : "Copy address"}</span>
        </button>
        <button
          type="button"
          className="row"
          aria-label={`Network: ${networkName}. Switch network`}
          onClick={() => void controller.push("Networks")}
        >
          <span className="name">{networkName}</span>
          <span className="tag">Switch</span>
        </button>
        <button type="button" className="row" onClick={() => void controller.disconnect(activeNamespace)}>
          <span className="name">Disconnect</span>
        </button>
      </div>
      {network?._tag === "Known" ? <AccountTabs network={network.network} address={account.address} /> : null}
    </div>
  )
}
