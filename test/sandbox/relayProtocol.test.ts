/**
 * The sandbox WalletConnect relay (sandbox/relay), raw: request ids, the session methods, auth, garbage,
 * pings and the fault switches.
 */
import { describe, expect, it } from "vitest"
import WebSocket from "ws"
import { verifyRelayJwt } from "../../sandbox/relay/auth.mjs"
import { parseRelayFaultArgs } from "../../sandbox/relay/faults.mjs"
import { rawIdOf } from "../../sandbox/relay/jsonrpc.mjs"
import { TAGS } from "../../sandbox/relay/protocol.mjs"
import { startSandboxRelay } from "../../sandbox/relay/relay.mjs"
import { makeJwt, RawClient, refusedStatus, relay, topic } from "./relayWorld"

describe("relay protocol", () => {
  it("echoes request ids byte-exactly, numbers above 2^53 included", async () => {
    const a = await RawClient.open()
    const big = "18446744073709551617123" // > 2^64, would round through JSON.parse
    a.ws.send(`{"jsonrpc":"2.0","id":${big},"method":"irn_subscribe","params":{"topic":"${topic()}"}}`)
    const answer = await a.until(() => a.frames.find((f) => f.text.includes(big)), "big id answer")
    expect(answer.text.startsWith(`{"id":${big},`)).toBe(true)
    // The SDK's own form: a 19-digit number in a string, and an id that is not the first member.
    a.ws.send(
      `{ "method" : "irn_unsubscribe", "params":{"topic":"x","id":"y"}, "id" : "1795308168916546304" }`
    )
    const second = await a.until(
      () => a.frames.find((f) => f.text.includes('"1795308168916546304"')),
      "string id"
    )
    expect(second.text.startsWith('{"id":"1795308168916546304",')).toBe(true)
    expect(rawIdOf(`{"a":{"id":1},"b":"}\\"","id": 12345678901234567890 }`)).toBe("12345678901234567890")
    a.close()
  })

  it("implements wc_proposeSession and wc_approveSession with their implicit subscriptions", async () => {
    const [dapp, wallet] = await Promise.all([RawClient.open(), RawClient.open()])
    const pairingTopic = topic()
    const sessionTopic = topic()
    const proposed = await dapp.call("wc_proposeSession", {
      pairingTopic,
      sessionProposal: "proposal",
      ttl: 300,
      correlationId: 1
    })
    expect(proposed.json.result).toBe(true)
    expect(relay().inspect.subscribers(pairingTopic)).toEqual([dapp.iss])
    await wallet.call("irn_subscribe", { topic: pairingTopic })
    await wallet.until(() => wallet.pushes(pairingTopic).length === 1 || undefined, "proposal")
    expect(wallet.pushes(pairingTopic)[0]!.json.params.data).toMatchObject({ tag: TAGS.proposal })
    const approved = await wallet.call("wc_approveSession", {
      sessionTopic,
      pairingTopic,
      sessionProposalResponse: "response",
      sessionSettlementRequest: "settle",
      ttl: 300,
      correlationId: 1,
      approvedChains: ["eip155:1"],
      approvedMethods: ["personal_sign"],
      approvedEvents: []
    })
    expect(approved.json.result).toBe(true)
    // The dapp is on the pairing topic without having subscribed; the wallet does not get its own answer.
    await dapp.until(() => dapp.pushes(pairingTopic).length === 1 || undefined, "proposal response")
    expect(dapp.pushes(pairingTopic)[0]!.json.params.data).toMatchObject({ message: "response", tag: 1101 })
    expect(wallet.pushes(pairingTopic)).toHaveLength(1)
    await dapp.call("irn_subscribe", { topic: sessionTopic })
    await dapp.until(() => dapp.pushes(sessionTopic).length === 1 || undefined, "settle request")
    expect(dapp.pushes(sessionTopic)[0]!.json.params.data).toMatchObject({ message: "settle", tag: 1102 })
    // The wallet is on the session topic without having subscribed.
    await dapp.call("irn_publish", { topic: sessionTopic, message: "request", ttl: 900, tag: 1108 })
    await wallet.until(() => wallet.pushes(sessionTopic).length === 1 || undefined, "request on session")
    dapp.close()
    wallet.close()
  })

  it("refuses a bad or expired JWT with HTTP 401, and a connection without one", async () => {
    const before = relay().stats.rejected
    expect(await refusedStatus(`${relay().url}?auth=${makeJwt({ tamper: true }).jwt}`)).toBe(401)
    expect(await refusedStatus(`${relay().url}?auth=${makeJwt({ expOffset: -10 }).jwt}`)).toBe(401)
    expect(await refusedStatus(`${relay().url}?auth=not.a.jwt`)).toBe(401)
    expect(await refusedStatus(relay().url)).toBe(401)
    expect(relay().stats.rejected - before).toBe(4)
    expect(verifyRelayJwt(makeJwt({ expOffset: -10 }).jwt)).toEqual({ ok: false, reason: "JWT expired" })
    expect(verifyRelayJwt(makeJwt({ tamper: true }).jwt)).toEqual({ ok: false, reason: "bad signature" })
    const good = makeJwt()
    expect(verifyRelayJwt(good.jwt)).toMatchObject({ ok: true, clientId: good.iss })
  })

  it("survives garbage frames and answers them with JSON-RPC errors", async () => {
    const a = await RawClient.open()
    const garbage = [
      "not json",
      "{",
      "[]",
      "null",
      '"text"',
      '{"jsonrpc":"2.0"}',
      '{"id":{"x":1},"method":"irn_subscribe"}',
      '{"id":1.5,"method":"irn_subscribe","params":{"topic":"t"}}',
      `{"id":"${"9".repeat(100)}","method":"irn_subscribe","params":{"topic":"t"}}`,
      '{"id":"1","result":true}',
      '{"id":1,"method":"irn_subscribe","params":null}',
      '{"id":2,"method":"irn_publish","params":{"topic":"","message":""}}',
      '{"id":3,"method":"irn_batchSubscribe","params":{"topics":"nope"}}',
      '{"id":4,"method":"__proto__","params":{}}',
      '{"id":5,"method":"toString","params":{}}',
      `{"id":6,"method":"irn_publish","params":{"topic":"t","message":"${"x".repeat(300_000)}"}}`
    ]
    for (const frame of garbage) a.ws.send(frame)
    a.ws.send(Buffer.from([0xff, 0x00, 0x13]), { binary: true })
    const ok = await a.call("irn_subscribe", { topic: topic() })
    expect(typeof ok.json.result).toBe("string")
    const errors = a.frames.filter((f) => f.json.error !== undefined)
    // Every frame but the stray response got an error answer.
    expect(errors).toHaveLength(garbage.length)
    expect(errors.filter((f) => f.json.id === null).length).toBeGreaterThanOrEqual(8)
    expect(errors.find((f) => f.json.id === 4)!.json.error!.code).toBe(-32601)
    // A frame above the size limit closes that socket only (1009); the relay keeps serving.
    const big = await RawClient.open()
    const closed = new Promise<number>((resolve) => big.ws.once("close", resolve))
    big.ws.send("x".repeat(600 * 1024))
    expect(await closed).toBe(1009)
    const still = await a.call("irn_subscribe", { topic: topic() })
    expect(typeof still.json.result).toBe("string")
    a.close()
  })

  it("pings every connection", async () => {
    const fast = await startSandboxRelay({ pingIntervalMs: 40 })
    try {
      const a = await RawClient.open(fast.url)
      await a.until(() => a.pings >= 2 || undefined, "two pings", 3000)
      expect(fast.stats.pings).toBeGreaterThanOrEqual(2)
      a.close()
    } finally {
      await fast.close()
    }
    await expect(startSandboxRelay({ pingIntervalMs: 35_000 })).rejects.toThrow(RangeError)
  })

  it("switches methods off and plays dead on request", async () => {
    expect(parseRelayFaultArgs(["--relay-without=subscribe,wc_proposeSession", "--dead-relay"])).toEqual({
      without: ["irn_subscribe", "wc_proposeSession"],
      dead: true
    })
    const faulty = await startSandboxRelay({ faults: { without: ["irn_subscribe"] } })
    try {
      const a = await RawClient.open(faulty.url)
      const t = topic()
      expect((await a.call("irn_subscribe", { topic: t })).json.error!.code).toBe(-32601)
      expect(Array.isArray((await a.call("irn_batchSubscribe", { topics: [t] })).json.result)).toBe(true)
      const closed = new Promise((resolve) => a.ws.once("close", resolve))
      faulty.faults.set({ dead: true })
      await closed
      const refused = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`${faulty.url}?auth=${makeJwt().jwt}`)
        ws.once("open", () => resolve("open"))
        ws.once("error", (error) => resolve(error.message))
      })
      expect(refused).not.toBe("open")
      faulty.faults.clear()
      const b = await RawClient.open(faulty.url)
      b.close()
    } finally {
      await faulty.close()
    }
  })
})
