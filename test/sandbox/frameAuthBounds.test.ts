/**
 * The sandbox embedded wallet's auth server (sandbox/frame, issue 14), its bounds: the mailbox's page and
 * limits, input checks, bodies, origins, the Host header, and the limits on messages and users.
 */
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "vitest"
import {
  DEVICE_HEADER,
  MAIL_TTL_MS,
  Mailbox,
  makeFrameAuthServer,
  startFrameAuthServer
} from "../../sandbox/frame/auth.mjs"
import { APP_ORIGIN, frameAuthWorld, newDevice, newEmail } from "./frameAuthWorld"

let clock = Date.now()
const { auth, closers, frame, mail, signUp } = frameAuthWorld(() => clock)

/** A POST through node:http, which lets a test choose the Host header. */
const rawPost = (port: number, path: string, body: unknown, headers: Record<string, string>) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers }
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => {
          text += chunk
        })
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
      }
    )
    req.on("error", reject)
    req.end(data)
  })

describe("the mailbox", () => {
  it("is a page with every piece of text escaped, and JSON per address, newest last", async () => {
    const email = `o'hara&{x}@example.test`
    const f = frame()
    await f.post("/auth/email", { email })
    await f.post("/auth/email", { email })
    const messages = await mail(email)
    expect(messages).toHaveLength(2)
    expect(messages[0]!.sentAt).toBeLessThanOrEqual(messages[1]!.sentAt)
    const page = await fetch(`${auth().url}/mailbox?to=${encodeURIComponent(email)}`)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).toContain("o&#39;hara&amp;{x}@example.test")
    expect(html).not.toContain("o'hara&{x}")
    // Newest first on the page.
    expect(html.indexOf(messages[1]!.code!)).toBeLessThan(html.indexOf(messages[0]!.code!))
  })

  it("keeps each address's newest messages for an hour, and refuses a new address when full", () => {
    let now = 1
    const box = new Mailbox({ now: () => now, perAddress: 3, addresses: 2 })
    const send = (to: string, subject: string) => box.send({ to, kind: "login-code", subject, text: "" })
    for (let i = 0; i < 5; i++) send("a@b.test", `m${i}`)
    expect(box.list().map((m) => m.subject)).toEqual(["m2", "m3", "m4"])
    expect(box.list("c@d.test")).toEqual([])
    send("c@d.test", "c")
    // Mail to a third address pushes no one's out: it is refused.
    expect(() => send("e@f.test", "e")).toThrow("too many mailboxes, try later")
    expect(box.list().map((m) => m.subject)).toEqual(["m2", "m3", "m4", "c"])
    now += MAIL_TTL_MS
    expect(box.list()).toEqual([])
    expect(send("e@f.test", "e").subject).toBe("e")
  })
})

describe("bounds and input checks", () => {
  it("validates emails and device ids", async () => {
    const f = frame()
    for (const email of [
      "",
      "plain",
      "a@b",
      "a b@example.test",
      `${"a".repeat(65)}@example.test`,
      `a@${"b".repeat(250)}.test`,
      42,
      null
    ])
      expect(await f.post("/auth/email", { email })).toMatchObject({
        status: 400,
        body: { error: "invalid email" }
      })
    for (const device of ["short", "x".repeat(129), "has space in it....."]) {
      const g = frame(undefined, device)
      expect((await g.post("/auth/email", { email: newEmail() })).body).toEqual({
        error: "invalid device id"
      })
    }
    const none = await fetch(`${auth().url}/auth/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: newEmail() })
    })
    expect(await none.json()).toEqual({ error: "invalid device id" })
  })

  it("answers bad bodies, paths and methods with JSON errors", async () => {
    const post = (body: string, type = "application/json") =>
      fetch(`${auth().url}/auth/email`, {
        method: "POST",
        headers: { "content-type": type, [DEVICE_HEADER]: newDevice() },
        body
      })
    const expectError = async (response: Response, status: number, error: string) => {
      expect(response.status).toBe(status)
      expect(response.headers.get("content-type")).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({ error })
    }
    await expectError(await post("{"), 400, "malformed JSON")
    await expectError(await post("[1]"), 400, "expected a JSON object")
    await expectError(
      await post("email=a", "application/x-www-form-urlencoded"),
      415,
      "expected application/json"
    )
    await expectError(await post(JSON.stringify({ email: "a".repeat(20_000) })), 413, "body too large")
    await expectError(await fetch(`${auth().url}/auth/nothing`), 404, "not found")
    await expectError(await fetch(`${auth().url}/auth/email`), 405, "method not allowed")
    await expectError(await fetch(`${auth().url}/elsewhere`), 404, "not found")
  })

  it("CORS only for the allowed origins; any other Origin is refused", async () => {
    const evil = await fetch(`${auth().url}/mailbox.json`, { headers: { origin: "http://evil.example" } })
    expect(evil.status).toBe(403)
    expect(await evil.json()).toEqual({ error: "origin not allowed" })
    expect(evil.headers.get("access-control-allow-origin")).toBeNull()
    const nul = await fetch(`${auth().url}/mailbox.json`, { headers: { origin: "null" } })
    expect(nul.status).toBe(403)
    const allowed = await fetch(`${auth().url}/mailbox.json`, { headers: { origin: APP_ORIGIN } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN)
    const same = await fetch(`${auth().url}/mailbox.json`, { headers: { origin: auth().url } })
    expect(same.status).toBe(200)
    expect(same.headers.get("access-control-allow-origin")).toBeNull()
    const preflight = await fetch(`${auth().url}/auth/rpc`, {
      method: "OPTIONS",
      headers: { origin: APP_ORIGIN, "access-control-request-method": "POST" }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-headers")).toContain(DEVICE_HEADER)
    const refused = await fetch(`${auth().url}/auth/rpc`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:1", "access-control-request-method": "POST" }
    })
    expect(refused.status).toBe(403)
  })

  it("mounts on another server (other paths left alone); mailed links never follow a foreign Host header", async () => {
    const mounted = makeFrameAuthServer({ now: () => clock })
    const server = createServer((req, res) => {
      if (!mounted.handle(req, res)) res.writeHead(418).end("frame page")
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const port = (server.address() as AddressInfo).port
    const self = `127.0.0.1:${port}`
    const known = "device-mounted-0000000000"
    expect(await rawPost(port, "/index.html", {}, { host: self })).toEqual({
      status: 418,
      text: "frame page"
    })
    const email = newEmail()
    await rawPost(port, "/auth/email", { email }, { host: self, [DEVICE_HEADER]: known })
    const code = mounted.mailbox.list(email).at(-1)!.code
    expect(
      (await rawPost(port, "/auth/otp", { email, otp: code }, { host: self, [DEVICE_HEADER]: known })).status
    ).toBe(200)
    /** A new device asks to log in with `host` as the Host header: the approval link mailed. */
    const linkAskedFrom = async (host: string) => {
      const answer = await rawPost(port, "/auth/email", { email }, { host, [DEVICE_HEADER]: newDevice() })
      expect(JSON.parse(answer.text)).toEqual({ action: "VERIFY_DEVICE" })
      return mounted.mailbox.list(email).at(-1)!.link!
    }
    expect(await linkAskedFrom(self)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth/device/approve\\?token=`)
    )
    expect(await linkAskedFrom("evil.example")).toMatch(/^\/auth\/device\/approve\?token=[0-9a-f]{64}$/)
    // With publicUrl (startFrameAuthServer sets it), the Host header is not read at all.
    const { email: other } = await signUp()
    await rawPost(
      Number(new URL(auth().url).port),
      "/auth/email",
      { email: other },
      {
        host: "evil.example",
        [DEVICE_HEADER]: newDevice()
      }
    )
    expect((await mail(other)).at(-1)!.link!.startsWith(`${auth().url}/`)).toBe(true)
  })

  it("bounds the messages one address gets in an hour (codes cannot be reissued without end)", async () => {
    const small = await startFrameAuthServer({ now: () => clock, limits: { mailsPerAddressPerHour: 3 } })
    closers.push(small.close)
    const f = frame(() => small.url)
    const email = newEmail()
    for (let i = 0; i < 3; i++) expect((await f.post("/auth/email", { email })).status).toBe(200)
    expect(await f.post("/auth/email", { email })).toMatchObject({
      status: 429,
      body: { error: "too many messages, try later" }
    })
    expect(small.mailbox.list(email)).toHaveLength(3)
    expect((await f.post("/auth/email", { email: newEmail() })).status).toBe(200)
    clock += 60 * 60 * 1000
    expect((await f.post("/auth/email", { email })).status).toBe(200)
  })

  it("bounds the number of users", async () => {
    const small = await startFrameAuthServer({ limits: { users: 1 } })
    closers.push(small.close)
    const f = frame(() => small.url)
    const login = async (email: string) => {
      await f.post("/auth/email", { email })
      const code = small.mailbox.list(email).at(-1)!.code
      return f.post("/auth/otp", { email, otp: code })
    }
    expect((await login("one@example.test")).status).toBe(200)
    expect(await login("two@example.test")).toMatchObject({ status: 503, body: { error: "too many users" } })
  })
})
