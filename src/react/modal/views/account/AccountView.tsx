import { useState } from "react"
import type { BalanceUnavailableError } from "../../../../errors"
import type { AccountAction } from "../../../../Modal"
import { present } from "../../../../presentation"
import type { ChainNamespace } from "../../../../schemas/Primitives"
import { truncateAddress } from "../../../../schemas/ThirdPartyText"
import type { Loadable } from "../../../../services/AccountData"
import type { NativeBalance } from "../../../../services/BalanceService"
import type { FlowView } from "../../../../services/ModalFlow"
import { makeImagesPort } from "../../bridge/imagesPort"
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

/** A row of the account's actions. */
const Action = ({ onClick, children }: { readonly onClick: () => void; readonly children: string }) => (
  <button type="button" className="row" onClick={onClick}>
    <span className="name">{children}</span>
  </button>
)

/** An action that starts a flow: the flow's view shows once it started. */
const FlowAction = ({ view, label }: { readonly view: FlowView; readonly label: string }) => {
  const controller = useController()
  return <Action onClick={() => void controller.startFlow(view)}>{label}</Action>
}

/** One of the account's actions, as the Account view shows it. */
const AccountActionRow = ({
  action,
  account,
  namespace,
  networkName,
  networkIcon
}: {
  readonly action: AccountAction
  readonly account: { readonly address: string; readonly accountType: string }
  readonly namespace: ChainNamespace
  readonly networkName: string
  readonly networkIcon: string | undefined
}) => {
  const controller = useController()
  const [copied, setCopied] = useState(false)
  switch (action) {
    case "copyAddress":
      return (
        <Action onClick={() => void copyText(account.address).then(setCopied)}>
          {copied ? "Address copied" : "Copy address"}
        </Action>
      )
    case "send":
      return <FlowAction view="WalletSend" label="Send" />
    case "swap":
      return <FlowAction view="Swap" label="Swap" />
    case "buy":
      return <FlowAction view="OnRampProviders" label="Buy" />
    case "receive":
      return <Action onClick={() => void controller.push("WalletReceive")}>Receive</Action>
    case "chooseName":
      return <FlowAction view="RegisterAccountName" label="Choose a name" />
    case "switchNetwork":
      return (
        <button
          type="button"
          className="row"
          aria-label={`Network: ${networkName}. Switch network`}
          onClick={() => void controller.push("Networks")}
        >
          <WalletIcon icon={networkIcon} name={networkName} />
          <span className="name">{networkName}</span>
          <span className="tag">Switch</span>
        </button>
      )
    case "switchAccountType":
      return <AccountTypeSwitch current={account.accountType} />
    case "updateEmail":
      return <Action onClick={() => void controller.push("UpdateEmail")}>Update email</Action>
    case "disconnect":
      return <Action onClick={() => void controller.disconnect(namespace)}>Disconnect</Action>
  }
}

/** The connected account: address, native balance, and what it offers (`accountActions`), in order. */
export const AccountView = () => {
  useViewStyles(accountCss)
  const controller = useController()
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace, active } = useStore(controller.networks)
  const balance = useStore(controller.accountData.nativeBalance)
  const identity = useStore(controller.accountData.identity)
  const actions = useStore(controller.accountActions)
  const account = namespaces[activeNamespace]
  const network = active[activeNamespace]
  const name = identity._tag === "Ready" ? identity.value?.name : undefined

  if (account?.status !== "connected") {
    return (
      <p className="empty">{account?.status === "connecting" ? "Reconnecting…" : "No wallet connected"}</p>
    )
  }
  const networkName = network?._tag === "Known" ? network.network.name : (network?.name ?? "No network")
  const networkIcon =
    network?._tag === "Known" ? makeImagesPort(controller.imageUrls).network(network.network) : undefined
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
        {actions.map((action) => (
          <AccountActionRow
            key={action}
            action={action}
            account={account}
            namespace={activeNamespace}
            networkName={networkName}
            networkIcon={networkIcon}
          />
        ))}
      </div>
      {network?._tag === "Known" ? <AccountTabs /> : null}
    </div>
  )
}
