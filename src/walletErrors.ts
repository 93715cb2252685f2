import * as Data from "effect/Data"

/** Every wallet error: the code the wallet sent, its message (or a default) and the original input. */
interface WalletErrorFields {
  readonly code: number | undefined
  readonly message: string
  readonly cause: unknown
}

/** EIP-1193 4001, CAIP-25 / WalletConnect 5000, or ethers' `ACTION_REJECTED`. */
export class UserRejectedRequestError extends Data.TaggedError(
  "UserRejectedRequestError"
)<WalletErrorFields> {}
/** EIP-1193 4100: the method or account is not authorized. */
export class UnauthorizedWalletError extends Data.TaggedError("UnauthorizedWalletError")<WalletErrorFields> {}
/** EIP-1193 4200. */
export class UnsupportedMethodError extends Data.TaggedError("UnsupportedMethodError")<WalletErrorFields> {}
/** EIP-1193 4900: disconnected from all chains. */
export class WalletDisconnectedError extends Data.TaggedError("WalletDisconnectedError")<WalletErrorFields> {}
/** EIP-1193 4901: not connected to the requested chain. */
export class ChainDisconnectedError extends Data.TaggedError("ChainDisconnectedError")<WalletErrorFields> {}
/** EIP-3326 4902, top-level or nested, or an "Unrecognized chain" message. */
export class ChainNotAddedError extends Data.TaggedError("ChainNotAddedError")<WalletErrorFields> {}
/** JSON-RPC -32002: a request is already waiting in the wallet. */
export class RequestPendingError extends Data.TaggedError("RequestPendingError")<WalletErrorFields> {}
/** JSON-RPC -32603. */
export class InternalWalletError extends Data.TaggedError("InternalWalletError")<WalletErrorFields> {}
/** Anything else; `cause` holds the input for diagnosis. */
export class UnknownWalletError extends Data.TaggedError("UnknownWalletError")<WalletErrorFields> {}

export type WalletError =
  | UserRejectedRequestError
  | UnauthorizedWalletError
  | UnsupportedMethodError
  | WalletDisconnectedError
  | ChainDisconnectedError
  | ChainNotAddedError
  | RequestPendingError
  | InternalWalletError
  | UnknownWalletError

/** The codes the normaliser recognises (EIP-1193, EIP-3326, CAIP-25, EIP-1474). */
export const walletErrorCode = {
  userRejectedRequest: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  chainNotAdded: 4902,
  caipUserRejected: 5000,
  requestPending: -32002,
  internal: -32603
} as const

export const isUserRejection = (error: WalletError): boolean => error._tag === "UserRejectedRequestError"

type WalletErrorTag = WalletError["_tag"]

const classByTag: { readonly [Tag in WalletErrorTag]: new (fields: WalletErrorFields) => WalletError } = {
  UserRejectedRequestError,
  UnauthorizedWalletError,
  UnsupportedMethodError,
  WalletDisconnectedError,
  ChainDisconnectedError,
  ChainNotAddedError,
  RequestPendingError,
  InternalWalletError,
  UnknownWalletError
}

/** The same wallet error (class, code, cause) with another message. */
export const withWalletMessage = (error: WalletError, message: string): WalletError =>
  new classByTag[error._tag]({ code: error.code, message, cause: error.cause })

const defaultMessage: { readonly [Tag in WalletErrorTag]: string } = {
  UserRejectedRequestError: "User rejected the request.",
  UnauthorizedWalletError: "The requested method or account has not been authorized by the user.",
  UnsupportedMethodError: "The wallet does not support the requested method.",
  WalletDisconnectedError: "The wallet is disconnected from all chains.",
  ChainDisconnectedError: "The wallet is not connected to the requested chain.",
  ChainNotAddedError: "Unrecognized chain ID. Add the chain to the wallet first.",
  RequestPendingError: "A request is already pending in the wallet.",
  InternalWalletError: "Internal wallet error.",
  UnknownWalletError: "Wallet request failed."
}

/** Specific codes other than rejections (handled first) and -32603 (a generic wrapper, handled last). */
const specificByCode: ReadonlyMap<number, WalletErrorTag> = new Map<number, WalletErrorTag>([
  [walletErrorCode.unauthorized, "UnauthorizedWalletError"],
  [walletErrorCode.unsupportedMethod, "UnsupportedMethodError"],
  [walletErrorCode.disconnected, "WalletDisconnectedError"],
  [walletErrorCode.chainDisconnected, "ChainDisconnectedError"],
  [walletErrorCode.chainNotAdded, "ChainNotAddedError"],
  [walletErrorCode.requestPending, "RequestPendingError"]
])

const MAX_MESSAGE_LENGTH = 500

const isObjectLike = (value: unknown): value is object =>
  (typeof value === "object" && value !== null) || typeof value === "function"

/**
 * Reads one property. Getters and Proxy traps may throw (or a Proxy may be revoked), so a failed read is
 * `undefined`. Shared with `errors.ts`; not part of the public surface.
 *
 * @internal
 */
export const safeGet = (value: unknown, key: string): unknown => {
  if (!isObjectLike(value)) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

/**
 * A displayable message: a non-empty string of at most `max` characters after trimming. Longer texts are
 * dropped, not cut, so a wallet cannot push a wall of text (or a 10 MB string) into the UI.
 *
 * @internal
 */
export const boundedText = (value: unknown, max: number = MAX_MESSAGE_LENGTH): string | undefined => {
  if (typeof value !== "string" || value.length === 0 || value.length > max * 4) return undefined
  const text = value.trim()
  return text.length > 0 && text.length <= max ? text : undefined
}

const MIN_CODE = BigInt(Number.MIN_SAFE_INTEGER)
const MAX_CODE = BigInt(Number.MAX_SAFE_INTEGER)

/** Wallets send codes as numbers, numeric strings and (rarely) BigInts. */
const parseCode = (value: unknown): number | undefined => {
  switch (typeof value) {
    case "number":
      return Number.isSafeInteger(value) ? value : undefined
    case "bigint":
      return value >= MIN_CODE && value <= MAX_CODE ? Number(value) : undefined
    case "string": {
      const text = value.trim()
      return text.length <= 16 && /^-?\d+$/.test(text) ? Number(text) : undefined
    }
    default:
      return undefined
  }
}

/** One object on the error chain. `depth` 0 is the input itself. */
interface Finding {
  readonly code: number | undefined
  /** ethers v6 sends `code: "ACTION_REJECTED"` and nests the wallet's 4001 under `info.error`. */
  readonly actionRejected: boolean
  readonly message: string | undefined
  readonly depth: number
}

/**
 * Where wallets and libraries nest the original error: MetaMask Mobile `data.originalError`, viem `cause`,
 * JSON-RPC envelopes `error`, ethers `info.error`.
 */
const NESTED_KEYS = ["data", "originalError", "cause", "error", "info"] as const
const MAX_DEPTH = 6
const MAX_NODES = 64

/** Breadth-first over the nesting keys, so findings come outermost first; cycles are visited once. */
const collect = (input: unknown): ReadonlyArray<Finding> => {
  if (!isObjectLike(input)) {
    // A thrown string is a message; a thrown number or BigInt is a code.
    return [
      {
        code: typeof input === "string" ? undefined : parseCode(input),
        actionRejected: false,
        message: boundedText(input),
        depth: 0
      }
    ]
  }
  const findings: Array<Finding> = []
  const seen = new Set<object>([input])
  const queue: Array<{ readonly node: object; readonly depth: number }> = [{ node: input, depth: 0 }]
  for (let i = 0; i < queue.length && i < MAX_NODES; i++) {
    const { node, depth } = queue[i]!
    const rawCode = safeGet(node, "code")
    findings.push({
      code: parseCode(rawCode),
      actionRejected: rawCode === "ACTION_REJECTED",
      message: boundedText(safeGet(node, "message")),
      depth
    })
    if (depth >= MAX_DEPTH) continue
    for (const key of NESTED_KEYS) {
      const child = safeGet(node, key)
      if (isObjectLike(child) && !seen.has(child)) {
        seen.add(child)
        queue.push({ node: child, depth: depth + 1 })
      }
    }
  }
  return findings
}

const UNRECOGNIZED_CHAIN = /unrecogni[sz]ed chain/i

const isRejectionCode = (code: number | undefined): boolean =>
  code === walletErrorCode.userRejectedRequest || code === walletErrorCode.caipUserRejected

interface Decision {
  readonly tag: WalletErrorTag
  readonly code: number | undefined
  /** The object whose code (or message) decided the class; its message is preferred. */
  readonly finding: Finding | undefined
}

/**
 * Order matters (THREATS T11):
 * 1. A rejection anywhere wins, so it is never retried or read as "add the chain" (viem's SwitchChainError
 *    carries 4902 even when it wraps the user's 4001).
 * 2. Otherwise the innermost specific code: wrappers add generic codes (MetaMask Mobile puts 4902 under a
 *    -32603; viem puts its own code over the wallet's).
 * 3. An "Unrecognized chain" message without a code means the chain is not added.
 * 4. -32603 only when nothing more specific is known.
 */
const decide = (findings: ReadonlyArray<Finding>): Decision => {
  const rejection = findings.find((f) => isRejectionCode(f.code)) ?? findings.find((f) => f.actionRejected)
  if (rejection !== undefined) {
    return {
      tag: "UserRejectedRequestError",
      code: isRejectionCode(rejection.code) ? rejection.code : undefined,
      finding: rejection
    }
  }
  let specific: Decision | undefined
  for (const finding of findings) {
    const tag = finding.code === undefined ? undefined : specificByCode.get(finding.code)
    if (tag !== undefined && (specific?.finding === undefined || finding.depth > specific.finding.depth)) {
      specific = { tag, code: finding.code, finding }
    }
  }
  if (specific !== undefined) return specific
  const unrecognized = findings.find((f) => f.message !== undefined && UNRECOGNIZED_CHAIN.test(f.message))
  if (unrecognized !== undefined) {
    return { tag: "ChainNotAddedError", code: findings[0]?.code, finding: unrecognized }
  }
  const internal = findings.find((f) => f.code === walletErrorCode.internal)
  if (internal !== undefined) return { tag: "InternalWalletError", code: internal.code, finding: internal }
  return {
    tag: "UnknownWalletError",
    code: findings.find((f) => f.code !== undefined)?.code,
    finding: undefined
  }
}

/**
 * Maps whatever a wallet threw (or returned as an error) to exactly one `WalletError`. Total: never throws,
 * whatever the input (cyclic objects, throwing getters and Proxies, primitives, huge strings). The original
 * input is kept as `cause`.
 */
export const normalizeWalletError = (input: unknown): WalletError => {
  try {
    const findings = collect(input)
    const { tag, code, finding } = decide(findings)
    const message =
      finding?.message ?? findings.find((f) => f.message !== undefined)?.message ?? defaultMessage[tag]
    return new classByTag[tag]({ code, message, cause: input })
  } catch {
    // Unreachable by design; kept so a bug here can never turn a wallet error into a crash.
    return new UnknownWalletError({
      code: undefined,
      message: defaultMessage.UnknownWalletError,
      cause: input
    })
  }
}
