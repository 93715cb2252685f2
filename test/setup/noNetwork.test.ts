import { once } from "node:events"
import http from "node:http"
import https from "node:https"
import net from "node:net"
import { assert, describe, it } from "@effect/vitest"
import * as Guard from "./noNetwork"

/** Names of this machine, in the spellings a URL or socket may give them. */
const loopback = ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", ""]
/** Names that look close to loopback and are not. */
const notLoopback = ["api.web3modal.org", "10.0.0.1", "0.0.0.0", "::2", "localhost.example.com", "128.0.0.1"]

describe("what counts as the network", () => {
  it("loopback is this machine, anything else is remote", () => {
    for (const host of loopback) assert.isTrue(Guard.isLoopbackHost(host), host)
    for (const host of notLoopback) assert.isFalse(Guard.isLoopbackHost(host), host)
  })

  it("only http(s) and ws(s) URLs to a remote host are remote", () => {
    assert.isTrue(Guard.isRemoteUrl("https://rpc.walletconnect.org/v1"))
    assert.isTrue(Guard.isRemoteUrl("wss://relay.walletconnect.org"))
    assert.isFalse(Guard.isRemoteUrl("http://127.0.0.1:8545"))
    assert.isFalse(Guard.isRemoteUrl("ws://localhost:4000/relay"))
    assert.isFalse(Guard.isRemoteUrl("data:text/plain,hi"))
    assert.isFalse(Guard.isRemoteUrl("/api/x", "http://localhost:3000/"))
    assert.isTrue(Guard.isRemoteUrl("/api/x", "https://example.com/"))
    assert.isFalse(Guard.isRemoteUrl("not a url"))
  })

  it("reads the target of http.request and socket.connect in each of their forms", () => {
    assert.strictEqual(Guard.requestUrlOf("http:", ["https://a.example/x?y=1"]), "https://a.example/x?y=1")
    assert.strictEqual(
      Guard.requestUrlOf("https:", [{ hostname: "a.example", port: 8443, path: "/p" }]),
      "https://a.example:8443/p"
    )
    assert.strictEqual(Guard.requestUrlOf("http:", [{ host: "::1" }]), "http://[::1]/")
    assert.strictEqual(
      Guard.requestUrlOf("http:", [new URL("http://b.example/"), { method: "POST" }]),
      "http://b.example/"
    )
    assert.strictEqual(Guard.remoteSocketTarget([{ host: "a.example", port: 443 }]), "a.example:443")
    assert.strictEqual(
      Guard.remoteSocketTarget([[{ host: "a.example", port: 80 }, () => {}]]),
      "a.example:80"
    )
    assert.strictEqual(Guard.remoteSocketTarget([443, "a.example"]), "a.example:443")
    assert.isUndefined(Guard.remoteSocketTarget([{ host: "127.0.0.1", port: 8545 }]))
    assert.isUndefined(Guard.remoteSocketTarget([8545]))
    assert.isUndefined(Guard.remoteSocketTarget(["/tmp/app.sock"]))
    assert.isUndefined(Guard.remoteSocketTarget([{ path: "/tmp/app.sock" }]))
    assert.strictEqual(
      Guard.remoteSocketTarget([{ host: "a.example", port: 443, path: null }]),
      "a.example:443"
    )
  })
})

describe("the guard, in Node", () => {
  it("refuses fetch to a remote host and records it", async () => {
    const error = await fetch("https://api.web3modal.org/getWallets?page=1").catch((e: unknown) => e)
    assert.instanceOf(error, TypeError)
    assert.include(String((error as Error).message), "https://api.web3modal.org/getWallets?page=1")
    await fetch(new Request("https://pulse.walletconnect.org/e", { method: "POST" })).catch(() => undefined)
    assert.deepStrictEqual(Guard.takeNetworkAttempts(), [
      "fetch GET https://api.web3modal.org/getWallets?page=1",
      "fetch POST https://pulse.walletconnect.org/e"
    ])
  })

  it("refuses http(s) requests and sockets, reporting each attempt once", async () => {
    const request = https.get("https://pulse.walletconnect.org/e")
    const [requestError] = await once(request, "error")
    assert.include(String(requestError.message), "unit tests may not reach the network")
    assert.deepStrictEqual(Guard.takeNetworkAttempts(), ["GET https://pulse.walletconnect.org/e"])

    const socket = net.connect(443, "rpc.walletconnect.org")
    const [socketError] = await once(socket, "error")
    assert.include(String(socketError.message), "unit tests may not reach the network")
    assert.include(String(socketError.message), "connect rpc.walletconnect.org:443")
    assert.deepStrictEqual(Guard.takeNetworkAttempts(), ["connect rpc.walletconnect.org:443"])
  })

  it("lets loopback through", async () => {
    const server = http.createServer((_, response) => response.end("local"))
    server.listen(0, "127.0.0.1")
    await once(server, "listening")
    try {
      const { port } = server.address() as net.AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/`)
      assert.strictEqual(await response.text(), "local")
      assert.deepStrictEqual(Guard.takeNetworkAttempts(), [])
    } finally {
      server.close()
    }
  })
})
