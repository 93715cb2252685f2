/**
 * The embedded-wallet frame's approval screen (sandbox/frame/page/approval.js, THREATS.md T7) in chromium,
 * against anvil: an unsafe request waits on the frame's own screen, whose Approve works only after
 * IntersectionObserver v2 has seen the frame fully visible for 500 ms and only for a trusted click (a
 * visitor's: the pointer rests on Approve a moment first; frameApprovalTiming.test.ts for hosts that move
 * or cover the frame just before a click); Reject
 * answers 4001; a host laying a nearly transparent element over the frame never gets Approve enabled;
 * RPC_ABORT takes the screen away; read-only methods are answered by the chain without a screen.
 */
import type { Frame, Page } from "playwright-core"
import { createPublicClient, http, parseEther, toHex, verifyMessage } from "viem"
import { afterAll, describe, expect, it } from "vitest"
import {
  clickApprove,
  frameOf,
  newEmail,
  openHost,
  type Reply,
  replyOf,
  request,
  start,
  waitReady
} from "./frameHost"
import { chainsForFile, frameWorld } from "./sandboxWorld"

type Hex = `0x${string}`

const sandbox = chainsForFile()
const { host, auth, browser } = frameWorld(() => sandbox().chains)
const client = () => createPublicClient({ transport: http(sandbox().chains[0]!.rpcUrl), pollingInterval: 50 })

const CHAIN = "eip155:31337"

/** A host page whose frame has logged a new user in by email; the user's address. */
const loggedIn = async (options: { readonly overlay?: boolean } = {}) => {
  const page = await openHost(browser(), host(), auth().url, options)
  await waitReady(page)
  const email = newEmail()
  await request(page, "CONNECT_EMAIL", { email })
  const otp = auth().mailbox.list(email).at(-1)?.code
  expect(await request(page, "CONNECT_OTP", { otp })).toEqual({ type: "@w3m-frame/CONNECT_OTP_SUCCESS" })
  const user = await request(page, "GET_USER", { chainId: CHAIN })
  const address = (user.payload as { address: Hex }).address
  return { page, frame: frameOf(page, auth().url), address }
}

const approval = (frame: Frame) => frame.evaluate(() => document.documentElement.dataset.approval)
const waitApproval = (frame: Frame, state: string) =>
  frame.waitForFunction((s) => document.documentElement.dataset.approval === s, state, { timeout: 5_000 })
/** The screen is gone and the frame draws nothing again. */
const expectCleared = async (frame: Frame) => {
  expect(await approval(frame)).toBe("none")
  expect(
    await frame.evaluate(() => ({
      screens: document.querySelectorAll(".approval").length,
      background: getComputedStyle(document.body).backgroundColor
    }))
  ).toEqual({ screens: 0, background: "rgba(0, 0, 0, 0)" })
}
const signPayload = (address: Hex, message: string) => ({
  method: "personal_sign",
  params: [toHex(message), address],
  chainId: CHAIN
})

describe("the frame's approval screen", () => {
  let page: Page | undefined
  afterAll(() => page?.close())

  it("signs after Approve, once the frame has been seen, and only for a trusted click", async () => {
    const session = await loggedIn()
    page = session.page
    const { frame, address } = session
    const id = await start(page, "RPC_REQUEST", signPayload(address, "Hello Airlock\nline two"))
    await waitApproval(frame, "ready")
    const shown = (await frame.locator(".approval").textContent()) ?? ""
    expect(shown).toContain("Hello Airlock\nline two")
    expect(shown).toContain(`Requested by ${host().origin}`)
    expect(shown).toContain(CHAIN)

    // A click the page's script makes is not the visitor's.
    await frame.evaluate(() => document.querySelector<HTMLButtonElement>(".approval .approve")?.click())
    expect(await approval(frame)).toBe("ready")

    await clickApprove(frame)
    const reply = await replyOf(page, id)
    expect(reply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
    const signature = reply.payload as Hex
    expect(await verifyMessage({ address, message: "Hello Airlock\nline two", signature })).toBe(true)
    await expectCleared(frame)
    await page.close()
  }, 30_000)

  it("answers 4001 on Reject, and refuses a second request while one waits", async () => {
    const { page: p, frame, address } = await loggedIn()
    page = p
    const typedData = {
      domain: { name: "Permit Shop", version: "1", chainId: 31337 },
      types: { Order: [{ name: "amount", type: "uint256" }] },
      primaryType: "Order",
      message: { amount: "5" }
    }
    const id = await start(page, "RPC_REQUEST", {
      method: "eth_signTypedData_v4",
      params: [address, JSON.stringify(typedData)],
      chainId: CHAIN
    })
    await waitApproval(frame, "waiting")
    const shown = (await frame.locator(".approval").textContent()) ?? ""
    expect(shown).toContain("Permit Shop")
    expect(shown).toContain("Order")

    expect(await request(page, "RPC_REQUEST", signPayload(address, "second"))).toEqual({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { message: "Another request is waiting for approval" }
    })
    // Chromium itself may drop a click on a cross-origin frame whose content has only just been laid out;
    // a visitor reads the screen first, and so does the test.
    await waitApproval(frame, "ready")
    await frame.locator(".approval .reject").click()
    expect(await replyOf(page, id)).toEqual({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { message: "User rejected the request", code: 4001 }
    })
    await expectCleared(frame)
    await page.close()
  }, 30_000)

  it("keeps Approve disabled while the host lays an element over the frame", async () => {
    const { page: p, frame, address } = await loggedIn({ overlay: true })
    page = p
    const id = await start(page, "RPC_REQUEST", signPayload(address, "clickjack me"))
    await waitApproval(frame, "waiting")
    await page.waitForTimeout(1_000)
    expect(await approval(frame)).toBe("waiting")
    expect(await frame.locator(".approval .approve").isDisabled()).toBe(true)
    // A click at the button's place lands on the overlay; nothing is answered. (After 2 s unseen the frame
    // offers its review window, "fallback": frameApprovalPopup.test.ts.)
    await frame.locator(".approval .approve").click({ force: true, timeout: 2_000 })
    await page.waitForTimeout(300)
    expect(["waiting", "fallback"]).toContain(await approval(frame))

    // Once nothing covers the frame, it is seen and Approve unlocks: the overlay was what held it.
    await page.evaluate(() => document.querySelector("body > div")?.remove())
    await waitApproval(frame, "ready")
    await frame.locator(".approval .reject").click()
    expect(((await replyOf(page, id)) as Reply).payload).toMatchObject({ code: 4001 })
    await page.close()
  }, 30_000)

  it("takes the screen away on RPC_ABORT and answers the request 'Request aborted'", async () => {
    const { page: p, frame, address } = await loggedIn()
    page = p
    const id = await start(page, "RPC_REQUEST", signPayload(address, "abort me"))
    await waitApproval(frame, "ready")
    expect(await request(page, "RPC_ABORT", { id: "f".repeat(32) })).toEqual({
      type: "@w3m-frame/RPC_ABORT_ERROR",
      payload: { message: "No such request waiting for approval" }
    })
    expect(await request(page, "RPC_ABORT", { id })).toEqual({ type: "@w3m-frame/RPC_ABORT_SUCCESS" })
    expect(await replyOf(page, id)).toEqual({
      type: "@w3m-frame/RPC_REQUEST_ERROR",
      payload: { message: "Request aborted" }
    })
    await expectCleared(frame)
    await page.close()
  }, 30_000)

  it("answers a read-only request from the chain without a screen", async () => {
    const { page: p, frame, address } = await loggedIn()
    page = p
    const reply = await request(page, "RPC_REQUEST", {
      method: "eth_getBalance",
      params: [address, "latest"],
      chainId: CHAIN
    })
    expect(reply).toEqual({
      type: "@w3m-frame/RPC_REQUEST_SUCCESS",
      payload: toHex(await client().getBalance({ address }))
    })
    expect(reply.payload).toBe(toHex(parseEther("1")))
    expect(await request(page, "RPC_REQUEST", { method: "eth_blockNumber", chainId: 31337 })).toMatchObject({
      type: "@w3m-frame/RPC_REQUEST_SUCCESS",
      payload: expect.stringMatching(/^0x[0-9a-f]+$/)
    })
    // Never the server's default chain for another namespace's; nothing shown for what cannot be described.
    expect(
      await request(page, "RPC_REQUEST", {
        method: "eth_getBalance",
        params: [address],
        chainId: "solana:dev"
      })
    ).toEqual({ type: "@w3m-frame/RPC_REQUEST_ERROR", payload: { message: "Not an EVM chain" } })
    expect(
      await request(page, "RPC_REQUEST", { method: "personal_sign", params: [42, address], chainId: CHAIN })
    ).toEqual({ type: "@w3m-frame/RPC_REQUEST_ERROR", payload: { message: "Invalid params" } })
    expect(await approval(frame)).toBe("none")
    await page.close()
  }, 30_000)

  it("sends an approved eth_sendTransaction on the chain", async () => {
    const { page: p, frame, address } = await loggedIn()
    page = p
    const to = sandbox().accounts[9]!.address as Hex
    const before = await client().getBalance({ address: to })
    const id = await start(page, "RPC_REQUEST", {
      method: "eth_sendTransaction",
      params: [{ from: address, to, value: toHex(parseEther("0.01")), data: "0xa9059cbb00" }],
      chainId: CHAIN
    })
    await waitApproval(frame, "ready")
    const shown = (await frame.locator(".approval").textContent()) ?? ""
    expect(shown).toContain(to)
    expect(shown).toContain("0.01 ETH")
    expect(shown).toContain("selector 0xa9059cbb")
    await clickApprove(frame)
    const reply = await replyOf(page, id)
    expect(reply.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS")
    const receipt = await client().waitForTransactionReceipt({ hash: reply.payload as Hex, timeout: 10_000 })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client().getBalance({ address: to })).toBe(before + parseEther("0.01"))
    await expectCleared(frame)
    await page.close()
  }, 30_000)
})
