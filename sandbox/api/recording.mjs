// What the API records for the tests to inspect: the analytics events posted to `/e` and `/batch`, and every
// request but `/__sandbox/*` with the status it got. Apart from the router so that the log's bounds and its
// clearing (a request held across a reset is not recorded) live in one place.
import { BODY_LIMITS, HttpError, json, readJson } from "./http.mjs"

/** @import { RouteContext } from "./http.mjs" */

/**
 * A body posted to `/e` (one event) or `/batch` (one entry per array item).
 * @typedef {object} RecordedEvent
 * @property {"/e" | "/batch"} path
 * @property {number} at ms since epoch
 * @property {string | undefined} origin
 * @property {{ readonly projectId: string | null, readonly st: string | null, readonly sv: string | null }} query
 * @property {unknown} body
 */
/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} path
 * @property {Readonly<Record<string, string>>} query
 * @property {string | null} origin
 * @property {number} status
 * @property {number} at
 */

const MAX_RECORDS = 2000

/** The event and request logs (the last 2000 of each). */
export function createRecording() {
  /** @type {Array<RecordedEvent>} */
  const events = []
  /** @type {Array<RecordedRequest>} */
  const requests = []
  /**
   * Counts the clearings of the request log. A request is recorded when answered, so one held by a delay
   * fault across a reset would land in the next test's log: only the requests that arrived since the last
   * clearing are recorded.
   */
  let logEpoch = 0
  const clearRequests = () => {
    requests.length = 0
    logEpoch += 1
  }
  /**
   * @template T
   * @param {Array<T>} list
   * @param {T} item
   */
  const push = (list, item) => {
    list.push(item)
    if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS)
  }

  /** @param {RouteContext} context */
  const recordEvents = async ({ req, query, origin, path }) => {
    const body = await readJson(req, BODY_LIMITS.events)
    if (path === "/batch" && !Array.isArray(body)) throw new HttpError(400, "Expected a JSON array of events")
    for (const event of path === "/batch" ? body : [body]) {
      push(events, {
        path: path === "/batch" ? "/batch" : "/e",
        at: Date.now(),
        origin,
        query: { projectId: query.get("projectId"), st: query.get("st"), sv: query.get("sv") },
        body: event
      })
    }
    return json(200, {})
  }

  return {
    events,
    requests,
    /** Which clearing of the request log this is: a request is recorded only in the one it arrived in. */
    epoch: () => logEpoch,
    recordEvents,
    logRequest: (/** @type {RecordedRequest} */ request) => push(requests, request),
    clear: () => {
      events.length = 0
      clearRequests()
    }
  }
}
