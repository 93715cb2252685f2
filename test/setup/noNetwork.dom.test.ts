// @vitest-environment happy-dom
import { once } from "node:events"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { assert, describe, it } from "@effect/vitest"
import { takeNetworkAttempts } from "./noNetwork"

describe("the guard, in happy-dom", () => {
  it("refuses the page's fetch, XMLHttpRequest and sendBeacon to a remote host", async () => {
    const error = await fetch("https://api.web3modal.org/getWallets").catch((e: unknown) => e)
    assert.include(String((error as Error).message), "unit tests may not reach the network")

    const xhr = new XMLHttpRequest()
    xhr.open("GET", "https://rpc.walletconnect.org/v1")
    assert.throws(() => xhr.send(), /unit tests may not reach the network/)

    assert.isFalse(navigator.sendBeacon("https://pulse.walletconnect.org/e", "{}"))
    assert.deepStrictEqual(takeNetworkAttempts(), [
      "fetch GET https://api.web3modal.org/getWallets",
      "XMLHttpRequest GET https://rpc.walletconnect.org/v1",
      "sendBeacon https://pulse.walletconnect.org/e"
    ])
  })

  it("refuses happy-dom's own resource loading, which goes through Node's https", async () => {
    const link = document.createElement("link")
    link.rel = "stylesheet"
    link.href = "https://cdn.example.com/theme.css"
    const failed = new Promise((resolve) => link.addEventListener("error", resolve))
    document.head.append(link)
    await failed
    assert.deepStrictEqual(takeNetworkAttempts(), ["GET https://cdn.example.com/theme.css"])
  })

  it("lets loopback through happy-dom's fetch", async () => {
    const server = createServer((_, response) => {
      response.setHeader("access-control-allow-origin", "*")
      response.end("local")
    })
    server.listen(0, "127.0.0.1")
    await once(server, "listening")
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/`)
      assert.strictEqual(await response.text(), "local")
      assert.deepStrictEqual(takeNetworkAttempts(), [])
    } finally {
      server.close()
    }
  })
})
