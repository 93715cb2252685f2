/**
 * The world of the sandbox WalletConnect relay's tests (relayMailbox, relayProtocol and relaySignClient
 * .test.ts): importing this starts the relay (sandbox/relay) once for the file and stops it after; relay
 * auth JWTs, and a raw relay client.
 */
import { generateKeyPairSync, randomBytes, sign as signBytes } from "node:crypto"
import WebSocket from "ws"
import { relayForFile } from "./sandboxWorld"

export const relay = relayForFile()

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
export const makeJwt = ({ expOffset = 86_400, tamper = false } = {}) => {
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

export const topic = () => randomBytes(32).toString("hex")

interface PushParams {
  readonly id: string
  readonly data: { readonly topic: string; readonly message: string; readonly publishedAt: number }
}
export interface Frame {
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
export class RawClient {
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
export const refusedStatus = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once("open", () => reject(new Error("connection was accepted")))
    ws.once("error", () => {})
  })
