/**
 * The world of the frame auth server's tests without a chain (frameAuthLogin, frameAuthAccount,
 * frameAuthSocial and frameAuthBounds .test.ts): the server started once for the file on the file's clock,
 * a frame on one device to drive it, the mailbox read over HTTP, and a user signed up.
 */
import { randomBytes } from "node:crypto"
import { afterEach, expect } from "vitest"
import { DEVICE_HEADER, type MailMessage } from "../../sandbox/frame/auth.mjs"
import { frameAuthForFile } from "./sandboxWorld"

export const SESSION_TTL_MS = 60 * 60 * 1000
export const APP_ORIGIN = "http://127.0.0.1:5173"

export const newDevice = () => `device-${randomBytes(12).toString("hex")}`
let emails = 0
export const newEmail = () => `user${++emails}.${randomBytes(3).toString("hex")}@example.test`

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Headers
}

/** Starts the auth server for the file, its time read from `clock`; what its tests drive it with. */
export const frameAuthWorld = (clock: () => number) => {
  const auth = frameAuthForFile(() => ({
    chains: [],
    now: clock,
    sessionTtlMs: SESSION_TTL_MS,
    allowedOrigins: [APP_ORIGIN]
  }))
  const closers: Array<() => Promise<void>> = []

  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })

  /** A frame on one device: its device id, its session token once it has one. */
  const frame = (base = () => auth().url, device = newDevice()) => {
    const self = {
      device,
      token: undefined as string | undefined,
      headers(extra: Record<string, string> = {}) {
        return {
          [DEVICE_HEADER]: device,
          ...(self.token === undefined ? {} : { authorization: `Bearer ${self.token}` }),
          ...extra
        }
      },
      async post(path: string, body: unknown = {}, extra: Record<string, string> = {}): Promise<Answer> {
        const response = await fetch(`${base()}${path}`, {
          method: "POST",
          headers: self.headers({ "content-type": "application/json", ...extra }),
          body: JSON.stringify(body)
        })
        return { status: response.status, body: await response.json(), headers: response.headers }
      },
      async get(path: string, extra: Record<string, string> = {}): Promise<Answer> {
        const response = await fetch(`${base()}${path}`, { headers: self.headers(extra) })
        return { status: response.status, body: await response.json(), headers: response.headers }
      }
    }
    return self
  }

  const mail = async (to: string): Promise<ReadonlyArray<MailMessage>> => {
    const response = await fetch(`${auth().url}/mailbox.json?to=${encodeURIComponent(to)}`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { messages: ReadonlyArray<MailMessage> }).messages
  }
  const lastCode = async (to: string) => {
    const code = (await mail(to)).at(-1)?.code
    expect(code).toMatch(/^\d{6}$/)
    return code!
  }

  /** Signs up `email` on a new device; the frame holds the session. */
  const signUp = async (email = newEmail()) => {
    const f = frame()
    expect((await f.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
    const answer = await f.post("/auth/otp", { email, otp: await lastCode(email) })
    expect(answer.status).toBe(200)
    f.token = answer.body.token as string
    return { f, email }
  }

  return { auth, closers, frame, mail, lastCode, signUp }
}
