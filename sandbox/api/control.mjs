// The control endpoints (`/__sandbox/*`: no project id, no faults) and the origins list they set, which
// `GET /projects/v1/origins` answers. Apart from the provider's endpoints: they are the tests' and the demo's
// handle on the API's state (fault rules, origins, logs, names and sessions), not part of its shapes.
import { BODY_LIMITS, HttpError, json, readJson } from "./http.mjs"

/** @import { createFaultSwitch } from "./faults.mjs" */
/** @import { RouteContext } from "./http.mjs" */
/** @import { createRecording } from "./recording.mjs" */

/** What `GET /projects/v1/origins` answers unless told otherwise: the loopback hosts on any port. */
export const DEFAULT_ALLOWED_ORIGINS = Object.freeze(["http://localhost:*", "http://127.0.0.1:*"])

/**
 * The origins list and the control handlers over the API's state.
 * @param {object} options
 * @param {ReadonlyArray<string> | undefined} options.allowedOrigins The configured list (`reset` restores it), else {@link DEFAULT_ALLOWED_ORIGINS}.
 * @param {ReturnType<typeof createFaultSwitch>} options.faults
 * @param {ReturnType<typeof createRecording>} options.recording
 * @param {{ reset: () => void }} options.registry The names registry (names.mjs).
 * @param {{ reset: () => void }} options.smartSessions The smart sessions (sessions.mjs).
 */
export function createControl({ allowedOrigins: configured, faults, recording, registry, smartSessions }) {
  let allowedOrigins = [...(configured ?? DEFAULT_ALLOWED_ORIGINS)]

  /** @param {RouteContext} context */
  const controlFaults = async ({ req, method }) => {
    if (method === "DELETE") faults.clear()
    else if (method === "POST") {
      const body = await readJson(req, BODY_LIMITS.control)
      try {
        faults.set(body)
      } catch (error) {
        throw new HttpError(400, error instanceof Error ? error.message : String(error))
      }
    }
    return json(200, { faults: faults.active })
  }
  /** @param {RouteContext} context */
  const controlOrigins = async ({ req, method }) => {
    if (method === "POST") {
      const body = await readJson(req, BODY_LIMITS.control)
      const list = body?.allowedOrigins
      if (list === null || list === undefined) allowedOrigins = [...(configured ?? DEFAULT_ALLOWED_ORIGINS)]
      else if (
        Array.isArray(list) &&
        list.length <= 100 &&
        list.every((/** @type {unknown} */ o) => typeof o === "string" && o.length <= 300)
      )
        allowedOrigins = [...list]
      else
        throw new HttpError(400, "allowedOrigins is a list of at most 100 strings, or null for the default")
    }
    return json(200, { allowedOrigins })
  }
  const reset = () => {
    faults.clear()
    recording.clear()
    allowedOrigins = [...(configured ?? DEFAULT_ALLOWED_ORIGINS)]
    registry.reset()
    smartSessions.reset()
    return json(200, {})
  }

  return {
    allowedOrigins: () => allowedOrigins,
    /** @param {ReadonlyArray<string> | undefined} list `undefined` restores the configured list. */
    setAllowedOrigins: (list) => {
      allowedOrigins = [...(list ?? configured ?? DEFAULT_ALLOWED_ORIGINS)]
    },
    controlFaults,
    controlOrigins,
    reset
  }
}
