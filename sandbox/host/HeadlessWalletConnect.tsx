/** The Headless WalletConnect panel: pairing without the modal, as a host drawing its own QR code does. */
import { useAirlockWalletConnect } from "airlock/react"
import { Field } from "./Field"

/** `useAirlockWalletConnect`: the pairing URI for a host that draws its own QR code. */
export function HeadlessWalletConnect() {
  const pairing = useAirlockWalletConnect()
  return (
    <section className="panel" aria-labelledby="headless-title">
      <h2 id="headless-title">Headless WalletConnect</h2>
      <div className="actions">
        <button
          type="button"
          disabled={pairing.status !== "idle"}
          onClick={() => void pairing.connect().catch(() => {})}
        >
          Pair without the modal
        </button>
        <button type="button" disabled={pairing.status === "idle"} onClick={() => void pairing.cancel()}>
          Cancel
        </button>
      </div>
      <dl>
        <Field label="status" testId="headless-status" value={pairing.status} />
        <Field label="uri" testId="headless-uri" value={pairing.uri ?? "—"} />
      </dl>
    </section>
  )
}
