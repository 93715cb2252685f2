import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Semaphore from "effect/Semaphore"
import { InvalidAppConfigurationError, ProjectIdMissingError } from "../../errors"
import { hasControlCharacter } from "../../schemas/Primitives"
import { ModalConfig } from "../../services/ModalConfig"
import { OriginGuard, type OriginGuardShape } from "../../services/OriginGuard"
import { ProviderApi } from "../../services/ProviderApi"

/**
 * Allowed whatever the project's list says (FACTS §1.3 `DEFAULT_ALLOWED_ANCESTORS`): local development on
 * any port, the usual preview hosts, and the provider's mobile secure site.
 */
export const DEFAULT_ALLOWED_ORIGINS: ReadonlyArray<string> = [
  "http://localhost:*",
  "https://localhost:*",
  "http://127.0.0.1:*",
  "https://127.0.0.1:*",
  "https://*.pages.dev",
  "https://*.vercel.app",
  "https://*.ngrok-free.app",
  "https://secure-mobile.walletconnect.com",
  "https://secure-mobile.walletconnect.org"
]

/** A parsed http(s) origin; `port` is "" for the scheme's default port, as WHATWG `URL` gives it. */
export interface ParsedOrigin {
  readonly scheme: "http:" | "https:"
  readonly hostname: string
  readonly port: string
}

interface OriginPattern {
  readonly scheme: "http:" | "https:"
  /** The exact hostname, or for a wildcard the suffix after `*.`. */
  readonly host: string
  readonly wildcard: boolean
  /** "*" for any port. */
  readonly port: string
}

/**
 * A bare origin: http(s), no userinfo (not even an empty `@`), nothing after the authority but an
 * optional `/`. Control characters and whitespace are refused rather than let `URL` silently drop them.
 */
export const parseOrigin = (value: string): ParsedOrigin | undefined => {
  if (hasControlCharacter(value) || /\s/.test(value) || value.includes("@")) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
  if (url.username !== "" || url.password !== "") return undefined
  if (
    url.pathname !== "/" ||
    url.search !== "" ||
    url.hash !== "" ||
    value.includes("?") ||
    value.includes("#")
  )
    return undefined
  return { scheme: url.protocol, hostname: url.hostname, port: url.port }
}

/** A label no real pattern contains; it stands in for `*` so `URL` can validate the rest of the host. */
const PLACEHOLDER = "airlock-wildcard-label"

/**
 * `scheme://host[:port]`, `scheme://*.suffix[:port]`, with `:*` for any port. A `*` anywhere else (a
 * bare `*`, `*example.com`, `a.*.com`, no scheme) makes the entry match nothing.
 */
const parsePattern = (value: string): OriginPattern | undefined => {
  let rest = value.endsWith("/") ? value.slice(0, -1) : value
  const anyPort = rest.endsWith(":*")
  if (anyPort) rest = rest.slice(0, -2)
  const authority = rest.indexOf("://") + 3
  const wildcard = authority > 2 && rest.slice(authority, authority + 2) === "*."
  if (wildcard) rest = `${rest.slice(0, authority)}${PLACEHOLDER}${rest.slice(authority + 1)}`
  if (rest.includes("*")) return undefined
  const parsed = parseOrigin(rest)
  if (parsed === undefined) return undefined
  const port = anyPort ? "*" : parsed.port
  if (!wildcard) return { scheme: parsed.scheme, host: parsed.hostname, wildcard, port }
  const prefix = `${PLACEHOLDER}.`
  if (!parsed.hostname.startsWith(prefix) || parsed.hostname.length === prefix.length) return undefined
  return { scheme: parsed.scheme, host: parsed.hostname.slice(prefix.length), wildcard, port }
}

const hostMatches = (pattern: OriginPattern, hostname: string): boolean => {
  if (!pattern.wildcard) return hostname === pattern.host
  if (!hostname.endsWith(`.${pattern.host}`)) return false
  // One or more whole, non-empty labels in front of the suffix.
  const labels = hostname.slice(0, -(pattern.host.length + 1))
  return labels.length > 0 && labels.split(".").every((label) => label.length > 0)
}

const matches = (pattern: OriginPattern, origin: ParsedOrigin): boolean =>
  pattern.scheme === origin.scheme &&
  (pattern.port === "*" || pattern.port === origin.port) &&
  hostMatches(pattern, origin.hostname)

/**
 * SPEC §5 / FACTS §1.3. An empty list allows every origin (the project set no restriction). Otherwise the
 * origin must equal an entry, or match a `*.` wildcard entry with one or more extra labels, or a default
 * ({@link DEFAULT_ALLOWED_ORIGINS}). Both sides are parsed with WHATWG `URL`: scheme and port count,
 * default ports and IDN hosts are normalised, and anything that is not a bare http(s) origin never
 * matches. Total: never throws.
 */
export const isOriginAllowed = (origin: string, allowed: ReadonlyArray<string>): boolean => {
  if (allowed.length === 0) return true
  const parsed = parseOrigin(origin)
  if (parsed === undefined) return false
  for (const entry of [...allowed, ...DEFAULT_ALLOWED_ORIGINS]) {
    const pattern = typeof entry === "string" ? parsePattern(entry) : undefined
    if (pattern !== undefined && matches(pattern, parsed)) return true
  }
  return false
}

/** The page's origin; `undefined` outside a browser (server rendering, tests, workers without one). */
export const pageOrigin = (): string | undefined => {
  try {
    const origin = globalThis.location?.origin
    return typeof origin === "string" ? origin : undefined
  } catch {
    return undefined
  }
}

type CheckError = InvalidAppConfigurationError | ProjectIdMissingError

export const makeOriginGuard = (
  currentOrigin: () => string | undefined = pageOrigin
): Effect.Effect<OriginGuardShape, never, ModalConfig | ProviderApi> =>
  Effect.gen(function* () {
    const config = yield* ModalConfig
    const api = yield* ProviderApi
    // A verdict from the list is kept for the session; "list unavailable" is not, so a later check asks again.
    const verdict = yield* Ref.make(Option.none<Exit.Exit<void, CheckError>>())
    const lock = yield* Semaphore.make(1)

    const decide: Effect.Effect<{ readonly final: boolean }, CheckError> = Effect.gen(function* () {
      if (config.projectId.trim() === "")
        return yield* new ProjectIdMissingError({ message: "Project ID Not Configured" })
      const origin = currentOrigin()
      if (origin === undefined) return { final: true }
      const allowed = yield* api.getAllowedOrigins.pipe(
        Effect.map(Option.some),
        Effect.catch((error) =>
          // The project's own answer (bad key, 403, origin refused) blocks; an outage or garbage does not
          // (FACTS §1.3: other errors count as an empty list).
          error._tag === "InvalidAppConfigurationError"
            ? Effect.fail(error)
            : Effect.as(
                Effect.logWarning(`Allowed origins unavailable (${error._tag}); not blocking the modal`),
                Option.none<ReadonlyArray<string>>()
              )
        )
      )
      if (Option.isNone(allowed)) return { final: false }
      if (!isOriginAllowed(origin, allowed.value))
        return yield* new InvalidAppConfigurationError({ reason: "origin-not-allowed", origin })
      return { final: true }
    })

    const check: Effect.Effect<void, CheckError> = lock
      .withPermits(1)(
        Effect.flatMap(
          Ref.get(verdict),
          Option.match({
            onSome: (exit) => exit,
            onNone: () =>
              decide.pipe(
                Effect.exit,
                Effect.tap((exit) =>
                  exit._tag === "Success" && !exit.value.final
                    ? Effect.void
                    : Ref.set(verdict, Option.some(Exit.asVoid(exit)))
                ),
                Effect.flatten,
                Effect.asVoid
              )
          })
        )
      )
      .pipe(Effect.withSpan("OriginGuard.check"))

    return OriginGuard.of({ check })
  })
