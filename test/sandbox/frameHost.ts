/**
 * A host page for the embedded-wallet frame's browser tests (framePage, frameApproval, frameApprovalPopup,
 * frameSocial and frameFarcaster .test.ts): the app's side of frameProtocol.ts as plain JS (and of the
 * social sign-in's popup), served from a loopback origin of its own, and helpers to drive it from playwright.
 */
import { randomBytes } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Frame, Page } from "playwright-core"
import { expect } from "vitest"

// The app's side: the greeting only from the frame's origin and window with the nonce, then requests on
// the port alone. `?overlay` lays a nearly transparent element over the iframe (a clickjacking host).
const HOST_JS = `
const params = new URLSearchParams(location.search)
const frameOrigin = new URL(params.get("frame")).origin
const nonce = params.get("nonce")
const state = { greeted: false, ready: undefined, refused: 0, stray: 0 }
window.hostState = state
// What the frame said of its session, unasked (SESSION_UPDATE payloads, in order).
window.hostSessions = []
const pending = new Map()
let port
const iframe = document.createElement("iframe")
iframe.src = params.get("frame") + "/sdk?projectId=sandbox&chainId=eip155%3A31337&version=4&enableLogger=false#nonce=" + nonce
iframe.style.cssText = "position:absolute;left:20px;top:20px;width:360px;height:420px;border:0"
// Social sign-in: the popup this page opened, and the callback page's results, taken only from the frame's
// origin and that popup window (anything else is counted as refused).
const social = { popup: null, results: [], refused: 0 }
window.hostSocial = social
window.hostOpenPopup = (uri) => { social.popup = window.open(uri, "social", "width=480,height=640") }
const onSocialResult = (event) => {
  if (event.origin !== frameOrigin || social.popup === null || event.source !== social.popup ||
      typeof event.data.resultUri !== "string") { social.refused++; return }
  social.results.push(event.data.resultUri)
}
window.addEventListener("message", (event) => {
  const data = event.data
  if (data?.type === "@w3m-social/RESULT") { onSocialResult(event); return }
  if (event.origin !== frameOrigin || event.source !== iframe.contentWindow || data?.type !== "@w3m-frame/HELLO" ||
      data.nonce !== nonce || event.ports.length !== 1 || port !== undefined) { state.refused++; return }
  port = event.ports[0]
  state.greeted = true
  port.onmessage = (e) => {
    const m = e.data
    if (m?.type === "@w3m-frame/READY") { state.ready = m.payload; return }
    if (m?.type === "@w3m-frame/SESSION_UPDATE") { window.hostSessions.push(m.payload); return }
    const waiter = pending.get(m?.id)
    if (waiter === undefined) { state.stray++; return }
    pending.delete(m.id)
    waiter({ type: m.type, payload: m.payload })
  }
})
const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("")
window.hostSend = (name, payload, timeoutMs = 30000) => {
  const id = newId()
  const reply = new Promise((resolve) => {
    pending.set(id, resolve)
    setTimeout(() => { if (pending.delete(id)) resolve({ type: "timeout" }) }, timeoutMs)
  })
  port.postMessage(payload === undefined ? { type: "@w3m-app/" + name, id } : { type: "@w3m-app/" + name, id, payload })
  return { id, reply }
}
window.hostReplies = new Map()
window.hostRequest = (name, payload, timeoutMs) => window.hostSend(name, payload, timeoutMs).reply
window.hostStart = (name, payload, timeoutMs) => {
  const { id, reply } = window.hostSend(name, payload, timeoutMs)
  window.hostReplies.set(id, reply)
  return id
}
window.hostRaw = (message) => port.postMessage(message)
document.body.append(iframe)
if (params.has("overlay")) {
  const cover = document.createElement("div")
  cover.style.cssText = "position:absolute;left:0;top:0;width:400px;height:460px;background:#fff;opacity:0.1"
  document.body.append(cover)
}
`

const HOST_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body><script type="module" src="/host.js"></script></body></html>`

export interface HostServer {
  readonly origin: string
  readonly close: () => Promise<void>
}

/**
 * Serves the host page (`/host.html?frame=<frame origin>&nonce=…[&overlay]`) on a free loopback port.
 * `hostname` names the origin: `127.0.0.1` (the frame's own host: same site, another origin, so chromium
 * keeps the frame in the host's process) or `localhost` (another site, as a dapp and its wallet's frame
 * are: the frame runs in a process of its own).
 */
export const startHost = async (hostname: "127.0.0.1" | "localhost" = "127.0.0.1"): Promise<HostServer> => {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://host.invalid").pathname
    if (path === "/host.js") {
      res.writeHead(200, { "content-type": "text/javascript" })
      res.end(HOST_JS)
    } else if (path === "/host.html") {
      res.writeHead(200, { "content-type": "text/html" })
      res.end(HOST_HTML)
    } else {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://${hostname}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export interface Reply {
  readonly type: string
  readonly payload?: unknown
}

interface HostWindow {
  hostRequest: (name: unknown, payload: unknown, t: unknown) => Promise<Reply>
  hostStart: (name: unknown, payload: unknown, t: unknown) => string
  hostReplies: Map<string, Promise<Reply>>
  hostRaw: (m: unknown) => void
  hostState: { greeted: boolean; ready: unknown; refused: number; stray: number }
  hostSessions: Array<unknown>
  hostOpenPopup: (uri: string) => void
  hostSocial: { results: Array<string>; refused: number }
}
// Casts only: these functions run in the page, where nothing of this module exists.

export const newNonce = () => randomBytes(16).toString("hex")

/** A new page (of a browser, or of a context of its own) on `host` framing the frame served at `frameUrl`. */
export const openHost = async (
  browser: { readonly newPage: () => Promise<Page> },
  hostServer: HostServer,
  frameUrl: string,
  options: { readonly overlay?: boolean } = {}
): Promise<Page> => {
  const page = await browser.newPage()
  const overlay = options.overlay === true ? "&overlay" : ""
  await page.goto(
    `${hostServer.origin}/host.html?frame=${encodeURIComponent(frameUrl)}&nonce=${newNonce()}${overlay}`
  )
  return page
}

/** Has the host page send a request: `hostRequest` waits for its reply, `hostStart` gives its id. */
const sendFromHost = <A>(
  page: Page,
  how: "hostRequest" | "hostStart",
  request: readonly [name: string, payload?: unknown, timeoutMs?: number]
): Promise<A> =>
  page.evaluate(
    ([how, name, payload, timeoutMs]) =>
      (window as unknown as HostWindow)[how](name, payload, timeoutMs) as Awaited<A>,
    [how, ...request] as const
  )

/** Sends a request and waits for its reply (or `{ type: "timeout" }`). */
export const request = (page: Page, ...request: [name: string, payload?: unknown, timeoutMs?: number]) =>
  sendFromHost<Reply>(page, "hostRequest", request)

/** Sends a request without waiting; its id, for {@link replyOf} and RPC_ABORT. */
export const start = (page: Page, ...request: [name: string, payload?: unknown, timeoutMs?: number]) =>
  sendFromHost<string>(page, "hostStart", request)

/** The reply to a request {@link start} sent. */
export const replyOf = (page: Page, id: string): Promise<Reply> =>
  page.evaluate((i) => (window as unknown as HostWindow).hostReplies.get(i) as Promise<Reply>, id)

export const hostRaw = (page: Page, message: unknown) =>
  page.evaluate((m) => (window as unknown as HostWindow).hostRaw(m), message)

export const hostState = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).hostState)

/** The SESSION_UPDATE payloads the frame sent the host, in order. */
export const hostSessions = (page: Page) =>
  page.evaluate(() => [...(window as unknown as HostWindow).hostSessions])

/** Forgets the frame's last READY, so that {@link waitReady} waits for the next one. */
export const forgetReady = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as HostWindow).hostState.ready = undefined
  })

/** Opens `uri` in a popup of the host page (the social sign-in's window); the popup's page. */
export const openPopup = async (page: Page, uri: string): Promise<Page> => {
  const popup = page.waitForEvent("popup")
  await page.evaluate((u) => (window as unknown as HostWindow).hostOpenPopup(u), uri)
  return popup
}

/** The social results the host took (from the frame's origin and its popup only), and how many it refused. */
export const socialResults = (page: Page) =>
  page.evaluate(() => {
    const { results, refused } = (window as unknown as HostWindow).hostSocial
    return { results: [...results], refused }
  })

export const waitReady = (page: Page) =>
  page.waitForFunction(() => (window as unknown as HostWindow).hostState.ready !== undefined)

/** The frame's document in `page` (once it has loaded from `frameUrl`). */
export const frameOf = (page: Page, frameUrl: string): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(`${frameUrl}/sdk`))
  if (frame === undefined) throw new Error("no frame")
  return frame
}

export const newEmail = () => `frame.${randomBytes(3).toString("hex")}@example.test`

type Hex = `0x${string}`

/** Logs a new user in by email through `page`'s frame, reading the code from `mailbox`; the user's address. */
export const logIn = async (
  page: Page,
  mailbox: { readonly list: (to: string) => ReadonlyArray<{ readonly code?: string | undefined }> },
  chainId: string
): Promise<Hex> => {
  const email = newEmail()
  await request(page, "CONNECT_EMAIL", { email })
  const otp = mailbox.list(email).at(-1)?.code
  expect(await request(page, "CONNECT_OTP", { otp })).toEqual({ type: "@w3m-frame/CONNECT_OTP_SUCCESS" })
  const user = await request(page, "GET_USER", { chainId })
  return (user.payload as { address: Hex }).address
}

/** The frame's `<html data-approval>` (approval.js). */
export const approvalOf = (frame: Frame) => frame.evaluate(() => document.documentElement.dataset.approval)
export const waitApproval = (frame: Frame, state: string, timeout = 5_000) =>
  frame.waitForFunction((s) => document.documentElement.dataset.approval === s, state, { timeout })

/**
 * How long the frame's Approve wants the frame fully visible and still, and the pointer resting on it at one
 * place, before it takes a press (sandbox/frame/page/steadiness.js).
 */
export const STEADY_MS = 500

/**
 * Approves as a visitor does: once Approve is enabled, the pointer goes onto it and stays there for the
 * time the rule asks (an explicit wait: the rule itself is about time), then a click.
 */
export const clickApprove = async (frame: Frame) => {
  await waitApproval(frame, "ready")
  const approve = frame.locator(".approval .approve")
  await approve.hover()
  await frame.page().waitForTimeout(STEADY_MS + 100)
  await approve.click()
}
