/**
 * The sandbox embedded wallet's auth server (sandbox/frame, issue 14): email codes read from the mailbox,
 * device approval, sessions that expire, sign-out, update email, the keys' signatures, the social and
 * Farcaster stand-ins, and its bounds (input, bodies, origins). No chain here: frameAuthChain.test.ts
 * covers the smart account and transactions on anvil.
 */
import { randomBytes } from "node:crypto"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { verifyMessage, verifyTypedData } from "viem"
import { afterEach, describe, expect, it } from "vitest"
import {
  CODE_TTL_MS,
  DEVICE_HEADER,
  MAIL_TTL_MS,
  MAX_CODE_ATTEMPTS,
  Mailbox,
  type MailMessage,
  makeFrameAuthServer,
  SOCIAL_PROVIDERS,
  smartAccountOf,
  startFrameAuthServer,
  startSocialStandIn
} from "../../sandbox/frame/auth.mjs"
import { EIP712_DOMAIN_TYPE, frameAuthForFile, socialForFile } from "./sandboxWorld"

const SESSION_TTL_MS = 60 * 60 * 1000
const APP_ORIGIN = "http://127.0.0.1:5173"

let clock = Date.now()
const auth = frameAuthForFile(() => ({
  chains: [],
  now: () => clock,
  sessionTtlMs: SESSION_TTL_MS,
  allowedOrigins: [APP_ORIGIN]
}))
const social = socialForFile(auth, { now: () => clock })
const closers: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const newDevice = () => `device-${randomBytes(12).toString("hex")}`
let emails = 0
const newEmail = () => `user${++emails}.${randomBytes(3).toString("hex")}@example.test`

interface Answer {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly headers: Headers
}

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

/** Signs up `email` on a new device; the frame holds the session. */
const signUp = async (email = newEmail()) => {
  const f = frame()
  expect((await f.post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
  const answer = await f.post("/auth/otp", { email, otp: await lastCode(email) })
  expect(answer.status).toBe(200)
  f.token = answer.body.token as string
  return { f, email }
}

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

describe("the user's keys sign (no chain)", () => {
  it("personal_sign as the key account verifies with viem; the address must be the connected one", async () => {
    const { f } = await signUp()
    const { address } = (await f.get("/auth/user")).body as { address: `0x${string}` }
    const text = await f.post("/auth/rpc", { method: "personal_sign", params: ["Hello, sandbox", address] })
    expect(text.status).toBe(200)
    const signature = text.body.result as `0x${string}`
    expect(await verifyMessage({ address, message: "Hello, sandbox", signature })).toBe(true)
    const hex = await f.post("/auth/rpc", { method: "personal_sign", params: ["0x48656c6c6f", address] })
    expect(
      await verifyMessage({
        address,
        message: { raw: "0x48656c6c6f" },
        signature: hex.body.result as `0x${string}`
      })
    ).toBe(true)
    expect(hex.body.result).toBe(
      (await f.post("/auth/rpc", { method: "personal_sign", params: ["Hello", address] })).body.result
    )
    expect(
      await f.post("/auth/rpc", {
        method: "personal_sign",
        params: ["x", "0x000000000000000000000000000000000000dEaD"]
      })
    ).toMatchObject({ status: 403, body: { error: "not the connected account" } })
    expect(await f.post("/auth/rpc", { method: "eth_accounts" })).toMatchObject({
      body: { result: [address] }
    })
  })

  it("eth_signTypedData_v4 as the key account verifies with viem", async () => {
    const { f } = await signUp()
    const { address } = (await f.get("/auth/user")).body as { address: `0x${string}` }
    const typed = {
      domain: { name: "Sandbox", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: EIP712_DOMAIN_TYPE,
        Mail: [{ name: "contents", type: "string" }]
      },
      primaryType: "Mail",
      message: { contents: "hi" }
    } as const
    const answer = await f.post("/auth/rpc", {
      method: "eth_signTypedData_v4",
      params: [address, JSON.stringify(typed)]
    })
    expect(answer.status).toBe(200)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({ ...typed, types, address, signature: answer.body.result as `0x${string}` })
    ).toBe(true)
    expect(
      (await f.post("/auth/rpc", { method: "eth_signTypedData_v4", params: [address, "{not json"] })).body
    ).toEqual({ error: "bad typed data" })
  })

  it("solana_signMessage (base58 in and out) verifies with ed25519", async () => {
    const { f } = await signUp()
    const { solanaAddress } = (await f.get("/auth/user")).body as { solanaAddress: string }
    const message = new TextEncoder().encode("Sign in to the sandbox")
    const answer = await f.post("/auth/rpc", {
      method: "solana_signMessage",
      params: { message: base58.encode(message), pubkey: solanaAddress }
    })
    expect(answer.status).toBe(200)
    const { signature } = answer.body.result as { signature: string }
    expect(base58.decode(signature)).toHaveLength(64)
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(solanaAddress))).toBe(true)
    expect(
      (
        await f.post("/auth/rpc", {
          method: "solana_signMessage",
          params: { message: "0OIl", pubkey: solanaAddress }
        })
      ).body
    ).toEqual({ error: "bad message" })
    expect(
      (
        await f.post("/auth/rpc", {
          method: "solana_signMessage",
          params: { message: base58.encode(message), pubkey: "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj" }
        })
      ).status
    ).toBe(403)
  })

  it("refuses methods it does not implement and chains it does not serve", async () => {
    const { f } = await signUp()
    expect(await f.post("/auth/rpc", { method: "eth_sign", params: [] })).toMatchObject({
      status: 400,
      body: { error: "unsupported method" }
    })
    expect((await f.post("/auth/rpc", { method: "personal_sign", params: ["x"], chainId: 1 })).body).toEqual({
      error: "unknown chain"
    })
    expect(
      (await f.post("/auth/rpc", { method: "personal_sign", params: ["x"], chainId: "eip155:x" })).body
    ).toEqual({
      error: "bad chainId"
    })
    expect(
      (await f.post("/auth/rpc", { method: "eth_sendTransaction", params: [{ to: "0x01" }] })).body
    ).toEqual({
      error: "bad to"
    })
  })

  it("switches the preferred account: the user's address becomes the smart account's", async () => {
    const { f } = await signUp()
    const before = (await f.get("/auth/user")).body
    const switched = await f.post("/auth/preferred-account", { type: "smartAccount" })
    expect(switched.body).toEqual({ type: "smartAccount", address: before.smartAccountAddress })
    expect((await f.get("/auth/user")).body).toMatchObject({
      preferredAccountType: "smartAccount",
      address: before.smartAccountAddress
    })
    expect((await f.post("/auth/preferred-account", { type: "safe" })).body).toEqual({
      error: "invalid account type"
    })
    expect((await f.post("/auth/preferred-account", { type: "eoa" })).body).toEqual({
      type: "eoa",
      address: before.address
    })
  })

  it("each user's smart account is a CREATE2 address of its own, owned by the user's key", () => {
    const owner = "0x00000000000000000000000000000000000000aa"
    const one = smartAccountOf("a".repeat(32), owner)
    expect(one.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smartAccountOf("a".repeat(32), owner).address).toBe(one.address)
    expect(smartAccountOf("b".repeat(32), owner).address).not.toBe(one.address)
    expect(one.deployData.startsWith(one.salt)).toBe(true)
  })
})

describe("update email", () => {
  it("a code to the current address, then one to the new address, in that order, changes the email", async () => {
    const { f, email } = await signUp()
    const next = newEmail()
    expect((await f.post("/auth/update-email", { email: next })).body).toEqual({
      action: "VERIFY_PRIMARY_OTP"
    })
    const primary = (await mail(email)).at(-1)!
    const secondary = (await mail(next)).at(-1)!
    expect(primary.kind).toBe("update-email-primary")
    expect(secondary.kind).toBe("update-email-secondary")
    expect(await f.post("/auth/update-email/secondary", { otp: secondary.code })).toMatchObject({
      status: 409,
      body: { error: "verify the primary code first" }
    })
    expect((await f.post("/auth/update-email/primary", { otp: primary.code })).body).toEqual({
      action: "VERIFY_SECONDARY_OTP"
    })
    expect((await f.post("/auth/update-email/secondary", { otp: secondary.code })).body).toEqual({
      newEmail: next
    })
    expect((await f.get("/auth/user")).body.email).toBe(next)
    // The new address logs in as this user from this device; the old one is a stranger now.
    const again = frame(undefined, f.device)
    expect((await again.post("/auth/email", { email: next })).body).toEqual({ action: "VERIFY_OTP" })
    expect((await frame().post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
    expect((await f.post("/auth/update-email/secondary", { otp: secondary.code })).body).toEqual({
      error: "no email update pending"
    })
  })

  it("refuses the same address, an address in use and a malformed one", async () => {
    const { f, email } = await signUp()
    const { email: taken } = await signUp()
    expect((await f.post("/auth/update-email", { email })).body).toEqual({ error: "same email" })
    expect(await f.post("/auth/update-email", { email: taken })).toMatchObject({
      status: 409,
      body: { error: "email in use" }
    })
    expect((await f.post("/auth/update-email", { email: "nope" })).body).toEqual({ error: "invalid email" })
    expect((await f.post("/auth/update-email/primary", { otp: "123456" })).body).toEqual({
      error: "no email update pending"
    })
  })
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

describe("social sign-in through the stand-in", () => {
  const returnUrl = () => `${auth().url}/social-return`

  /** The stand-in's page for `provider`, continued as `username`: the redirect's Location. */
  const continueAs = async (uri: string, username: string, extra: Record<string, string> = {}) => {
    const url = new URL(uri)
    const provider = url.pathname.split("/")[1]!
    const page = await fetch(uri)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`action="/${provider}/continue"`)
    return fetch(`${social().url}/${provider}/continue`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        redirect_uri: url.searchParams.get("redirect_uri")!,
        state: url.searchParams.get("state")!,
        username,
        ...extra
      })
    })
  }

  it("every provider of SPEC §9 round-trips: page, redirect back with a code, a session with the username", async () => {
    expect([...SOCIAL_PROVIDERS].sort()).toEqual(["apple", "discord", "facebook", "github", "google", "x"])
    for (const provider of SOCIAL_PROVIDERS) {
      const f = frame()
      const start = await f.post("/auth/social/start", { provider, returnUrl: returnUrl() })
      expect(start.status).toBe(200)
      const uri = start.body.uri as string
      expect(uri.startsWith(`${social().url}/${provider}/authorize?`)).toBe(true)
      const redirect = await continueAs(uri, `Tester_${provider}`)
      expect(redirect.status).toBe(303)
      const back = new URL(redirect.headers.get("location")!)
      expect(back.origin + back.pathname).toBe(returnUrl())
      const code = back.searchParams.get("code")!
      const state = back.searchParams.get("state")!
      expect(code).toMatch(/^[0-9a-f]{64}$/)
      expect(state).toBe(new URL(uri).searchParams.get("state"))
      const session = await f.post("/auth/social", { provider, code, state })
      expect(session.body).toMatchObject({ userName: `Tester_${provider}`, token: expect.any(String) })
      f.token = session.body.token as string
      expect((await f.get("/auth/user")).body).toMatchObject({
        email: null,
        userName: `Tester_${provider}`,
        socialProvider: provider
      })
    }
  })

  it("the same account name is the same user; a code and a state work once", async () => {
    const f = frame()
    const login = async () => {
      const { uri } = (await f.post("/auth/social/start", { provider: "github", returnUrl: returnUrl() }))
        .body
      const back = new URL((await continueAs(uri as string, "octo")).headers.get("location")!)
      return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")! }
    }
    const first = await login()
    const one = await f.post("/auth/social", { provider: "github", ...first })
    expect(one.status).toBe(200)
    expect(await f.post("/auth/social", { provider: "github", ...first })).toMatchObject({
      status: 401,
      body: { error: "invalid state" }
    })
    const second = await login()
    // The first code again with a fresh state: the stand-in refuses it.
    expect(
      await f.post("/auth/social", { provider: "github", code: first.code, state: second.state })
    ).toMatchObject({
      status: 401,
      body: { error: "invalid code" }
    })
    const third = await login()
    const two = await f.post("/auth/social", { provider: "github", ...third })
    f.token = one.body.token as string
    const a = (await f.get("/auth/user")).body.address
    f.token = two.body.token as string
    expect((await f.get("/auth/user")).body.address).toBe(a)
    // Another device cannot use this device's state; another provider cannot use this provider's.
    const fourth = await login()
    expect((await frame().post("/auth/social", { provider: "github", ...fourth })).body).toEqual({
      error: "invalid state"
    })
    const fifth = await login()
    expect((await f.post("/auth/social", { provider: "google", ...fifth })).body).toEqual({
      error: "invalid state"
    })
  })

  it("redirects only to allowed origins (default-deny), and Cancel returns no code", async () => {
    const f = frame()
    expect(
      (await f.post("/auth/social/start", { provider: "google", returnUrl: "https://evil.example/x" })).body
    ).toEqual({ error: "return URL not allowed" })
    expect(
      (await f.post("/auth/social/start", { provider: "myspace", returnUrl: returnUrl() })).body
    ).toEqual({
      error: "invalid provider"
    })
    const { uri } = (await f.post("/auth/social/start", { provider: "x", returnUrl: returnUrl() })).body as {
      uri: string
    }
    const evil = new URL(uri)
    evil.searchParams.set("redirect_uri", "http://127.0.0.1:1/steal")
    const page = await fetch(evil)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain("not allowed")
    const state = evil.searchParams.get("state")!
    const post = (redirect: string) =>
      fetch(`${social().url}/x/continue`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ redirect_uri: redirect, state, username: "mallory" })
      })
    for (const target of [
      "http://127.0.0.1:1/steal",
      "javascript:alert(1)",
      `${auth().url.replace("http", "https")}/x`
    ]) {
      const refused = await post(target)
      expect(refused.status).toBe(400)
      expect(refused.headers.get("location")).toBeNull()
    }
    const cancelled = await continueAs(uri, "x", { cancel: "1" })
    const back = new URL(cancelled.headers.get("location")!)
    expect(back.searchParams.get("error")).toBe("access_denied")
    expect(back.searchParams.get("code")).toBeNull()

    // A stand-in told of no frame origin refuses every return URL.
    const closed = await startSocialStandIn()
    closers.push(closed.close)
    const none = await fetch(
      `${closed.url}/google/authorize?${new URLSearchParams({ redirect_uri: returnUrl(), state: "ab".repeat(32) })}`
    )
    expect(none.status).toBe(400)
  })

  it("the stand-in's pages escape what they echo and refuse bad account names", async () => {
    const f = frame()
    const { uri } = (
      await f.post("/auth/social/start", { provider: "discord", returnUrl: `${returnUrl()}?a="><b>` })
    ).body as {
      uri: string
    }
    const html = await (await fetch(uri)).text()
    expect(html).not.toContain('"><b>')
    expect((await continueAs(uri, "<script>")).status).toBe(400)
    expect((await continueAs(uri, "a".repeat(40))).status).toBe(400)
  })
})

describe("Farcaster through the stand-in", () => {
  it("start gives a URL on the stand-in and a channel; pending until Approve, then a session once", async () => {
    const f = frame()
    const start = await f.post("/auth/farcaster/start")
    expect(start.status).toBe(200)
    const { url, channel } = start.body as { url: string; channel: string }
    expect(url).toBe(`${social().url}/farcaster/connect?channel=${channel}`)
    expect(channel).toMatch(/^[0-9a-f]{64}$/)
    const status = () => f.get(`/auth/farcaster/status?channel=${channel}`)
    expect((await status()).body).toEqual({ status: "pending" })
    // Another device cannot read this channel.
    expect((await frame().get(`/auth/farcaster/status?channel=${channel}`)).status).toBe(404)

    const page = await (await fetch(url)).text()
    expect(page).toContain("Approve")
    const approved = await fetch(`${social().url}/farcaster/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ channel, username: "vitalik-sandbox" })
    })
    expect(await approved.text()).toContain("Approved as @vitalik-sandbox")
    const done = await status()
    expect(done.body).toMatchObject({
      status: "approved",
      userName: "vitalik-sandbox",
      token: expect.any(String)
    })
    f.token = done.body.token as string
    expect((await f.get("/auth/user")).body).toMatchObject({
      userName: "vitalik-sandbox",
      socialProvider: "farcaster"
    })
    expect((await status()).status).toBe(404)
  })

  it("a channel expires", async () => {
    const f = frame()
    const { channel } = (await f.post("/auth/farcaster/start")).body as { channel: string }
    clock += 10 * 60 * 1000
    expect(await f.get(`/auth/farcaster/status?channel=${channel}`)).toMatchObject({
      status: 410,
      body: { error: "channel expired" }
    })
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
