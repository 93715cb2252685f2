/**
 * The embedded wallet's auth server (sandbox/frame) under a flood, over real HTTP on loopback: what one
 * client (a remote address: `127.0.0.2` is another client than the visitor's `127.0.0.1`) asks for fills
 * its own quota and is refused past it, and never pushes out what the visitor holds: a pending login code,
 * an address's count of messages this hour, a session, a pending social sign-in.
 */
import { randomBytes } from "node:crypto"
import { Agent, request } from "node:http"
import { afterEach, describe, expect, it } from "vitest"
import { DEVICE_HEADER, LIMITS, startFrameAuthServer } from "../../sandbox/frame/auth.mjs"

const FLOOD = 10_000
const closers: Array<() => void | Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const newDevice = () => `device-${randomBytes(12).toString("hex")}`
const newEmail = () => `visitor.${randomBytes(4).toString("hex")}@example.test`

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
}

/** A client of the server at `base` from `localAddress`, on one device (or a new one per request). */
const clientOf = (base: string, localAddress: string, device = newDevice()) => {
  const agent = new Agent({ keepAlive: true, localAddress })
  closers.push(() => agent.destroy())
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const data = JSON.stringify(body)
      const req = request(
        `${base}${path}`,
        {
          agent,
          method: "POST",
          headers: { "content-type": "application/json", [DEVICE_HEADER]: device, ...headers }
        },
        (res) => {
          const chunks: Array<Buffer> = []
          res.on("data", (chunk: Buffer) => chunks.push(chunk))
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) })
          )
        }
      )
      req.on("error", reject)
      req.end(data)
    })
  return { post, device }
}

/** Sends `count` requests made by `make`, 100 at a time; how many got each status. */
const flood = async (count: number, make: (index: number) => Promise<Answer>) => {
  const statuses: Record<number, number> = {}
  for (let sent = 0; sent < count; sent += 100)
    for (const { status } of await Promise.all(Array.from({ length: 100 }, (_, i) => make(sent + i))))
      statuses[status] = (statuses[status] ?? 0) + 1
  return statuses
}

const started = async (options: Parameters<typeof startFrameAuthServer>[0] = {}) => {
  const auth = await startFrameAuthServer(options)
  closers.push(auth.close)
  return auth
}

describe("login requests for other addresses, in a flood,", () => {
  /** The visitor asks for its address's 30 messages of the hour; then another client floods. */
  const visitorThenFlood = async () => {
    const auth = await started()
    const visitor = clientOf(auth.url, "127.0.0.1")
    const email = newEmail()
    for (let i = 0; i < LIMITS.mailsPerAddressPerHour; i++)
      expect((await visitor.post("/auth/email", { email })).status).toBe(200)
    const code = auth.mailbox.list(email).at(-1)?.code
    const flooder = clientOf(auth.url, "127.0.0.2")
    const statuses = await flood(FLOOD, (i) =>
      flooder.post("/auth/email", { email: `flood${i}@example.test` }, { [DEVICE_HEADER]: newDevice() })
    )
    return { auth, visitor, email, code, flooder, statuses }
  }

  it(`do not void an address's pending code nor its mail (${FLOOD} requests of another client)`, async () => {
    const { auth, visitor, email, code } = await visitorThenFlood()
    expect(await visitor.post("/auth/otp", { email, otp: code })).toMatchObject({ status: 200 })
    expect(auth.mailbox.list(email)).toHaveLength(LIMITS.mailsPerAddressPerHour)
    expect(auth.mailbox.list(email).at(-1)?.code).toBe(code)
  }, 120_000)

  it(`do not reset an address's hourly limit (${FLOOD} requests of another client)`, async () => {
    const { visitor, email, flooder, statuses } = await visitorThenFlood()
    expect(await visitor.post("/auth/email", { email })).toMatchObject({
      status: 429,
      body: { error: "too many messages, try later" }
    })
    // The flooder got its quota of addresses, and was refused past it, with a reason.
    expect(statuses).toEqual({
      200: LIMITS.mailedAddressesPerClient,
      429: FLOOD - LIMITS.mailedAddressesPerClient
    })
    expect(await flooder.post("/auth/email", { email: newEmail() })).toMatchObject({
      status: 429,
      body: { error: "too many addresses mailed from this client, try later" }
    })
    // Its flood is its own: the visitor's client still logs in another address.
    expect((await visitor.post("/auth/email", { email: newEmail() })).status).toBe(200)
  }, 120_000)

  it("refuses everyone new once many clients fill a store, and keeps what it holds", async () => {
    const auth = await started({ limits: { codes: 2, mailedAddresses: 10 } })
    const visitor = clientOf(auth.url, "127.0.0.1")
    const email = newEmail()
    expect((await visitor.post("/auth/email", { email })).status).toBe(200)
    const code = auth.mailbox.list(email).at(-1)?.code
    expect((await clientOf(auth.url, "127.0.0.2").post("/auth/email", { email: newEmail() })).status).toBe(
      200
    )
    const late = clientOf(auth.url, "127.0.0.3")
    const lateEmail = newEmail()
    expect(await late.post("/auth/email", { email: lateEmail })).toMatchObject({
      status: 503,
      body: { error: "too many pending codes, try later" }
    })
    // Refused before anything was sent or counted.
    expect(auth.mailbox.list(lateEmail)).toEqual([])
    expect(await visitor.post("/auth/otp", { email, otp: code })).toMatchObject({ status: 200 })
    // The used code made room.
    expect((await late.post("/auth/email", { email: lateEmail })).status).toBe(200)
  })
})

describe("a flood of sign-ins", () => {
  it("cannot log a visitor out: sessions past a client's quota are refused before its code is used", async () => {
    const auth = await started({ limits: { sessionsPerClient: 3 } })
    const logIn = async (client: ReturnType<typeof clientOf>, email = newEmail()) => {
      await client.post("/auth/email", { email })
      return client.post("/auth/otp", { email, otp: auth.mailbox.list(email).at(-1)?.code })
    }
    const visitor = clientOf(auth.url, "127.0.0.1")
    const session = await logIn(visitor)
    expect(session.status).toBe(200)
    const flooder = clientOf(auth.url, "127.0.0.2")
    const tokens: Array<unknown> = []
    for (let i = 0; i < 3; i++) tokens.push((await logIn(flooder)).body.token)
    const email = newEmail()
    await flooder.post("/auth/email", { email })
    const code = auth.mailbox.list(email).at(-1)?.code
    expect(await flooder.post("/auth/otp", { email, otp: code })).toMatchObject({
      status: 429,
      body: { error: "too many sessions from this client, try later" }
    })
    const user = await fetch(`${auth.url}/auth/session`, {
      headers: { authorization: `Bearer ${session.body.token}` }
    })
    expect(user.status).toBe(200)
    // A session that ends frees the quota; the refused code was not used up.
    await flooder.post("/auth/sign-out", {}, { authorization: `Bearer ${tokens[0]}` })
    expect((await flooder.post("/auth/otp", { email, otp: code })).status).toBe(200)
  })

  it(`keeps a visitor's pending social sign-in through ${FLOOD} others`, async () => {
    const appOrigin = "http://127.0.0.1:5173"
    const auth = await started({ allowedOrigins: [appOrigin] })
    // The stand-in is never called: starting a sign-in only names its page.
    auth.setSocialUrl("http://127.0.0.1:9")
    const returnUrl = `${auth.url}/return`
    const visitor = clientOf(auth.url, "127.0.0.1")
    const { body } = await visitor.post("/auth/social/start", { provider: "google", returnUrl, appOrigin })
    const state = new URL(String(body.uri)).searchParams.get("state")
    const flooder = clientOf(auth.url, "127.0.0.2")
    const statuses = await flood(FLOOD, () =>
      flooder.post("/auth/social/start", { provider: "google", returnUrl }, { [DEVICE_HEADER]: newDevice() })
    )
    expect(auth.core.socialReturn(state)).toEqual({ appOrigin, provider: "google" })
    expect(statuses).toEqual({
      200: LIMITS.socialStatesPerClient,
      429: FLOOD - LIMITS.socialStatesPerClient
    })
  }, 120_000)
})
