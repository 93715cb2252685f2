import {
  ConnectButton,
  useAirlockAccount,
  useAirlockEvents,
  useAirlockNetwork,
  useAirlockState,
  useAirlockTheme,
  useAirlockTransactions,
  useAirlockWalletConnect,
  useAirlockWallets,
  useWalletInfo
} from "../../src/react/index"

/** A host's account widget: every hook, as data attributes a test reads from the markup. */
export const AccountView = () => {
  const account = useAirlockAccount()
  const state = useAirlockState()
  const network = useAirlockNetwork()
  const { walletInfo } = useWalletInfo()
  const { wallets } = useAirlockWallets()
  const pairing = useAirlockWalletConnect()
  const transactions = useAirlockTransactions()
  const event = useAirlockEvents()
  const theme = useAirlockTheme()
  return (
    <div
      data-status={account.status}
      data-address={account.address ?? ""}
      data-open={String(state.open)}
      data-view={state.view}
      data-network={network.caipNetworkId ?? ""}
      data-wallet={walletInfo?.name ?? ""}
      data-wallets={wallets.length}
      data-pairing={pairing.status}
      data-transactions={transactions.length}
      data-event={event?.data.event ?? ""}
      data-theme={theme.themeMode}
    >
      <ConnectButton />
    </div>
  )
}
