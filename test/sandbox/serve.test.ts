import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runInNewContext } from "node:vm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SandboxChains } from "../../sandbox/chain/chain.mjs"
import { sandboxConfig, sandboxConfigScript } from "../../sandbox/host/configScript.mjs"
import { type RunningServer, serveStatic } from "../../sandbox/host/staticServer.mjs"
import type { SandboxConfig } from "../../sandbox/shared/config"

const chains = {
  chains: [
    { chainId: 31337, rpcUrl: "http://127.0.0.1:1111", name: "Sandbox Chain" },
    { chainId: 31338, rpcUrl: "http://127.0.0.1:2222", name: "Sandbox Chain B" }
  ],
  tokens: [
    {
      chainId: 31337,
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      name: "Sandbox USD",
      symbol: "sUSD",
      decimals: 6
    }
  ],
  accounts: [
    {
      index: 0,
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
    }
  ],
  history: [],
  batchDelegates: [{ chainId: 31337, address: "0x1111111111111111111111111111111111111111" }],
  mnemonic: "test test test test test test test test test test test junk",
  stop: async () => {}
} as unknown as SandboxChains

const api = { url: "http://127.0.0.1:2", projectId: "sandbox-project" }
const relay = { url: "ws://127.0.0.1:3" }
const frame = { url: "http://127.0.0.1:4" }
const social = { url: "http://127.0.0.1:5" }

describe("the sandbox config script", () => {
  it("defines window.__AIRLOCK_SANDBOX__ deeply frozen, with the chains, tokens and wallet keys", () => {
    const config = sandboxConfig(chains, api, relay, frame, social)
    const window = {} as { __AIRLOCK_SANDBOX__?: SandboxConfig }
    runInNewContext(sandboxConfigScript(config), { window, JSON, Object })
    const injected = window.__AIRLOCK_SANDBOX__
    expect(injected).toEqual(config)
    expect(injected?.wallet).toEqual({
      defaultChainId: 31337,
      accountIndex: 0,
      accounts: [{ address: chains.accounts[0]!.address, privateKey: chains.accounts[0]!.privateKey }]
    })
    expect(Object.isFrozen(injected)).toBe(true)
    expect(Object.isFrozen(injected?.chains[1])).toBe(true)
    expect(injected?.batchDelegates).toEqual([
      { chainId: 31337, address: "0x1111111111111111111111111111111111111111" }
    ])
    expect(injected?.api).toEqual(api)
    expect(injected?.relayUrl).toBe(relay.url)
    expect(injected?.frame).toEqual(frame)
    expect(injected?.social).toEqual(social)
    expect(Object.getOwnPropertyDescriptor(window, "__AIRLOCK_SANDBOX__")?.writable).toBe(false)
  })

  it("keeps hostile strings inert: the config is data, never code", () => {
    const hostile = {
      ...chains,
      chains: [{ chainId: 31337, rpcUrl: "http://127.0.0.1:1", name: '"); throw 1; ("' }]
    }
    const window = {} as { __AIRLOCK_SANDBOX__?: SandboxConfig }
    runInNewContext(
      sandboxConfigScript(sandboxConfig(hostile as unknown as SandboxChains, api, relay, frame, social)),
      {
        window,
        JSON,
        Object
      }
    )
    expect(window.__AIRLOCK_SANDBOX__?.chains[0]?.name).toBe('"); throw 1; ("')
  })
})

describe("serveStatic routes", () => {
  let dir: string
  let server: RunningServer
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "airlock-serve-"))
    await writeFile(join(dir, "index.html"), "<!doctype html><title>t</title>")
    const extra = join(dir, "wallet.js")
    await writeFile(extra, "/* wallet */")
    server = await serveStatic(join(dir), {
      routes: {
        "/generated.js": { type: "text/javascript; charset=utf-8", body: "window.x = 1\n" },
        "/sandbox-wallet.js": { file: extra }
      }
    })
  })
  afterAll(async () => {
    await server?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it("serves generated bodies uncached and mapped files, and still guards the root", async () => {
    const generated = await fetch(new URL("generated.js", server.url))
    expect(generated.status).toBe(200)
    expect(generated.headers.get("cache-control")).toBe("no-store")
    expect(await generated.text()).toBe("window.x = 1\n")
    const wallet = await fetch(new URL("sandbox-wallet.js", server.url))
    expect(wallet.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(await wallet.text()).toBe("/* wallet */")
    const page = await fetch(server.url)
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'")
    expect((await fetch(`${server.url}..%2foutside.txt`)).status).toBe(403)
    expect((await fetch(new URL("missing.js", server.url))).status).toBe(404)
  })
})
