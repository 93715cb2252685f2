/**
 * The approval screen's popup fallback (sandbox/frame/page/approval.js, reviewWindow.js, review.js;
 * THREATS.md T7) in chromium, against anvil: a frame that cannot prove it is seen (no IntersectionObserver
 * v2, or covered for 2 s) keeps Approve locked and offers "Review in a new window"; the window, top-level on
 * the frame's origin, gets the request from the frame, enables Approve after 500 ms for trusted clicks, and
 * its answer settles the RPC request like the frame's own buttons. Only the window the frame opened, under
 * the request's id, answers, once; RPC_ABORT closes it.
 */
import type { BrowserContext, Frame, Page } from "playwright-core"
import { toHex, verifyMessage } from "viem"
import { afterEach, describe, expect, it } from "vitest"
import { frameOf, newEmail, openHost, openPopup, replyOf, request, start, waitReady } from "./frameHost"
import { chainsForFile, frameWorld } from "./sandboxWorld"

type Hex = `0x${string}`

const sandbox = chainsForFile()
const { host, auth, browser } = frameWorld(() => sandbox().chains)
const contexts: Array<BrowserContext> = []

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()))
})

const CHAIN = "eip155:31337"
const ANSWER = "@airlock-review/ANSWER"
const REJECTED = {
  type: "@w3m-frame/RPC_REQUEST_ERROR",
  payload: { message: "User rejected the request", code: 4001 }
}

/**
 * A host page, in a browser context of its own, whose frame has logged a new user in by email. `noIoV2`
 * takes IntersectionObserver v2 away from the frame's origin only (the host page keeps it).
 */
const loggedIn = async (options: { readonly overlay?: boolean; readonly noIoV2?: boolean } = {}) => {
  const context = await browser().newContext()
  contexts.push(context)
  if (options.noIoV2)
    await context.addInitScript((frameOrigin) => {
      if (location.origin === frameOrigin)
        delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
    }, new URL(auth().url).origin)
  const page = await openHost(context, host(), auth().url, { overlay: options.overlay === true })
  await waitReady(page)
  const email = newEmail()
  await request(page, "CONNECT_EMAIL", { email })
  const otp = auth().mailbox.list(email).at(-1)?.code
  expect(await request(page, "CONNECT_OTP", { otp })).toEqual({ type: "@w3m-frame/CONNECT_OTP_SUCCESS" })
  const user = await request(page, "GET_USER", { chainId: CHAIN })
  const address = (user.payload as { address: Hex }).address
  return { context, page, frame: frameOf(page, auth().url), address }
}

const signPayload = (address: Hex, message: string) => ({
  method: "personal_sign",
  params: [toHex(message), address],
  chainId: CHAIN
})
const approval = (target: Frame | Page) => target.evaluate(() => document.documentElement.dataset.approval)
const waitApproval = (target: Frame | Page, state: string, timeout = 5_000) =>
  target.waitForFunction((s) => document.documentElement.dataset.approval === s, state, { timeout })

/** The review window a real click on the frame's offer opens. */
const openReview = async (context: BrowserContext, frame: Frame): Promise<Page> => {
  const opened = context.waitForEvent("page")
  await frame.locator(".approval .review").click()
  const popup = await opened
  await popup.waitForLoadState()
  return popup
}

/** Posts an answer to the window's opener as the review page's own script would. */
const postAnswer = (popup: Page, requestId: string, answer: string) =>
  popup.evaluate(
    ([type, id, a]) => window.opener.postMessage({ type, request: id, answer: a }, location.origin),
    [ANSWER, requestId, answer] as const
  )
const requestIdOf = (popup: Page) => new URL(popup.url()).searchParams.get("request") ?? ""

describe("the approval screen's review window", () => {
  it("is offered without IntersectionObserver v2 and signs after Approve there", async () => {
    const { context, page, frame, address } = await loggedIn({ noIoV2: true })
    const id = await start(page, "RPC_REQUEST", signPayload(address, "Hello from the popup"))
    await waitApproval(frame, "fallback")
    expect(await frame.locator(".approval .approve").isDisabled()).toBe(true)
    expect(await frame.locator(".approval .status").textContent()).toContain(
      "cannot prove this window is visible"
    )

    // A script's click opens nothing.
    await frame.evaluate(() => document.querySelector<HTMLButtonElement>(".approval .review")?.click())
    await page.waitForTimeout(300)
    expect(context.pages()).toHaveLength(1)

    const popup = await openReview(context, frame)
    expect(popup.url()).toMatch(new RegExp(`^${auth().url}/sdk/approve\\?request=[0-9a-f]{32}$`))
    expect(await frame.locator(".approval .status").textContent()).toContain("Answer in the new window")
    // The request shows with Approve still settling (checked on the first frame that draws it).
    const first = await popup.waitForFunction(() => {
      const approve = document.querySelector<HTMLButtonElement>(".approval .approve")
      return approve === null
        ? false
        : { state: document.documentElement.dataset.approval, off: approve.disabled }
    })
    expect(await first.jsonValue()).toEqual({ state: "waiting", off: true })
    await waitApproval(popup, "ready")
    const shown = (await popup.locator(".approval").textContent()) ?? ""
    expect(shown).toContain("Hello from the popup")
    expect(shown).toContain(`Requested by ${host().origin}`)
    expect(shown).toContain(CHAIN)
    expect(await approval(frame)).toBe("fallback")

    await popup.evaluate(() => document.querySelector<HTMLButtonElement>(".approval .approve")?.click())
    expect(await approval(popup)).toBe("ready")

    const closed = popup.waitForEvent("close")
    await popup.locator(".approval .approve").click()
    const reply = await replyOf(page, id)
    expect(reply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
    expect(
      await verifyMessage({ address, message: "Hello from the popup", signature: reply.payload as Hex })
    ).toBe(true)
    await closed
    expect(await approval(frame)).toBe("none")
  }, 30_000)

  it("is offered after 2 s under an overlay, and Reject there answers 4001", async () => {
    const { context, page, frame, address } = await loggedIn({ overlay: true })
    const id = await start(page, "RPC_REQUEST", signPayload(address, "covered"))
    await waitApproval(frame, "waiting")
    await page.waitForTimeout(1_000)
    expect(await approval(frame)).toBe("waiting")
    expect(await frame.locator(".approval .review").count()).toBe(0)
    await waitApproval(frame, "fallback", 3_000)
    expect(await frame.locator(".approval .approve").isDisabled()).toBe(true)
    expect(await frame.locator(".approval .status").textContent()).toContain("has not been fully visible")

    // The visitor's click reaches the frame through the overlay, which still covers it: Approve stays locked.
    await page.evaluate(() => {
      const cover = document.querySelector<HTMLElement>("body > div")
      if (cover !== null) cover.style.pointerEvents = "none"
    })
    const popup = await openReview(context, frame)
    await waitApproval(popup, "ready")
    expect(await approval(frame)).toBe("fallback")
    const closed = popup.waitForEvent("close")
    await popup.locator(".approval .reject").click()
    expect(await replyOf(page, id)).toEqual(REJECTED)
    await closed
    expect(await approval(frame)).toBe("none")
  }, 30_000)

  it("takes one answer, from the window the frame opened and under its id only", async () => {
    const { context, page, frame, address } = await loggedIn({ noIoV2: true })
    const id = await start(page, "RPC_REQUEST", signPayload(address, "answer me once"))
    await waitApproval(frame, "fallback")
    const popup = await openReview(context, frame)
    await waitApproval(popup, "ready")
    const requestId = requestIdOf(popup)
    expect(requestId).toMatch(/^[0-9a-f]{32}$/)

    // Another tab, even knowing the id, opens the review page: it gets no request and reaches no frame.
    const other = await openHost(context, host(), auth().url)
    await waitReady(other)
    const forged = await openPopup(other, `${auth().url}/sdk/approve?request=${requestId}`)
    await forged.waitForLoadState()
    await forged.waitForTimeout(700)
    expect(await approval(forged)).toBe("waiting")
    expect(await forged.locator(".approval .approve").count()).toBe(0)
    await postAnswer(forged, requestId, "approve")
    await forged.evaluate(
      ([type, id]) => {
        window.opener.postMessage({ type, request: id, answer: "approve" }, "*")
        // The other tab's own frame is of the same origin, but not the one waiting.
        window.opener.frames[0]?.postMessage({ type, request: id, answer: "approve" }, location.origin)
      },
      [ANSWER, requestId] as const
    )
    // Opened by nobody: it says so.
    const orphan = await context.newPage()
    await orphan.goto(`${auth().url}/sdk/approve?request=${requestId}`)
    expect(await orphan.locator(".status").textContent()).toContain("not opened by the wallet")

    // The frame's own window, under another id, is not heard either.
    await postAnswer(popup, "0".repeat(32), "approve")
    await page.waitForTimeout(300)
    expect(await approval(frame)).toBe("fallback")

    // Two answers at once: the first settles the request, the second is dropped.
    const closed = popup.waitForEvent("close")
    await popup.evaluate(
      ([type, id]) => {
        window.opener.postMessage({ type, request: id, answer: "reject" }, location.origin)
        window.opener.postMessage({ type, request: id, answer: "approve" }, location.origin)
      },
      [ANSWER, requestId] as const
    )
    expect(await replyOf(page, id)).toEqual(REJECTED)
    await closed
    expect(await approval(frame)).toBe("none")
  }, 30_000)

  it("leaves the request waiting when the window is closed, and RPC_ABORT closes the reopened one", async () => {
    const { context, page, frame, address } = await loggedIn({ noIoV2: true })
    const id = await start(page, "RPC_REQUEST", signPayload(address, "abort me"))
    await waitApproval(frame, "fallback")
    const first = await openReview(context, frame)
    await waitApproval(first, "ready")
    await first.close()
    await page.waitForTimeout(300)
    expect(await approval(frame)).toBe("fallback")

    const second = await openReview(context, frame)
    expect(requestIdOf(second)).toBe(requestIdOf(first))
    await waitApproval(second, "ready")
    const closed = second.waitForEvent("close")
    expect(await request(page, "RPC_ABORT", { id })).toEqual({ type: "@w3m-frame/RPC_ABORT_SUCCESS" })
    expect(await replyOf(page, id)).toEqual({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { message: "Request aborted" }
    })
    await closed
    expect(await approval(frame)).toBe("none")
  }, 30_000)

  it("serves the review page without inline script, never framed", async () => {
    const response = await fetch(`${auth().url}/sdk/approve?request=${"a".repeat(32)}`)
    expect(response.status).toBe(200)
    const csp = response.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("unsafe-inline")
    expect(await response.text()).not.toMatch(/<script(?![^>]*src=)/)
  })
})
