/**
 * Unit tests never reach the network: every way out (fetch, WebSocket, XMLHttpRequest, sendBeacon, Node's
 * http(s) and sockets) refuses any host but this machine's loopback, and the test during which one was
 * tried fails, naming it. Loopback stays open for the sandbox's local servers (anvil, relay, static files).
 * Stub HTTP with test/kit/platform.ts instead.
 */

import http from "node:http"
import https from "node:https"
import net from "node:net"
import { afterAll, afterEach } from "vitest"

/** Whether `host` (a URL hostname or a socket address) is this machine. */
export const isLoopbackHost = (host: string): boolean => {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1")
  return (
    name === "" ||
    name === "localhost" ||
    name === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    /^::ffff:127(\.\d{1,3}){3}$/.test(name)
  )
}

/** Whether `url` names a remote host over the network (relative URLs resolve against `base`). */
export const isRemoteUrl = (url: string, base?: string): boolean => {
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    return false // the real call rejects it on its own
  }
  return ["http:", "https:", "ws:", "wss:"].includes(parsed.protocol) && !isLoopbackHost(parsed.hostname)
}

/** The target of `http.request(url?, options?, callback?)`, as a URL. */
export const requestUrlOf = (defaultProtocol: "http:" | "https:", args: ReadonlyArray<unknown>): string => {
  const [first, second] = args
  if (typeof first === "string" || first instanceof URL) return String(first)
  const options = (
    typeof first === "object" && first !== null ? first : (second ?? {})
  ) as http.RequestOptions
  const host = options.hostname ?? options.host ?? "localhost"
  const port = options.port === undefined || options.port === null ? "" : `:${options.port}`
  return `${options.protocol ?? defaultProtocol}//${host.includes(":") ? `[${host}]` : host}${port}${options.path ?? "/"}`
}

/** The remote `host:port` a `socket.connect(...)` call dials, or `undefined` for loopback and local IPC. */
export const remoteSocketTarget = (args: ReadonlyArray<unknown>): string | undefined => {
  // `net.connect` hands the socket its arguments already normalised, as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as ReadonlyArray<unknown>) : args
  if (typeof first === "object" && first !== null) {
    const options = first as net.TcpNetConnectOpts & { readonly path?: string | null }
    if (options.path) return undefined // local IPC (HTTP agents pass `path: null`)
    const host = options.host ?? "localhost"
    return isLoopbackHost(host) ? undefined : `${host}:${options.port}`
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return undefined // a Unix socket path
  const host = typeof second === "string" ? second : "localhost"
  return isLoopbackHost(host) ? undefined : `${host}:${String(first)}`
}

// ---------------------------------------------------------------------------------------------------------
// The guard
// ---------------------------------------------------------------------------------------------------------

const GUARDED = Symbol.for("airlock.test.noNetwork.guarded")
const ATTEMPTS = Symbol.for("airlock.test.noNetwork.attempts")

// Node's modules and, in the node environment, its globals outlive this file, which runs once per test
// file: the attempts live on the worker's global and each function is wrapped once.
const attempts: Array<string> = Reflect.get(globalThis, ATTEMPTS) ?? []
Reflect.set(globalThis, ATTEMPTS, attempts)

const isGuarded = (value: unknown) => typeof value === "function" && Reflect.get(value, GUARDED) === true
const markGuarded = <F extends object>(guarded: F): F => {
  Reflect.set(guarded, GUARDED, true)
  return guarded
}

const blocked = (what: string) => {
  attempts.push(what)
  return `unit tests may not reach the network (stub it with test/kit/platform.ts): ${what}`
}

const pageUrl = () => (typeof location === "undefined" ? undefined : location.href)

/** The URL of `fetch(input, init)`, and its method and URL to report. */
const describeFetch = (input: unknown, init: RequestInit | undefined) => {
  const request =
    typeof input === "object" && input !== null && "url" in input ? (input as Request) : undefined
  const url = request === undefined ? String(input) : request.url
  return { url, what: `fetch ${init?.method ?? request?.method ?? "GET"} ${url}` }
}

if (typeof globalThis.fetch === "function" && !isGuarded(globalThis.fetch)) {
  const fetch = globalThis.fetch
  globalThis.fetch = markGuarded(function guardedFetch(this: unknown, input, init) {
    const { url, what } = describeFetch(input, init)
    if (isRemoteUrl(url, pageUrl())) return Promise.reject(new TypeError(blocked(what)))
    return Reflect.apply(fetch, this, [input, init])
  } as typeof globalThis.fetch)
}

if (typeof globalThis.WebSocket === "function" && !isGuarded(globalThis.WebSocket)) {
  globalThis.WebSocket = markGuarded(
    new Proxy(globalThis.WebSocket, {
      construct: (target, args, newTarget) => {
        const url = String(args[0])
        if (isRemoteUrl(url, pageUrl())) throw new Error(blocked(`WebSocket ${url}`))
        return Reflect.construct(target, args, newTarget)
      }
    })
  )
}

// happy-dom's synchronous XMLHttpRequest fetches in a child process, out of reach of the socket guard.
if (typeof globalThis.XMLHttpRequest === "function") {
  const prototype = globalThis.XMLHttpRequest.prototype
  if (!isGuarded(prototype.send)) {
    const targets = new WeakMap<object, string>()
    const open = prototype.open
    const send = prototype.send
    prototype.open = markGuarded(function guardedOpen(this: XMLHttpRequest, ...args: Array<unknown>) {
      targets.set(this, `${String(args[0])} ${String(args[1])}`)
      return Reflect.apply(open, this, args)
    })
    prototype.send = markGuarded(function guardedSend(this: XMLHttpRequest, body?: unknown) {
      const target = targets.get(this) ?? ""
      const url = target.slice(target.indexOf(" ") + 1)
      if (isRemoteUrl(url, pageUrl())) throw new Error(blocked(`XMLHttpRequest ${target}`))
      return Reflect.apply(send, this, [body])
    })
  }
}

if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
  if (!isGuarded(navigator.sendBeacon)) {
    const sendBeacon = navigator.sendBeacon
    navigator.sendBeacon = markGuarded(function guardedSendBeacon(this: Navigator, url, data) {
      if (isRemoteUrl(String(url), pageUrl())) {
        blocked(`sendBeacon ${String(url)}`)
        return false // as when the browser cannot queue it
      }
      return Reflect.apply(sendBeacon, this, [url, data])
    } as Navigator["sendBeacon"])
  }
}

// Set while an http(s) request that was already reported opens its socket, so it is reported once.
let reportedRequest = false

for (const [module, protocol] of [
  [http, "http:"],
  [https, "https:"]
] as const) {
  for (const name of ["request", "get"] as const) {
    const original = module[name]
    if (isGuarded(original)) continue
    module[name] = markGuarded(function guardedRequest(this: unknown, ...args: Array<unknown>) {
      const url = requestUrlOf(protocol, args)
      if (!isRemoteUrl(url)) return Reflect.apply(original, this, args)
      const options = args.find((arg) => typeof arg === "object" && arg !== null && !(arg instanceof URL))
      blocked(
        `${name === "get" ? "GET" : ((options as http.RequestOptions | undefined)?.method ?? "GET")} ${url}`
      )
      reportedRequest = true
      try {
        return Reflect.apply(original, this, args) // its socket is refused below
      } finally {
        reportedRequest = false
      }
    } as typeof original)
  }
}

if (!isGuarded(net.Socket.prototype.connect)) {
  const connect = net.Socket.prototype.connect
  net.Socket.prototype.connect = markGuarded(function guardedConnect(
    this: net.Socket,
    ...args: Array<unknown>
  ) {
    const target = remoteSocketTarget(args)
    if (target === undefined) return Reflect.apply(connect, this, args)
    const message = reportedRequest
      ? `unit tests may not reach the network: ${target}`
      : blocked(`connect ${target}`)
    process.nextTick(() => this.destroy(new Error(message)))
    return this
  } as typeof connect)
}

/** The attempts recorded since the last check, which no longer fail the test: for the guard's own tests. */
export const takeNetworkAttempts = (): ReadonlyArray<string> => attempts.splice(0)

/** Fails the test (or the file, after its last test) during which something tried to leave the machine. */
const failOnAttempts = () => {
  const seen = attempts.splice(0)
  if (seen.length === 0) return
  const list = [...new Set(seen)].map((what) => `  ${what}`).join("\n")
  throw new Error(`tried to reach the network (stub it with test/kit/platform.ts):\n${list}`)
}

afterEach(failOnAttempts)
afterAll(failOnAttempts)
