/**
 * The sandbox embedded wallet's auth server (sandbox/frame, issue 14) with the social and Farcaster
 * stand-ins: every provider's round trip, one-time codes and states, allowed return origins, channels.
 */
import { describe, expect, it } from "vitest"
import { SOCIAL_PROVIDERS, startSocialStandIn } from "../../sandbox/frame/auth.mjs"
import { frameAuthWorld } from "./frameAuthWorld"
import { socialForFile } from "./sandboxWorld"

let clock = Date.now()
const { auth, closers, frame } = frameAuthWorld(() => clock)
const social = socialForFile(auth, { now: () => clock })

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
