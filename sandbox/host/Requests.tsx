/**
 * The Requests panel: signing and sending through `modal.request`, switching through `modal.switchNetwork`,
 * and the transactions the page sent. Apart from the page's layout, which only places it.
 */
import { base58 } from "@scure/base"
import { useAirlock, useAirlockAccount, useAirlockNetwork, useAirlockTransactions } from "airlock/react"
import { useState } from "react"
import type { SandboxChainConfig, SandboxTokenConfig } from "../shared/config"
import { Field } from "./Field"

const toHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, "0")).join("")}`

/** 0.01 ETH in wei, as the hex quantity `eth_sendTransaction` takes. */
const sendValue = `0x${(10n ** 16n).toString(16)}`

const word = (value: bigint) => value.toString(16).padStart(64, "0")
/** `transfer(recipient, 2.5 sUSD)`. */
const transferCall = (to: string, decimals: number) =>
  `0xa9059cbb${word(BigInt(to))}${word((25n * 10n ** BigInt(decimals)) / 10n)}`

/** `0x1234…abcd`: enough of a hash to tell transactions apart. */
const shortHash = (hash: string) => `${hash.slice(0, 6)}…${hash.slice(-4)}`

/** What the last request (or network switch) settled with. */
interface RequestResult {
  readonly label: string
  readonly value: string
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Requests the dapp sends through `modal.request` and `modal.switchNetwork` (the hooks hand out the
 * modal's own methods); the page shows the answer.
 */
export function Requests({
  chains,
  recipient,
  tokens
}: {
  /** The sandbox's chains, to offer a switch to the one the wallet is not on. */
  readonly chains: ReadonlyArray<SandboxChainConfig>
  /** Where "Send 0.01 ETH" and "Send 2.5 sUSD" send. */
  readonly recipient: string | undefined
  /** The sandbox's tokens: "Send 2.5 sUSD" moves the sUSD of the chain the wallet is on, if it has one. */
  readonly tokens: ReadonlyArray<SandboxTokenConfig>
}) {
  const modal = useAirlock()
  const evm = useAirlockAccount({ namespace: "eip155" })
  const solana = useAirlockAccount({ namespace: "solana" })
  const network = useAirlockNetwork()
  const [result, setResult] = useState<RequestResult>()
  const [settled, setSettled] = useState(0)
  const message = "Hello from the Airlock demo"
  const settle = (next: RequestResult) => {
    setResult(next)
    setSettled((count) => count + 1)
  }
  const show = (label: string, request: Promise<unknown>) =>
    request.then(
      (value) => settle({ label, value: typeof value === "string" ? value : JSON.stringify(value) }),
      (error: unknown) => settle({ label: `${label} failed`, value: messageOf(error) })
    )
  const sandboxUsd = tokens.find((token) => token.symbol === "sUSD" && token.chainId === network.chainId)
  // The sandbox chain the wallet is not on (the first one while Solana is active).
  const otherChain = chains.find((chain) => chain.chainId !== network.chainId)
  return (
    <section className="panel" aria-labelledby="requests-title">
      <h2 id="requests-title">Requests</h2>
      <p>
        Message: <code data-testid="sign-message">{message}</code>
      </p>
      <p>
        Sends to: <code data-testid="send-recipient">{recipient ?? "—"}</code>
      </p>
      <div className="actions">
        <button
          type="button"
          disabled={evm.address === undefined}
          onClick={() =>
            void show(
              "personal_sign",
              modal.request(
                { method: "personal_sign", params: [toHex(message), evm.address] },
                { namespace: "eip155" }
              )
            )
          }
        >
          Sign message (EVM)
        </button>
        <button
          type="button"
          disabled={solana.address === undefined}
          onClick={() =>
            void show(
              "solana_signMessage",
              modal.request(
                {
                  method: "solana_signMessage",
                  params: {
                    message: base58.encode(new TextEncoder().encode(message)),
                    pubkey: solana.address
                  }
                },
                { namespace: "solana" }
              )
            )
          }
        >
          Sign message (Solana)
        </button>
        <button
          type="button"
          disabled={evm.address === undefined || recipient === undefined}
          onClick={() =>
            void show(
              "eth_sendTransaction",
              modal.request(
                {
                  method: "eth_sendTransaction",
                  params: [{ from: evm.address, to: recipient, value: sendValue }]
                },
                { namespace: "eip155" }
              )
            )
          }
        >
          Send 0.01 ETH
        </button>
        <button
          type="button"
          disabled={evm.address === undefined || recipient === undefined || sandboxUsd === undefined}
          onClick={() =>
            recipient === undefined || sandboxUsd === undefined
              ? undefined
              : void show(
                  "eth_sendTransaction",
                  modal.request(
                    {
                      method: "eth_sendTransaction",
                      params: [
                        {
                          from: evm.address,
                          to: sandboxUsd.address,
                          data: transferCall(recipient, sandboxUsd.decimals)
                        }
                      ]
                    },
                    { namespace: "eip155" }
                  )
                )
          }
        >
          Send 2.5 sUSD
        </button>
        {otherChain === undefined ? null : (
          <button
            type="button"
            onClick={() =>
              void network.switchNetwork(`eip155:${otherChain.chainId}`).then(
                () => settle({ label: "switchNetwork", value: `switched to ${otherChain.name}` }),
                (error: unknown) =>
                  settle({ label: "switchNetwork failed", value: `switch failed: ${messageOf(error)}` })
              )
            }
          >
            Switch to {otherChain.name}
          </button>
        )}
      </div>
      <dl>
        <Field label="request" testId="request-label" value={result?.label ?? "—"} />
        <Field label="result" testId="request-result" value={result?.value ?? "—"} />
        <Field label="settled" testId="requests-settled" value={String(settled)} />
      </dl>
      <Transactions />
    </section>
  )
}

/** `useAirlockTransactions` (`modal.subscribeTransactions`): what the page sent, newest first, as it settles. */
function Transactions() {
  const transactions = useAirlockTransactions()
  return (
    <>
      <h3 id="transactions-title">Transactions</h3>
      {/* Polite: a status that changes from pending to confirmed is read out. */}
      <div aria-live="polite">
        {transactions.length === 0 ? (
          <p data-testid="transactions-empty">No transactions yet</p>
        ) : (
          <ul className="transactions" aria-labelledby="transactions-title">
            {transactions.map((transaction) => (
              <li key={transaction.id} data-testid={`transaction-${transaction.id}`}>
                <code title={transaction.id}>{shortHash(transaction.id)}</code>{" "}
                <span data-testid="transaction-status">{transaction.status}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
