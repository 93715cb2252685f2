import { useState } from "react"
import type { BalanceUnavailableError } from "../../../../errors"
import { buyOffered, visitorTimeZone } from "../../../../layers/flows/onramp/onrampForm"
import { present } from "../../../../presentation"
import { truncateAddress } from "../../../../schemas/ThirdPartyText"
import type { Loadable } from "../../../../services/AccountData"
import type { NativeBalance } from "../../../../services/BalanceService"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { presentFailure } from "../../element/failure"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { WalletIcon } from "../wallets/WalletIcon"
import { AccountTabs } from "./AccountTabs"
import { accountCss } from "./accountStyles"

/** The native balance line; nothing to wait for while the network is not one the host configured. */
const balanceText = (
  balance: Loadable<NativeBalance, BalanceUnavailableError>,
  knownNetwork: boolean
): string | null => {
  switch (balance._tag) {
    case "Ready":
      return `${balance.value.formatted} ${balance.value.symbol}`
    case "Failed":
      return present(balance.error).message
    default:
      return knownNetwork ? "Loading balance…" : null
  }
}

/** The embedded wallet's two accounts: the key's own, and the smart account it owns (SPEC.md §4). */
const AccountTypeSwitch = ({ current }: { readonly current: string }) => {
  const controller = useController()
  const [switching, setSwitching] = useState(false)
  const next = current === "smartAccount" ? "eoa" : "smartAccount"
  const onClick = () => {
    setSwitching(true)
    void controller.embedded.setAccountType(next).then((result) => {
      setSwitching(false)
      if (result._tag !== "Success") void controller.notify(presentFailure(result))
    })
  }
  return (
    <button type="button" className="row" disabled={switching} aria-busy={switching} onClick={onClick}>
      <span className="name">
        {next === "smartAccount" ? "Switch to smart account" : "Switch to key account"}
      </span>
      <span className="tag">{current === "smartAccount" ? "Smart account" : "Key account"}</span>
    </button>
  )
}

/** The connected account: address, native balance, network, disconnect. */
export const AccountView = () => {
  useViewStyles(accountCss)
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace, active } = useStore(controller.networks)
  const balance = useStore(controller.accountData.nativeBalance)
  const identity = useStore(controller.accountData.identity)
  const account = namespaces[activeNamespace]
  const network = active[activeNamespace]
  const [copied, setCopied] = useState(false)
  const name = identity._tag === "Ready" ? identity.value?.name : undefined

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
        {account.connector.suspicious ? (
          <p className="impersonation" role="alert">
            Possible impersonation: another wallet on this page also claims to be {account.connector.name}.
          </p>
        ) : null}
        <p className="address" title={account.address}>
          {name ?? truncateAddress(account.address)}
        </p>
        {name === undefined ? null : (
          <p className="balance" title={account.address}>
            {truncateAddress(account.address)}
          </p>
        )}
        <p className="balance" aria-live="polite">
          {balanceText(balance, network?._tag === "Known")}
        </p>
      </div>
      <div className="section">
        <button type="button" className="row" onClick={() => void copyText(account.address).then(setCopied)}>
          <span className="name">{copied ? "Address copied" : "Copy address"}</span>
        </button>
        {controller.config.features.send && (activeNamespace === "eip155" || activeNamespace === "solana") ? (
          <button
            type="button"
            className="row"
            onClick={() => void controller.send.start().then(() => controller.push("WalletSend"))}
          >
            <span className="name">Send</span>
          </button>
        ) : null}
        {controller.config.features.swaps && activeNamespace === "eip155" ? (
          <button
            type="button"
            className="row"
            onClick={() => void controller.swap.start().then(() => controller.push("Swap"))}
          >
            <span className="name">Swap</span>
          </button>
        ) : null}
        {controller.config.features.onramp &&
        (activeNamespace === "eip155" || activeNamespace === "solana") &&
        buyOffered(visitorTimeZone()) ? (
          <button
            type="button"
            className="row"
            onClick={() => void controller.onramp.start().then(() => controller.push("OnRampProviders"))}
          >
            <span className="name">Buy</span>
          </button>
        ) : null}
        {controller.config.features.receive ? (
          <button type="button" className="row" onClick={() => void controller.push("WalletReceive")}>
            <span className="name">Receive</span>
          </button>
        ) : null}
        {activeNamespace === "eip155" && identity._tag === "Ready" && name === undefined ? (
          <button
            type="button"
            className="row"
            onClick={() => void controller.names.start().then(() => controller.push("RegisterAccountName"))}
          >
            <span className="name">Choose a name</span>
          </button>
        ) : null}
        <button
          type="button"
          className="row"
          aria-label={`Network: ${networkName}. Switch network`}
          onClick={() => void controller.push("Networks")}
        >
          <span className="name">{networkName}</span>
          <span className="tag">Switch</span>
        </button>
        {account.connector.type === "AUTH" ? (
          <>
            <AccountTypeSwitch current={account.accountType} />
            <button type="button" className="row" onClick={() => void controller.push("UpdateEmail")}>
              <span className="name">Update email</span>
            </button>
          </>
        ) : null}
        <button type="button" className="row" onClick={() => void controller.disconnect(activeNamespace)}>
          <span className="name">Disconnect</span>
        </button>
      </div>
      {network?._tag === "Known" ? <AccountTabs /> : null}
    </div>
  )
}
