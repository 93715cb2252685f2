// Which wallet methods the frame answers how (THREATS.md T10: a short read list, the unsafe ones only after
// the visitor approves, nothing else), and what an unsafe request asks, in plain words for the frame's
// approval screen (T7): a title and label/value rows, every value plain text (the screen sets it as
// textContent) and bounded. Undefined when the request is not well-formed enough to describe: such a
// request is never shown.

/**
 * What an unsafe request asks: a title and label/value rows, plain text.
 * @typedef {{ readonly title: string, readonly rows: ReadonlyArray<readonly [string, string]> }} Described
 */

/** @type {ReadonlySet<string>} Answered by the node through the auth server without asking the visitor (reads.mjs's list). */
export const READ_METHODS = new Set([
  "eth_blockNumber",
  "eth_call",
  "eth_estimateGas",
  "eth_getBalance",
  "eth_getCode",
  "eth_getTransactionCount",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  "eth_getBlockByNumber"
])

const MAX_SHOWN = 600
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

// Control characters other than line breaks and tabs, and bidi controls, could hide or reorder text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const HIDING = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** `value` cut at MAX_SHOWN characters, any hiding character shown as its code (`\u{202e}`). */
const bounded = (/** @type {string} */ value) => {
  const shown = value.replace(HIDING, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)
  return shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}…` : shown
}
/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value)

const bytesOf = (/** @type {string} */ hex) =>
  Uint8Array.from(hex.slice(2).match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

/**
 * A `personal_sign` message: hex is bytes (odd length padded as the server does), shown as text when they
 * are printable UTF-8, else as hex; anything else is the text signed.
 * @param {unknown} message
 */
const messageText = (message) => {
  if (typeof message !== "string") return undefined
  if (!/^0x[0-9a-fA-F]*$/.test(message)) return bounded(message)
  const hex = message.length % 2 === 0 ? message : `0x0${message.slice(2)}`
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytesOf(hex))
    if (text.length > 0 && text.replace(HIDING, "") === text) return bounded(text)
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return bounded(hex)
}

/**
 * Wei (a hex quantity) as ETH, exactly: "0.01", "1", "0".
 * @param {string} hex
 * @returns {string}
 */
export const formatEth = (hex) => {
  const wei = BigInt(hex)
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, "0").replace(/0+$/, "")
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`
}

/**
 * A typed-data document (an object, or JSON text of one), its fields unchecked; undefined otherwise.
 * @param {unknown} raw
 * @returns {Record<string, any> | undefined}
 */
const typedData = (raw) => {
  if (isObject(raw)) return raw
  if (typeof raw !== "string") return undefined
  try {
    const value = JSON.parse(raw)
    return isObject(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** @type {Readonly<Record<string, (params: any) => Described | undefined>>} The request's params are JSON, checked here. */
const describers = {
  personal_sign: (params) => {
    const text = messageText(params?.[0])
    return text === undefined ? undefined : { title: "Sign a message", rows: [["Message", text]] }
  },
  eth_signTypedData_v4: (params) => {
    const document = typedData(params?.[1])
    if (document === undefined || typeof document.primaryType !== "string") return undefined
    const name = isObject(document.domain) ? document.domain.name : undefined
    return {
      title: "Sign typed data",
      rows: [
        ["Domain", typeof name === "string" ? bounded(name) : "(no name)"],
        ["Type", bounded(document.primaryType)]
      ]
    }
  },
  eth_sendTransaction: (params) => {
    const tx = params?.[0]
    if (!isObject(tx)) return undefined
    const to = tx.to ?? undefined
    const value = tx.value ?? "0x0"
    const data = tx.data ?? tx.input ?? "0x"
    if (to !== undefined && (typeof to !== "string" || !ADDRESS.test(to))) return undefined
    if (typeof value !== "string" || !QUANTITY.test(value)) return undefined
    if (typeof data !== "string" || !HEX.test(data)) return undefined
    const carries = data.length > 2
    return {
      title: "Send a transaction",
      rows: [
        ["To", to ?? "(a new contract)"],
        ["Value", `${formatEth(value)} ETH`],
        [
          "Data",
          !carries ? "none" : data.length >= 10 ? `yes, selector ${data.slice(0, 10)}` : "yes (under 4 bytes)"
        ]
      ]
    }
  },
  // ERC-7715 (the sandbox account's one permission type: permissions.mjs); the server checks the rest.
  wallet_grantPermissions: (params) => {
    const request = Array.isArray(params) ? params[0] : params
    const permission =
      isObject(request) && Array.isArray(request.permissions) ? request.permissions[0] : undefined
    const data = isObject(permission) ? permission.data : undefined
    const expiry = isObject(request) ? request.expiry : undefined
    if (
      !isObject(data) ||
      permission.type !== "native-token-transfer" ||
      request.permissions.length !== 1 ||
      typeof data.to !== "string" ||
      !ADDRESS.test(data.to) ||
      typeof data.valueLimit !== "string" ||
      !QUANTITY.test(data.valueLimit) ||
      typeof expiry !== "number" ||
      !Number.isSafeInteger(expiry)
    )
      return undefined
    const minutes = Math.max(0, Math.round((expiry * 1000 - Date.now()) / 60_000))
    return {
      title: "Grant a session key",
      rows: [
        ["May send", `at most ${formatEth(data.valueLimit)} ETH per transfer`],
        ["Only to", data.to],
        ["For", `${minutes} minutes (until ${new Date(expiry * 1000).toISOString()})`]
      ]
    }
  },
  wallet_revokePermissions: (params) => {
    const request = Array.isArray(params) ? params[0] : params
    const context = isObject(request) ? request.permissionContext : undefined
    return typeof context !== "string" || !ADDRESS.test(context)
      ? undefined
      : { title: "Revoke a session key", rows: [["Session key", context]] }
  },
  solana_signMessage: (params) => {
    const message = (Array.isArray(params) ? params[0] : params)?.message
    return typeof message !== "string" || message.length === 0
      ? undefined
      : { title: "Sign a Solana message", rows: [["Message (base58)", bounded(message)]] }
  }
}

/** The unsafe methods the frame asks the visitor about (then signs or sends through /auth/rpc). */
/** @type {ReadonlySet<string>} */
export const UNSAFE_METHODS = new Set(Object.keys(describers))

/**
 * `{ title, rows }` for `method(params)` on `chain` (a label), or undefined when it cannot be described.
 * @param {string} method
 * @param {unknown} params
 * @param {string} chain
 * @returns {Described | undefined}
 */
export const describeRequest = (method, params, chain) => {
  const describe = Object.hasOwn(describers, method) ? describers[method] : undefined
  const described = describe?.(params)
  return described === undefined ? undefined : { ...described, rows: [...described.rows, ["Chain", chain]] }
}
