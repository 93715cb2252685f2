// @vitest-environment happy-dom
/** The Sandbox Solana Wallet connecting: standard:connect, standard:disconnect, standard:events and solana:signIn. */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { describe, expect, it } from "vitest"
import { signInMessageText } from "../../sandbox/wallets/solana/siws"
import { SOLANA_STORAGE_KEY } from "../../sandbox/wallets/solana/wallet"
import { memoryStorage } from "./memoryStorage"
import { account0, account1, connected, failure, ORIGIN, setup } from "./solanaWalletWorld"

describe("standard:connect, standard:disconnect and standard:events", () => {
  it("connects with auto-approve: the account on localnet, a change event, the approval asked once", async () => {
    const { wallet, changes, asked } = setup("auto-approve")
    const { accounts: answered } = await wallet.features["standard:connect"].connect()
    expect(answered).toHaveLength(1)
    const account = answered[0]!
    expect(account.address).toBe(account0.address)
    expect(Uint8Array.from(account.publicKey)).toEqual(ed25519.getPublicKey(account0.seed))
    expect(account.chains).toEqual(["solana:localnet"])
    expect([...account.features].sort()).toEqual([
      "solana:signAndSendTransaction",
      "solana:signIn",
      "solana:signMessage",
      "solana:signTransaction"
    ])
    expect(wallet.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(changes).toEqual([[account0.address]])
    expect(asked.map((r) => [r.kind, r.origin])).toEqual([["connect", ORIGIN]])
    // Connected: a second connect answers at once.
    await wallet.features["standard:connect"].connect()
    expect(asked).toHaveLength(1)
  })

  it("a rejected connect throws a 4001 'User rejected the request.' and stays disconnected", async () => {
    const { wallet, changes } = setup("auto-reject")
    expect(await failure(wallet.features["standard:connect"].connect())).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(wallet.accounts).toEqual([])
    expect(changes).toEqual([])

    const manual = setup("manual")
    const pending = failure(manual.wallet.features["standard:connect"].connect())
    await Promise.resolve()
    expect(manual.approvals.pending().map((r) => r.kind)).toEqual(["connect"])
    manual.approvals.decide(false)
    expect(await pending).toEqual({ code: 4001, message: "User rejected the request." })
  })

  it("hang never answers", async () => {
    const { wallet, approvals } = setup("hang")
    let settled = false
    void wallet.features["standard:connect"].connect().finally(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    expect(approvals.pending()).toHaveLength(1)
  })

  it("silent connect answers the account only after this origin approved before, without a prompt", async () => {
    const storage = memoryStorage()
    // Never approved: silent answers no account (and asks nothing, even in hang mode).
    const first = setup("hang", { storage })
    expect(await first.wallet.features["standard:connect"].connect({ silent: true })).toEqual({
      accounts: []
    })
    expect(first.asked).toEqual([])
    expect(first.changes).toEqual([])

    // Approved once...
    const second = setup("auto-approve", { storage })
    await second.wallet.features["standard:connect"].connect()
    expect(JSON.parse(storage.data.get(SOLANA_STORAGE_KEY)!)).toEqual({
      [ORIGIN]: { address: account0.address }
    })

    // ...a reload restores silently, in hang mode, so without any approval.
    const third = setup("hang", { storage })
    const restored = await third.wallet.features["standard:connect"].connect({ silent: true })
    expect(restored.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(third.asked).toEqual([])
    expect(third.changes).toEqual([[account0.address]])

    // Disconnecting forgets the approval.
    await third.wallet.features["standard:disconnect"].disconnect()
    const fourth = setup("hang", { storage })
    expect(await fourth.wallet.features["standard:connect"].connect({ silent: true })).toEqual({
      accounts: []
    })
  })

  it("disconnect emits change with no accounts; unsubscribed listeners hear nothing", async () => {
    const { wallet, changes } = await connected()
    const late: Array<unknown> = []
    const off = wallet.features["standard:events"].on("change", (properties) => late.push(properties))
    await wallet.features["standard:disconnect"].disconnect()
    expect(changes).toEqual([[account0.address], []])
    expect(late).toEqual([{ accounts: [] }])
    expect(wallet.accounts).toEqual([])
    off()
    await wallet.features["standard:connect"].connect()
    expect(late).toHaveLength(1)
  })
})

describe("solana:signIn", () => {
  it("builds the SIWS message from the input, signs it and connects", async () => {
    const { wallet, asked, changes, storage } = setup("auto-approve")
    const input = {
      domain: "127.0.0.1:5173",
      statement: "Sign in to the Airlock demo",
      uri: "http://127.0.0.1:5173/",
      version: "1",
      chainId: "localnet",
      nonce: "abcdef123456",
      issuedAt: "2026-01-01T00:00:00.000Z",
      expirationTime: "2026-01-01T00:10:00.000Z",
      resources: ["https://example.com/terms"]
    }
    const [output] = await wallet.features["solana:signIn"].signIn(input)
    const expected = [
      "127.0.0.1:5173 wants you to sign in with your Solana account:",
      account0.address,
      "",
      "Sign in to the Airlock demo",
      "",
      "URI: http://127.0.0.1:5173/",
      "Version: 1",
      "Chain ID: localnet",
      "Nonce: abcdef123456",
      "Issued At: 2026-01-01T00:00:00.000Z",
      "Expiration Time: 2026-01-01T00:10:00.000Z",
      "Resources:",
      "- https://example.com/terms"
    ].join("\n")
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(expected)
    expect(output!.account.address).toBe(account0.address)
    expect(ed25519.verify(output!.signature, output!.signedMessage, base58.decode(account0.address))).toBe(
      true
    )
    expect(asked.map((r) => r.kind)).toEqual(["sign-in"])
    expect(asked[0]!.details).toContainEqual(["Message", expected])
    expect(wallet.accounts.map((a) => a.address)).toEqual([account0.address])
    expect(changes).toEqual([[account0.address]])
    expect(storage.data.has(SOLANA_STORAGE_KEY)).toBe(true)
  })

  it("fills the domain and address, warns about another domain, and refuses another address", async () => {
    expect(signInMessageText({ domain: "a.example", address: "Addr" })).toBe(
      "a.example wants you to sign in with your Solana account:\nAddr"
    )
    const { wallet, asked } = setup("auto-approve")
    const [output] = await wallet.features["solana:signIn"].signIn({ nonce: "12345678" })
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(
      `127.0.0.1:5173 wants you to sign in with your Solana account:\n${account0.address}\n\nNonce: 12345678`
    )
    await wallet.features["solana:signIn"].signIn({ domain: "evil.example" })
    expect(asked[1]!.details.map(([label]) => label)).toContain("Warning")
    expect(
      await failure(wallet.features["solana:signIn"].signIn({ address: account1.address }))
    ).toMatchObject({
      code: -32602
    })
    const rejected = setup("auto-reject")
    expect(await failure(rejected.wallet.features["solana:signIn"].signIn({}))).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(rejected.wallet.accounts).toEqual([])
  })
})
