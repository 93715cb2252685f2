/**
 * Social sign-in through the frame (sandbox/frame/page/logins.js, callback.js) in chromium, against anvil:
 * the frame asks the auth server for the stand-in's page, the host opens it in a popup, the stand-in sends
 * the popup back to the frame origin's callback page, which posts the URL to the app origin bound to the
 * state (and only there); the host hands it to the frame (CONNECT_SOCIAL) and gets the user. A cancel is
 * 4001; a state never issued, or a popup without opener, posts nothing. Then the smart account's networks.
 */
import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { openHost, openPopup, request, socialResults, waitReady } from "./frameHost"
import { chainsForFile, frameWorld, socialForFile } from "./sandboxWorld"

const sandbox = chainsForFile()
const { host, auth, browser } = frameWorld(() => sandbox().chains)
const social = socialForFile(auth)

const hex64 = () => randomBytes(32).toString("hex")

const ready = async (): Promise<Page> => {
  const page = await openHost(browser(), host(), auth().url)
  await waitReady(page)
  return page
}

/** GET_SOCIAL_REDIRECT_URI's uri, checked: the stand-in's page coming back to the frame's callback. */
const redirectUri = async (page: Page, provider: string): Promise<URL> => {
  const reply = await request(page, "GET_SOCIAL_REDIRECT_URI", { provider })
  expect(reply.type).toBe("@w3m-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS")
  const uri = new URL((reply.payload as { uri: string }).uri)
  expect(uri.origin + uri.pathname).toBe(`${social().url}/${provider}/authorize`)
  expect(uri.searchParams.get("redirect_uri")).toBe(`${auth().url}/social/callback`)
  expect(uri.searchParams.get("state")).toMatch(/^[0-9a-f]{64}$/)
  return uri
}

/** Opens the stand-in in the host's popup, clicks `button` and waits for the callback page's verdict. */
const throughPopup = async (page: Page, uri: URL, button: string): Promise<Page> => {
  const popup = await openPopup(page, uri.href)
  await popup.getByRole("button", { name: button, exact: true }).click()
  await popup.waitForURL(`${auth().url}/social/callback**`)
  await popup.waitForFunction(() => document.documentElement.dataset.posted !== undefined)
  return popup
}

const statusText = (popup: Page) => popup.locator("#status").textContent()

describe("social sign-in through the frame", () => {
  it("logs in with two providers by the host's popup, then reports the smart account", async () => {
    for (const [provider, name] of [
      ["google", "alice-google"],
      ["github", "bob-github"]
    ] as const) {
      const page = await ready()
      try {
        const popup = await throughPopup(page, await redirectUri(page, provider), `Continue as ${name}`)
        expect(await statusText(popup)).toBe("You can close this window")
        // The one-time code left the popup's address bar once read.
        expect(popup.url()).toBe(`${auth().url}/social/callback`)
        await popup.close()
        // A RESULT from a window other than the popup (here the host itself) is refused.
        await page.evaluate(() =>
          window.postMessage(
            { type: "@w3m-social/RESULT", resultUri: "http://forged.invalid/" },
            location.origin
          )
        )
        await page.waitForFunction(
          () => (window as unknown as { hostSocial: { refused: number } }).hostSocial.refused > 0
        )
        const { results, refused } = await socialResults(page)
        expect(refused).toBe(1)
        expect(results).toHaveLength(1)
        const result = new URL(results[0]!)
        expect(result.origin + result.pathname).toBe(`${auth().url}/social/callback`)
        expect(result.searchParams.get("provider")).toBe(provider)

        const user = await request(page, "CONNECT_SOCIAL", { uri: results[0] })
        expect(user.type).toBe("@w3m-frame/CONNECT_SOCIAL_SUCCESS")
        expect(user.payload).toMatchObject({
          email: null,
          userName: name,
          chainId: "eip155:31337",
          smartAccountDeployed: false,
          preferredAccountType: "eoa"
        })
        const payload = user.payload as {
          address: string
          accounts: Array<{ address: string; type: string }>
        }
        expect(payload.accounts.map((a) => a.type).sort()).toEqual(["eoa", "smartAccount"])
        expect(await request(page, "IS_CONNECTED")).toMatchObject({ payload: { isConnected: true } })
        // The code works once.
        expect(await request(page, "CONNECT_SOCIAL", { uri: results[0] })).toEqual({
          type: "@w3m-frame/CONNECT_SOCIAL_ERROR",
          payload: { message: "invalid state" }
        })

        expect(await request(page, "GET_SMART_ACCOUNT_ENABLED_NETWORKS")).toEqual({
          type: "@w3m-frame/GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS",
          payload: { smartAccountEnabledNetworks: sandbox().chains.map((c) => c.chainId) }
        })
        expect(await request(page, "INIT_SMART_ACCOUNT")).toEqual({
          type: "@w3m-frame/INIT_SMART_ACCOUNT_SUCCESS",
          payload: {
            address: payload.accounts.find((a) => a.type === "smartAccount")?.address,
            isDeployed: false
          }
        })
      } finally {
        await page.close()
      }
    }
    expect(sandbox().chains.map((c) => c.chainId)).toContain(31337)
  }, 60_000)

  it("answers a cancel on the stand-in with 4001, and refuses another origin's URL", async () => {
    const page = await ready()
    try {
      const popup = await throughPopup(page, await redirectUri(page, "discord"), "Cancel")
      expect(await statusText(popup)).toBe("You can close this window")
      await popup.close()
      const { results } = await socialResults(page)
      expect(new URL(results[0]!).searchParams.get("error")).toBe("access_denied")
      expect(await request(page, "CONNECT_SOCIAL", { uri: results[0] })).toEqual({
        type: "@w3m-frame/CONNECT_SOCIAL_ERROR",
        payload: { message: "Social login cancelled", code: 4001 }
      })
      const elsewhere = `${host().origin}/social/callback?state=${hex64()}&provider=google&code=${hex64()}`
      expect(await request(page, "CONNECT_SOCIAL", { uri: elsewhere })).toEqual({
        type: "@w3m-frame/CONNECT_SOCIAL_ERROR",
        payload: { message: "Invalid uri" }
      })
      expect(await request(page, "GET_SOCIAL_REDIRECT_URI", { provider: "myspace" })).toEqual({
        type: "@w3m-frame/GET_SOCIAL_REDIRECT_URI_ERROR",
        payload: { message: "Invalid provider" }
      })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("posts nothing for a state never issued, nor without an opener", async () => {
    const page = await ready()
    try {
      const forged = `${auth().url}/social/callback?state=${hex64()}&provider=google&code=${hex64()}`
      const popup = await openPopup(page, forged)
      await popup.waitForLoadState()
      expect(await statusText(popup)).toBe(
        "This sign-in is unknown or has expired. Close this window and try again."
      )
      // The error page carries no script at all.
      expect(await popup.locator("script").count()).toBe(0)
      await popup.close()

      // A state that was issued, opened without an opener (not by the app): nothing is posted either.
      const state = (await redirectUri(page, "x")).searchParams.get("state")
      const alone = await browser().newPage()
      try {
        await alone.goto(`${auth().url}/social/callback?state=${state}&provider=x&code=${hex64()}`)
        await alone.waitForFunction(() => document.documentElement.dataset.posted !== undefined)
        expect(await alone.evaluate(() => document.documentElement.dataset.posted)).toBe("false")
        expect(await statusText(alone)).toContain("not opened by an app")
      } finally {
        await alone.close()
      }
      await page.waitForTimeout(300)
      expect(await socialResults(page)).toEqual({ results: [], refused: 0 })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("binds only an allowed app origin to a state, and serves the callback under a strict CSP", async () => {
    const start = (appOrigin: string) =>
      fetch(`${auth().url}/auth/social/start`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-device-id": "device-0123456789abcdef" },
        body: JSON.stringify({ provider: "google", returnUrl: `${auth().url}/social/callback`, appOrigin })
      })
    const refused = await start("http://127.0.0.1:9")
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: "app origin not allowed" })
    expect((await start(`${host().origin}/path`)).status).toBe(400)
    const { uri } = (await (await start(host().origin)).json()) as { uri: string }
    const state = new URL(uri).searchParams.get("state")
    const page = await fetch(`${auth().url}/social/callback?state=${state}&provider=google&code=${hex64()}`)
    expect(page.status).toBe(200)
    expect(page.headers.get("referrer-policy")).toBe("no-referrer")
    const csp = page.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain("unsafe-inline")
    const html = await page.text()
    expect(html).toContain(JSON.stringify({ appOrigin: host().origin }))
    expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))/)
    const script = readFileSync(new URL("../../sandbox/frame/page/callback.js", import.meta.url), "utf8")
    expect(script).toContain("postMessage")
    expect(script).not.toMatch(/postMessage\([^)]*["'`]\*["'`]/)
  })
})
