/**
 * WalletConnect Verify answers through `postMessage`: the SDK's listener takes any `verify_attestation`
 * message from any window, without looking at its origin (THREATS.md R11). This guard runs first, in the
 * capture phase, and stops such a message unless it comes from a Verify origin.
 */

/** Where WalletConnect Verify's frame lives (the SDK's own two hosts). */
export const VERIFY_ORIGINS: ReadonlySet<string> = new Set([
  "https://verify.walletconnect.org",
  "https://verify.walletconnect.com"
])

/** The SDK reads only string messages this long at most; a longer one is no attestation. */
const MAX_MESSAGE_LENGTH = 100_000

/** Whether a message carries a `verify_attestation` the SDK would take. */
export const isAttestationMessage = (data: unknown): boolean => {
  if (typeof data !== "string" || data.length > MAX_MESSAGE_LENGTH || !data.includes("verify_attestation"))
    return false
  try {
    const parsed: unknown = JSON.parse(data)
    return (
      typeof parsed === "object" && parsed !== null && Reflect.get(parsed, "type") === "verify_attestation"
    )
  } catch {
    return false
  }
}

/** A forged attestation: one that does not come from a Verify origin. */
export const isForgedAttestation = (data: unknown, origin: string): boolean =>
  isAttestationMessage(data) && !VERIFY_ORIGINS.has(origin)

/** Stops forged attestations before any other `message` listener of `target` sees them; answers the remover. */
export const guardVerifyMessages = (target: Window): (() => void) => {
  const guard = (event: MessageEvent) => {
    if (isForgedAttestation(event.data, event.origin)) event.stopImmediatePropagation()
  }
  target.addEventListener("message", guard, true)
  return () => target.removeEventListener("message", guard, true)
}
