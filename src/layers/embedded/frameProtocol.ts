/**
 * The embedded-wallet frame's protocol (SPEC.md §7, the W3mFrame envelope of FACTS.md §2), made strict
 * (THREATS.md T6, T7): the frame greets only an allowed parent origin with a MessageChannel port and the
 * nonce the app put in its URL; the app takes the greeting only from the frame's exact origin and window
 * with that nonce, and from then on talks over the port alone. Envelopes are `{ type, id?, payload? }`,
 * `@w3m-app/<NAME>` one way and `@w3m-frame/<NAME>[_SUCCESS|_ERROR]` the other; ids come from a CSPRNG;
 * anything over `MAX_MESSAGE_LENGTH` (as JSON) or of another shape is dropped. Pure functions only.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { AppRequest, FrameEvent } from "../../services/EmbeddedWalletBridge"

export const APP_PREFIX = "@w3m-app/"
export const FRAME_PREFIX = "@w3m-frame/"
/** The frame's greeting, on the window, carrying the nonce and the port. */
export const HELLO = `${FRAME_PREFIX}HELLO`

/** A message larger than this, as JSON, is dropped unread: the frame cannot grow the app's memory. */
export const MAX_MESSAGE_LENGTH = 64 * 1024

/** A reply to request `id`: its payload, or the frame's error message (untrusted, maybe absent). */
export type FrameReply =
  | { readonly _tag: "Success"; readonly id: string; readonly request: AppRequest; readonly payload: unknown }
  | {
      readonly _tag: "Error"
      readonly id: string
      readonly request: AppRequest
      readonly message: unknown
      /** The frame's EIP-1193 code (4001: the visitor rejected in the frame), when it is an integer. */
      readonly code: number | undefined
    }

export type FrameMessage =
  | { readonly _tag: "Event"; readonly event: FrameEvent }
  | { readonly _tag: "Reply"; readonly reply: FrameReply }

/** A request id: 128 bits from the platform's CSPRNG, as hex. */
export const newRequestId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(
    ""
  )

/** The handshake nonce the app puts in the frame's URL fragment (never sent to a server). */
export const newNonce = newRequestId

/** The envelope of an app request; `payload` must survive structured cloning (plain data). */
export const appEnvelope = (request: AppRequest, id: string, payload: unknown) => ({
  type: `${APP_PREFIX}${request}`,
  id,
  ...(payload === undefined ? {} : { payload })
})

/** JSON length of `value`, or `undefined` when it does not serialise (a cycle, a BigInt, a function). */
const jsonLength = (value: unknown): number | undefined => {
  try {
    return JSON.stringify(value)?.length
  } catch {
    return undefined
  }
}

/** Whether `value` is plain data within the size bound. */
export const withinBound = (value: unknown): boolean => {
  const length = jsonLength(value)
  return length !== undefined && length <= MAX_MESSAGE_LENGTH
}

const Envelope = Schema.Struct({
  type: Schema.String.check(Schema.isMaxLength(96)),
  id: Schema.optional(Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/))),
  payload: Schema.optional(Schema.Unknown)
})
const decodeEnvelope = Schema.decodeUnknownOption(Envelope)

/** Every request the app may send, each once: the record's type makes a missing or unknown name an error. */
const APP_REQUESTS: Readonly<Record<AppRequest, true>> = {
  SWITCH_NETWORK: true,
  CONNECT_EMAIL: true,
  CONNECT_DEVICE: true,
  CONNECT_OTP: true,
  CONNECT_SOCIAL: true,
  CONNECT_FARCASTER: true,
  GET_FARCASTER_URI: true,
  GET_SOCIAL_REDIRECT_URI: true,
  GET_USER: true,
  SIGN_OUT: true,
  IS_CONNECTED: true,
  GET_CHAIN_ID: true,
  RPC_REQUEST: true,
  UPDATE_EMAIL: true,
  UPDATE_EMAIL_PRIMARY_OTP: true,
  UPDATE_EMAIL_SECONDARY_OTP: true,
  SYNC_THEME: true,
  SYNC_DAPP_DATA: true,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: true,
  INIT_SMART_ACCOUNT: true,
  SET_PREFERRED_ACCOUNT: true,
  RELOAD: true,
  RPC_ABORT: true
}

const isRequest = (name: string): name is AppRequest => Object.hasOwn(APP_REQUESTS, name)

const text = (value: unknown, max: number): string | undefined =>
  typeof value === "string" && value.length > 0 && value.length <= max ? value : undefined

const integer = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : undefined

const field = (payload: unknown, key: string): unknown =>
  typeof payload === "object" && payload !== null && !Array.isArray(payload)
    ? (payload as Readonly<Record<string, unknown>>)[key]
    : undefined

/**
 * A message from the frame's port, read; `None` for anything that is not one (another shape, another
 * prefix, an unknown request name, a reply without an id, over the size bound).
 */
export const readFrameMessage = (data: unknown): Option.Option<FrameMessage> => {
  if (!withinBound(data)) return Option.none()
  return Option.flatMap(decodeEnvelope(data), ({ type, id, payload }): Option.Option<FrameMessage> => {
    if (!type.startsWith(FRAME_PREFIX)) return Option.none()
    const name = type.slice(FRAME_PREFIX.length)
    if (name === "READY")
      return Option.some({
        _tag: "Event",
        event: { _tag: "Ready", version: text(field(payload, "version"), 32) }
      })
    if (name === "SESSION_UPDATE") {
      const token = text(field(payload, "token"), 4096)
      return token === undefined
        ? Option.none()
        : Option.some({ _tag: "Event", event: { _tag: "SessionUpdate", token } })
    }
    const outcome = /_(SUCCESS|ERROR)$/.exec(name)
    const request = outcome === null ? "" : name.slice(0, -outcome[0].length)
    if (outcome === null || id === undefined || !isRequest(request)) return Option.none()
    return Option.some({
      _tag: "Reply",
      reply:
        outcome[1] === "SUCCESS"
          ? { _tag: "Success", id, request, payload }
          : {
              _tag: "Error",
              id,
              request,
              message: field(payload, "message"),
              code: integer(field(payload, "code"))
            }
    })
  })
}

/** What the app expects of the greeting: the frame's origin and window, and the nonce it was given. */
export interface HelloExpectations {
  readonly origin: string
  readonly source: unknown
  readonly nonce: string
}

/** Why a greeting was dropped (counted by the bridge; tests read the counts). */
export type HelloRefusal = "origin" | "source" | "shape" | "nonce" | "port"

/** The fields of a window `message` event the handshake reads. */
export interface WindowMessage {
  readonly origin: string
  readonly source: unknown
  readonly data: unknown
  readonly ports: ReadonlyArray<unknown>
}

/** The port a greeting hands over, when it is the frame's; otherwise why not. */
export const acceptHello = <Port>(
  event: WindowMessage,
  expected: HelloExpectations
): { readonly ok: true; readonly port: Port } | { readonly ok: false; readonly reason: HelloRefusal } => {
  if (event.origin !== expected.origin) return { ok: false, reason: "origin" }
  if (expected.source === null || event.source !== expected.source) return { ok: false, reason: "source" }
  const data = event.data
  if (!withinBound(data) || field(data, "type") !== HELLO) return { ok: false, reason: "shape" }
  if (field(data, "nonce") !== expected.nonce) return { ok: false, reason: "nonce" }
  if (event.ports.length !== 1) return { ok: false, reason: "port" }
  return { ok: true, port: event.ports[0] as Port }
}

/** Login requests wait at most this long for the frame (SPEC.md §9). */
export const LOGIN_REQUEST_TIMEOUT_MS = 30_000
/** The frame's wallet requests wait for the visitor (in ApproveTransaction), bounded by their caller. */
const UNTIMED: ReadonlySet<AppRequest> = new Set(["RPC_REQUEST"])

/** How long the app waits for the frame's reply to `request`; `undefined`: as long as the caller does. */
export const replyTimeoutMs = (request: AppRequest): number | undefined =>
  UNTIMED.has(request) ? undefined : LOGIN_REQUEST_TIMEOUT_MS

/**
 * The frame's URL: SPEC.md §7's query (project, chain, SDK version 4, logger) on the secure site's `/sdk`,
 * and the handshake nonce in the fragment, which never reaches a server or a log.
 */
export const frameUrl = (options: {
  readonly origin: string
  readonly projectId: string
  readonly chainId: string
  readonly enableLogger: boolean
  readonly nonce: string
}): string => {
  const url = new URL("/sdk", options.origin)
  url.searchParams.set("projectId", options.projectId)
  url.searchParams.set("chainId", options.chainId)
  url.searchParams.set("version", "4")
  url.searchParams.set("enableLogger", String(options.enableLogger))
  url.hash = `nonce=${options.nonce}`
  return url.toString()
}
