// @vitest-environment happy-dom
/**
 * A Solana account through both plugins: `createDefaultSiwx` verifies and keeps the session in the page,
 * `createServerSiwx` sends it to a server that verifies as `sandbox/signin/server.mjs` does (the nonce it
 * issued, its own host, the chain the message names if it serves it, `verifySignIn`).
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { privateKeyToAccount } from "viem/accounts"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { SIWXConfig, SIWXSession } from "../../src/siwx/config"
import { createDefaultSiwx } from "../../src/siwx/defaultSiwx"
import { makeNonceStore } from "../../src/siwx/nonces"
import { createServerSiwx } from "../../src/siwx/serverSiwx"
import { parseSiwsMessage } from "../../src/siwx/siwsMessage"
import { verifySignIn } from "../../src/siwx/verifySignIn"

const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" as const
const MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" as const
const seed = ed25519.utils.randomPrivateKey()
const otherSeed = ed25519.utils.randomPrivateKey()
const ADDRESS = base58.encode(ed25519.getPublicKey(seed))
const OTHER = base58.encode(ed25519.getPublicKey(otherSeed))
const evm = privateKeyToAccount(`0x${"42".repeat(32)}`)

/** The wallet's side: `solana_signMessage` answers the base58 of the detached signature of the bytes. */
const solanaSign = (message: string, key = seed) =>
  base58.encode(ed25519.sign(new TextEncoder().encode(message), key))

/** The message the plugin makes for `address` on `chainId`, signed by `key`, as a session. */
const signIn = async (
  siwx: SIWXConfig,
  {
    address = ADDRESS,
    chainId = DEVNET,
    key = seed
  }: { address?: string; chainId?: string; key?: Uint8Array } = {}
): Promise<SIWXSession> => {
  const message = await siwx.createMessage({ accountAddress: address, chainId: chainId as typeof DEVNET })
  const text = message.toString()
  const { toString: _text, ...data } = message
  return { data, message: text, signature: solanaSign(text, key) }
}

describe("createDefaultSiwx with a Solana account", () => {
  beforeEach(() => localStorage.clear())

  it("makes a Sign-In-With-Solana message for the page's own host and origin", async () => {
    const siwx = createDefaultSiwx({ statement: "Sign in to the demo" })
    const message = await siwx.createMessage({ accountAddress: ADDRESS, chainId: DEVNET })
    const text = message.toString()
    expect(
      text.startsWith(`${location.host} wants you to sign in with your Solana account:\n${ADDRESS}\n\n`)
    ).toBe(true)
    expect(text).toContain("\n\nSign in to the demo\n\n")
    expect(text).toContain(
      `\nURI: ${location.origin}\nVersion: 1\nChain ID: devnet\nNonce: ${message.nonce}\n`
    )
    expect(text).toMatch(/\nIssued At: [^\n]+\nExpiration Time: [^\n]+$/)
    expect(message).toMatchObject({ accountAddress: ADDRESS, chainId: DEVNET, domain: location.host })
    await expect(siwx.createMessage({ accountAddress: evm.address, chainId: DEVNET })).rejects.toThrow()
    await expect(
      siwx.createMessage({ accountAddress: ADDRESS, chainId: "bip122:000000000019d6689c085ae165831e93" })
    ).rejects.toThrow("EVM and Solana")
  })

  it("keeps a verified session, for its chain and exact address only, beside an EVM one", async () => {
    const siwx = createDefaultSiwx()
    await siwx.addSession(await signIn(siwx))
    const message = await siwx.createMessage({ accountAddress: evm.address, chainId: "eip155:31337" })
    const { toString: _text, ...data } = message
    await siwx.addSession({
      data,
      message: message.toString(),
      signature: await evm.signMessage({ message: message.toString() })
    })
    expect(await siwx.getSessions(DEVNET, ADDRESS)).toHaveLength(1)
    expect(await siwx.getSessions("eip155:31337", evm.address)).toHaveLength(1)
    expect(await siwx.getSessions(MAINNET, ADDRESS)).toEqual([])
    expect(await siwx.getSessions(DEVNET, OTHER)).toEqual([])
    // Base58 is case-sensitive: another case is another account.
    expect(await siwx.getSessions(DEVNET, ADDRESS.toLowerCase())).toEqual([])
    expect(await createDefaultSiwx().getSessions(DEVNET, ADDRESS)).toHaveLength(1)
    await siwx.revokeSession(DEVNET, ADDRESS)
    expect(await siwx.getSessions(DEVNET, ADDRESS)).toEqual([])
    expect(await siwx.getSessions("eip155:31337", evm.address)).toHaveLength(1)
  })

  it("signs in on the local chain (`solana:localnet`, `Chain ID: localnet`)", async () => {
    const siwx = createDefaultSiwx()
    const session = await signIn(siwx, { chainId: "solana:localnet" })
    expect(session.message).toContain("\nChain ID: localnet\n")
    await siwx.addSession(session)
    expect(await siwx.getSessions("solana:localnet", ADDRESS)).toHaveLength(1)
    expect(await siwx.getSessions(DEVNET, ADDRESS)).toEqual([])
  })

  it("refuses another signer, a replayed nonce, another chain, another account's data", async () => {
    const siwx = createDefaultSiwx()
    await expect(siwx.addSession(await signIn(siwx, { key: otherSeed }))).rejects.toThrow("signature")
    const session = await signIn(siwx)
    await siwx.addSession(session)
    await expect(siwx.addSession(session)).rejects.toThrow("nonce")
    const onMainnet = await signIn(siwx)
    await expect(
      siwx.addSession({ ...onMainnet, data: { ...onMainnet.data, chainId: MAINNET } })
    ).rejects.toThrow("chain")
    const claimed = await signIn(siwx)
    await expect(
      siwx.addSession({ ...claimed, data: { ...claimed.data, accountAddress: OTHER } })
    ).rejects.toThrow("address")
    await expect(siwx.addSession({ ...(await signIn(siwx)), signature: "0xdead" })).rejects.toThrow(
      "signature"
    )
    expect(await siwx.getSessions(DEVNET, OTHER)).toEqual([])
    expect(await siwx.getSessions(MAINNET, ADDRESS)).toEqual([])
  })

  it("forgets a kept session whose signature, chain or address was changed in storage", async () => {
    const siwx = createDefaultSiwx()
    await siwx.addSession(await signIn(siwx))
    const raw = localStorage.getItem("@airlock/siwx-sessions") ?? ""
    const tampered = [
      raw.replace(/"signature":"(.)/, (_, first) => `"signature":"${first === "2" ? "3" : "2"}`),
      raw.replaceAll(DEVNET, MAINNET),
      raw.replace(`"accountAddress":"${ADDRESS}"`, `"accountAddress":"${OTHER}"`)
    ]
    for (const text of tampered) {
      expect(text).not.toBe(raw)
      localStorage.setItem("@airlock/siwx-sessions", text)
      expect(await siwx.getSessions(DEVNET, ADDRESS)).toEqual([])
      expect(await siwx.getSessions(MAINNET, ADDRESS)).toEqual([])
      expect(await siwx.getSessions(DEVNET, OTHER)).toEqual([])
    }
  })
})

/**
 * A sign-in server in the page's fetch doing what `sandbox/signin/server.mjs` does for a Solana message:
 * nonces it issued, its own host, the chain the message names if it serves it.
 */
const solanaServer = (served: ReadonlyArray<string>) => {
  const nonces = makeNonceStore()
  const sessions: Array<SIWXSession> = []
  const answer = (status: number, value: unknown) => new Response(JSON.stringify(value), { status })
  vi.stubGlobal("fetch", async (url: URL, init: RequestInit) => {
    const path = new URL(url).pathname
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body))
    if (path === "/auth/nonce") return answer(200, { nonce: nonces.issue(Date.now()) })
    if (path === "/auth/session") return answer(200, { sessions })
    if (path === "/auth/sign-out") {
      sessions.splice(0)
      return answer(200, { ok: true })
    }
    if (path !== "/auth/verify") return answer(404, {})
    const chainId = parseSiwsMessage(body.message)?.chainId
    if (chainId === undefined || !served.includes(chainId)) return answer(401, { error: "chain" })
    const verdict = await verifySignIn(body, { domain: location.host, chainId, nonces, now: Date.now() })
    if (!verdict.ok) return answer(401, { error: verdict.reason })
    const { fields } = verdict
    sessions.splice(0, sessions.length, {
      data: {
        accountAddress: fields.address,
        chainId,
        domain: fields.domain,
        uri: fields.uri,
        version: fields.version,
        nonce: fields.nonce,
        issuedAt: fields.issuedAt.toISOString()
      },
      message: body.message,
      signature: body.signature
    })
    return answer(200, { address: fields.address, chainId })
  })
}

describe("createServerSiwx with a Solana account", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("signs in with the server's nonce, and reads the session back for its chain and address only", async () => {
    solanaServer([DEVNET])
    const siwx = createServerSiwx({ statement: "Hello" })
    const session = await signIn(siwx)
    expect(session.message).toContain(`Nonce: ${session.data.nonce}`)
    await siwx.addSession(session)
    const [kept] = await siwx.getSessions(DEVNET, ADDRESS)
    expect(kept).toMatchObject({
      data: { accountAddress: ADDRESS, chainId: DEVNET },
      message: session.message
    })
    expect(await siwx.getSessions(DEVNET, ADDRESS.toLowerCase())).toEqual([])
    expect(await siwx.getSessions(MAINNET, ADDRESS)).toEqual([])
    await siwx.revokeSession(DEVNET, ADDRESS)
    expect(await siwx.getSessions(DEVNET, ADDRESS)).toEqual([])
  })

  it("is refused for another signer, a replay, or a chain the server does not serve", async () => {
    solanaServer([DEVNET])
    const siwx = createServerSiwx()
    await expect(siwx.addSession(await signIn(siwx, { key: otherSeed }))).rejects.toThrow("401")
    const session = await signIn(siwx)
    await siwx.addSession(session)
    await expect(siwx.addSession(session)).rejects.toThrow("401")
    await expect(siwx.addSession(await signIn(siwx, { chainId: MAINNET }))).rejects.toThrow("401")
  })

  it("signs in on the local chain when the server serves it", async () => {
    solanaServer([DEVNET, "solana:localnet"])
    const siwx = createServerSiwx()
    await siwx.addSession(await signIn(siwx, { chainId: "solana:localnet" }))
    expect(await siwx.getSessions("solana:localnet", ADDRESS)).toHaveLength(1)
  })
})
