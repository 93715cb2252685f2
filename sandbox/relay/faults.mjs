// The relay's fault switches (the facts' `--relay-without=…` and `--dead-relay`): their checked form and
// the CLI flags that name them. Apart because they are checked and parsed without the relay's state;
// relay.mjs holds the switches in force and acts on them.
import { isObject } from "./jsonrpc.mjs"
import { RELAY_METHODS } from "./protocol.mjs"

/** @import { RelayMethod } from "./protocol.mjs" */
/**
 * Fault switches (the facts' `--relay-without=…` and `--dead-relay`).
 * @typedef {object} RelayFaults
 * @property {ReadonlyArray<RelayMethod>} [without] These methods answer JSON-RPC -32601 "Method not found", as a relay without them would.
 * @property {boolean} [dead] Every TCP connection is destroyed at once (the SDK retries silently, as with a relay that is down).
 */

/**
 * @param {unknown} input
 * @returns {{ without: Set<RelayMethod>, dead: boolean }}
 */
export function normalizeFaults(input) {
  if (input === undefined || input === null) return { without: new Set(), dead: false }
  if (!isObject(input)) throw new TypeError("faults must be an object")
  const without = input.without ?? []
  if (!Array.isArray(without) || without.some((m) => !RELAY_METHODS.includes(m))) {
    throw new TypeError(`faults.without lists methods of ${RELAY_METHODS.join(", ")}`)
  }
  if (input.dead !== undefined && typeof input.dead !== "boolean")
    throw new TypeError("faults.dead is a boolean")
  return { without: new Set(without), dead: input.dead === true }
}

/**
 * Parses `--relay-without=a,b` and `--dead-relay` from argv-style strings into a faults object.
 * @param {ReadonlyArray<string>} args
 * @returns {{ without: Array<RelayMethod>, dead: boolean }}
 */
export function parseRelayFaultArgs(args) {
  /** @type {Array<RelayMethod>} */
  const without = []
  let dead = false
  for (const arg of args) {
    if (arg === "--dead-relay") dead = true
    else if (arg.startsWith("--relay-without=")) {
      for (const name of arg.slice("--relay-without=".length).split(",")) {
        const trimmed = name.trim()
        if (trimmed === "") continue
        const full = trimmed.includes("_") ? trimmed : `irn_${trimmed}`
        const method = RELAY_METHODS.find((known) => known === full)
        if (method === undefined) throw new TypeError(`unknown relay method: ${trimmed}`)
        without.push(method)
      }
    }
  }
  return { without, dead }
}
