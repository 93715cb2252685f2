// @vitest-environment happy-dom
import { privateKeyToAccount } from "viem/accounts"
import { afterEach, describe, expect, it, vi } from "vitest"
import { createServerSiwx } from "../../src/siwx/serverSiwx"
import { placeholderMessageData } from "../kit/siwx"

const account = privateKeyToAccount(`0x${"42".repeat(32)}`)
const CHAIN = "eip155:31337" as const

/** A sign-in server in the page's fetch: answers by path, records what it was sent. */
const fakeServer = (answers: Record<string, () => Response>) => {
  const sent: Array<{ path: string; method: string; body: unknown; credentials: string | undefined }> = []
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    const path = new URL(url).pathname
    sent.push({
      path,
      method: init.method ?? "GET",
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
      credentials: init.credentials
    })
    return answers[path]?.() ?? new Response("{}", { status: 404 })
  })
  return sent
}
const ok = (value: unknown) => () => new Response(JSON.stringify(value), { status: 200 })

afterEach(() => vi.unstubAllGlobals())

describe("createServerSiwx", () => {
  it("takes the server's nonce, sends the signed message to verify, reads and ends the session", async () => {
    const sent = fakeServer({
      "/auth/nonce": ok({ nonce: "0123456789abcdef" }),
      "/auth/verify": ok({}),
      "/auth/session": ok({ sessions: [] }),
      "/auth/sign-out": ok({ ok: true })
    })
    const siwx = createServerSiwx({ statement: "Hello" })
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })
    expect(message.toString()).toContain("Nonce: 0123456789abcdef")
    expect(message.toString()).toContain(`${location.host} wants you to sign in`)
    const { toString: _text, ...data } = message
    const signature = await account.signMessage({ message: message.toString() })
    await siwx.addSession({ data, message: message.toString(), signature })
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
    await siwx.revokeSession(CHAIN, account.address)
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /auth/nonce",
      "POST /auth/verify",
      "GET /auth/session",
      "POST /auth/sign-out"
    ])
    expect(sent[1]?.body).toMatchObject({ message: message.toString(), signature })
    expect(sent.every((request) => request.credentials === "same-origin")).toBe(true)
  })

  it("refuses a refusal, a bad nonce and a session list it cannot read", async () => {
    fakeServer({
      "/auth/nonce": ok({ nonce: "<script>" }),
      "/auth/verify": () => new Response("{}", { status: 401 }),
      "/auth/session": ok({ sessions: "all of them" })
    })
    const siwx = createServerSiwx()
    await expect(siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })).rejects.toThrow()
    await expect(
      siwx.addSession({
        data: placeholderMessageData(account.address, CHAIN),
        message: "x",
        signature: "0x"
      })
    ).rejects.toThrow("401")
    await expect(siwx.getSessions(CHAIN, account.address)).rejects.toThrow()
  })
})
