/**
 * The sandbox embedded wallet's auth server (sandbox/frame, issue 14), logging in: email codes read from the
 * mailbox, device approval, sessions that expire and sign-out.
 */
import { describe, expect, it } from "vitest"
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from "../../sandbox/frame/auth.mjs"
import { frameAuthWorld, newEmail, SESSION_TTL_MS } from "./frameAuthWorld"

let clock = Date.now()
const { auth, frame, mail, lastCode, signUp } = frameAuthWorld(() => clock)

describe("email sign-up with a one-time code", () => {
  it("a new user gets VERIFY_OTP, a six-digit code in the mailbox, then a session and a user with keys", async () => {
    const email = newEmail()
    const f = frame()
    expect(await f.post("/auth/email", { email: `  ${email.toUpperCase()} ` })).toMatchObject({
      status: 200,
      body: { action: "VERIFY_OTP" }
    })
    const [message, ...rest] = await mail(email)
    expect(rest).toEqual([])
    expect(message).toMatchObject({ to: email, kind: "login-code", sentAt: clock })
    expect(message!.code).toMatch(/^\d{6}$/)
    expect(message!.text).toContain(message!.code)

    const answer = await f.post("/auth/otp", { email, otp: message!.code })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^[0-9a-f]{64}$/),
      expiresAt: clock + SESSION_TTL_MS,
      isNewUser: true
    })
    f.token = answer.body.token as string
    const user = await f.get("/auth/user")
    expect(user.status).toBe(200)
    const eoa = user.body.address as `0x${string}`
    expect(user.body).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      solanaAddress: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      smartAccountAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      smartAccountDeployed: false,
      smartAccountEnabledNetworks: [],
      preferredAccountType: "eoa",
      accounts: [
        { address: eoa, type: "eoa" },
        { address: user.body.smartAccountAddress, type: "smartAccount" }
      ],
      sessionExpiresAt: clock + SESSION_TTL_MS
    })
    // The keys never leave: nothing in the answer is 32 bytes of hex but the addresses.
    expect(JSON.stringify(user.body)).not.toMatch(/[0-9a-f]{64}/i)
    expect((await f.get("/auth/session")).body).toEqual({
      connected: true,
      expiresAt: clock + SESSION_TTL_MS
    })
  })

  it(`counts wrong codes and locks the code after ${MAX_CODE_ATTEMPTS}, even against the right one`, async () => {
    const email = newEmail()
    const f = frame()
    await f.post("/auth/email", { email })
    const code = await lastCode(email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0")
    for (let i = 1; i <= MAX_CODE_ATTEMPTS; i++) {
      expect(await f.post("/auth/otp", { email, otp: wrong })).toMatchObject({
        status: 401,
        body: { error: i === MAX_CODE_ATTEMPTS ? "wrong code, no tries left" : "wrong code" }
      })
    }
    expect(await f.post("/auth/otp", { email, otp: code })).toMatchObject({
      status: 429,
      body: { error: "too many attempts" }
    })
    // Not a guess: a malformed code is refused without counting.
    expect((await f.post("/auth/otp", { email, otp: "12345" })).body).toEqual({ error: "invalid code" })
    // Asking again sends a fresh code, which works.
    await f.post("/auth/email", { email })
    expect((await f.post("/auth/otp", { email, otp: await lastCode(email) })).status).toBe(200)
  })

  it("a code works once, only for the device that asked, and not after 10 minutes", async () => {
    const email = newEmail()
    const f = frame()
    await f.post("/auth/email", { email })
    const code = await lastCode(email)
    expect((await frame().post("/auth/otp", { email, otp: code })).body).toEqual({
      error: "no code requested"
    })
    expect((await f.post("/auth/otp", { email, otp: code })).status).toBe(200)
    expect(await f.post("/auth/otp", { email, otp: code })).toMatchObject({
      status: 400,
      body: { error: "no code requested" }
    })

    const g = frame()
    const other = newEmail()
    await g.post("/auth/email", { email: other })
    const late = await lastCode(other)
    clock += CODE_TTL_MS
    expect(await g.post("/auth/otp", { email: other, otp: late })).toMatchObject({
      status: 401,
      body: { error: "code expired" }
    })
    await g.post("/auth/email", { email: other })
    const fresh = await lastCode(other)
    clock += CODE_TTL_MS - 1
    expect((await g.post("/auth/otp", { email: other, otp: fresh })).status).toBe(200)
  })

  it("codes are six digits from the CSPRNG, each one different enough", async () => {
    const email = newEmail()
    const f = frame()
    for (let i = 0; i < 20; i++) await f.post("/auth/email", { email })
    const codes = (await mail(email)).map((m) => m.code)
    expect(codes).toHaveLength(20)
    for (const code of codes) expect(code).toMatch(/^\d{6}$/)
    expect(new Set(codes).size).toBeGreaterThan(15)
  })
})

describe("known and new devices", () => {
  it("the device holding a valid session gets CONNECT; the same device without it VERIFY_OTP", async () => {
    const { f, email } = await signUp()
    expect((await f.post("/auth/email", { email })).body).toEqual({ action: "CONNECT" })
    expect(await mail(email)).toHaveLength(1) // nothing sent
    const sameDeviceNoToken = frame(undefined, f.device)
    expect((await sameDeviceNoToken.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
    // A session of another user does not connect this one.
    const { f: stranger } = await signUp()
    const borrowed = frame(undefined, f.device)
    borrowed.token = stranger.token
    expect((await borrowed.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
    // Nor does this user's session sent from another device.
    const elsewhere = frame()
    elsewhere.token = f.token
    expect((await elsewhere.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_DEVICE" })
  })

  it("a new device gets VERIFY_DEVICE, waits, is approved by the mailbox link, then logs in with a code", async () => {
    const { f: first, email } = await signUp()
    const firstUser = await first.get("/auth/user")
    const f = frame()
    expect(await f.post("/auth/device", { email })).toMatchObject({
      status: 404,
      body: { error: "no device verification pending" }
    })
    expect((await f.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_DEVICE" })
    const approval = (await mail(email)).at(-1)!
    expect(approval).toMatchObject({ kind: "device-approval", to: email })
    expect(approval.code).toBeUndefined()
    expect(approval.link).toMatch(new RegExp(`^${auth().url}/auth/device/approve\\?token=[0-9a-f]{64}$`))
    expect(approval.text).toContain(approval.link)
    expect((await f.post("/auth/device", { email })).body).toEqual({ status: "pending" })
    // No code can be asked for meanwhile.
    expect((await f.post("/auth/otp", { email, otp: "123456" })).body).toEqual({ error: "no code requested" })

    const page = await fetch(approval.link!)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(await page.text()).toContain("Device approved")
    expect((await f.post("/auth/device", { email })).body).toEqual({
      status: "approved",
      action: "VERIFY_OTP"
    })
    const code = (await mail(email)).at(-1)!
    expect(code.kind).toBe("login-code")
    const answer = await f.post("/auth/otp", { email, otp: code.code })
    expect(answer.body).toMatchObject({ isNewUser: false })
    f.token = answer.body.token as string
    // The same user and keys.
    expect((await f.get("/auth/user")).body.address).toBe(firstUser.body.address)
    // The link works once; the device is now known.
    expect(await (await fetch(approval.link!)).text()).toContain("already approved")
    f.token = undefined
    expect((await f.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
  })

  it("an unknown or expired approval link approves nothing", async () => {
    const { email } = await signUp()
    const unknown = await fetch(`${auth().url}/auth/device/approve?token=${"ab".repeat(32)}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain("Device not approved")
    const bad = await fetch(`${auth().url}/auth/device/approve?token=%3Cscript%3E`)
    expect(bad.status).toBe(404)
    expect(await bad.text()).not.toContain("<script>")
    const f = frame()
    await f.post("/auth/email", { email })
    const link = (await mail(email)).at(-1)!.link!
    clock += 10 * 60 * 1000
    expect((await fetch(link)).status).toBe(410)
    expect(await f.post("/auth/device", { email })).toMatchObject({ status: 404 })
  })
})

describe("sessions", () => {
  it("expire after sessionTtlMs ('session expired'), and then the device must log in again", async () => {
    const { f, email } = await signUp()
    clock += SESSION_TTL_MS - 1
    expect((await f.get("/auth/user")).status).toBe(200)
    clock += 1
    expect(await f.get("/auth/user")).toMatchObject({ status: 401, body: { error: "session expired" } })
    expect(await f.get("/auth/session")).toMatchObject({ status: 401, body: { error: "session expired" } })
    expect((await f.post("/auth/rpc", { method: "personal_sign", params: ["0x00"] })).body).toEqual({
      error: "session expired"
    })
    expect((await f.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
  })

  it("sign-out ends the session; unknown and malformed tokens are 'invalid session'", async () => {
    const { f } = await signUp()
    const token = f.token!
    expect(await f.post("/auth/sign-out")).toMatchObject({ status: 200, body: { ok: true } })
    expect(await f.get("/auth/user")).toMatchObject({ status: 401, body: { error: "invalid session" } })
    f.token = "f".repeat(64)
    expect((await f.get("/auth/user")).body).toEqual({ error: "invalid session" })
    const raw = await fetch(`${auth().url}/auth/user`, { headers: { authorization: `Bearer ${token}x` } })
    expect(raw.status).toBe(401)
    expect((await fetch(`${auth().url}/auth/user`)).status).toBe(401)
    // Signing out twice, or with no session, is fine.
    expect((await f.post("/auth/sign-out")).status).toBe(200)
  })
})
