import { type AirlockError, type GrantedPermissions, present } from "airlock"
import { useSmartSessions } from "airlock/react"
import { useState } from "react"
import type { Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"

/** How long the demo's session lasts, and what it may send per transfer (0.01 ETH, in wei). */
const SESSION_SECONDS = 600
const VALUE_LIMIT = 10n ** 16n

/**
 * `?sessions` (features.smartSessions): a session key this page makes and keeps, which the connected
 * account lets send at most 0.01 ETH per transfer to `recipient` for 10 minutes (ERC-7715, through
 * `useSmartSessions().grantPermissions`). The page shows the key's secret, as a dapp holds it: a transfer
 * it signs is submitted by anyone (the browser test, from an anvil dev account), and the smart account's
 * contract enforces the limits.
 */
export function SessionsPanel({
  chainId,
  recipient
}: {
  readonly chainId: number | undefined
  readonly recipient: string | undefined
}) {
  const { grantPermissions } = useSmartSessions()
  const [key] = useState<Hex>(() => generatePrivateKey())
  const [granted, setGranted] = useState<GrantedPermissions>()
  const [failure, setFailure] = useState<string>()
  const address = privateKeyToAccount(key).address
  const grant = () => {
    if (chainId === undefined || recipient === undefined) return
    setFailure(undefined)
    grantPermissions({
      chainId: `0x${chainId.toString(16)}`,
      expiry: Math.floor(Date.now() / 1000) + SESSION_SECONDS,
      signer: { type: "account", data: { id: address } },
      permissions: [
        {
          type: "native-token-transfer",
          data: { to: recipient, valueLimit: `0x${VALUE_LIMIT.toString(16)}` }
        }
      ],
      policies: []
    }).then(setGranted, (error: unknown) =>
      setFailure(
        typeof error === "object" && error !== null && "_tag" in error
          ? `${String(error._tag)}: ${present(error as AirlockError).message}`
          : String(error)
      )
    )
  }
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Smart session</h2>
      <p>
        Session key: <code data-testid="session-key">{address}</code>
      </p>
      <details>
        <summary>The key's secret (this page holds it; it signs the session's transfers)</summary>
        <code data-testid="session-key-secret">{key}</code>
      </details>
      <div className="actions">
        <button type="button" disabled={chainId === undefined || recipient === undefined} onClick={grant}>
          Grant a session: 0.01 ETH per transfer, 10 minutes
        </button>
      </div>
      <p>
        Granted:{" "}
        <code data-testid="session-granted">{granted === undefined ? "—" : JSON.stringify(granted)}</code>
      </p>
      {failure === undefined ? null : (
        <p role="alert" data-testid="session-failure">
          {failure}
        </p>
      )}
    </section>
  )
}
