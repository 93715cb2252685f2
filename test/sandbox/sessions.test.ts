/**
 * The sandbox API's smart sessions (sandbox/api/sessions.mjs) over a real anvil chain: sessions added through
 * the control route, listed, revoked with the account's real personal_sign over the pci, the refusals
 * (unknown pci, wrong signer, bad input, the per-address bound) and reset.
 */
import * as Result from "effect/Result"
import type { PrivateKeyAccount } from "viem/accounts"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach, describe, expect, it } from "vitest"
import { DEFAULT_PROJECT_ID } from "../../sandbox/api/api.mjs"
import { MAX_SESSIONS_PER_ADDRESS, type SmartSession } from "../../sandbox/api/sessions.mjs"
import { NameLookupError } from "../../src/errors"
import { fromServerResponse } from "../../src/layers/provider/serverResponse"
import { decodeSmartSessions } from "../../src/schemas/SmartSessions"
import { apiForFile, chainsForFile } from "./sandboxWorld"

const sandbox = chainsForFile()
const api = apiForFile(() => ({ chains: sandbox().chains }))
beforeEach(async () => {
  expect((await fetch(`${api().url}/__sandbox/reset`, { method: "POST" })).status).toBe(200)
})

const signer = (i: number) => privateKeyToAccount(sandbox().accounts[i]!.privateKey)
const caip = (account: { address: string }, chainId = 31337) => `eip155:${chainId}:${account.address}`
const url = (path: string) => `${api().url}${path}?${new URLSearchParams({ projectId: DEFAULT_PROJECT_ID })}`
const postJson = (target: string, body: unknown) =>
  fetch(target, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
const add = (body: Record<string, unknown>) => postJson(`${api().url}/__sandbox/sessions`, body)
const list = (address: string) => fetch(url(`/v1/sessions/${address}`))
const revoke = (address: string, body: unknown) => postJson(url(`/v1/sessions/${address}/revoke`), body)
const ok = async <A = unknown>(response: Promise<Response>) => {
  const answer = await response
  expect(answer.status, await answer.clone().text()).toBe(200)
  return (await answer.json()) as A
}
const refused = async (response: Promise<Response>, status: number, description: string) => {
  const answer = await response
  const text = await answer.text()
  expect(answer.status, text).toBe(status)
  const body = JSON.parse(text) as { reasons: Array<{ field?: string; description: string }> }
  expect(body.reasons[0]!.description).toBe(description)
  expect((fromServerResponse(answer.status, text) as NameLookupError).reason).toBe(description)
  expect(fromServerResponse(answer.status, text)).toBeInstanceOf(NameLookupError)
  return body
}
const signPci = (account: PrivateKeyAccount, pci: string) => account.signMessage({ message: pci })

describe("smart sessions", () => {
  it("adds, lists (newest first) and revokes with the account's signature", async () => {
    const alice = signer(2)
    const first = await ok<SmartSession>(add({ address: caip(alice), pci: "pci-one" }))
    expect(first).toMatchObject({
      pci: "pci-one",
      project: { id: DEFAULT_PROJECT_ID, name: "Sandbox dApp", url: "http://localhost" },
      policies: []
    })
    expect(first.context).toMatch(/^0x[0-9a-f]{64}$/)
    expect(first.expiry).toBeGreaterThan(first.createdAt)
    expect(first.permissions[0]!.type).toBe("native-token-recurring-allowance")
    expect(first.revokedAt).toBeUndefined()
    const second = await ok<SmartSession>(
      add({
        address: caip(alice),
        pci: "pci-two",
        expiry: 2_000_000_000,
        createdAt: 1_700_000_000,
        project: {
          id: "p2",
          name: "Other dApp",
          url: "https://dapp.example",
          iconUrl: "https://dapp.example/i.png"
        },
        permissions: [{ type: "contract-call", data: { address: "0x00", abi: [] } }],
        policies: [{ type: "gas-limit", data: { limit: "0x5208" } }],
        context: "0xabcdef"
      })
    )
    const answer = await ok<{ pcis: SmartSession[] }>(list(caip(alice)))
    const { pcis } = answer
    expect(pcis).toEqual([second, first])
    // The app's own decoder reads the sandbox's answer whole.
    const decoded = decodeSmartSessions(answer)
    expect(Result.isSuccess(decoded) && decoded.success).toEqual({ items: [second, first], dropped: 0 })
    // Another chain's sessions are another list.
    expect(await ok(list(caip(alice, 31338)))).toEqual({ pcis: [] })

    expect(
      await ok(revoke(caip(alice), { pci: "pci-one", signature: await signPci(alice, "pci-one") }))
    ).toEqual({})
    const after = await ok<{ pcis: SmartSession[] }>(list(caip(alice)))
    expect(after.pcis[1]!.pci).toBe("pci-one")
    expect(after.pcis[1]!.revokedAt).toBeGreaterThan(0)
    expect(after.pcis[0]!.revokedAt).toBeUndefined()
    // A plain address finds the session on its chain; revoking again changes nothing.
    const revokedAt = after.pcis[1]!.revokedAt
    await ok(revoke(alice.address, { pci: "pci-one", signature: await signPci(alice, "pci-one") }))
    expect((await ok<{ pcis: SmartSession[] }>(list(caip(alice)))).pcis[1]!.revokedAt).toBe(revokedAt)
    await ok(
      revoke(alice.address.toLowerCase(), { pci: "pci-two", signature: await signPci(alice, "pci-two") })
    )
    expect((await ok<{ pcis: SmartSession[] }>(list(caip(alice)))).pcis[0]!.revokedAt).toBeGreaterThan(0)
  })

  it("refuses an unknown pci, a wrong signer, bad bodies and addresses", async () => {
    const bob = signer(3)
    await ok(add({ address: caip(bob), pci: "bob-pci" }))
    await refused(
      revoke(caip(bob), { pci: "nope", signature: await signPci(bob, "nope") }),
      404,
      "Session not found"
    )
    const body = await refused(
      revoke(caip(bob), { pci: "bob-pci", signature: await signPci(signer(4), "bob-pci") }),
      400,
      "Invalid signature"
    )
    expect(body.reasons[0]!.field).toBe("signature")
    // Signed over another text.
    await refused(
      revoke(caip(bob), { pci: "bob-pci", signature: await signPci(bob, "other") }),
      400,
      "Invalid signature"
    )
    await refused(revoke(caip(bob), { pci: "bob-pci", signature: "0x12" }), 400, "Invalid signature")
    await refused(revoke(caip(bob), { pci: "bob-pci" }), 400, "Signature is required")
    await refused(revoke(caip(bob), { signature: "0x12" }), 400, "pci is required")
    await refused(revoke(caip(bob), [1]), 400, "body must be an object")
    // Still standing.
    expect((await ok<{ pcis: SmartSession[] }>(list(caip(bob)))).pcis[0]!.revokedAt).toBeUndefined()
    await refused(list(bob.address), 400, "Invalid address: expected CAIP-10 such as eip155:31337:0x…")
    await refused(revoke("0x12", { pci: "bob-pci", signature: "0x12" }), 400, "Invalid address")
    const noProject = await fetch(`${api().url}/v1/sessions/${caip(bob)}`)
    expect(noProject.status).toBe(403)
  })

  it("bounds what the control route adds", async () => {
    const carol = signer(5)
    await refused(
      add({ address: carol.address }),
      400,
      "Invalid address: expected CAIP-10 such as eip155:31337:0x…"
    )
    await refused(
      add({ address: caip(carol), pci: "has space" }),
      400,
      "pci must be 1 to 128 letters, digits or -_.:"
    )
    await refused(
      add({ address: caip(carol), context: "0xabc" }),
      400,
      "context must be 0x-hex of at most 8192 characters"
    )
    await refused(
      add({ address: caip(carol), permissions: [{ type: "x", data: "y".repeat(5000) }] }),
      400,
      "permissions data must be at most 4096 characters of JSON"
    )
    await refused(
      add({ address: caip(carol), project: { id: "a", name: "b", url: "javascript:alert(1)" } }),
      400,
      "project.url must be an http(s) URL"
    )
    await refused(add({ address: caip(carol), expiry: -1 }), 400, "expiry must be unix seconds")
    await ok(add({ address: caip(carol), pci: "dup" }))
    await refused(add({ address: caip(carol), pci: "dup" }), 400, "pci already exists for this address")
    for (let n = 1; n < MAX_SESSIONS_PER_ADDRESS; n++) await ok(add({ address: caip(carol) }))
    await refused(
      add({ address: caip(carol) }),
      400,
      `At most ${MAX_SESSIONS_PER_ADDRESS} sessions per address`
    )
    expect((await ok<{ pcis: SmartSession[] }>(list(caip(carol)))).pcis).toHaveLength(
      MAX_SESSIONS_PER_ADDRESS
    )
  })

  it("reset clears the sessions", async () => {
    const dave = signer(6)
    await ok(add({ address: caip(dave) }))
    await fetch(`${api().url}/__sandbox/reset`, { method: "POST" })
    expect(await ok(list(caip(dave)))).toEqual({ pcis: [] })
  })
})
