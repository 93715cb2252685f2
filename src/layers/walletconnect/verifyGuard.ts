/**
 * WalletConnect Verify answers through `postMessage`: the SDK's listener takes any `verify_attestation`
 * message from any window, without looking at its origin (THREATS.md R11). This guard runs first, in the
 * capture phase, and stops such a message unless it comes from a Verify origin. A genuine attestation also
 * says whether Verify found the page's domain verified for the project: one that says it is not is the
 * catalogue's 'domain unverified' (SPEC.md §8).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { InvalidAppConfigurationError } from "../../errors"
import type { NotificationsShape } from "../../services/Notifications"
import { listen, type Subscribe } from "../platform/listen"

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

/** The attestation message Verify's frame posts: a JWT, or `null` when it has none for the page. */
const AttestationMessage = Schema.fromJsonString(
  Schema.Struct({ type: Schema.Literal("verify_attestation"), attestation: Schema.NullOr(Schema.String) })
)

/** What an attestation's JWT claims of the page (the SDK checks its signature; this reads it only). */
const AttestationClaims = Schema.fromJsonString(
  Schema.Struct({ origin: Schema.String, isVerified: Schema.Boolean })
)

const decodeMessage = Schema.decodeUnknownOption(AttestationMessage)
const decodeClaims = Schema.decodeUnknownOption(AttestationClaims)

/** The text of a JWT part (base64url); none when it is not valid base64. */
const base64UrlText = (part: string): Option.Option<string> => {
  try {
    const binary = atob(part.replace(/-/g, "+").replace(/_/g, "/"))
    return Option.some(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
  } catch {
    return Option.none()
  }
}

/**
 * The origin a genuine attestation (posted by a Verify origin) says is not verified for the project, when it
 * is `pageOrigin`; none for any other message, a forged one among them.
 */
export const unverifiedOrigin = (data: unknown, origin: string, pageOrigin: string): Option.Option<string> =>
  !VERIFY_ORIGINS.has(origin) || !isAttestationMessage(data)
    ? Option.none()
    : decodeMessage(data).pipe(
        Option.flatMapNullishOr((message) => message.attestation?.split(".")[1]),
        Option.flatMap(base64UrlText),
        Option.flatMap(decodeClaims),
        Option.filter((claims) => !claims.isVerified && claims.origin === pageOrigin),
        Option.map((claims) => claims.origin)
      )

/** The page's origin each time a genuine attestation says it is unverified (once per page at most). */
export const unverifiedDomains =
  (target: Window): Subscribe<string> =>
  (listener) => {
    let reported = false
    const read = (event: MessageEvent) => {
      if (reported) return
      const unverified = unverifiedOrigin(event.data, event.origin, target.location.origin)
      if (Option.isNone(unverified)) return
      reported = true
      listener(unverified.value)
    }
    target.addEventListener("message", read)
    return () => target.removeEventListener("message", read)
  }

/**
 * Shows 'Invalid App Configuration' (SPEC.md §8 'domain unverified') when Verify says this page's domain
 * is not verified for the project, for as long as the caller's scope lasts.
 */
export const reportUnverifiedDomains = (notifications: NotificationsShape) =>
  typeof window === "undefined"
    ? Effect.void
    : listen(unverifiedDomains(window), (origin) =>
        notifications.showError(new InvalidAppConfigurationError({ reason: "domain-unverified", origin }))
      )
