// Answering one request against the API's route table: the request target and CORS, preflights, the route
// (404, 405), the project id, the fault switch (delay, status, hostile, malformed), the handler's refusals and
// the request log. Apart from api.mjs, which says which endpoints there are; this says how any is answered.
import { FAULT_BODIES, garble } from "./faults.mjs"
import { hostileReply } from "./hostile.mjs"
import { corsHeaders, HttpError, json, LOOPBACK_ORIGIN, message, send } from "./http.mjs"
import { UpstreamError } from "./indexer.mjs"

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { createFaultSwitch } from "./faults.mjs" */
/** @import { Reply, RouteContext } from "./http.mjs" */
/** @import { createRecording } from "./recording.mjs" */

export const INVALID_KEY_MESSAGE = /** @type {const} */ ("Unauthorized: invalid key")

/**
 * @param {ReadonlyArray<string>} methods
 * @param {RegExp} pattern
 * @param {(context: RouteContext) => Reply | Promise<Reply>} handler
 * @param {{ project?: boolean, control?: boolean }} [flags]
 */
export const route = (methods, pattern, handler, { project = true, control = false } = {}) => ({
  methods,
  pattern,
  handler,
  project,
  control
})
/** @typedef {ReturnType<typeof route>} Route */

/**
 * The request handler over `routes` (the first that matches a path and method answers); `projectIds` are the
 * accepted project ids.
 * @param {object} options
 * @param {ReadonlyArray<Route>} options.routes
 * @param {ReadonlySet<string>} options.projectIds
 * @param {ReturnType<typeof createFaultSwitch>} options.faults
 * @param {ReturnType<typeof createRecording>} options.recording
 */
export function createRequestHandler({ routes, projectIds, faults, recording }) {
  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  const handle = async (req, res) => {
    /** @type {URL} */
    let url
    try {
      const raw = req.url ?? ""
      url = raw.startsWith("/") ? new URL(`http://127.0.0.1${raw}`) : new URL(raw)
    } catch {
      return send(res, message(400, "Malformed request target"))
    }
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined
    const cors = corsHeaders(origin)
    const path = url.pathname
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET")
    const log = !path.startsWith("/__sandbox/")
    const arrivedIn = recording.epoch()
    const finish = (/** @type {Reply} */ reply) => {
      if (log && arrivedIn === recording.epoch()) {
        recording.logRequest({
          method: req.method ?? "GET",
          path,
          query: Object.fromEntries(url.searchParams),
          origin: origin ?? null,
          status: reply.status,
          at: Date.now()
        })
      }
      send(res, reply, cors)
    }

    if (method === "OPTIONS") {
      if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin))
        return finish(message(403, "Origin not allowed"))
      return finish({
        status: 204,
        headers: {
          allow: "GET, HEAD, POST, OPTIONS",
          "access-control-allow-methods": "GET, HEAD, POST, DELETE, OPTIONS",
          "access-control-allow-headers": "content-type, accept, x-project-id, x-sdk-type, x-sdk-version",
          "access-control-max-age": "600",
          ...(req.headers["access-control-request-private-network"] === "true"
            ? { "access-control-allow-private-network": "true" }
            : {})
        },
        body: ""
      })
    }

    /** @type {RegExpExecArray | undefined} */
    let match
    /** @type {Route | undefined} */
    let found
    /** @type {Set<string>} */
    const allowed = new Set()
    for (const candidate of routes) {
      const m = candidate.pattern.exec(path)
      if (m === null) continue
      if (candidate.methods.includes(method)) {
        found = candidate
        match = m
        break
      }
      for (const verb of candidate.methods) allowed.add(verb)
    }
    if (found === undefined || match === undefined) {
      if (allowed.size === 0) return finish(message(404, "Not found"))
      const reply = message(405, "Method not allowed")
      reply.headers.allow = [...allowed].join(", ")
      return finish(reply)
    }

    const fault = found.control ? undefined : faults.match(path)
    if (fault !== undefined && fault.delayMs > 0) {
      await faults.wait(fault.delayMs, res)
      if (res.destroyed) return
    }
    if (fault?.status !== undefined) {
      return finish(
        json(fault.status, FAULT_BODIES[fault.status], fault.status === 429 ? { "retry-after": "1" } : {})
      )
    }

    // A hostile listing answers the first page whatever page was asked.
    if (fault?.hostile === "repeat-pages" && /^\/getWallets\/?$/.test(path)) url.searchParams.set("page", "1")
    /** @type {Reply} */
    let reply
    try {
      const projectId = url.searchParams.get("projectId")
      if (found.project && (projectId === null || !projectIds.has(projectId)))
        reply = message(403, INVALID_KEY_MESSAGE)
      else
        reply = await found.handler({
          req,
          method,
          path,
          query: url.searchParams,
          params: match.slice(1),
          origin,
          projectId: projectId ?? ""
        })
    } catch (error) {
      if (error instanceof HttpError) {
        reply = message(error.status, error.message)
        // Unread body: do not keep the connection for whatever else the client sends.
        if (error.status === 413) {
          reply.headers.connection = "close"
          res.once("finish", () => req.destroy())
        }
      } else if (error instanceof UpstreamError) reply = message(502, error.message)
      else reply = message(500, "Internal error")
    }
    const shaped = fault?.hostile === undefined ? reply : hostileReply(fault.hostile, path, reply)
    finish(fault?.malformed ? garble(shaped) : shaped)
  }
  return handle
}
