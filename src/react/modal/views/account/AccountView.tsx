import { type ReactNode, useState } from "react"
import type { BalanceUnavailableError } from "../../../../errors"
import type { AccountAction } from "../../../../Modal"
import { present } from "../../../../presentation"
import { truncateAddress } from "../../../../schemas/ThirdPartyText"
import type { Loadable } from "../../../../services/AccountData"
import type { NativeBalance } from "../../../../services/BalanceService"
import type { FlowView } from "../../../../services/ModalFlow"
import { makeImagesPort } from "../../bridge/imagesPort"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { useViewStyles } from "../../element/styleSheets"
import { useStore } from "../../element/useStore"
import { Avatar } from "../../ui/Avatar"
import { BuyIcon, CheckIcon, CopyIcon, ReceiveIcon, SendIcon, SwapIcon } from "../../ui/actionIcons"
import { IconButton } from "../../ui/IconButton"
import { NetworkChip } from "../../ui/NetworkChip"
import { WalletIcon } from "../wallets/WalletIcon"
import { AccountMenu } from "./AccountMenu"
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

/** The action bar's buttons, in the order visitors know from wallets; each shows only where offered. */
const BAR: ReadonlyArray<{
  readonly action: AccountAction
  readonly label: string
  readonly icon: ReactNode
  readonly flow?: FlowView
}> = [
  { action: "send", label: "Send", icon: <SendIcon />, flow: "WalletSend" },
  { action: "receive", label: "Receive", icon: <ReceiveIcon /> },
  { action: "swap", label: "Swap", icon: <SwapIcon />, flow: "Swap" },
  { action: "buy", label: "Buy", icon: <BuyIcon />, flow: "OnRampProviders" }
]

const ActionBar = ({ actions }: { readonly actions: ReadonlyArray<AccountAction> }) => {
  const controller = useController()
  const offered = BAR.filter((item) => actions.includes(item.action))
  if (offered.length === 0) return null
  return (
    <div className="action-bar">
      {offered.map(({ action, label, icon, flow }) => (
        <IconButton
          key={action}
          icon={icon}
          label={label}
          showLabel
          data={{ "data-action": action }}
          onClick={() =>
            void (flow === undefined ? controller.push("WalletReceive") : controller.startFlow(flow))
          }
        />
      ))}
    </div>
  )
}

const CopyAddress = ({ address }: { readonly address: string }) => {
  const [copied, setCopied] = useState(false)
  return (
    <IconButton
      icon={copied ? <CheckIcon /> : <CopyIcon />}
      label={copied ? "Address copied" : "Copy address"}
      data={{ "data-action": "copyAddress" }}
      onClick={() => void copyText(address).then(setCopied)}
    />
  )
}

/**
 * The connected account: who (avatar, name or address with Copy), what it holds (native balance), where
 * (the network chip), the actions it offers (`accountActions`) as an action bar, then its tokens, NFTs and
 * activity; the rarer actions at the foot.
 */
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
  const known = identity._tag === "Ready" ? identity.value : undefined

  if (account?.status !== "connected") {
    return (
      <p className="empty">{account?.status === "connecting" ? "Reconnecting…" : "No wallet connected"}</p>
    )
  }
  const networkName = network?._tag === "Known" ? network.network.name : (network?.name ?? "No network")
  const networkIcon =
    network?._tag === "Known" ? makeImagesPort(controller.imageUrls).network(network.network) : undefined
  const short = truncateAddress(account.address)
  return (
    <div className="account">
      <div className="account-card">
        <div className="account-avatar">
          <Avatar address={account.address} avatar={known?.avatar} />
          <span className="account-wallet" title={account.connector.name}>
            <WalletIcon icon={account.connector.icon} name={account.connector.name} />
          </span>
        </div>
        {account.connector.suspicious ? (
          <p className="impersonation" role="alert">
            Possible impersonation: another wallet on this page also claims to be {account.connector.name}.
          </p>
        ) : null}
        <div className="account-id">
          <p className="address" title={account.address}>
            {known?.name ?? short}
          </p>
          {actions.includes("copyAddress") ? <CopyAddress address={account.address} /> : null}
        </div>
        {known?.name === undefined ? null : (
          <p className="account-sub" title={account.address}>
            {short}
          </p>
        )}
        {actions.includes("chooseName") ? (
          <button
            type="button"
            className="link-button"
            data-action="chooseName"
            onClick={() => void controller.startFlow("RegisterAccountName")}
          >
            Choose a name
          </button>
        ) : null}
        <p className="balance" aria-live="polite">
          {balanceText(balance, network?._tag === "Known")}
        </p>
        <NetworkChip
          name={networkName}
          icon={networkIcon}
          onSwitch={actions.includes("switchNetwork") ? () => void controller.push("Networks") : undefined}
        />
      </div>
      <ActionBar actions={actions} />
      {network?._tag === "Known" ? <AccountTabs /> : null}
      <AccountMenu actions={actions} accountType={account.accountType} namespace={activeNamespace} />
    </div>
  )
}
