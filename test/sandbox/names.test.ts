/**
 * The sandbox API's names registry (sandbox/api/names.mjs) over a real anvil chain: registration with a
 * dev account's real signature (and a contract account's, ERC-1271), look-up (legacy `.wcn.id` too),
 * reverse look-up, identity, suggestions, every refusal with its `reasons` body, and every answer decoded by
 * the app's own decoders (src/schemas/Profile.ts) and error reader (src/layers/provider/serverResponse.ts).
 */
import * as Result from "effect/Result"
import fc from "fast-check"
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  serializeErc6492Signature,
  toHex
} from "viem"
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import { coinTypeOf, isValidNameLabel, MAX_LABEL_LENGTH, nameLabelProblem } from "../../sandbox/api/names.mjs"
import artifact from "../../sandbox/chain/contracts/SandboxAccount.json"
import { NameLookupError } from "../../src/errors"
import { fromServerResponse } from "../../src/layers/provider/serverResponse"
import { decodeNameSuggestions, decodeProfile, decodeReverseProfiles } from "../../src/schemas/Profile"
import { apiForFile, chainsForFile } from "./sandboxWorld"

const sandbox = chainsForFile()
const api = apiForFile(() => ({
  chains: sandbox().chains,
  names: [{ name: "taken.reown.id", address: sandbox().accounts[1]!.address }]
}))

/** The CREATE2 deployer anvil has at genesis (Arachnid's deterministic deployment proxy). */
const CREATE2_DEPLOYER = "0x4e59b44847b379578588920ca78fbf26c0b4956c"
const signer = (i: number) => privateKeyToAccount(sandbox().accounts[i]!.privateKey)
const url = (path: string, params: Record<string, string> = {}) =>
  `${api().url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID, ...params })}`
const get = (path: string, params: Record<string, string> = {}) => fetch(url(path, params))
/** The label of a `….reown.id` name. */
const labelOf = (name: string | undefined) => (name ?? "").slice(0, -".reown.id".length)
const nowSeconds = () => Math.floor(Date.now() / 1000)

const messageOf = (name: string, timestamp = nowSeconds(), attributes: Record<string, string> = {}) =>
  JSON.stringify({ name, attributes, timestamp })
const register = async (
  account: PrivateKeyAccount,
  name: string,
  options: { timestamp?: number; coinType?: number; address?: string; signature?: Hex } = {}
) => {
  const message = messageOf(name, options.timestamp)
  const signature = options.signature ?? (await account.signMessage({ message }))
  return fetch(url("/v1/profile/account"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      coin_type: options.coinType ?? 60,
      address: options.address ?? account.address,
      message,
      signature
    })
  })
}
const ok = async (response: Promise<Response> | Response) => {
  const answer = await response
  expect(answer.status, await answer.clone().text()).toBe(200)
  return (await answer.json()) as unknown
}
const right = <A, E>(result: Result.Result<A, E>): A => {
  if (Result.isFailure(result)) throw new Error(`decode failed: ${String(result.failure)}`)
  return result.success
}
/** A refusal: its status, its reasons body, and the client reading its first reason. */
const refused = async (response: Promise<Response> | Response, status: number, description: string) => {
  const answer = await response
  const text = await answer.text()
  expect(answer.status, text).toBe(status)
  const body = JSON.parse(text) as { reasons: Array<{ field?: string; description: string }> }
  expect(body.reasons[0]!.description).toBe(description)
  const error = fromServerResponse(answer.status, text)
  expect(error).toBeInstanceOf(NameLookupError)
  expect((error as NameLookupError).reason).toBe(description)
  return body
}

describe("registration", () => {
  it("registers with a real signature; look-up, legacy suffix, reverse and identity show it", async () => {
    const alice = signer(2)
    const profile = right(decodeProfile(await ok(register(alice, "Alice-2.reown.id"))))
    expect(profile.name).toBe("alice-2.reown.id")
    expect(profile.addresses["60"]!.address).toBe(alice.address)
    expect(profile.registered_at).toBe(profile.updated_at)

    const raw = await ok(get("/v1/profile/account/alice-2.reown.id", { apiVersion: "2" }))
    expect(raw).toEqual({
      name: "alice-2.reown.id",
      registered_at: profile.registered_at,
      updated_at: profile.updated_at,
      addresses: { "60": { address: alice.address, created: profile.registered_at } },
      attributes: []
    })
    expect(right(decodeProfile(raw)).name).toBe("alice-2.reown.id")
    // The legacy suffix names the same profile.
    expect(await ok(get("/v1/profile/account/alice-2.wcn.id", { apiVersion: "2" }))).toEqual(raw)
    expect(await ok(get("/v1/profile/account/ALICE-2.reown.id"))).toEqual(raw)

    // A second name becomes the primary; reverse lists the newest first.
    await ok(register(alice, "alice-two.reown.id"))
    const reverse = await ok(
      get(`/v1/profile/reverse/${alice.address.toLowerCase()}`, { sender: alice.address, apiVersion: "2" })
    )
    expect(right(decodeReverseProfiles(reverse)).map((p) => p.name)).toEqual([
      "alice-two.reown.id",
      "alice-2.reown.id"
    ])
    expect(await ok(get(`/v1/identity/${alice.address}`))).toEqual({
      name: "alice-two.reown.id",
      avatar: null
    })
  })

  it("answers an empty reverse list and 404 for unknown names", async () => {
    expect(await ok(get(`/v1/profile/reverse/${sandbox().accounts[7]!.address}`))).toEqual([])
    await refused(get("/v1/profile/account/nobody-here.reown.id"), 404, "Name not found")
    await refused(get("/v1/profile/account/nobody-here.eth"), 404, "Name not found")
    await refused(get("/v1/profile/reverse/0x1234"), 400, "Invalid address")
  })

  it("keeps the identity fixture for account #0 while it has no name", async () => {
    expect(await ok(get(`/v1/identity/${sandbox().accounts[0]!.address}`))).toMatchObject({
      name: "sandbox.airlock.eth"
    })
  })

  it("accepts an ENSIP-11 coin type of a sandbox chain", async () => {
    const bob = signer(3)
    const coinType = coinTypeOf(31338)
    const profile = right(decodeProfile(await ok(register(bob, "bob-on-b.reown.id", { coinType }))))
    expect(profile.addresses[String(coinType)]!.address).toBe(bob.address)
  })

  it("verifies a contract account's signature on the chain (ERC-1271)", async () => {
    const owner = privateKeyToAccount(`0x${"5a".repeat(32)}`)
    const chain = sandbox().chains[0]!
    const transport = http(chain.rpcUrl)
    const deployer = createWalletClient({ account: signer(0), transport })
    const hash = await deployer.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode as Hex,
      args: [owner.address],
      chain: null
    })
    const { contractAddress } = await createPublicClient({ transport }).waitForTransactionReceipt({ hash })
    const profile = right(
      decodeProfile(await ok(register(owner, "contract-acct.reown.id", { address: contractAddress! })))
    )
    expect(profile.addresses["60"]!.address).toBe(getAddress(contractAddress!))
    await refused(
      register(signer(5), "contract-acct2.reown.id", { address: contractAddress! }),
      400,
      "Invalid signature"
    )
  }, 30_000)

  it("verifies a counterfactual smart account's wrapped signature (ERC-6492)", async () => {
    const owner = privateKeyToAccount(`0x${"5c".repeat(32)}`)
    const salt = keccak256(toHex("airlock-names-6492"))
    const initCode = concatHex([
      artifact.bytecode as Hex,
      encodeAbiParameters([{ type: "address" }], [owner.address])
    ])
    const address = getContractAddress({
      opcode: "CREATE2",
      from: CREATE2_DEPLOYER,
      salt,
      bytecode: initCode
    })
    const wrapped = async (account: PrivateKeyAccount, name: string) =>
      serializeErc6492Signature({
        address: CREATE2_DEPLOYER,
        data: concatHex([salt, initCode]),
        signature: await account.signMessage({ message: messageOf(name) })
      })
    const profile = right(
      decodeProfile(
        await ok(
          register(owner, "counterfactual.reown.id", {
            address,
            signature: await wrapped(owner, "counterfactual.reown.id")
          })
        )
      )
    )
    expect(profile.addresses["60"]!.address).toBe(address)
    const stranger = privateKeyToAccount(`0x${"5d".repeat(32)}`)
    await refused(
      register(stranger, "counterfactual2.reown.id", {
        address,
        signature: await wrapped(stranger, "counterfactual2.reown.id")
      }),
      400,
      "Invalid signature"
    )
  }, 30_000)
})

describe("refusals", () => {
  const me = () => signer(4)
  it.each([
    ["taken.reown.id", "Name is already registered"],
    ["abc.reown.id", "Name must be at least 4 characters"],
    ["bad_name.reown.id", "Name may contain only letters, digits and hyphens"],
    ["bad name.reown.id", "Name may contain only letters, digits and hyphens"],
    ["sub.name.reown.id", "Name may contain only letters, digits and hyphens"],
    ["-dash.reown.id", "Name cannot start or end with a hyphen"],
    [`${"a".repeat(64)}.reown.id`, "Name must be at most 63 characters"],
    ["legacy.wcn.id", "Names end in .reown.id"],
    ["alice.eth", "Names end in .reown.id"],
    ["nosuffix", "Names end in .reown.id"]
  ])("%s: %s", async (name, description) => {
    const body = await refused(register(me(), name), 400, description)
    expect(body.reasons[0]!.field).toBe("name")
  })

  it("refuses an expired or future timestamp, a wrong signer, a bad coin type or address", async () => {
    await refused(
      register(me(), "expired.reown.id", { timestamp: nowSeconds() - 601 }),
      400,
      "Message expired"
    )
    await refused(
      register(me(), "future.reown.id", { timestamp: nowSeconds() + 601 }),
      400,
      "Message timestamp is in the future"
    )
    // Within the window on either side.
    await ok(register(me(), "nine-min-old.reown.id", { timestamp: nowSeconds() - 540 }))
    // Signed by account 5, claimed for account 4.
    const wrong = await signer(5).signMessage({ message: messageOf("wrong-signer.reown.id") })
    const body = await refused(
      register(me(), "wrong-signer.reown.id", { signature: wrong }),
      400,
      "Invalid signature"
    )
    expect(body.reasons[0]!.field).toBe("signature")
    await refused(register(me(), "garbage-sig.reown.id", { signature: "0x1234" }), 400, "Invalid signature")
    await refused(register(me(), "coin-type.reown.id", { coinType: 0 }), 400, "Unsupported coin type")
    await refused(
      register(me(), "coin-type.reown.id", { coinType: coinTypeOf(1) }),
      400,
      "Unsupported coin type"
    )
    await refused(register(me(), "bad-addr.reown.id", { address: "0x12" }), 400, "Invalid address")
    // None of those registered anything.
    await refused(get("/v1/profile/account/wrong-signer.reown.id"), 404, "Name not found")
    await refused(get("/v1/profile/account/expired.reown.id"), 404, "Name not found")
  })

  it("refuses malformed messages and bodies", async () => {
    const post = (body: unknown) =>
      fetch(url("/v1/profile/account"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    const base = { coin_type: 60, address: me().address, signature: "0x00" }
    await refused(post({ ...base, message: "not json" }), 400, "Message must be JSON")
    await refused(post({ ...base, message: "[1]" }), 400, "Message must be a JSON object")
    await refused(
      post({ ...base, message: JSON.stringify({ name: "okay.reown.id", timestamp: "soon" }) }),
      400,
      "Message timestamp must be unix seconds"
    )
    await refused(post([]), 400, "Body must be a JSON object")
    const huge = await fetch(url("/v1/profile/account"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(17 * 1024)
    })
    expect(huge.status).toBe(413)
  })

  it("the owner may register its name again; a taken name is not moved", async () => {
    const carol = signer(6)
    const first = right(decodeProfile(await ok(register(carol, "carol-name.reown.id"))))
    const again = right(decodeProfile(await ok(register(carol, "carol-name.reown.id"))))
    expect(again.registered_at).toBe(first.registered_at)
    await refused(register(signer(8), "carol-name.reown.id"), 400, "Name is already registered")
    const owner = right(decodeProfile(await ok(get("/v1/profile/account/carol-name.reown.id"))))
    expect(owner.addresses["60"]!.address).toBe(carol.address)
  })
})

describe("suggestions", () => {
  it("a taken name comes first, then free valid variants", async () => {
    const raw = await ok(get("/v1/profile/suggestions/taken", { zone: "reown.id" }))
    const list = right(decodeNameSuggestions(raw))
    expect(list[0]).toEqual({ name: "taken.reown.id", registered: true })
    expect(list.length).toBe(6)
    for (const suggestion of list.slice(1)) {
      expect(suggestion.registered).toBe(false)
      expect(suggestion.name?.endsWith(".reown.id")).toBe(true)
      expect(isValidNameLabel(labelOf(suggestion.name))).toBe(true)
      await refused(get(`/v1/profile/account/${suggestion.name}`), 404, "Name not found")
    }
    expect(list.map((s) => s.name)).toContain("taken-1.reown.id")
  })

  it("a free name is suggested as such; full names and long labels work; bad names are refused", async () => {
    const free = right(decodeNameSuggestions(await ok(get("/v1/profile/suggestions/free-one.reown.id"))))
    expect(free[0]).toEqual({ name: "free-one.reown.id", registered: false })
    const long = "l".repeat(MAX_LABEL_LENGTH)
    const longList = right(decodeNameSuggestions(await ok(get(`/v1/profile/suggestions/${long}`))))
    expect(longList.length).toBe(6)
    for (const s of longList) expect(isValidNameLabel(labelOf(s.name))).toBe(true)
    await refused(get("/v1/profile/suggestions/abc"), 400, "Name must be at least 4 characters")
    await refused(
      get("/v1/profile/suggestions/a_bc"),
      400,
      "Name may contain only letters, digits and hyphens"
    )
    await refused(get("/v1/profile/suggestions/alice", { zone: "eth" }), 400, "Unsupported zone")
  })

  it("a registered variant is skipped", async () => {
    await ok(register(signer(9), "skipme-1.reown.id"))
    const list = right(decodeNameSuggestions(await ok(get("/v1/profile/suggestions/skipme"))))
    expect(list.map((s) => s.name)).not.toContain("skipme-1.reown.id")
    expect(list.length).toBe(6)
  })
})

describe("reset", () => {
  it("clears registered names back to the seed", async () => {
    const dave = signer(7)
    await ok(register(dave, "dave-reset.reown.id"))
    const reset = await fetch(`${api().url}/__sandbox/reset`, { method: "POST" })
    expect(reset.status).toBe(200)
    await refused(get("/v1/profile/account/dave-reset.reown.id"), 404, "Name not found")
    const seeded = right(decodeProfile(await ok(get("/v1/profile/account/taken.reown.id"))))
    expect(seeded.addresses["60"]!.address).toBe(sandbox().accounts[1]!.address)
    expect(await ok(get(`/v1/identity/${sandbox().accounts[1]!.address}`))).toEqual({
      name: "taken.reown.id",
      avatar: null
    })
  })
})

describe("the name rule", () => {
  const reference = /^[A-Za-z0-9](?:[A-Za-z0-9-]{2,61})[A-Za-z0-9]$/
  it("agrees with a reference regex on 1 000 generated labels", () => {
    const alphabet = fc.constantFrom(..."abcXYZ019-_.é ".split(""))
    const label = fc.oneof(
      fc.string({ unit: alphabet, minLength: 0, maxLength: 70 }),
      fc.stringMatching(/^[a-z0-9-]{1,66}$/),
      fc.string({ maxLength: 70 })
    )
    fc.assert(
      fc.property(label, (l) => {
        expect(isValidNameLabel(l)).toBe(reference.test(l))
        expect(nameLabelProblem(l) === undefined).toBe(reference.test(l))
      }),
      { numRuns: 1000 }
    )
  })
})
