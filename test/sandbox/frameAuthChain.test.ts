/**
 * The sandbox embedded wallet's keys on anvil (sandbox/frame, issue 14): new users are funded, transactions
 * sent as the key account and as the smart account land, and the smart account's signatures verify through
 * the chain (ERC-6492 before its first transaction deploys it, ERC-1271 after).
 */
import { randomBytes } from "node:crypto"
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isErc6492Signature,
  type PublicClient,
  parseErc6492Signature,
  parseEther
} from "viem"
import { beforeAll, describe, expect, it } from "vitest"
import { CREATE2_DEPLOYER, DEVICE_HEADER, FAUCET_ACCOUNT_INDEX } from "../../sandbox/frame/auth.mjs"
import { chainsForFile, frameAuthForFile } from "./sandboxWorld"

const sandbox = chainsForFile()
const auth = frameAuthForFile(() => ({ chains: sandbox().chains }))
let clients: ReadonlyArray<PublicClient> = []
beforeAll(() => {
  clients = sandbox().chains.map((chain) =>
    createPublicClient({ transport: http(chain.rpcUrl), pollingInterval: 50 })
  )
})

type Hex = `0x${string}`
interface User {
  readonly address: Hex
  readonly smartAccountAddress: Hex
  readonly smartAccountDeployed: boolean
  readonly smartAccountEnabledNetworks: ReadonlyArray<number>
  readonly preferredAccountType: string
}

/** Signs up a new email user; resolves to a small client holding the session. */
const signUp = async () => {
  const device = `device-${randomBytes(12).toString("hex")}`
  const email = `chain.${randomBytes(4).toString("hex")}@example.test`
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
  const rpc = async (method: string, params: unknown, chainId?: number) => {
    const answer = await call("POST", "/auth/rpc", { method, params, chainId })
    if (answer.status !== 200) throw new Error(`${method}: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body.result
  }
  const user = async (chainId?: number) =>
    (await call("GET", `/auth/user${chainId === undefined ? "" : `?chainId=${chainId}`}`))
      .body as unknown as User
  const prefer = (type: "eoa" | "smartAccount") => call("POST", "/auth/preferred-account", { type })
  return { call, rpc, user, prefer, ...(await user()) }
}

const balance = (address: Hex, chain = 0) => clients[chain]!.getBalance({ address })
const mined = async (hash: unknown, chain = 0) => {
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  const receipt = await clients[chain]!.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 25 })
  expect(receipt.status).toBe("success")
  return receipt
}
const stranger = () => `0x${randomBytes(20).toString("hex")}` as Hex

describe("keys on the sandbox chains", () => {
  it("funds a new user's key account and smart account with 1 ETH on every chain from the faucet account", async () => {
    const user = await signUp()
    expect(user.smartAccountEnabledNetworks).toEqual([31337, 31338])
    for (const chain of [0, 1]) {
      expect(await balance(user.address, chain)).toBe(parseEther("1"))
      expect(await balance(user.smartAccountAddress, chain)).toBe(parseEther("1"))
    }
    // Funded, not deployed.
    expect(await clients[0]!.getCode({ address: user.smartAccountAddress })).toBeUndefined()
    expect(sandbox().accounts[FAUCET_ACCOUNT_INDEX]).toBeDefined()
  })

  it("eth_sendTransaction as the key account lands on the chain asked for; balances move", async () => {
    const user = await signUp()
    const to = stranger()
    const hash = await user.rpc("eth_sendTransaction", [
      { from: user.address, to, value: `0x${parseEther("0.25").toString(16)}` }
    ])
    const receipt = await mined(hash)
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(await balance(to)).toBe(parseEther("0.25"))
    expect(await balance(user.address)).toBeLessThan(parseEther("0.75"))
    // Chain B, by CAIP-2 id.
    const hashB = await user.rpc(
      "eth_sendTransaction",
      [{ to, value: "0x1" }],
      "eip155:31338" as unknown as number
    )
    await mined(hashB, 1)
    expect(await balance(to, 1)).toBe(1n)
    // Two at once: nonces do not race.
    const [a, b] = await Promise.all([
      user.rpc("eth_sendTransaction", [{ to, value: "0x2" }]),
      user.rpc("eth_sendTransaction", [{ to, value: "0x3" }])
    ])
    await Promise.all([mined(a), mined(b)])
    expect(await balance(to)).toBe(parseEther("0.25") + 5n)
  })

  it("as the smart account: ERC-6492 signatures before deployment, the first transaction deploys it through execute, ERC-1271 after", async () => {
    const user = await signUp()
    expect((await user.prefer("smartAccount")).body).toEqual({
      type: "smartAccount",
      address: user.smartAccountAddress
    })
    const sa = user.smartAccountAddress
    const client = clients[0]!
    const message = "Sign in to the sandbox as a smart account"

    // Before: wrapped for the deployer, verifiable by simulating the deployment; nothing deployed.
    const before = (await user.rpc("personal_sign", [message, sa])) as Hex
    expect(isErc6492Signature(before)).toBe(true)
    expect(parseErc6492Signature(before).address?.toLowerCase()).toBe(CREATE2_DEPLOYER)
    expect(await client.verifyMessage({ address: sa, message, signature: before })).toBe(true)
    expect(await client.verifyMessage({ address: stranger(), message, signature: before })).toBe(false)
    expect(await client.getCode({ address: sa })).toBeUndefined()
    expect((await user.user()).smartAccountDeployed).toBe(false)
    // Refuses the key account's address while the smart account is the connected one.
    await expect(user.rpc("personal_sign", [message, user.address])).rejects.toThrow(/403/)

    // The first transaction deploys it, then calls through execute: the value comes from the account.
    const to = stranger()
    const hash = await user.rpc("eth_sendTransaction", [
      { from: sa, to, value: `0x${parseEther("0.1").toString(16)}` }
    ])
    const receipt = await mined(hash)
    expect(receipt.to?.toLowerCase()).toBe(sa.toLowerCase())
    expect(receipt.from.toLowerCase()).toBe(user.address.toLowerCase())
    expect(await client.getCode({ address: sa })).toMatch(/^0x[0-9a-f]+$/)
    expect(await balance(to)).toBe(parseEther("0.1"))
    expect(await balance(sa)).toBe(parseEther("0.9"))
    expect((await user.user()).smartAccountDeployed).toBe(true)
    // Still undeployed on chain B.
    expect((await user.user(31338)).smartAccountDeployed).toBe(false)
    const onB = (await user.rpc("personal_sign", [message, sa], 31338)) as Hex
    expect(isErc6492Signature(onB)).toBe(true)
    expect(await clients[1]!.verifyMessage({ address: sa, message, signature: onB })).toBe(true)

    // After: the owner's plain signature, checked by the contract (ERC-1271).
    const after = (await user.rpc("personal_sign", [message, sa])) as Hex
    expect(isErc6492Signature(after)).toBe(false)
    expect(after).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await client.verifyMessage({ address: sa, message, signature: after })).toBe(true)
    expect(await client.verifyMessage({ address: sa, message: "another message", signature: after })).toBe(
      false
    )

    // Typed data too.
    const typed = {
      domain: { name: "Sandbox", version: "1", chainId: 31337 },
      types: { Mail: [{ name: "contents", type: "string" }] },
      primaryType: "Mail",
      message: { contents: "hello" }
    } as const
    const typedSignature = (await user.rpc("eth_signTypedData_v4", [sa, JSON.stringify(typed)])) as Hex
    expect(await client.verifyTypedData({ ...typed, address: sa, signature: typedSignature })).toBe(true)

    // A contract call through the smart account: the token call's msg.sender is the smart account.
    const token = sandbox().tokens[0]!
    const allowance = await user.rpc("eth_sendTransaction", [
      {
        to: token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [to, 7n] })
      }
    ])
    await mined(allowance)
    expect(
      await client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: "allowance",
        args: [sa, to]
      })
    ).toBe(7n)
    // A smart account does not deploy contracts.
    await expect(user.rpc("eth_sendTransaction", [{ data: "0x6000" }])).rejects.toThrow(/cannot deploy/)
  })

  it("typed data before deployment verifies through ERC-6492 as well", async () => {
    const user = await signUp()
    await user.prefer("smartAccount")
    const sa = user.smartAccountAddress
    const typed = {
      domain: { name: "Sandbox", chainId: 31337 },
      types: { Permit: [{ name: "amount", type: "uint256" }] },
      primaryType: "Permit",
      message: { amount: "12" }
    } as const
    const signature = (await user.rpc("eth_signTypedData_v4", [sa, typed])) as Hex
    expect(isErc6492Signature(signature)).toBe(true)
    expect(
      await clients[0]!.verifyTypedData({ ...typed, message: { amount: 12n }, address: sa, signature })
    ).toBe(true)
  })
})
