/**
 * The frame's Approve against timing attacks (sandbox/frame/page/approval.js, steadiness.js; THREATS.md T7)
 * in chromium, against anvil, the host page on another site than the frame. Static overlays never unlock Approve (frameApproval.test.ts); these hosts
 * wait until it is unlocked and then act just before the visitor's click: they slide the frame under a
 * pointer resting on their own page, or under a pointer resting on the frame, and click 3 ms later; or
 * they draw a decoy over the frame (clicks pass through it) and click at once, 6 or 34 ms later. None of
 * these clicks approves: nothing is signed or sent, and the request still waits. A resize, or a move the
 * pointer reveals, locks Approve again until the frame has been still for 500 ms. A visitor who keeps the
 * pointer on Approve for a moment and clicks approves, and so does one who presses Enter on it.
 */
import type { Frame, Page } from "playwright-core"
import { createPublicClient, http, parseEther, toHex, verifyMessage } from "viem"
import { afterEach, describe, expect, it } from "vitest"
import {
  clickApprove,
  frameOf,
  logIn,
  openHost,
  type Reply,
  replyOf,
  request,
  STEADY_MS,
  start,
  startHost,
  waitApproval,
  waitReady
} from "./frameHost"
import { chainsForFile, chromiumForFile, frameAuthForFile, startedForFile } from "./sandboxWorld"

type Hex = `0x${string}`

const sandbox = chainsForFile()
// The host on another site than the frame, as a dapp and its wallet are: chromium then runs the frame in
// a process of its own and delivers a click to it even when the host has just moved it (a frame of the
// host's own site, in the host's process, gets no input for a while after a move).
const host = startedForFile(
  () => startHost("localhost"),
  (server) => server.close()
)
const auth = frameAuthForFile(() => ({ chains: sandbox().chains, allowedOrigins: [host().origin] }))
const browser = chromiumForFile()
const client = () => createPublicClient({ transport: http(sandbox().chains[0]!.rpcUrl), pollingInterval: 50 })

const CHAIN = "eip155:31337"
/** How long the covering host keeps its page busy after drawing the decoy. */
const BUSY_MS = 60
const ABORTED = { type: "@w3m-frame/RPC_REQUEST_ERROR", payload: { message: "Request aborted" } }

const pages: Array<Page> = []
afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()))
})

/** A host page whose frame has logged a new user in by email. */
const loggedIn = async () => {
  const page = await openHost(browser(), host(), auth().url)
  pages.push(page)
  await waitReady(page)
  const address = await logIn(page, auth().mailbox, CHAIN)
  return { page, frame: frameOf(page, auth().url), address }
}

const signPayload = (address: Hex, message: string) => ({
  method: "personal_sign",
  params: [toHex(message), address],
  chainId: CHAIN
})
const sendPayload = (address: Hex) => ({
  method: "eth_sendTransaction",
  params: [{ from: address, to: sandbox().accounts[9]!.address, value: toHex(parseEther("0.01")) }],
  chainId: CHAIN
})

/** Where the host page draws the centre of the frame's element `selector`. */
const centreOf = async (frame: Frame, selector: string) => {
  const box = await frame.locator(selector).boundingBox()
  if (box === null) throw new Error(`${selector} is not drawn`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

// Each change below resolves once the host has drawn it (two animation frames later).

/** The host slides its iframe by (dx, dy), as a clickjacking page would, and waits until it is drawn there. */
const slideFrame = (page: Page, dx: number, dy: number) =>
  page.evaluate(
    ([x, y]) => {
      const iframe = document.querySelector("iframe")
      if (iframe === null) throw new Error("no iframe")
      iframe.style.left = `${Number.parseFloat(iframe.style.left) + x}px`
      iframe.style.top = `${Number.parseFloat(iframe.style.top) + y}px`
      return new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
      )
    },
    [dx, dy] as const
  )

/**
 * The host draws an opaque decoy over its iframe that lets clicks through to it, then stays busy for
 * `busyMs` (a long task, as dapp pages have), so the decoy shows, and the frame can learn of it, only
 * after that. Resolves when the host is done; meanwhile the click comes.
 */
const coverFrame = (page: Page, busyMs: number) =>
  page.evaluate((busy) => {
    const iframe = document.querySelector("iframe")
    if (iframe === null) throw new Error("no iframe")
    const { left, top, width, height } = iframe.getBoundingClientRect()
    const decoy = document.createElement("div")
    decoy.textContent = "Click to claim your prize"
    decoy.style.cssText = `position:fixed;left:${left}px;top:${top}px;width:${width}px;height:${height}px;background:#fc0;pointer-events:none`
    document.body.append(decoy)
    const until = performance.now() + busy
    while (performance.now() < until) {
      // the long task
    }
  }, busyMs)

/** A click where the pointer rests, `afterMs` after the host's last move (0: at once). */
const clickHere = async (page: Page, afterMs: number) => {
  if (afterMs > 0) await page.waitForTimeout(afterMs)
  await page.mouse.down()
  await page.mouse.up()
}

type Outcome = { readonly reply: Reply } | { readonly refused: string } | { readonly undecided: true }

/**
 * What the click came to: the request's reply (approved), or the frame's refusal: a press it did not take
 * (`<html data-press>`: moved, unsettled, early, lost) or Approve locked again (`refused: "locked"`).
 */
const outcomeOf = (page: Page, frame: Frame, id: string): Promise<Outcome> =>
  Promise.race([
    replyOf(page, id).then((reply) => ({ reply })),
    frame
      .waitForFunction(
        () => {
          const { press, approval } = document.documentElement.dataset
          return ["moved", "unsettled", "early", "lost"].includes(press ?? "") ||
            approval === "waiting" ||
            approval === "fallback"
            ? (press ?? "locked")
            : false
        },
        undefined,
        { timeout: 10_000, polling: 20 }
      )
      .then(
        async (handle) => ({ refused: String(await handle.jsonValue()) }),
        () => ({ undecided: true as const })
      )
  ])

/** The request still waits (nothing was approved): RPC_ABORT takes it away, and its reply says so. */
const expectStillWaiting = async (page: Page, id: string) => {
  expect(await request(page, "RPC_ABORT", { id })).toEqual({ type: "@w3m-frame/RPC_ABORT_SUCCESS" })
  expect(await replyOf(page, id)).toEqual(ABORTED)
}

describe("the frame's Approve, against a host that moves or covers the frame just before a click", () => {
  it("ignores a click 3 ms after the ready frame is slid under a pointer resting on the host's page", async () => {
    const { page, frame, address } = await loggedIn()
    const id = await start(page, "RPC_REQUEST", sendPayload(address))
    await waitApproval(frame, "ready")
    // The visitor's pointer rests on the host's own button, right of the frame, while Approve stays
    // unlocked (past the moment it unlocked: only the slide is left to stop this click).
    const bait = { x: 700, y: 460 }
    await page.mouse.move(bait.x, bait.y)
    await page.waitForTimeout(STEADY_MS + 100)
    const approve = await centreOf(frame, ".approval .approve")
    await slideFrame(page, bait.x - approve.x, bait.y - approve.y)
    await clickHere(page, 3)

    expect(await outcomeOf(page, frame, id)).toEqual({ refused: "unsettled" })
    await expectStillWaiting(page, id)
    expect(await client().getTransactionCount({ address })).toBe(0)
  }, 30_000)

  it("ignores a click 3 ms after the frame is slid so that Approve comes under a pointer resting on Reject", async () => {
    const { page, frame, address } = await loggedIn()
    await slideFrame(page, 400, 0)
    const id = await start(page, "RPC_REQUEST", signPayload(address, "slide me"))
    await waitApproval(frame, "ready")
    await frame.locator(".approval .reject").hover()
    await page.waitForTimeout(STEADY_MS + 100)
    const reject = await centreOf(frame, ".approval .reject")
    const approve = await centreOf(frame, ".approval .approve")
    await slideFrame(page, reject.x - approve.x, reject.y - approve.y)
    await clickHere(page, 3)

    expect(await outcomeOf(page, frame, id)).toEqual({ refused: "moved" })
    await expectStillWaiting(page, id)
  }, 30_000)

  for (const afterMs of [0, 6, 34])
    it(`ignores a click ${afterMs} ms after the host covers the ready frame with a decoy`, async () => {
      const { page, frame, address } = await loggedIn()
      const id = await start(page, "RPC_REQUEST", signPayload(address, "cover me"))
      await waitApproval(frame, "ready")
      // The pointer has rested on Approve long enough, so only the cover can stop this click.
      await frame.locator(".approval .approve").hover()
      await page.waitForTimeout(STEADY_MS + 100)
      const covered = coverFrame(page, BUSY_MS)
      await clickHere(page, afterMs)
      await covered

      expect(await outcomeOf(page, frame, id)).toMatchObject({ refused: expect.any(String) })
      await expectStillWaiting(page, id)
    }, 30_000)

  it("locks Approve again when the host resizes the frame or slides it under the pointer, until it is still again", async () => {
    const { page, frame, address } = await loggedIn()
    const id = await start(page, "RPC_REQUEST", signPayload(address, "hold still"))
    await waitApproval(frame, "ready")
    await frame.evaluate(() => {
      const seen: Array<string | undefined> = []
      Object.assign(window, { approvalsSeen: seen })
      new MutationObserver(() => seen.push(document.documentElement.dataset.approval)).observe(
        document.documentElement,
        { attributeFilter: ["data-approval"] }
      )
    })
    const lockedAgain = () =>
      frame.waitForFunction(
        () => {
          const seen = (window as unknown as { approvalsSeen: Array<string> }).approvalsSeen
          return seen.includes("waiting") && seen.at(-1) === "ready" && seen.splice(0).length > 0
        },
        undefined,
        { timeout: 10_000 }
      )

    await page.evaluate(() => {
      const iframe = document.querySelector("iframe")
      if (iframe !== null) iframe.style.width = "340px"
    })
    await lockedAgain()

    // A move shows at the pointer's next sample over the frame.
    await frame.locator(".approval h1").hover()
    await slideFrame(page, 30, 0)
    await page.mouse.move(300, 60)
    await lockedAgain()

    await clickApprove(frame)
    expect((await replyOf(page, id)).type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
  }, 30_000)

  it("approves from the keyboard: Enter on Approve once it has been unlocked a moment", async () => {
    const { page, frame, address } = await loggedIn()
    const id = await start(page, "RPC_REQUEST", signPayload(address, "typed"))
    await waitApproval(frame, "ready")
    await frame.locator(".approval .approve").focus()
    await page.waitForTimeout(STEADY_MS)
    await page.keyboard.press("Enter")
    const reply = await replyOf(page, id)
    expect(reply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
    expect(await verifyMessage({ address, message: "typed", signature: reply.payload as Hex })).toBe(true)
  }, 30_000)

  it("approves for a visitor who keeps the pointer on Approve a moment, then clicks", async () => {
    const { page, frame, address } = await loggedIn()
    const id = await start(page, "RPC_REQUEST", signPayload(address, "I mean it"))
    await clickApprove(frame)
    const reply = await replyOf(page, id)
    expect(reply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
    expect(await verifyMessage({ address, message: "I mean it", signature: reply.payload as Hex })).toBe(true)
  }, 30_000)
})
