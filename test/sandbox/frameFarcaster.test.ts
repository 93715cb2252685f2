/**
 * The frame page (sandbox/frame/page) in chromium, without a chain: Farcaster sign-in (GET_FARCASTER_URI,
 * the stand-in's page approved in another tab, CONNECT_FARCASTER answering the user), and THREATS.md R11 on
 * the frame's side: every forged message on its port (the wrong shape, a name outside the protocol, over
 * 64 KiB, a bad id, a replayed id) is dropped unanswered and counted on `<html data-dropped>`.
 */
import type { Frame, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { frameOf, hostRaw, hostState, openHost, replyOf, request, start, waitReady } from "./frameHost"
import { frameWorld, socialForFile } from "./sandboxWorld"

const { host, auth, browser } = frameWorld()
const social = socialForFile(auth)

const ready = async (): Promise<Page> => {
  const page = await openHost(browser(), host(), auth().url)
  await waitReady(page)
  return page
}

/** Approves the stand-in's Farcaster page at `url` as `userName` (its form, posted directly). */
const approveFarcaster = async (url: string, userName: string) => {
  const channel = new URL(url).searchParams.get("channel") ?? ""
  const response = await fetch(`${social().url}/farcaster/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ channel, username: userName })
  })
  expect(response.status).toBe(200)
}

const dropped = (frame: Frame) => frame.evaluate(() => Number(document.documentElement.dataset.dropped))

describe("Farcaster sign-in through the frame", () => {
  it("gives the stand-in's page, waits for its approval and answers the user", async () => {
    const page = await ready()
    try {
      expect(await request(page, "CONNECT_FARCASTER")).toEqual({
        type: "@w3m-frame/CONNECT_FARCASTER_ERROR",
        payload: { message: "Invalid channel (call GET_FARCASTER_URI first)" }
      })
      const uri = await request(page, "GET_FARCASTER_URI")
      expect(uri.type).toBe("@w3m-frame/GET_FARCASTER_URI_SUCCESS")
      const { url } = uri.payload as { url: string }
      expect(url).toMatch(new RegExp(`^${social().url}/farcaster/connect\\?channel=[0-9a-f]{64}$`))

      const waiting = await start(page, "CONNECT_FARCASTER")
      // A second wait on the same channel is refused while the first runs.
      expect(await request(page, "CONNECT_FARCASTER")).toEqual({
        type: "@w3m-frame/CONNECT_FARCASTER_ERROR",
        payload: { message: "Already waiting for Farcaster" }
      })
      const phone = await browser().newPage()
      try {
        await phone.goto(url)
        await phone.getByLabel("Username").fill("carol-fc")
        await phone.getByRole("button", { name: "Approve" }).click()
        await phone.getByText("Approved as @carol-fc").waitFor()
      } finally {
        await phone.close()
      }
      const user = await replyOf(page, waiting)
      expect(user.type).toBe("@w3m-frame/CONNECT_FARCASTER_SUCCESS")
      expect(user.payload).toMatchObject({
        email: null,
        userName: "carol-fc",
        chainId: "eip155:31337",
        preferredAccountType: "eoa"
      })
      expect((user.payload as { address: string }).address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(await request(page, "IS_CONNECTED")).toMatchObject({ payload: { isConnected: true } })
    } finally {
      await page.close()
    }
  }, 30_000)

  it("gives up after 25 s without an approval", async () => {
    const page = await ready()
    try {
      await request(page, "GET_FARCASTER_URI")
      const began = Date.now()
      expect(await request(page, "CONNECT_FARCASTER", undefined, 40_000)).toEqual({
        type: "@w3m-frame/CONNECT_FARCASTER_ERROR",
        payload: { message: "Farcaster login timed out" }
      })
      expect(Date.now() - began).toBeGreaterThanOrEqual(24_000)
    } finally {
      await page.close()
    }
  }, 45_000)
})

describe("forged messages on the frame's port", () => {
  it("drops and counts each one, and never answers a replayed id", async () => {
    const page = await ready()
    try {
      const frame = frameOf(page, auth().url)
      expect(await dropped(frame)).toBe(0)
      const answered = await start(page, "GET_CHAIN_ID")
      expect(await replyOf(page, answered)).toEqual({
        type: "@w3m-frame/GET_CHAIN_ID_SUCCESS",
        payload: { chainId: "eip155:31337" }
      })
      const id = "0123456789abcdef0123456789abcdef"
      const forgeries = [
        "@w3m-app/GET_CHAIN_ID", // not an envelope
        { type: "@w3m-app/GET_CHAIN_ID" }, // no id
        { type: "@w3m-app/GET_CHAIN_ID", id: "not-hex" }, // a bad id
        { type: "@w3m-frame/GET_CHAIN_ID", id }, // the frame's own prefix
        { type: "@w3m-app/EXPORT_PRIVATE_KEY", id }, // a name outside the protocol
        { type: "@w3m-app/GET_CHAIN_ID", id, payload: "x".repeat(70_000) }, // over 64 KiB
        { type: "@w3m-app/GET_CHAIN_ID", id: answered } // a replay of an answered request
      ]
      for (const forgery of forgeries) await hostRaw(page, forgery)
      await frame.waitForFunction(
        (n) => Number(document.documentElement.dataset.dropped) >= n,
        forgeries.length
      )
      // A request with a fresh id is still answered, and after it nothing stray arrived.
      expect(await request(page, "GET_CHAIN_ID")).toMatchObject({ type: "@w3m-frame/GET_CHAIN_ID_SUCCESS" })
      expect(await dropped(frame)).toBe(forgeries.length)
      expect((await hostState(page)).stray).toBe(0)

      // An id the frame has seen is dropped even while its request is still running: the waiting
      // CONNECT_FARCASTER gets its own answer, not GET_CHAIN_ID's.
      const { url } = (await request(page, "GET_FARCASTER_URI")).payload as { url: string }
      const pending = await start(page, "CONNECT_FARCASTER")
      await hostRaw(page, { type: "@w3m-app/GET_CHAIN_ID", id: pending })
      await frame.waitForFunction(
        (n) => Number(document.documentElement.dataset.dropped) === n,
        forgeries.length + 1
      )
      await approveFarcaster(url, "dave-fc")
      expect(await replyOf(page, pending)).toMatchObject({
        type: "@w3m-frame/CONNECT_FARCASTER_SUCCESS",
        payload: { userName: "dave-fc" }
      })
      expect(await dropped(frame)).toBe(forgeries.length + 1)
      expect((await hostState(page)).stray).toBe(0)
    } finally {
      await page.close()
    }
  }, 30_000)
})
