/** The sandbox WalletConnect relay (sandbox/relay), raw: delivery, acks, redelivery and the mailbox's bounds. */
import { describe, expect, it } from "vitest"
import WebSocket from "ws"
import { startSandboxRelay } from "../../sandbox/relay/relay.mjs"
import { eventually } from "../kit/waits"
import { makeJwt, RawClient, relay, topic } from "./relayWorld"

describe("relay protocol", () => {
  it("answers subscribe, pushes a publish to the subscriber, and takes the ack", async () => {
    const [a, b] = await Promise.all([RawClient.open(), RawClient.open()])
    const t = topic()
    const sub = await b.call("irn_subscribe", { topic: t })
    expect(typeof sub.json.result).toBe("string")
    const acksBefore = relay().stats.acks
    const pub = await a.call("irn_publish", {
      topic: t,
      message: "aGVsbG8=",
      ttl: 300,
      tag: 1108,
      prompt: true
    })
    expect(pub.json.result).toBe(true)
    const [push] = await b.until(() => (b.pushes(t).length ? b.pushes(t) : undefined), "push")
    expect(push!.json.params).toMatchObject({
      id: sub.json.result,
      data: { topic: t, message: "aGVsbG8=", tag: 1108, attestation: "" }
    })
    expect(typeof push!.json.params.data.publishedAt).toBe("number")
    // Push ids stay below 2^53 (the SDK turns 17+ digit numbers into BigInt).
    expect(Number.isSafeInteger(push!.json.id)).toBe(true)
    await eventually(() => relay().stats.acks > acksBefore, "ack counted")
    // Acked: a second subscribe does not deliver it again.
    await b.call("irn_subscribe", { topic: t })
    await b.call("irn_unsubscribe", { topic: t, id: sub.json.result })
    expect(b.pushes(t)).toHaveLength(1)
    a.close()
    b.close()
  })

  it("keeps a message published before the receiver subscribes, and answers the subscribe first", async () => {
    const [a, b] = await Promise.all([RawClient.open(), RawClient.open()])
    const t = topic()
    await a.call("irn_publish", { topic: t, message: "early", ttl: 300, tag: 1100 })
    expect(
      relay()
        .inspect.storedMessages(t)
        .map((m) => m.message)
    ).toEqual(["early"])
    const answer = await b.call("irn_subscribe", { topic: t })
    await b.until(() => b.pushes(t).length === 1 || undefined, "mailbox flush")
    const answerAt = b.frames.indexOf(answer)
    const pushAt = b.frames.indexOf(b.pushes(t)[0]!)
    expect(answerAt).toBeLessThan(pushAt)
    // batchSubscribe also flushes, but only what was not acked.
    await a.call("irn_publish", { topic: t, message: "second", ttl: 300 })
    await b.until(() => b.pushes(t).length === 2 || undefined, "live push")
    const batch = await b.call("irn_batchSubscribe", { topics: [t] })
    expect(Array.isArray(batch.json.result)).toBe(true)
    a.close()
    b.close()
  })

  it("redelivers an unacked message after a reconnect of the same client, and drops expired ones", async () => {
    const { jwt } = makeJwt()
    const open = async () => {
      const ws = new WebSocket(`${relay().url}?auth=${jwt}`)
      await new Promise((resolve) => ws.once("open", resolve))
      return new RawClient(ws, "")
    }
    const a = await RawClient.open()
    const b1 = await open()
    b1.autoAck = false
    const t = topic()
    await b1.call("irn_subscribe", { topic: t })
    await a.call("irn_publish", { topic: t, message: "unacked", ttl: 300 })
    await b1.until(() => b1.pushes(t).length === 1 || undefined, "first delivery")
    b1.close()
    const b2 = await open()
    await b2.call("irn_batchSubscribe", { topics: [t] })
    await b2.until(() => b2.pushes(t).length === 1 || undefined, "redelivery")
    expect(b2.pushes(t)[0]!.json.params.data.message).toBe("unacked")

    const short = await startSandboxRelay()
    try {
      const c = await RawClient.open(short.url)
      const t2 = topic()
      await c.call("irn_publish", { topic: t2, message: "brief", ttl: 0.001 })
      await eventually(() => short.inspect.storedMessages(t2).length === 0, "expiry")
      const d = await RawClient.open(short.url)
      await d.call("irn_subscribe", { topic: t2 })
      const e = await RawClient.open(short.url)
      await e.call("irn_publish", { topic: t2, message: "fresh", ttl: 300 })
      await d.until(() => d.pushes(t2).length === 1 || undefined, "fresh push")
      expect(d.pushes(t2).map((p) => p.json.params.data.message)).toEqual(["fresh"])
    } finally {
      await short.close()
    }
    a.close()
    b2.close()
  })

  it("stores a message again when the same text is published after its ttl", async () => {
    // A long ping period: the heartbeat's sweep must not remove the expired copy first.
    const slow = await startSandboxRelay({ pingIntervalMs: 30_000 })
    try {
      const a = await RawClient.open(slow.url)
      const t = topic()
      await a.call("irn_publish", { topic: t, message: "again", ttl: 0.001 })
      await eventually(() => slow.inspect.storedMessages(t).length === 0, "expiry")
      await a.call("irn_publish", { topic: t, message: "again", ttl: 300 })
      expect(slow.inspect.storedMessages(t).map((m) => m.message)).toEqual(["again"])
      const b = await RawClient.open(slow.url)
      await b.call("irn_subscribe", { topic: t })
      await b.until(() => b.pushes(t).length === 1 || undefined, "the republished message")
      a.close()
      b.close()
    } finally {
      await slow.close()
    }
  })

  it("never echoes a message to its publisher", async () => {
    const [a, b] = await Promise.all([RawClient.open(), RawClient.open()])
    const t = topic()
    await a.call("irn_subscribe", { topic: t })
    await b.call("irn_subscribe", { topic: t })
    await a.call("irn_publish", { topic: t, message: "from-a", ttl: 300 })
    await b.until(() => b.pushes(t).length === 1 || undefined, "push to b")
    // A later subscribe by the publisher flushes the mailbox, still without its own message.
    await a.call("irn_subscribe", { topic: t })
    await b.call("irn_publish", { topic: t, message: "from-b", ttl: 300 })
    await a.until(() => a.pushes(t).length === 1 || undefined, "push to a")
    expect(a.pushes(t).map((p) => p.json.params.data.message)).toEqual(["from-b"])
    expect(b.pushes(t).map((p) => p.json.params.data.message)).toEqual(["from-a"])
    a.close()
    b.close()
  })

  it("holds pushes beyond the unacked limit until acks make room", async () => {
    const small = await startSandboxRelay({ limits: { maxPendingPerSocket: 2 } })
    try {
      const [a, b] = await Promise.all([RawClient.open(small.url), RawClient.open(small.url)])
      const t = topic()
      for (let i = 0; i < 5; i++) await a.call("irn_publish", { topic: t, message: `m${i}`, ttl: 300 })
      await b.call("irn_subscribe", { topic: t })
      await b.until(() => b.pushes(t).length === 5 || undefined, "all five pushes")
      expect(b.pushes(t).map((p) => p.json.params.data.message)).toEqual(["m0", "m1", "m2", "m3", "m4"])
      a.close()
      b.close()
    } finally {
      await small.close()
    }
  })

  it("refuses a publish once the mailbox is full, and keeps no topic for it", async () => {
    const small = await startSandboxRelay({ limits: { maxStoredMessages: 1 } })
    try {
      const a = await RawClient.open(small.url)
      const kept = topic()
      await a.call("irn_publish", { topic: kept, message: "kept", ttl: 300 })
      for (let i = 0; i < 3; i++) {
        const answer = await a.call("irn_publish", { topic: topic(), message: `refused${i}`, ttl: 300 })
        expect(answer.json.error).toMatchObject({ code: -32000, message: "mailbox full" })
      }
      expect(small.inspect.topics()).toEqual([kept])
      a.close()
    } finally {
      await small.close()
    }
  })
})
