/**
 * The embedded-wallet frame page (sandbox/frame/page, issue 14), the frame's side of frameProtocol.ts, in
 * chromium: an allowed host page embeds `/sdk#nonce=…`, takes the HELLO (origin, window and nonce checked)
 * and its port, and logs in by email with the code from the mailbox; a host on another origin gets no
 * greeting (the CSP's frame-ancestors blocks the frame); the page never posts to "*".
 */
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { startFrameAuthServer } from "../../sandbox/frame/auth.mjs"
import {
  forgetReady,
  frameOf,
  type HostServer,
  hostRaw,
  hostSessions,
  hostState,
  newEmail,
  newNonce,
  openHost as openHostOn,
  replyOf,
  request,
  start,
  waitReady
} from "./frameHost"
import { chromiumForFile, frameAuthForFile, hostForFile } from "./sandboxWorld"

let clock = Date.now()
const allowedHost = hostForFile()
const otherHost = hostForFile()
const auth = frameAuthForFile(() => ({
  chains: [],
  now: () => clock,
  sessionTtlMs: 60 * 60 * 1000,
  allowedOrigins: [allowedHost().origin]
}))
const browser = chromiumForFile()

const openHost = (host: HostServer): Promise<Page> => openHostOn(browser(), host, auth().url)

const mailFor = async (email: string, kind: string): Promise<{ code?: string; link?: string }> => {
  const response = await fetch(`${auth().url}/mailbox.json?to=${encodeURIComponent(email)}`)
  const { messages } = (await response.json()) as {
    messages: Array<{ kind: string; code?: string; link?: string }>
  }
  const mail = messages.filter((m) => m.kind === kind).at(-1)
  if (mail === undefined) throw new Error(`no ${kind} mail for ${email}`)
  return mail
}
const codeFor = async (email: string, kind = "login-code"): Promise<string> => {
  const { code } = await mailFor(email, kind)
  if (code === undefined) throw new Error(`no code for ${email}`)
  return code
}
describe("the frame page", () => {
  it("greets an allowed host, logs in by email and answers GET_USER", async () => {
    const page = await openHost(allowedHost())
    try {
      await waitReady(page)
      expect(await hostState(page)).toEqual({ greeted: true, ready: { version: "4" }, refused: 0, stray: 0 })

      // The nonce left the frame's URL.
      const frame = page.frames().find((f) => f.url().startsWith(`${auth().url}/sdk`))
      expect(frame?.url()).not.toContain("nonce")
      expect(await frame?.evaluate(() => document.documentElement.dataset.frameState)).toBe("greeted")

      expect(await request(page, "SYNC_DAPP_DATA", { projectId: "sandbox" })).toMatchObject({
        type: "@w3m-frame/SYNC_DAPP_DATA_SUCCESS"
      })
      expect(await request(page, "SYNC_THEME", { themeMode: "dark" })).toMatchObject({
        type: "@w3m-frame/SYNC_THEME_SUCCESS"
      })
      expect(await request(page, "GET_CHAIN_ID")).toEqual({
        type: "@w3m-frame/GET_CHAIN_ID_SUCCESS",
        payload: { chainId: "eip155:31337" }
      })
      expect(await request(page, "IS_CONNECTED")).toEqual({
        type: "@w3m-frame/IS_CONNECTED_SUCCESS",
        payload: { isConnected: false }
      })
      expect(await request(page, "GET_USER")).toEqual({
        type: "@w3m-frame/GET_USER_ERROR",
        payload: { message: "invalid session" }
      })

      const email = newEmail()
      expect(await request(page, "CONNECT_EMAIL", { email })).toEqual({
        type: "@w3m-frame/CONNECT_EMAIL_SUCCESS",
        payload: { action: "VERIFY_OTP" }
      })
      expect(await request(page, "CONNECT_OTP", { otp: "000000" })).toMatchObject({
        type: "@w3m-frame/CONNECT_OTP_ERROR"
      })
      expect(await request(page, "CONNECT_OTP", { otp: await codeFor(email) })).toEqual({
        type: "@w3m-frame/CONNECT_OTP_SUCCESS"
      })
      expect(await request(page, "IS_CONNECTED")).toEqual({
        type: "@w3m-frame/IS_CONNECTED_SUCCESS",
        payload: { isConnected: true }
      })

      const user = await request(page, "GET_USER", { chainId: "eip155:31337" })
      expect(user.type).toBe("@w3m-frame/GET_USER_SUCCESS")
      const payload = user.payload as {
        email: string
        address: string
        chainId: string
        accounts: Array<{ address: string; type: string }>
        preferredAccountType: string
      }
      expect(payload).toMatchObject({ email, chainId: "eip155:31337", preferredAccountType: "eoa" })
      expect(payload.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(payload.accounts.map((a) => a.type).sort()).toEqual(["eoa", "smartAccount"])
      expect(payload.accounts.find((a) => a.type === "eoa")?.address).toBe(payload.address)

      const accounts = await request(page, "RPC_REQUEST", { method: "eth_accounts", params: [] })
      expect(accounts.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
      expect(JSON.stringify(accounts.payload).toLowerCase()).toContain(payload.address.toLowerCase())
      expect(await request(page, "RPC_REQUEST", { method: "eth_chainId", params: [] })).toEqual({
        type: "@w3m-frame/RPC_REQUEST_SUCCESS",
        payload: "0x7a69"
      })
      // Unsafe requests wait on the approval screen (frameApproval.test.ts); unknown methods are refused.
      expect(
        await request(page, "RPC_REQUEST", { method: "eth_sign", params: [payload.address, "0x00"] })
      ).toEqual({ type: "@w3m-frame/RPC_REQUEST_ERROR", payload: { message: "Unsupported method" } })
      expect(await request(page, "SET_PREFERRED_ACCOUNT", { type: "smartAccount" })).toMatchObject({
        type: "@w3m-frame/SET_PREFERRED_ACCOUNT_SUCCESS",
        payload: { type: "smartAccount" }
      })
      const smart = payload.accounts.find((a) => a.type === "smartAccount")?.address
      expect(await request(page, "GET_USER")).toMatchObject({
        payload: { address: smart, preferredAccountType: "smartAccount" }
      })
      expect(await request(page, "SWITCH_NETWORK", { chainId: "eip155:1" })).toEqual({
        type: "@w3m-frame/SWITCH_NETWORK_SUCCESS",
        payload: { chainId: "eip155:1" }
      })

      // Malformed requests are dropped unanswered.
      await hostRaw(page, { type: "@w3m-app/GET_CHAIN_ID", id: "not-hex" })
      await hostRaw(page, { type: "@w3m-app/GET_CHAIN_ID", id: "0".repeat(32), payload: "x".repeat(70_000) })
      await hostRaw(page, "@w3m-app/GET_CHAIN_ID")

      // An expired session is 'Session Expired'.
      clock += 2 * 60 * 60 * 1000
      expect(await request(page, "GET_USER")).toEqual({
        type: "@w3m-frame/GET_USER_ERROR",
        payload: { message: "Session Expired" }
      })
      clock = Date.now()
      expect(await request(page, "SIGN_OUT")).toEqual({ type: "@w3m-frame/SIGN_OUT_SUCCESS" })
      // The malformed ones above got no answer at all.
      expect((await hostState(page)).stray).toBe(0)
      expect(await request(page, "IS_CONNECTED")).toEqual({
        type: "@w3m-frame/IS_CONNECTED_SUCCESS",
        payload: { isConnected: false }
      })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("approves a new device by the mailed link, then updates the email", async () => {
    const email = newEmail()
    const first = await openHost(allowedHost())
    try {
      await waitReady(first)
      await request(first, "CONNECT_EMAIL", { email })
      expect(await request(first, "CONNECT_OTP", { otp: await codeFor(email) })).toMatchObject({
        type: "@w3m-frame/CONNECT_OTP_SUCCESS"
      })
    } finally {
      await first.close()
    }
    // Another browser context: another device id in the frame's storage.
    const page = await openHost(allowedHost())
    try {
      await waitReady(page)
      expect(await request(page, "CONNECT_EMAIL", { email })).toEqual({
        type: "@w3m-frame/CONNECT_EMAIL_SUCCESS",
        payload: { action: "VERIFY_DEVICE" }
      })
      const approved = request(page, "CONNECT_DEVICE")
      const { link } = await mailFor(email, "device-approval")
      expect((await fetch(link ?? "")).status).toBe(200)
      expect(await approved).toEqual({ type: "@w3m-frame/CONNECT_DEVICE_SUCCESS" })
      expect(await request(page, "CONNECT_OTP", { otp: await codeFor(email) })).toEqual({
        type: "@w3m-frame/CONNECT_OTP_SUCCESS"
      })

      const next = newEmail()
      expect(await request(page, "UPDATE_EMAIL", { email: next })).toEqual({
        type: "@w3m-frame/UPDATE_EMAIL_SUCCESS",
        payload: { action: "VERIFY_PRIMARY_OTP" }
      })
      expect(
        await request(page, "UPDATE_EMAIL_PRIMARY_OTP", { otp: await codeFor(email, "update-email-primary") })
      ).toEqual({
        type: "@w3m-frame/UPDATE_EMAIL_PRIMARY_OTP_SUCCESS",
        payload: { action: "VERIFY_SECONDARY_OTP" }
      })
      expect(
        await request(page, "UPDATE_EMAIL_SECONDARY_OTP", {
          otp: await codeFor(next, "update-email-secondary")
        })
      ).toEqual({ type: "@w3m-frame/UPDATE_EMAIL_SECONDARY_OTP_SUCCESS", payload: { newEmail: next } })
      expect(await request(page, "GET_USER")).toMatchObject({ payload: { email: next } })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("RELOAD abandons a half-done login and says READY again; the port still answers", async () => {
    const email = newEmail()
    const first = await openHost(allowedHost())
    try {
      await waitReady(first)
      await request(first, "CONNECT_EMAIL", { email })
      await request(first, "CONNECT_OTP", { otp: await codeFor(email) })
    } finally {
      await first.close()
    }
    // Another device: its login waits for the mailed approval, which never comes.
    const page = await openHost(allowedHost())
    try {
      await waitReady(page)
      expect(await request(page, "CONNECT_EMAIL", { email })).toMatchObject({
        payload: { action: "VERIFY_DEVICE" }
      })
      const waiting = await start(page, "CONNECT_DEVICE")
      await forgetReady(page)
      expect(await request(page, "RELOAD")).toEqual({ type: "@w3m-frame/RELOAD_SUCCESS" })
      expect(await replyOf(page, waiting)).toEqual({
        type: "@w3m-frame/CONNECT_DEVICE_ERROR",
        payload: { message: "Login abandoned", code: 4001 }
      })
      await waitReady(page)
      expect((await hostState(page)).ready).toEqual({ version: "4" })
      // The login is to start again; the port still answers.
      expect(await request(page, "CONNECT_DEVICE")).toMatchObject({
        type: "@w3m-frame/CONNECT_DEVICE_ERROR",
        payload: { message: "Invalid email (call CONNECT_EMAIL first)" }
      })
      expect(await request(page, "GET_CHAIN_ID")).toMatchObject({ type: "@w3m-frame/GET_CHAIN_ID_SUCCESS" })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("tells the app of a session changed in another tab of the site, by a label, never the token", async () => {
    const context = await browser().newContext()
    try {
      const [tab, other] = [
        await openHostOn(context, allowedHost(), auth().url),
        await openHostOn(context, allowedHost(), auth().url)
      ]
      await Promise.all([waitReady(tab), waitReady(other)])
      const email = newEmail()
      await request(tab, "CONNECT_EMAIL", { email })
      await request(tab, "CONNECT_OTP", { otp: await codeFor(email) })
      await other.waitForFunction(
        () => (window as unknown as { hostSessions: Array<unknown> }).hostSessions.length === 1
      )
      const token = await frameOf(other, auth().url).evaluate(() =>
        localStorage.getItem("@appkit-wallet/SESSION_TOKEN_KEY")
      )
      const [signedIn] = (await hostSessions(other)) as Array<{ token: string }>
      expect(signedIn?.token).toBe(
        createHash("sha256")
          .update(token ?? "")
          .digest("hex")
          .slice(0, 32)
      )
      expect(signedIn?.token).not.toBe(token)
      expect(await request(other, "IS_CONNECTED")).toMatchObject({ payload: { isConnected: true } })
      // The tab that signed in heard nothing of its own change.
      expect(await hostSessions(tab)).toEqual([])

      expect(await request(tab, "SIGN_OUT")).toEqual({ type: "@w3m-frame/SIGN_OUT_SUCCESS" })
      await other.waitForFunction(
        () => (window as unknown as { hostSessions: Array<unknown> }).hostSessions.length === 2
      )
      expect((await hostSessions(other))[1]).toEqual({
        token: createHash("sha256").update("").digest("hex").slice(0, 32)
      })
      expect(await request(other, "IS_CONNECTED")).toMatchObject({ payload: { isConnected: false } })
    } finally {
      await context.close()
    }
  }, 30_000)

  it("does not greet, nor load in, a host on another origin", async () => {
    const page = await openHost(otherHost())
    try {
      const response = await fetch(`${auth().url}/sdk?projectId=sandbox`)
      expect(response.headers.get("content-security-policy")).toContain(
        `frame-ancestors ${allowedHost().origin}`
      )
      await page.waitForTimeout(1000)
      expect(await hostState(page)).toEqual({ greeted: false, ready: undefined, refused: 0, stray: 0 })
      // The frame was blocked: no document of the auth server's origin runs in it.
      expect(page.frames().some((f) => f.url().startsWith(auth().url))).toBe(false)
    } finally {
      await page.close()
    }
  })

  it("greets nobody when opened on its own, and drops the nonce from the URL", async () => {
    const page = await browser().newPage()
    try {
      await page.goto(`${auth().url}/sdk?projectId=sandbox#nonce=${newNonce()}`)
      await page.waitForFunction(() => document.documentElement.dataset.frameState !== undefined)
      expect(await page.evaluate(() => document.documentElement.dataset.frameState)).toBe("not framed")
      expect(page.url()).not.toContain("nonce")
    } finally {
      await page.close()
    }
  })

  it("serves a CSP without inline script, default-deny framing, and never posts to '*'", async () => {
    const none = await startFrameAuthServer({ chains: [] })
    try {
      const response = await fetch(`${none.url}/sdk`)
      const csp = response.headers.get("content-security-policy") ?? ""
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("default-src 'self'")
      expect(csp).not.toContain("unsafe-inline")
      const html = await response.text()
      expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))/)
    } finally {
      await none.close()
    }
    const source = readFileSync(new URL("../../sandbox/frame/page/frame.js", import.meta.url), "utf8")
    expect(source).toContain("postMessage")
    expect(source).not.toMatch(/postMessage\([^)]*["'`]\*["'`]/)
  })
})
