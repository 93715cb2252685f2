/**
 * The sandbox embedded wallet's auth server (sandbox/frame, issue 14), a user's account: the keys'
 * signatures (no chain: frameAuthChain.test.ts covers the smart account and transactions on anvil), the
 * preferred account, and update email.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import { verifyMessage, verifyTypedData } from "viem"
import { describe, expect, it } from "vitest"
import { smartAccountOf } from "../../sandbox/frame/auth.mjs"
import { frameAuthWorld, newEmail } from "./frameAuthWorld"
import { EIP712_DOMAIN_TYPE } from "./sandboxWorld"

const clock = Date.now()
const { frame, mail, signUp } = frameAuthWorld(() => clock)

describe("the user's keys sign (no chain)", () => {
  it("personal_sign as the key account verifies with viem; the address must be the connected one", async () => {
    const { f } = await signUp()
    const { address } = (await f.get("/auth/user")).body as { address: `0x${string}` }
    const text = await f.post("/auth/rpc", { method: "personal_sign", params: ["Hello, sandbox", address] })
    expect(text.status).toBe(200)
    const signature = text.body.result as `0x${string}`
    expect(await verifyMessage({ address, message: "Hello, sandbox", signature })).toBe(true)
    const hex = await f.post("/auth/rpc", { method: "personal_sign", params: ["0x48656c6c6f", address] })
    expect(
      await verifyMessage({
        address,
        message: { raw: "0x48656c6c6f" },
        signature: hex.body.result as `0x${string}`
      })
    ).toBe(true)
    expect(hex.body.result).toBe(
      (await f.post("/auth/rpc", { method: "personal_sign", params: ["Hello", address] })).body.result
    )
    expect(
      await f.post("/auth/rpc", {
        method: "personal_sign",
        params: ["x", "0x000000000000000000000000000000000000dEaD"]
      })
    ).toMatchObject({ status: 403, body: { error: "not the connected account" } })
    expect(await f.post("/auth/rpc", { method: "eth_accounts" })).toMatchObject({
      body: { result: [address] }
    })
  })

  it("eth_signTypedData_v4 as the key account verifies with viem", async () => {
    const { f } = await signUp()
    const { address } = (await f.get("/auth/user")).body as { address: `0x${string}` }
    const typed = {
      domain: { name: "Sandbox", version: "1", chainId: 31337 },
      types: {
        EIP712Domain: EIP712_DOMAIN_TYPE,
        Mail: [{ name: "contents", type: "string" }]
      },
      primaryType: "Mail",
      message: { contents: "hi" }
    } as const
    const answer = await f.post("/auth/rpc", {
      method: "eth_signTypedData_v4",
      params: [address, JSON.stringify(typed)]
    })
    expect(answer.status).toBe(200)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({ ...typed, types, address, signature: answer.body.result as `0x${string}` })
    ).toBe(true)
    expect(
      (await f.post("/auth/rpc", { method: "eth_signTypedData_v4", params: [address, "{not json"] })).body
    ).toEqual({ error: "bad typed data" })
  })

  it("solana_signMessage (base58 in and out) verifies with ed25519", async () => {
    const { f } = await signUp()
    const { solanaAddress } = (await f.get("/auth/user")).body as { solanaAddress: string }
    const message = new TextEncoder().encode("Sign in to the sandbox")
    const answer = await f.post("/auth/rpc", {
      method: "solana_signMessage",
      params: { message: base58.encode(message), pubkey: solanaAddress }
    })
    expect(answer.status).toBe(200)
    const { signature } = answer.body.result as { signature: string }
    expect(base58.decode(signature)).toHaveLength(64)
    expect(ed25519.verify(base58.decode(signature), message, base58.decode(solanaAddress))).toBe(true)
    expect(
      (
        await f.post("/auth/rpc", {
          method: "solana_signMessage",
          params: { message: "0OIl", pubkey: solanaAddress }
        })
      ).body
    ).toEqual({ error: "bad message" })
    expect(
      (
        await f.post("/auth/rpc", {
          method: "solana_signMessage",
          params: { message: base58.encode(message), pubkey: "9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj" }
        })
      ).status
    ).toBe(403)
  })

  it("refuses methods it does not implement and chains it does not serve", async () => {
    const { f } = await signUp()
    expect(await f.post("/auth/rpc", { method: "eth_sign", params: [] })).toMatchObject({
      status: 400,
      body: { error: "unsupported method" }
    })
    expect((await f.post("/auth/rpc", { method: "personal_sign", params: ["x"], chainId: 1 })).body).toEqual({
      error: "unknown chain"
    })
    expect(
      (await f.post("/auth/rpc", { method: "personal_sign", params: ["x"], chainId: "eip155:x" })).body
    ).toEqual({
      error: "bad chainId"
    })
    expect(
      (await f.post("/auth/rpc", { method: "eth_sendTransaction", params: [{ to: "0x01" }] })).body
    ).toEqual({
      error: "bad to"
    })
  })

  it("switches the preferred account: the user's address becomes the smart account's", async () => {
    const { f } = await signUp()
    const before = (await f.get("/auth/user")).body
    const switched = await f.post("/auth/preferred-account", { type: "smartAccount" })
    expect(switched.body).toEqual({ type: "smartAccount", address: before.smartAccountAddress })
    expect((await f.get("/auth/user")).body).toMatchObject({
      preferredAccountType: "smartAccount",
      address: before.smartAccountAddress
    })
    expect((await f.post("/auth/preferred-account", { type: "safe" })).body).toEqual({
      error: "invalid account type"
    })
    expect((await f.post("/auth/preferred-account", { type: "eoa" })).body).toEqual({
      type: "eoa",
      address: before.address
    })
  })

  it("each user's smart account is a CREATE2 address of its own, owned by the user's key", () => {
    const owner = "0x00000000000000000000000000000000000000aa"
    const one = smartAccountOf("a".repeat(32), owner)
    expect(one.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(smartAccountOf("a".repeat(32), owner).address).toBe(one.address)
    expect(smartAccountOf("b".repeat(32), owner).address).not.toBe(one.address)
    expect(one.deployData.startsWith(one.salt)).toBe(true)
  })
})

describe("update email", () => {
  it("a code to the current address, then one to the new address, in that order, changes the email", async () => {
    const { f, email } = await signUp()
    const next = newEmail()
    expect((await f.post("/auth/update-email", { email: next })).body).toEqual({
      action: "VERIFY_PRIMARY_OTP"
    })
    const primary = (await mail(email)).at(-1)!
    const secondary = (await mail(next)).at(-1)!
    expect(primary.kind).toBe("update-email-primary")
    expect(secondary.kind).toBe("update-email-secondary")
    expect(await f.post("/auth/update-email/secondary", { otp: secondary.code })).toMatchObject({
      status: 409,
      body: { error: "verify the primary code first" }
    })
    expect((await f.post("/auth/update-email/primary", { otp: primary.code })).body).toEqual({
      action: "VERIFY_SECONDARY_OTP"
    })
    expect((await f.post("/auth/update-email/secondary", { otp: secondary.code })).body).toEqual({
      newEmail: next
    })
    expect((await f.get("/auth/user")).body.email).toBe(next)
    // The new address logs in as this user from this device; the old one is a stranger now.
    const again = frame(undefined, f.device)
    expect((await again.post("/auth/email", { email: next })).body).toEqual({ action: "VERIFY_OTP" })
    expect((await frame().post("/auth/email", { email })).body).toEqual({ action: "VERIFY_OTP" })
    expect((await f.post("/auth/update-email/secondary", { otp: secondary.code })).body).toEqual({
      error: "no email update pending"
    })
  })

  it("refuses the same address, an address in use and a malformed one", async () => {
    const { f, email } = await signUp()
    const { email: taken } = await signUp()
    expect((await f.post("/auth/update-email", { email })).body).toEqual({ error: "same email" })
    expect(await f.post("/auth/update-email", { email: taken })).toMatchObject({
      status: 409,
      body: { error: "email in use" }
    })
    expect((await f.post("/auth/update-email", { email: "nope" })).body).toEqual({ error: "invalid email" })
    expect((await f.post("/auth/update-email/primary", { otp: "123456" })).body).toEqual({
      error: "no email update pending"
    })
  })
})
