import { generateKeyPairSync, randomBytes, sign as signBytes } from "node:crypto"
import { describe, expect, it } from "vitest"
import WebSocket from "ws"
import { verifyRelayJwt } from "../../sandbox/relay/auth.mjs"
import { parseRelayFaultArgs } from "../../sandbox/relay/faults.mjs"
import { rawIdOf } from "../../sandbox/relay/jsonrpc.mjs"
import { TAGS } from "../../sandbox/relay/protocol.mjs"
import { startSandboxRelay } from "../../sandbox/relay/relay.mjs"
import { BOB } from "../kit/accounts"
import { eventually } from "../kit/waits"
import { relayForFile } from "./sandboxWorld"

/** The sandbox WalletConnect relay (sandbox/relay): raw protocol tests, then two real SDK clients pairing. */

const relay = relayForFile()

// ----- helpers ---------------------------------------------------------------------------------------------

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
const base58 = (bytes: Uint8Array) => {
  let value = BigInt(`0x${Buffer.from(bytes).toString("hex")}`)
  let out = ""
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** A relay auth JWT as @walletconnect/relay-auth makes it. */
const makeJwt = ({ expOffset = 86_400, tamper = false } = {}) => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519")
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url")
  const iss = `did:key:z${base58(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}`
  const iat = Math.floor(Date.now() / 1000)
  const payload = { iss, sub: randomBytes(32).toString("hex"), aud: relay().url, iat, exp: iat + expOffset }
  const data = `${b64url({ alg: "EdDSA", typ: "JWT" })}.${b64url(payload)}`
  const signature = signBytes(null, Buffer.from(data), privateKey)
  if (tamper) signature[0] = signature[0]! ^ 1
  return { jwt: `${data}.${signature.toString("base64url")}`, iss }
}

const topic = () => randomBytes(32).toString("hex")

interface PushParams {
  readonly id: string
  readonly data: { readonly topic: string; readonly message: string; readonly publishedAt: number }
}
interface Frame {
  readonly text: string
  readonly json: {
    id?: unknown
    method?: string
    result?: unknown
    error?: { code: number }
    /** Present on pushes (the only frames whose params the tests read). */
    params: PushParams
  }
}

/** A raw relay client: every frame received is kept; waits resolve on frames, never on time. */
class RawClient {
  readonly frames: Array<Frame> = []
  private waiters: Array<() => void> = []
  private nextId = 1
  autoAck = true
  pings = 0
  constructor(
    readonly ws: WebSocket,
    readonly iss: string
  ) {
    ws.on("message", (data) => {
      const text = data.toString()
      const json = JSON.parse(text)
      this.frames.push({ text, json })
      if (this.autoAck && json.method === "irn_subscription")
        this.ws.send(`{"id":${json.id},"jsonrpc":"2.0","result":true}`)
      this.notify()
    })
    ws.on("ping", () => {
      this.pings++
      this.notify()
    })
  }
  static async open(url = relay().url): Promise<RawClient> {
    const { jwt, iss } = makeJwt()
    const ws = new WebSocket(`${url}?auth=${jwt}&projectId=000&ua=test`)
    await new Promise((resolve, reject) => {
      ws.once("open", resolve)
      ws.once("error", reject)
    })
    return new RawClient(ws, iss)
  }
  private notify() {
    for (const w of this.waiters.splice(0)) w()
  }
  /** Resolves when `check` holds (checked now and after each frame or ping). */
  until<T>(check: () => T | undefined, what: string, ms = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)
      const test = () => {
        const value = check()
        if (value !== undefined && value !== false) {
          clearTimeout(timer)
          resolve(value)
        } else this.waiters.push(test)
      }
      test()
    })
  }
  /** Sends a request with a string id (as the SDK does) and resolves with the answer frame. */
  async call(method: string, params: unknown): Promise<Frame> {
    const id = `${Date.now()}${String(this.nextId++).padStart(6, "0")}`
    this.ws.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }))
    return this.until(() => this.frames.find((f) => f.json.id === id && f.json.method === undefined), method)
  }
  pushes(on?: string) {
    return this.frames.filter(
      (f) => f.json.method === "irn_subscription" && (on === undefined || f.json.params.data.topic === on)
    )
  }
  close() {
    this.ws.terminate()
  }
}

/** Resolves when the upgrade is refused, with the HTTP status. */
const refusedStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once("open", () => reject(new Error("connection was accepted")))
    ws.once("error", () => {})
  })

// ----- raw protocol ----------------------------------------------------------------------------------------

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

// ----- the real SDK on both sides -----------------------------------------------------------------------

describe("two @walletconnect/sign-client 2.25 clients through the relay", () => {
  it("pair, approve, and round-trip a personal_sign request", async () => {
    // Off: the Verify lookup and telemetry (FACTS-WALLETCONNECT.md); nothing leaves the loopback.
    process.env.IS_VITEST = "true"
    const realFetch = globalThis.fetch
    const external: Array<string> = []
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const target = String(input instanceof Request ? input.url : input)
      if (!/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(target)) {
        external.push(target)
        throw new TypeError("offline")
      }
      return realFetch(input, init)
    }) as typeof fetch
    const { SignClient } = await import("@walletconnect/sign-client")
    const common = {
      projectId: "0".repeat(32),
      relayUrl: relay().url,
      logger: "silent",
      telemetryEnabled: false
    }
    const metadata = (name: string) => ({ name, description: name, url: "http://127.0.0.1", icons: [] })
    const before = { ...relay().stats.methods, rejected: relay().stats.rejected }
    const dapp = await SignClient.init({ ...common, customStoragePrefix: "dapp", metadata: metadata("Dapp") })
    const wallet = await SignClient.init({
      ...common,
      customStoragePrefix: "wallet",
      metadata: metadata("Wallet")
    })
    try {
      const account = BOB
      wallet.on("session_proposal", ({ id }) => {
        void wallet.approve({
          id,
          namespaces: {
            eip155: {
              chains: ["eip155:1"],
              accounts: [`eip155:1:${account}`],
              methods: ["personal_sign"],
              events: ["accountsChanged", "chainChanged"]
            }
          }
        })
      })
      wallet.on("session_request", ({ id, topic: sessionTopic, params }) => {
        const [message, address] = params.request.params as [string, string]
        void wallet.respond({
          topic: sessionTopic,
          response: { id, jsonrpc: "2.0", result: `signed:${message}:${address}` }
        })
      })
      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { chains: ["eip155:1"], methods: ["personal_sign"], events: ["accountsChanged"] }
        }
      })
      expect(uri).toMatch(/^wc:/)
      await wallet.pair({ uri: uri! })
      const session = await approval()
      expect(session.namespaces.eip155!.accounts).toEqual([`eip155:1:${account}`])
      const result = await dapp.request<string>({
        topic: session.topic,
        chainId: "eip155:1",
        request: { method: "personal_sign", params: ["0x68656c6c6f", account] }
      })
      expect(result).toBe(`signed:0x68656c6c6f:${account}`)
      // Through this relay, with the SDK's real auth JWTs, by the facts' call order.
      expect(relay().stats.methods.wc_proposeSession - before.wc_proposeSession).toBe(1)
      expect(relay().stats.methods.wc_approveSession - before.wc_approveSession).toBe(1)
      expect(relay().stats.methods.irn_publish - before.irn_publish).toBeGreaterThanOrEqual(3)
      expect(relay().stats.rejected).toBe(before.rejected)
      expect(relay().inspect.clients()).toEqual(
        expect.arrayContaining([await dapp.core.crypto.getClientId(), await wallet.core.crypto.getClientId()])
      )
      expect(external).toEqual([])
    } finally {
      globalThis.fetch = realFetch
      for (const client of [dapp, wallet]) {
        client.core.heartbeat.stop()
        await client.core.relayer.transportClose().catch(() => {})
      }
    }
  }, 20_000)
})
