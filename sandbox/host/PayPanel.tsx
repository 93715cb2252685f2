import { usePay } from "airlock/react"
import type { SandboxConfig } from "../shared/config"
import { sandboxSolanaAccounts } from "../solana/accounts.mjs"
import { Field } from "./Field"

/** How the last payment settled, in the page's words: the hash, or the error's tag and reason. */
const detailOf = (payment: ReturnType<typeof usePay>): string => {
  if (payment.status === "success") return payment.txHash
  if (payment.status !== "failed") return "—"
  const { error } = payment
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : "Error"
  const reason = typeof error === "object" && error !== null && "reason" in error ? String(error.reason) : ""
  return reason === "" ? tag : `${tag}: ${reason}`
}

/**
 * `?pay` (`features.pay`): buttons that call `modal.pay` (through `usePay`), to the sandbox's last dev
 * accounts (EVM and Solana), and what the last payment settled with.
 */
export function PayPanel({ sandbox }: { readonly sandbox: SandboxConfig }) {
  const payment = usePay()
  const evmRecipient = sandbox.wallet.accounts.at(-1)?.address
  const solanaRecipient = sandboxSolanaAccounts().at(-1)?.address
  const chain = sandbox.chains[0]
  const sUsd = sandbox.tokens.find((token) => token.chainId === chain?.chainId && token.symbol === "sUSD")
  // The hook keeps the outcome; the page has nothing more to do with the promise.
  const pay = (request: Parameters<typeof payment.pay>[0]) => void payment.pay(request).catch(() => {})
  return (
    <section className="panel" aria-labelledby="pay-title">
      <h2 id="pay-title">Pay</h2>
      <p>
        Pays to: <code data-testid="pay-recipient">{evmRecipient ?? "—"}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          disabled={evmRecipient === undefined || sUsd === undefined}
          onClick={() =>
            evmRecipient === undefined || sUsd === undefined
              ? undefined
              : pay({
                  recipient: evmRecipient,
                  amount: "5",
                  asset: `eip155:${sUsd.chainId}/erc20:${sUsd.address}`
                })
          }
        >
          Pay 5 sUSD
        </button>
        <button
          type="button"
          disabled={sandbox.solana === undefined || solanaRecipient === undefined}
          onClick={() =>
            sandbox.solana === undefined || solanaRecipient === undefined
              ? undefined
              : pay({
                  recipient: solanaRecipient,
                  amount: "0.1",
                  asset: `${sandbox.solana.chain}/slip44:501`
                })
          }
        >
          Pay 0.1 SOL
        </button>
      </div>
      <dl>
        <Field label="status" testId="pay-status" value={payment.status} />
        <Field label="result" testId="pay-result" value={detailOf(payment)} />
      </dl>
    </section>
  )
}
