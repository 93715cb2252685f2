// The fault switch: rules that delay an endpoint's answer, replace it with an error status, cut it in half
// or make it hostile (hostile.mjs), set from node or over `/__sandbox/faults`. Apart from the router, which
// only asks it which rule applies to a request.
import { HOSTILE_MODES } from "./hostile.mjs"

/** @import { ServerResponse } from "node:http" */
/** @import { HostileMode } from "./hostile.mjs" */
/** @import { Reply } from "./http.mjs" */

/** @typedef {403 | 429 | 500 | 503} FaultStatus */
/**
 * One fault switch. Without `paths` it applies to every provider endpoint (never to `/__sandbox/*`).
 * @typedef {object} FaultRule
 * @property {number} [delayMs] Wait this long before answering (0–120000 ms).
 * @property {FaultStatus} [status] Answer this status with the provider's JSON message instead of the real answer.
 * @property {boolean} [malformed] Answer 200 with the real body cut in half (not valid JSON). Ignored when `status` is set.
 * @property {HostileMode} [hostile] Lie as a malicious API could (see {@link HOSTILE_MODES}).
 * @property {RegExp | string} [paths] Only requests whose path (no query) matches; a string is a regular expression source.
 * @property {number} [times] Apply to this many matching requests, then remove the rule.
 */
/**
 * A rule as reported back (`paths` as its regex source, `times` as what is left).
 * @typedef {object} ActiveFault
 * @property {number} [delayMs]
 * @property {FaultStatus} [status]
 * @property {true} [malformed]
 * @property {HostileMode} [hostile]
 * @property {string} [paths]
 * @property {number} [times]
 */
/**
 * A fault rule as the server keeps it.
 * @typedef {object} ParsedFaultRule
 * @property {number} delayMs
 * @property {FaultStatus | undefined} status
 * @property {boolean} malformed
 * @property {HostileMode | undefined} hostile
 * @property {RegExp | undefined} pattern
 * @property {string | undefined} source
 * @property {number | undefined} remaining
 */
/**
 * @typedef {object} Faults
 * @property {(rules: FaultRule | ReadonlyArray<FaultRule>) => void} set Replaces the rules; the first matching rule applies. Rules that change nothing are dropped.
 * @property {() => void} clear
 * @property {ReadonlyArray<ActiveFault>} active
 */

/** @type {ReadonlyArray<FaultStatus>} */
export const FAULT_STATUSES = Object.freeze([403, 429, 500, 503])
/**
 * The bodies the fault switch answers with; 403 is the provider's origin refusal (FACTS §1.4).
 * @type {Readonly<Record<FaultStatus, { readonly message: string }>>}
 */
export const FAULT_BODIES = Object.freeze({
  403: { message: "Unauthorized: origin not allowed" },
  429: { message: "Too Many Requests" },
  500: { message: "Internal Server Error" },
  503: { message: "Service Unavailable" }
})

const RULE_KEYS = new Set(["delayMs", "status", "malformed", "hostile", "paths", "times"])

/**
 * A fault's `malformed` answer: 200 with the real body cut in half (never valid JSON for an object).
 * @param {Reply} reply
 * @returns {Reply}
 */
export const garble = (reply) => {
  const body = String(reply.body ?? "")
  const cut = body.length > 1 ? body.slice(0, Math.floor(body.length / 2)) : '{"data":['
  return { status: 200, headers: reply.headers, body: cut }
}

/**
 * Validates fault rules (an object or a list); throws a TypeError naming the problem.
 * @param {unknown} input
 * @returns {Array<ParsedFaultRule>}
 */
export function parseFaultRules(input) {
  if (input === null || input === undefined) return []
  const list = Array.isArray(input) ? input : [input]
  if (list.length > 20) throw new TypeError("at most 20 fault rules")
  /** @type {Array<ParsedFaultRule>} */
  const rules = []
  for (const /** @type {unknown} */ rule of list) {
    if (typeof rule !== "object" || rule === null || Array.isArray(rule))
      throw new TypeError("a fault rule is an object")
    for (const key of Object.keys(rule)) {
      if (!RULE_KEYS.has(key)) throw new TypeError(`unknown fault setting "${key}"`)
    }
    const { delayMs, status, malformed, hostile, paths, times } = /** @type {Record<string, any>} */ (rule)
    if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0 && delayMs <= 120_000))
      throw new TypeError("delayMs is a number of milliseconds from 0 to 120000")
    if (status !== undefined && !FAULT_STATUSES.includes(status))
      throw new TypeError(`status is one of ${FAULT_STATUSES.join(", ")}`)
    if (malformed !== undefined && typeof malformed !== "boolean")
      throw new TypeError("malformed is a boolean")
    if (hostile !== undefined && !HOSTILE_MODES.includes(hostile))
      throw new TypeError(`hostile is one of ${HOSTILE_MODES.join(", ")}`)
    if (times !== undefined && !(Number.isInteger(times) && times > 0))
      throw new TypeError("times is a positive integer")
    /** @type {RegExp | undefined} */
    let pattern
    if (paths instanceof RegExp) {
      // g and y make test() stateful.
      pattern = new RegExp(paths.source, paths.flags.replace(/[gy]/g, ""))
    } else if (typeof paths === "string" && paths.length <= 500) {
      try {
        pattern = new RegExp(paths)
      } catch {
        throw new TypeError(`paths is not a valid regular expression: ${paths}`)
      }
    } else if (paths !== undefined) {
      throw new TypeError("paths is a RegExp or a regular expression source string")
    }
    // A rule that changes nothing is dropped, so `set({})` clears.
    if ((delayMs ?? 0) === 0 && status === undefined && malformed !== true && hostile === undefined) continue
    rules.push({
      delayMs: delayMs ?? 0,
      status,
      malformed: malformed === true,
      hostile,
      pattern,
      source: typeof paths === "string" ? paths : pattern?.source,
      remaining: times
    })
  }
  return rules
}

/**
 * @param {ParsedFaultRule} rule
 * @returns {ActiveFault}
 */
const describeRule = (rule) => ({
  ...(rule.delayMs > 0 ? { delayMs: rule.delayMs } : {}),
  ...(rule.status === undefined ? {} : { status: rule.status }),
  ...(rule.malformed ? { malformed: true } : {}),
  ...(rule.hostile === undefined ? {} : { hostile: rule.hostile }),
  ...(rule.source === undefined ? {} : { paths: rule.source }),
  ...(rule.remaining === undefined ? {} : { times: rule.remaining })
})

/** The rules in force, and the answers their delays hold (released when the server closes). */
export function createFaultSwitch() {
  /** @type {Array<ParsedFaultRule>} */
  let rules = []
  /** @type {Set<() => void>} */
  const pendingWaits = new Set()

  /**
   * Waits `ms`, or less if the client goes away or the server closes.
   * @param {number} ms
   * @param {ServerResponse} res
   * @returns {Promise<void>}
   */
  const wait = (ms, res) =>
    new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        pendingWaits.delete(done)
        res.off("close", done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      pendingWaits.add(done)
      res.once("close", done)
    })

  const matchFault = (/** @type {string} */ path) => {
    const rule = rules.find((r) => r.pattern === undefined || r.pattern.test(path))
    if (rule === undefined) return undefined
    if (rule.remaining !== undefined && --rule.remaining <= 0) rules = rules.filter((r) => r !== rule)
    return rule
  }
  return {
    /** @param {unknown} input */
    set: (input) => {
      rules = parseFaultRules(input)
    },
    clear: () => {
      rules = []
    },
    get active() {
      return rules.map(describeRule)
    },
    match: matchFault,
    wait,
    releaseWaits: () => {
      for (const done of [...pendingWaits]) done()
    }
  }
}
