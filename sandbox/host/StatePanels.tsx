/**
 * What the hooks report, as fields the browser tests read: the modal's state, the connection, the Solana
 * account. Apart from the page's layout, which only places them.
 */
import { useAirlockAccount, useAirlockNetwork, useAirlockState, useWalletInfo } from "airlock/react"
import { Field } from "./Field"

export function ModalState() {
  const state = useAirlockState()
  return (
    <section className="panel" aria-labelledby="modal-state-title">
      <h2 id="modal-state-title">Modal state</h2>
      <dl>
        <Field label="open" testId="modal-open" value={String(state.open)} />
        <Field label="view" testId="modal-view" value={state.view} />
      </dl>
    </section>
  )
}

/** What the hooks report: the account, its network and the wallet behind it. */
export function ConnectionState() {
  const account = useAirlockAccount()
  const network = useAirlockNetwork()
  const { walletInfo } = useWalletInfo()
  return (
    <section className="panel" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      <dl>
        <Field label="status" testId="account-status" value={account.status} />
        <Field label="address" testId="account-address" value={account.address ?? "—"} />
        <Field label="network" testId="network-name" value={network.name ?? "—"} />
        <Field
          label="chain id"
          testId="network-chain-id"
          value={network.chainId === undefined ? "—" : String(network.chainId)}
        />
        <Field label="wallet" testId="wallet-name" value={walletInfo?.name ?? "—"} />
        <Field label="wallet rdns" testId="wallet-rdns" value={walletInfo?.rdns ?? "—"} />
      </dl>
    </section>
  )
}

/** The Solana account of a multi-namespace session (WalletConnect). */
export function SolanaAccount() {
  const account = useAirlockAccount({ namespace: "solana" })
  return (
    <section className="panel" aria-labelledby="solana-title">
      <h2 id="solana-title">Solana</h2>
      <dl>
        <Field label="status" testId="solana-status" value={account.status} />
        <Field label="address" testId="solana-address" value={account.address ?? "—"} />
      </dl>
    </section>
  )
}
