/**
 * startDemo's embedded-wallet world (sandbox/host/serve.mjs): the frame (page and auth server) and the social
 * stand-in run on origins of their own, the page's config names them, the frame may be framed by the demo's
 * origin alone, the demo's CSP lets it frame them, and the stand-in returns to the demo's origin. Against
 * the demo the browser tests run on (test/e2e/globalSetup.ts).
 */
import { randomBytes } from "node:crypto"
import { describe, expect, inject, it } from "vitest"
import { contentSecurityPolicy } from "../../sandbox/host/staticServer.mjs"

const demo = { url: inject("demoUrl"), frameUrl: inject("frameUrl"), socialUrl: inject("socialUrl") }
const demoOrigin = new URL(demo.url).origin

const LOOPBACK_ORIGIN = /^http:\/\/127\.0\.0\.1:\d{1,5}$/

describe("startDemo's frame and social stand-in", () => {
  it("runs them on origins of their own and names them in the sandbox config", async () => {
    expect(demo.frameUrl).toMatch(LOOPBACK_ORIGIN)
    expect(demo.socialUrl).toMatch(LOOPBACK_ORIGIN)
    expect(new Set([demoOrigin, demo.frameUrl, demo.socialUrl]).size).toBe(3)
    const script = await (await fetch(new URL("/sandbox-config.js", demo.url))).text()
    expect(script).toContain(demo.frameUrl)
    expect(script).toContain(demo.socialUrl)
  })

  it("serves the frame page framable by the demo's origin only, and the demo may frame it", async () => {
    const frame = await fetch(`${demo.frameUrl}/sdk?projectId=sandbox`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get("content-security-policy")).toContain(`frame-ancestors ${demoOrigin}`)
    // The auth server takes calls from the demo's origin, and from no other.
    const session = (origin: string) =>
      fetch(`${demo.frameUrl}/auth/session`, { headers: { origin } }).then((r) => r.status)
    expect(await session(demoOrigin)).toBe(401)
    expect(await session("http://127.0.0.1:9")).toBe(403)
    // The demo's pages are served under this policy (the built page itself may be absent here).
    expect(contentSecurityPolicy).toMatch(/frame-src [^;]*http:\/\/127\.0\.0\.1:\*/)
  })

  it("lets the stand-in send a sign-in back to the demo's origin, and nowhere else", async () => {
    const state = randomBytes(32).toString("hex")
    const authorize = (returnUrl: string) =>
      fetch(
        `${demo.socialUrl}/google/authorize?${new URLSearchParams({ redirect_uri: returnUrl, state })}`
      ).then((r) => r.status)
    expect(await authorize(`${demoOrigin}/social-return`)).toBe(200)
    expect(await authorize(`${demo.frameUrl}/social-return`)).toBe(200)
    expect(await authorize("http://127.0.0.1:9/social-return")).toBe(400)
  })
})
