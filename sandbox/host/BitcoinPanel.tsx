import { useAirlockAccount } from "airlock/react"
import { Field } from "./Field"

/**
 * The Bitcoin account (`bip122`, the sandbox's regtest chain): its status, the active address and its
 * type (payment or ordinals), whichever wallet connected it (the Sandbox Bitcoin Wallet or WalletConnect).
 */
export function BitcoinPanel() {
  const account = useAirlockAccount({ namespace: "bip122" })
  const active = account.allAccounts.find((a) => a.address === account.address)
  return (
    <section className="panel" aria-labelledby="bitcoin-title">
      <h2 id="bitcoin-title">Bitcoin</h2>
      <dl>
        <Field label="status" testId="bitcoin-status" value={account.status} />
        <Field label="address" testId="bitcoin-address" value={account.address ?? "—"} />
        <Field label="account type" testId="bitcoin-account-type" value={active?.type ?? "—"} />
      </dl>
    </section>
  )
}
