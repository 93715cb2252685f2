import {
  InvalidAppConfigurationError,
  NameLookupError,
  type ServerNamedError,
  ServiceUnavailableError,
  SessionExpiredError
} from "../../errors"
import { boundedText, safeGet } from "../../walletErrors"

const ORIGIN_NOT_ALLOWED = "unauthorized: origin not allowed"
const INVALID_KEY = "unauthorized: invalid key"
const JWT_NOT_YET_VALID = "jwt validation error: jwt token is not yet valid"

/** Only the start of a body is searched: the named messages are short, bodies may be huge. */
const MAX_SEARCHED = 10_000
/** String bodies larger than this are not parsed as JSON. */
const MAX_PARSED = 1_000_000

const parseJson = (text: string): unknown => {
  const trimmed = text.trimStart()
  if (text.length > MAX_PARSED || !(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined
  try {
    return JSON.parse(trimmed)
  } catch {
    return undefined
  }
}

const asText = (value: unknown): string | undefined =>
  typeof value === "string" && value.length > 0 ? value.slice(0, MAX_SEARCHED) : undefined

/** The strings where servers put their message: the body itself, `message`, `error` or `error.message`. */
const bodyTexts = (body: unknown): ReadonlyArray<string> => {
  const error = safeGet(body, "error")
  const texts = [
    asText(body),
    asText(safeGet(body, "message")),
    asText(error),
    asText(safeGet(error, "message"))
  ]
  return texts.filter((text): text is string => text !== undefined).map((text) => text.toLowerCase())
}

const firstReasonDescription = (body: unknown): unknown =>
  safeGet(safeGet(safeGet(body, "reasons"), "0"), "description")

/**
 * Maps a provider-service response to the catalogue error it names, or `undefined` when it names none.
 * Total: `body` may be anything (text, JSON, a thrown getter) and this never throws.
 */
export const fromServerResponse = (status: number, body: unknown): ServerNamedError | undefined => {
  try {
    const parsed = typeof body === "string" ? parseJson(body) : undefined
    const texts = [...bodyTexts(body), ...bodyTexts(parsed)]
    const says = (needle: string): boolean => texts.some((text) => text.includes(needle))
    if (says(ORIGIN_NOT_ALLOWED))
      return new InvalidAppConfigurationError({ reason: "origin-not-allowed", status })
    if (says(INVALID_KEY)) return new InvalidAppConfigurationError({ reason: "invalid-project-id", status })
    if (says(JWT_NOT_YET_VALID)) return new SessionExpiredError({ status })
    if (status === 403) return new InvalidAppConfigurationError({ reason: "forbidden", status })
    if (status === 503) return new ServiceUnavailableError({ status })
    if (status >= 400) {
      const reason = boundedText(firstReasonDescription(parsed ?? body))
      if (reason !== undefined) return new NameLookupError({ reason, status })
    }
    return undefined
  } catch {
    return undefined
  }
}
