// @vitest-environment happy-dom
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach, describe, expect, it } from "vitest"
import type { SIWEConfig } from "../../src/siwx/config"
import { createDefaultSiwx } from "../../src/siwx/defaultSiwx"
import { fromSiweConfig } from "../../src/siwx/fromSiweConfig"

const account = privateKeyToAccount(`0x${"42".repeat(32)}`)
const other = privateKeyToAccount(`0x${"43".repeat(32)}`)
const CHAIN = "eip155:31337" as const

beforeEach(() => localStorage.clear())

/** The message the plugin makes, signed by `signer`, as a session. */
const signIn = async (siwx: ReturnType<typeof createDefaultSiwx>, signer = account) => {
  const message = await siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })
  const text = message.toString()
  const { toString: _text, ...data } = message
  return { data, message: text, signature: await signer.signMessage({ message: text }) }
}

describe("createDefaultSiwx", () => {
  it("makes a message for the page's own host and origin, with an expiration", async () => {
    const siwx = createDefaultSiwx({ statement: "Sign in to the demo" })
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })
    expect(message.domain).toBe(location.host)
    const text = message.toString()
    expect(
      text.startsWith(`${location.host} wants you to sign in with your Ethereum account:\n${account.address}`)
    ).toBe(true)
    expect(text).toContain(`URI: ${location.origin}`)
    expect(text).toContain("Chain ID: 31337")
    expect(text).toContain("Sign in to the demo")
    expect(text).toMatch(/\nExpiration Time: /)
  })

  it("keeps a verified session, answers it for its account and chain only, survives a new instance", async () => {
    const siwx = createDefaultSiwx()
    await siwx.addSession(await signIn(siwx))
    expect(await siwx.getSessions(CHAIN, account.address.toLowerCase())).toHaveLength(1)
    expect(await siwx.getSessions("eip155:1", account.address)).toEqual([])
    expect(await siwx.getSessions(CHAIN, other.address)).toEqual([])
    // A reload: a new plugin reads what the page kept.
    expect(await createDefaultSiwx().getSessions(CHAIN, account.address)).toHaveLength(1)
    await siwx.revokeSession(CHAIN, account.address)
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
  })

  it("refuses another signer, a replayed nonce and a message it did not make", async () => {
    const siwx = createDefaultSiwx()
    await expect(siwx.addSession(await signIn(siwx, other))).rejects.toThrow("signature")
    const session = await signIn(siwx)
    await siwx.addSession(session)
    await expect(siwx.addSession(session)).rejects.toThrow("nonce")
    const stranger = createDefaultSiwx()
    await expect(stranger.addSession(await signIn(siwx))).rejects.toThrow("nonce")
  })

  it("forgets sessions past their lifetime, and ones tampered with in storage", async () => {
    const siwx = createDefaultSiwx({ sessionTtlMs: -1 })
    await siwx.addSession(await signIn(siwx))
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])

    const kept = createDefaultSiwx()
    await kept.addSession(await signIn(kept))
    const raw = localStorage.getItem("@airlock/siwx-sessions") ?? ""
    localStorage.setItem(
      "@airlock/siwx-sessions",
      raw.replace(/"signature":"0x[0-9a-f]{4}/, '"signature":"0xdead')
    )
    expect(await kept.getSessions(CHAIN, account.address)).toEqual([])
    localStorage.setItem("@airlock/siwx-sessions", "{not json")
    expect(await kept.getSessions(CHAIN, account.address)).toEqual([])
    expect(localStorage.getItem("@airlock/siwx-sessions")).toBeNull()
  })

  it("says it is required and signs out on disconnect as told", () => {
    expect(createDefaultSiwx().getRequired?.()).toBe(false)
    expect(createDefaultSiwx({ required: true }).getRequired?.()).toBe(true)
    expect(createDefaultSiwx().signOutOnDisconnect).toBe(true)
    expect(createDefaultSiwx({ signOutOnDisconnect: false }).signOutOnDisconnect).toBe(false)
  })
})

describe("fromSiweConfig", () => {
  const page = {
    host: "dapp.example",
    origin: "https://dapp.example",
    now: () => Date.parse("2026-11-24T12:00:00Z")
  }
  const legacy = (overrides: Partial<SIWEConfig> = {}) => {
    const calls: Array<string> = []
    let session: { address: string; chainId: number } | null = null
    const config: SIWEConfig = {
      getNonce: async () => "abcdef123456",
      createMessage: (args) => `${args.domain} ${args.address} ${args.chainId} ${args.nonce} ${args.iat}`,
      verifyMessage: async ({ signature }) => signature === "0xgood",
      getSession: async () => session,
      signOut: async () => {
        calls.push("signOut")
        session = null
        return true
      },
      onSignIn: (signed) => {
        calls.push("onSignIn")
        session = signed ?? null
      },
      ...overrides
    }
    return { config, calls }
  }

  it("makes its message from the host's nonce and the page, verifies with the host, and reports its session", async () => {
    const { config, calls } = legacy()
    const siwx = fromSiweConfig(config, page)
    const message = await siwx.createMessage({ accountAddress: account.address, chainId: CHAIN })
    expect(message.toString()).toBe(
      `dapp.example eip155:31337:${account.address} 31337 abcdef123456 2026-11-24T12:00:00.000Z`
    )
    const { toString: _text, ...data } = message
    await expect(siwx.addSession({ data, message: message.toString(), signature: "0xbad" })).rejects.toThrow()
    await siwx.addSession({ data, message: message.toString(), signature: "0xgood" })
    expect(await siwx.getSessions(CHAIN, account.address)).toHaveLength(1)
    expect(await siwx.getSessions("eip155:1", account.address)).toEqual([])
    await siwx.revokeSession(CHAIN, account.address)
    expect(calls).toEqual(["onSignIn", "signOut"])
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
  })

  it("signs in EVM accounts only, and keeps required and signOutOnDisconnect", async () => {
    const siwx = fromSiweConfig(legacy({ required: true, signOutOnDisconnect: false }).config, page)
    await expect(
      siwx.createMessage({
        accountAddress: "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU",
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
      })
    ).rejects.toThrow("EVM")
    expect(siwx.getRequired?.()).toBe(true)
    expect(siwx.signOutOnDisconnect).toBe(false)
  })
})
