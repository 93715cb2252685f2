import { type ReactNode, useState } from "react"
import type { BalanceUnavailableError } from "../../../../errors"
import { formatAmount, formatUnits } from "../../../../layers/format/format"
import type { AccountAction } from "../../../../Modal"
import { accountWords } from "../../../../messages/compiled/en/account"
import { present } from "../../../../presentation"
import { truncateAddress } from "../../../../schemas/ThirdPartyText"
import type { Loadable } from "../../../../services/AccountData"
import type { NativeBalance } from "../../../../services/BalanceService"
import type { FlowView } from "../../../../services/ModalFlow"
import { makeImagesPort } from "../../bridge/imagesPort"
import { copyText } from "../../element/clipboard"
import { useController } from "../../element/context"
import { LazyViewBody, lazyView } from "../../element/lazyView"
import { useViewStyles } from "../../element/styleSheets"
import { useIntlLocale } from "../../element/useIntlLocale"
import { useStore } from "../../element/useStore"
import { useLocale, useWords } from "../../element/useWords"
import { ViewBoundary } from "../../element/ViewBoundary"
import { Avatar } from "../../ui/Avatar"
import { BuyIcon, CheckIcon, CopyIcon, ReceiveIcon, SendIcon, SwapIcon } from "../../ui/actionIcons"
import { IconButton } from "../../ui/IconButton"
import { NetworkChip } from "../../ui/NetworkChip"
import { WalletIcon } from "../wallets/WalletIcon"
import { AccountMenu } from "./AccountMenu"
import { AccountTabs } from "./AccountTabs"
import { accountCss } from "./accountStyles"
import { BitcoinAccounts } from "./BitcoinAccounts"

/** Smart sessions' list (`features.smartSessions`): its code is fetched only where the feature is on. */
const sessionsSection = lazyView(() =>
  import("../sessions/SessionsSection").then((module) => module.SessionsSection)
)

/** The native balance line; nothing to wait for while the network is not one the host configured. */
const BalanceText = ({
  balance,
  knownNetwork
}: {
  readonly balance: Loadable<NativeBalance, BalanceUnavailableError>
  readonly knownNetwork: boolean
}) => {
  const { catalog } = useLocale()
  const t = useWords("account", accountWords)
  const locale = useIntlLocale()
  switch (balance._tag) {
    case "Ready": {
      const { value, decimals, symbol } = balance.value
      // The amount and its symbol read left to right inside right-to-left text.
      return <span dir="ltr">{`${formatAmount(formatUnits(value, decimals), 2, locale)} ${symbol}`}</span>
    }
    case "Failed":
      return present(balance.error, catalog).message
    default:
      return knownNetwork ? t.loadingBalance() : null
  }
}

/**
 * The action bar's buttons, in the order visitors know from wallets; each shows only where offered, worded
 * by the message of the action's id.
 */
const BAR: ReadonlyArray<{
  readonly action: AccountAction & keyof typeof accountWords
  readonly icon: ReactNode
  readonly flow?: FlowView
}> = [
  { action: "send", icon: <SendIcon />, flow: "WalletSend" },
  { action: "receive", icon: <ReceiveIcon /> },
  { action: "swap", icon: <SwapIcon />, flow: "Swap" },
  { action: "buy", icon: <BuyIcon />, flow: "OnRampProviders" }
]

const ActionBar = ({ actions }: { readonly actions: ReadonlyArray<AccountAction> }) => {
  const controller = useController()
  const t = useWords("account", accountWords)
  const offered = BAR.filter((item) => actions.includes(item.action))
  if (offered.length === 0) return null
  return (
    <div className="action-bar">
      {offered.map(({ action, icon, flow }) => (
        <IconButton
          key={action}
          icon={icon}
          label={t[action]()}
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
  const t = useWords("account", accountWords)
  const [copied, setCopied] = useState(false)
  return (
    <IconButton
      icon={copied ? <CheckIcon /> : <CopyIcon />}
      label={copied ? t.addressCopied() : t.copyAddress()}
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
  const t = useWords("account", accountWords)
  const { namespaces } = useStore(controller.connection)
  const { activeNamespace, active } = useStore(controller.networks)
  const balance = useStore(controller.accountData.nativeBalance)
  const identity = useStore(controller.accountData.identity)
  const actions = useStore(controller.accountActions)
  const account = namespaces[activeNamespace]
  const network = active[activeNamespace]
  const known = identity._tag === "Ready" ? identity.value : undefined

  if (account?.status !== "connected") {
    return <p className="empty">{account?.status === "connecting" ? t.reconnecting() : t.noWallet()}</p>
  }
  const networkName = network?._tag === "Known" ? network.network.name : (network?.name ?? t.noNetwork())
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
            {t.impersonation({ wallet: account.connector.name })}
          </p>
        ) : null}
        <div className="account-id">
          <p className="address" title={account.address} translate="no">
            {known?.name ?? <span dir="ltr">{short}</span>}
          </p>
          {actions.includes("copyAddress") ? <CopyAddress address={account.address} /> : null}
        </div>
        {known?.name === undefined ? null : (
          <p className="account-sub" title={account.address} dir="ltr">
            {short}
          </p>
        )}
        {activeNamespace === "bip122" ? (
          <BitcoinAccounts
            accounts={account.allAccounts}
            types={account.accountTypes}
            fallbackType={account.accountType}
          />
        ) : null}
        {actions.includes("chooseName") ? (
          <button
            type="button"
            className="link-button"
            data-action="chooseName"
            onClick={() => void controller.startFlow("RegisterAccountName")}
          >
            {t.chooseName()}
          </button>
        ) : null}
        <p className="balance" aria-live="polite">
          <BalanceText balance={balance} knownNetwork={network?._tag === "Known"} />
        </p>
        <NetworkChip
          name={networkName}
          icon={networkIcon}
          onSwitch={actions.includes("switchNetwork") ? () => void controller.push("Networks") : undefined}
        />
      </div>
      <ActionBar actions={actions} />
      {network?._tag === "Known" ? <AccountTabs /> : null}
      {controller.smartSessions.enabled && activeNamespace === "eip155" ? (
        // Its own boundary: a list whose code did not load says so, and the account stays in sight.
        <ViewBoundary onFailure={sessionsSection.forgetFailedLoad}>
          <LazyViewBody view={sessionsSection} fallback={null} />
        </ViewBoundary>
      ) : null}
      <AccountMenu actions={actions} accountType={account.accountType} namespace={activeNamespace} />
    </div>
  )
}
