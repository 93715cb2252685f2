/**
 * Smart sessions on the embedded wallet's smart account (sandbox/frame/permissions.mjs and
 * SandboxAccount.sol): `wallet_grantPermissions` registers the session key on chain and records the session
 * for the API; a transfer the session key signs lands within its policy and is refused by the account's
 * contract outside it (too much value, another target, no data allowed, expired, revoked).
 */
import { randomBytes } from "node:crypto"
import { secp256k1 } from "@noble/curves/secp256k1"
import { createPublicClient, type Hex, http, parseEther, toHex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { rpc as anvil } from "../../sandbox/chain/rpc.mjs"
import { DEVICE_HEADER } from "../../sandbox/frame/auth.mjs"
import { submitSessionTransfer } from "../kit/sessionCalls"
import { chainsForFile, frameAuthForFile } from "./sandboxWorld"

const sandbox = chainsForFile()
const recorded: Array<Record<string, unknown>> = []
/** Whether the API's store refuses the next sessions (as one that is down would). */
let storeDown = false
const auth = frameAuthForFile(() => ({
  chains: sandbox().chains,
  recordSession: async (session: unknown) => {
    if (storeDown) throw new Error("the API refused the session: 503")
    recorded.push(session as Record<string, unknown>)
  }
}))

const signUp = async () => {
  const device = `device-${randomBytes(12).toString("hex")}`
  const email = `sessions.${randomBytes(4).toString("hex")}@example.test`
  let token = ""
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${auth().url}${path}`, {
      method,
      headers: {
        [DEVICE_HEADER]: device,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  await call("POST", "/auth/email", { email })
  const code = auth().mailbox.list(email).at(-1)!.code
  token = (await call("POST", "/auth/otp", { email, otp: code })).body.token as string
  await call("POST", "/auth/preferred-account", { type: "smartAccount" })
  const user = (await call("GET", "/auth/user")).body as { smartAccountAddress: Hex }
  const rpc = (method: string, params: unknown) => call("POST", "/auth/rpc", { method, params })
  return { rpc, account: user.smartAccountAddress }
}

const stranger = () => `0x${randomBytes(20).toString("hex")}` as Hex
const grantRequest = (key: Hex, to: Hex, expiry: number) => ({
  chainId: "0x7a69",
  expiry,
  signer: { type: "account", data: { id: key } },
  permissions: [{ type: "native-token-transfer", data: { to, valueLimit: toHex(parseEther("0.01")) } }],
  policies: []
})

describe("smart sessions on the sandbox account", () => {
  it("grants, enforces the policy on chain, and revokes", async () => {
    const chain = sandbox().chains[0]!
    const submitter = sandbox().accounts[3]!.address
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const user = await signUp()
    const key = privateKeyToAccount(generatePrivateKey())
    const to = stranger()
    const expiry = Math.floor(Date.now() / 1000) + 600
    const granted = await user.rpc("wallet_grantPermissions", [grantRequest(key.address, to, expiry)])
    expect(granted.status).toBe(200)
    expect(granted.body.result).toMatchObject({
      chainId: "0x7a69",
      address: user.account,
      expiry,
      context: key.address.toLowerCase()
    })
    expect(recorded.at(-1)).toMatchObject({
      address: `eip155:31337:${user.account}`,
      pci: `31337-${key.address.toLowerCase()}`,
      expiry
    })
    const transfer = (value: bigint, target = to, signer = key) =>
      submitSessionTransfer({
        rpcUrl: chain.rpcUrl,
        account: user.account,
        key: signer,
        to: target,
        value,
        from: submitter
      })

    expect(await transfer(parseEther("0.005"))).toEqual({ landed: true })
    expect(await client.getBalance({ address: to })).toBe(parseEther("0.005"))
    expect(await transfer(parseEther("0.02"))).toMatchObject({
      landed: false,
      reason: expect.stringContaining("value over the limit")
    })
    expect(await transfer(parseEther("0.001"), stranger())).toMatchObject({
      reason: expect.stringContaining("target not allowed")
    })
    expect(await transfer(parseEther("0.001"), to, privateKeyToAccount(generatePrivateKey()))).toMatchObject({
      reason: expect.stringContaining("unknown session")
    })
    expect(await client.getBalance({ address: to })).toBe(parseEther("0.005"))

    const revoked = await user.rpc("wallet_revokePermissions", [{ permissionContext: key.address }])
    expect(revoked.status).toBe(200)
    expect(await transfer(parseEther("0.001"))).toMatchObject({
      reason: expect.stringContaining("session revoked")
    })
  })

  it("refuses a transfer once the session expired", async () => {
    const chain = sandbox().chains[0]!
    const user = await signUp()
    const key = privateKeyToAccount(generatePrivateKey())
    const to = stranger()
    const expiry = Math.floor(Date.now() / 1000) + 120
    expect((await user.rpc("wallet_grantPermissions", [grantRequest(key.address, to, expiry)])).status).toBe(
      200
    )
    const block = await createPublicClient({ transport: http(chain.rpcUrl) }).getBlock()
    await anvil(chain.rpcUrl, "evm_setNextBlockTimestamp", [
      toHex(Math.max(expiry, Number(block.timestamp)) + 1)
    ])
    await anvil(chain.rpcUrl, "evm_mine", [])
    const result = await submitSessionTransfer({
      rpcUrl: chain.rpcUrl,
      account: user.account,
      key,
      to,
      value: 1n,
      from: sandbox().accounts[3]!.address
    })
    expect(result).toMatchObject({ landed: false, reason: expect.stringContaining("session expired") })
  })

  it("takes AppKit's signer, one secp256k1 public key, compressed or not", async () => {
    const user = await signUp()
    for (const compressed of [true, false]) {
      const key = secp256k1.utils.randomPrivateKey()
      const publicKey = toHex(secp256k1.getPublicKey(key, compressed))
      const address = privateKeyToAccount(toHex(key)).address
      const request = {
        ...grantRequest(address, stranger(), Math.floor(Date.now() / 1000) + 600),
        signer: { type: "keys", data: { keys: [{ type: "secp256k1", publicKey }] } }
      }
      const granted = await user.rpc("wallet_grantPermissions", [request])
      expect(granted.body.result).toMatchObject({ context: address.toLowerCase() })
    }
  })

  it("a session the API could not record is refused, and its key revoked again on chain", async () => {
    const chain = sandbox().chains[0]!
    const user = await signUp()
    const key = privateKeyToAccount(generatePrivateKey())
    const to = stranger()
    storeDown = true
    try {
      const refused = await user.rpc("wallet_grantPermissions", [
        grantRequest(key.address, to, Math.floor(Date.now() / 1000) + 600)
      ])
      expect(refused.status).toBe(502)
    } finally {
      storeDown = false
    }
    const result = await submitSessionTransfer({
      rpcUrl: chain.rpcUrl,
      account: user.account,
      key,
      to,
      value: 1n,
      from: sandbox().accounts[3]!.address
    })
    expect(result).toMatchObject({ landed: false, reason: expect.stringContaining("session revoked") })
  })

  it("refuses what the account cannot enforce", async () => {
    const user = await signUp()
    const key = stranger()
    const expiry = Math.floor(Date.now() / 1000) + 600
    const refusals = [
      { ...grantRequest(key, stranger(), expiry), policies: [{ type: "gas-limit", data: {} }] },
      { ...grantRequest(key, stranger(), expiry), permissions: [{ type: "contract-call", data: {} }] },
      grantRequest(key, stranger(), Math.floor(Date.now() / 1000) - 1),
      { ...grantRequest(key, stranger(), expiry), signer: { type: "wallet", data: {} } },
      { ...grantRequest(key, stranger(), expiry), address: stranger() }
    ]
    for (const request of refusals)
      expect((await user.rpc("wallet_grantPermissions", [request])).status).toBeGreaterThanOrEqual(400)
    expect(recorded.some((session) => session.pci === `31337-${key}`)).toBe(false)
  })
})
